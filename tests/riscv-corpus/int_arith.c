/* Integer arithmetic over boundary values: add, sub, shifts, compares, mul and the high halves
 * of products (mulh/mulhsu/mulhu through 64-bit C products). */
// corpus-opt: O0
#include "corpus.h"

static const int32_t vals[] = {0,  1,  -1, 2,  -2, 3, 7, 0x7fffffff, (int32_t)0x80000000,
			       0x7ffffffe, (int32_t)0x80000001, 0x12345678, (int32_t)0xdeadbeef,
			       0x55555555, (int32_t)0xaaaaaaaa, 31, 32, 33, 255, -256, 65535};
#define N (int)(sizeof vals / sizeof vals[0])

int main(void)
{
	volatile const int32_t *v = vals;
	uint32_t h = 2166136261u;
	for (int i = 0; i < N; i++) {
		for (int j = 0; j < N; j++) {
			int32_t a = v[i], b = v[j];
			uint32_t ua = (uint32_t)a, ub = (uint32_t)b;
			uint32_t r[12] = {
				ua + ub,
				ua - ub,
				ua << (ub & 31),
				ua >> (ub & 31),
				(uint32_t)(a >> (b & 31)),
				(uint32_t)(a < b),
				(uint32_t)(ua < ub),
				ua * ub,
				(uint32_t)(((int64_t)a * (int64_t)b) >> 32),
				(uint32_t)(((uint64_t)ua * (uint64_t)ub) >> 32),
				(uint32_t)(((int64_t)a * (int64_t)(uint64_t)ub) >> 32),
				(ua ^ ub) | (ua & ~ub),
			};
			for (int k = 0; k < 12; k++)
				h = mix32(h, r[k]);
			if (i % 5 == 0 && j % 4 == 0)
				printf("%08x %08x: add %08x sub %08x sll %08x srl %08x sra %08x slt %u "
				       "sltu %u mul %08x mulh %08x mulhu %08x mulhsu %08x\n",
				       ua, ub, r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8],
				       r[9], r[10]);
		}
	}
	/* Immediate forms with the 12-bit signed immediate boundaries. */
	int32_t x = v[7];
	printf("addi %d %d %d\n", x + 2047, x + -2048, v[8] - 1);
	printf("andi %08x ori %08x xori %08x\n", (uint32_t)v[12] & 0x7ffu,
	       (uint32_t)v[12] | 0xfffff800u, (uint32_t)v[12] ^ 0xffffffffu);
	printf("checksum %08x\n", h);
	return 0;
}
