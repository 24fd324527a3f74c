/* Division corner cases, with the RISC-V results the C standard leaves undefined: x/0 = -1
 * (all ones), x%0 = x, INT_MIN/-1 = INT_MIN, INT_MIN%-1 = 0 (ISA manual, M extension, "Division
 * Operations", table of special cases). The instructions are issued with inline asm so the
 * compiler cannot fold or trap. */
// corpus-opt: O0
#include "corpus.h"

#define OP(name)                                                                      \
	static inline uint32_t name##_(uint32_t a, uint32_t b)                         \
	{                                                                              \
		uint32_t r;                                                            \
		__asm__ volatile(#name " %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));      \
		return r;                                                              \
	}
OP(div)
OP(divu)
OP(rem)
OP(remu)

static const uint32_t vals[] = {0, 1, 2, 3, 5, 7, 10, 0xffffffff, 0xfffffffe, 0xfffffffd,
				0x80000000, 0x80000001, 0x7fffffff, 0x12345678, 0xdeadbeef, 100,
				0xfffffff6};
#define N (int)(sizeof vals / sizeof vals[0])

int main(void)
{
	volatile const uint32_t *v = vals;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			uint32_t a = v[i], b = v[j];
			printf("%08x %08x div %08x divu %08x rem %08x remu %08x\n", a, b,
			       div_(a, b), divu_(a, b), rem_(a, b), remu_(a, b));
		}
	/* The same through C where it is defined: truncation toward zero, sign of the dividend. */
	volatile int32_t n = -7, d = 2;
	printf("c: %d %d %d %d\n", n / d, n % d, -n / -d, -n % -d);
	volatile uint32_t un = 0xfffffff9u, ud = 2;
	printf("cu: %u %u\n", un / ud, un % ud);
	return 0;
}
