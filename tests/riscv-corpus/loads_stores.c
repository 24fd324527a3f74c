/* Loads and stores of every width: sign and zero extension of bytes and halfwords, little-endian
 * layout, unaligned data through memcpy and packed structs (which gcc splits into aligned byte
 * accesses), and overlapping copies. */
#include "corpus.h"

static uint8_t buf[64];

int main(void)
{
	for (int i = 0; i < 64; i++)
		buf[i] = (uint8_t)(0x70 + i * 9);
	volatile int8_t *sb = (volatile int8_t *)buf;
	volatile uint8_t *ub = buf;
	volatile int16_t *sh = (volatile int16_t *)buf;
	volatile uint16_t *uh = (volatile uint16_t *)buf;
	volatile uint32_t *w = (volatile uint32_t *)buf;
	for (int i = 0; i < 8; i++)
		printf("lb %d lbu %u lh %d lhu %u lw %08lx\n", sb[i * 5], ub[i * 5], sh[i * 3],
		       uh[i * 3], (unsigned long)w[i * 2]);
	sb[1] = -1;
	sh[3] = -2;
	w[4] = 0xcafef00d;
	uh[11] = 0x8001;
	printf("after stores:");
	for (int i = 0; i < 24; i++)
		printf(" %02x", buf[i]);
	printf("\n");
	uint32_t u;
	uint64_t q;
	uint32_t acc = 0;
	for (int off = 0; off < 8; off++) {
		memcpy(&u, buf + off, 4);
		memcpy(&q, buf + off + 3, 8);
		acc = mix32(acc, u ^ (uint32_t)q ^ (uint32_t)(q >> 32));
	}
	printf("unaligned via memcpy checksum %08lx\n", (unsigned long)acc);
	struct __attribute__((packed)) {
		uint8_t tag;
		uint32_t word;
		uint16_t half;
		uint64_t dword;
	} pk;
	memcpy(&pk, buf + 1, sizeof pk);
	pk.word += 0x01010101;
	pk.half ^= 0xffff;
	pk.dword = ~pk.dword;
	printf("packed %02x %08lx %04x %016llx\n", pk.tag, (unsigned long)pk.word, pk.half,
	       (unsigned long long)pk.dword);
	memmove(buf + 3, buf, 40);
	memmove(buf, buf + 7, 40);
	acc = 0;
	for (int i = 0; i < 64; i++)
		acc = mix32(acc, buf[i]);
	printf("after memmoves %08lx\n", (unsigned long)acc);
	return 0;
}
