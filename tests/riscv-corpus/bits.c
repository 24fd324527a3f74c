/* Bit tricks: popcount, clz/ctz (libgcc's software versions on RV32 without Zbb), byte swaps,
 * rotations, bit reversal, parity, Gray code, and the classic branch-free idioms. */
#include "corpus.h"

static uint32_t reverse(uint32_t x)
{
	x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
	x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
	x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
	x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);
	return (x >> 16) | (x << 16);
}

static uint32_t rotl(uint32_t x, unsigned r)
{
	return (x << (r & 31)) | (x >> ((32 - r) & 31));
}

static int ilog2_loop(uint32_t x)
{
	int n = -1;
	while (x) {
		x >>= 1;
		n++;
	}
	return n;
}

int main(void)
{
	uint32_t h = 0;
	for (int i = 0; i < 4000; i++) {
		uint32_t x = rng32() >> (i % 32);
		uint64_t y = rng64() >> (i % 64);
		int pc = __builtin_popcount(x), pcl = __builtin_popcountll(y);
		int lz = x ? __builtin_clz(x) : 32, tz = x ? __builtin_ctz(x) : 32;
		int lzl = y ? __builtin_clzll(y) : 64, tzl = y ? __builtin_ctzll(y) : 64;
		uint32_t bs = __builtin_bswap32(x);
		uint64_t bsl = __builtin_bswap64(y);
		uint32_t rv = reverse(x), ro = rotl(x, (unsigned)i);
		int par = __builtin_parity(x);
		uint32_t gray = x ^ (x >> 1);
		uint32_t lowest = x & -x, abs_ = ((int32_t)x ^ ((int32_t)x >> 31)) - ((int32_t)x >> 31);
		int lg = ilog2_loop(x);
		if (x && lg != 31 - lz)
			printf("ilog2 mismatch %08x\n", x);
		h = mix32(h, (uint32_t)(pc | pcl << 8 | lz << 16 | tz << 24));
		h = mix32(h, (uint32_t)(lzl | tzl << 8 | par << 16));
		h = mix32(h, bs ^ (uint32_t)bsl ^ (uint32_t)(bsl >> 32));
		h = mix32(h, rv ^ ro ^ gray ^ lowest ^ abs_);
		if (i % 400 == 0)
			printf("%08x pop %2d clz %2d ctz %2d bswap %08x rev %08x rotl %08x par %d "
			       "gray %08x low %08x | %016llx pop %2d clz %2d ctz %2d bswap %016llx\n",
			       x, pc, lz, tz, bs, rv, ro, par, gray, lowest, (unsigned long long)y,
			       pcl, lzl, tzl, (unsigned long long)bsl);
	}
	printf("checksum %08x\n", h);
	return 0;
}
