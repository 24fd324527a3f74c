/* Checksums and hashes over generated data: CRC-32 (bitwise and table-driven must agree),
 * CRC-16/CCITT, Adler-32, FNV-1a, MurmurHash3 x86_32, djb2. Known-answer check: CRC-32 of
 * "123456789" is cbf43926 (the standard check value). */
#include "corpus.h"

static uint32_t crc_table[256];

static void crc_init(void)
{
	for (uint32_t n = 0; n < 256; n++) {
		uint32_t c = n;
		for (int k = 0; k < 8; k++)
			c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
		crc_table[n] = c;
	}
}

static uint32_t crc32_table(const uint8_t *p, size_t n)
{
	uint32_t c = 0xffffffffu;
	while (n--)
		c = crc_table[(c ^ *p++) & 0xff] ^ (c >> 8);
	return ~c;
}

static uint32_t crc32_bitwise(const uint8_t *p, size_t n)
{
	uint32_t c = 0xffffffffu;
	while (n--) {
		c ^= *p++;
		for (int k = 0; k < 8; k++)
			c = (c >> 1) ^ (0xedb88320u & -(c & 1));
	}
	return ~c;
}

static uint16_t crc16_ccitt(const uint8_t *p, size_t n)
{
	uint16_t c = 0xffff;
	while (n--) {
		c ^= (uint16_t)(*p++ << 8);
		for (int k = 0; k < 8; k++)
			c = c & 0x8000 ? (uint16_t)(c << 1) ^ 0x1021 : (uint16_t)(c << 1);
	}
	return c;
}

static uint32_t adler32(const uint8_t *p, size_t n)
{
	uint32_t a = 1, b = 0;
	while (n--) {
		a = (a + *p++) % 65521;
		b = (b + a) % 65521;
	}
	return b << 16 | a;
}

static uint32_t fnv1a(const uint8_t *p, size_t n)
{
	uint32_t h = 2166136261u;
	while (n--)
		h = (h ^ *p++) * 16777619u;
	return h;
}

static uint32_t murmur3(const uint8_t *p, size_t n, uint32_t seed)
{
	uint32_t h = seed, k;
	size_t i = 0;
	for (; i + 4 <= n; i += 4) {
		memcpy(&k, p + i, 4);
		k *= 0xcc9e2d51u;
		k = (k << 15) | (k >> 17);
		k *= 0x1b873593u;
		h ^= k;
		h = (h << 13) | (h >> 19);
		h = h * 5 + 0xe6546b64u;
	}
	k = 0;
	switch (n & 3) {
	case 3:
		k ^= (uint32_t)p[i + 2] << 16;
		/* fall through */
	case 2:
		k ^= (uint32_t)p[i + 1] << 8;
		/* fall through */
	case 1:
		k ^= p[i];
		k *= 0xcc9e2d51u;
		k = (k << 15) | (k >> 17);
		k *= 0x1b873593u;
		h ^= k;
	}
	h ^= (uint32_t)n;
	h ^= h >> 16;
	h *= 0x85ebca6bu;
	h ^= h >> 13;
	h *= 0xc2b2ae35u;
	h ^= h >> 16;
	return h;
}

static uint32_t djb2(const uint8_t *p, size_t n)
{
	uint32_t h = 5381;
	while (n--)
		h = h * 33 + *p++;
	return h;
}

static uint8_t buf[65536];

int main(void)
{
	crc_init();
	const uint8_t *check = (const uint8_t *)"123456789";
	printf("check crc32 %08x crc16 %04x adler %08x fnv %08x murmur %08x djb2 %08x\n",
	       crc32_table(check, 9), crc16_ccitt(check, 9), adler32(check, 9), fnv1a(check, 9),
	       murmur3(check, 9, 0), djb2(check, 9));
	for (size_t i = 0; i < sizeof buf; i++)
		buf[i] = (uint8_t)rng32();
	for (size_t n = 1; n <= sizeof buf; n *= 4) {
		uint32_t t = crc32_table(buf, n), b = crc32_bitwise(buf, n);
		printf("n=%5zu crc32 %08x%s crc16 %04x adler %08x fnv %08x murmur %08x djb2 %08x\n",
		       n, t, t == b ? "" : " BITWISE MISMATCH", crc16_ccitt(buf, n),
		       adler32(buf, n), fnv1a(buf, n), murmur3(buf + 1, n - 1, 0x9747b28cu),
		       djb2(buf, n));
	}
	return 0;
}
