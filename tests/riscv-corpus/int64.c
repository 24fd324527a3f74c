/* 64-bit integer arithmetic on RV32: carries through add/sub pairs, multiplication (mul+mulhu),
 * division and remainder through libgcc (__divdi3, __udivdi3, __moddi3, __umoddi3), shifts by
 * 0..63, comparisons, and the overflow builtins. */
// corpus-opt: O0
#include "corpus.h"
#include <limits.h>

static const int64_t vals[] = {0,
			       1,
			       -1,
			       2,
			       -3,
			       7,
			       0x7fffffff,
			       0x80000000LL,
			       0xffffffffLL,
			       0x100000000LL,
			       -0x100000000LL,
			       INT64_MAX,
			       INT64_MIN,
			       INT64_MIN + 1,
			       0x123456789abcdefLL,
			       -0x123456789abcdefLL,
			       1000000007LL,
			       0x5555555555555555LL};
#define N (int)(sizeof vals / sizeof vals[0])

int main(void)
{
	volatile const int64_t *v = vals;
	uint32_t h = 0;
	for (int i = 0; i < N; i++) {
		for (int j = 0; j < N; j++) {
			int64_t a = v[i], b = v[j];
			uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
			uint64_t add = ua + ub, sub = ua - ub, mul = ua * ub;
			int64_t q = 0, r = 0;
			uint64_t uq = 0, ur = 0;
			if (b != 0 && !(a == INT64_MIN && b == -1)) {
				q = a / b;
				r = a % b;
			}
			if (ub != 0) {
				uq = ua / ub;
				ur = ua % ub;
			}
			int64_t ovf_res;
			int ovf = __builtin_mul_overflow(a, b, &ovf_res);
			int aovf = __builtin_add_overflow(a, b, &ovf_res);
			uint64_t sh = ua << (ub & 63), shr = ua >> (ub & 63);
			int64_t sar = a >> (b & 63);
			int cmp = (a < b) | (ua < ub) << 1;
			uint64_t all[] = {add, sub, mul, (uint64_t)q, (uint64_t)r, uq, ur, sh, shr,
					  (uint64_t)sar};
			for (int k = 0; k < 10; k++)
				h = mix32(mix32(h, (uint32_t)all[k]), (uint32_t)(all[k] >> 32));
			h = mix32(h, (uint32_t)(cmp | ovf << 2 | aovf << 3));
			if ((i * N + j) % 7 == 0)
				printf("%llx %llx: mul %llx div %lld rem %lld udiv %llu urem %llu "
				       "shl %llx sar %llx cmp %d ovf %d%d\n",
				       (unsigned long long)ua, (unsigned long long)ub,
				       (unsigned long long)mul, (long long)q, (long long)r,
				       (unsigned long long)uq, (unsigned long long)ur,
				       (unsigned long long)sh, (long long)sar, cmp, ovf, aovf);
		}
	}
	/* A 64-bit LCG and a 64-bit modular exponentiation (mulmod via 128-bit emulation). */
	uint64_t x = 88172645463325252ULL;
	for (int i = 0; i < 1000; i++)
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
	uint64_t base = 2, e = 1000000006ULL, m = 1000000007ULL, acc = 1;
	while (e) {
		if (e & 1)
			acc = acc * base % m;
		base = base * base % m;
		e >>= 1;
	}
	printf("lcg %llx powmod %llu checksum %08x\n", (unsigned long long)x,
	       (unsigned long long)acc, h);
	return 0;
}
