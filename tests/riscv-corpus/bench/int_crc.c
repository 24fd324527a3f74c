/* Integer benchmark (a): checksums. Table-driven CRC-32 and FNV-1a plus a MurmurHash3-style
 * word mix over a 64 KiB buffer, many passes. argv[1] = passes (default 400). */
#include "../corpus.h"
#include <stdlib.h>

static uint32_t table[256];
static uint8_t buf[65536];

int main(int argc, char **argv)
{
	int passes = argc > 1 ? atoi(argv[1]) : 400;
	for (uint32_t n = 0; n < 256; n++) {
		uint32_t c = n;
		for (int k = 0; k < 8; k++)
			c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
		table[n] = c;
	}
	for (size_t i = 0; i < sizeof buf; i++)
		buf[i] = (uint8_t)rng32();
	uint32_t crc = 0xffffffffu, fnv = 2166136261u, mm = 0;
	for (int p = 0; p < passes; p++) {
		for (size_t i = 0; i < sizeof buf; i++)
			crc = table[(crc ^ buf[i]) & 0xff] ^ (crc >> 8);
		for (size_t i = 0; i < sizeof buf; i++)
			fnv = (fnv ^ buf[i]) * 16777619u;
		const uint32_t *w = (const uint32_t *)buf;
		for (size_t i = 0; i < sizeof buf / 4; i++) {
			uint32_t k = w[i] * 0xcc9e2d51u;
			k = (k << 15) | (k >> 17);
			mm ^= k * 0x1b873593u;
			mm = ((mm << 13) | (mm >> 19)) * 5 + 0xe6546b64u;
		}
		buf[p & 0xffff] ^= (uint8_t)crc;
	}
	printf("crc: %d passes, crc32 %08lx fnv %08lx mix %08lx\n", passes, (unsigned long)~crc,
	       (unsigned long)fnv, (unsigned long)mm);
	return 0;
}
