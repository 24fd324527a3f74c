/* Every rounding mode through fesetround (RNE, RTZ, RDN, RUP and RISC-V's RMM): add, sub, mul,
 * div, sqrt, fma, narrowing and integer conversions of random operands and of exact ties, with
 * the flags each raised; fegetround must report the mode set. */
#include "corpus.h"
#include <math.h>

static float rand_float(void)
{
	/* random sign and mantissa, exponent within +-12 of 1.0 so that results are inexact */
	uint32_t r = rng32();
	return u2f((r & 0x807fffffu) | ((127 - 12 + (rng32() % 25)) << 23));
}

static double rand_double(void)
{
	uint64_t r = rng64();
	return u2d((r & 0x800fffffffffffffull) | ((uint64_t)(1023 - 30 + (rng32() % 61)) << 52));
}

#define NOPS 40
static volatile float sa[NOPS], sb[NOPS], sc[NOPS];
static volatile double da[NOPS], db[NOPS], dc[NOPS];
static volatile long long ll[NOPS];

int main(void)
{
	for (int k = 0; k < NOPS; k++) {
		sa[k] = rand_float();
		sb[k] = rand_float();
		sc[k] = rand_float();
		da[k] = rand_double();
		db[k] = rand_double();
		dc[k] = rand_double();
		ll[k] = (long long)rng64() >> (k % 40);
	}
	/* Exact ties: 1 + 2^-24 (float) and 1 + 2^-53 (double) are half-way between neighbours;
	 * -(1 + 3*2^-24) likewise on the negative side. */
	sa[0] = 1.0f;
	sb[0] = 0x1p-24f;
	sa[1] = -1.0f;
	sb[1] = -0x3p-24f;
	da[0] = 1.0;
	db[0] = 0x1p-53;
	da[1] = -1.0;
	db[1] = -0x3p-53;
	ll[0] = 16777217;
	ll[1] = -9007199254740993LL;
	for (int m = 0; m < N_MODES; m++) {
		int set = fesetround(corpus_modes[m]);
		printf("mode %s fesetround %d fegetround %d frm %lu\n", corpus_mode_names[m], set,
		       fegetround(), (unsigned long)(read_fcsr() >> 5));
		feclearexcept(FE_ALL_EXCEPT);
		for (int k = 0; k < NOPS; k++) {
			printf("s%02d", k);
			put_s(sa[k] + sb[k]);
			put_s(sa[k] - sb[k]);
			put_s(sa[k] * sb[k]);
			put_s(sa[k] / sb[k]);
			put_s(sqrtf(fabsf(sa[k])));
			put_s(fmaf(sa[k], sb[k], sc[k]));
			put_s((float)ll[k]);
			put_s((float)da[k]);
			put_i(lrintf(sa[k] * 1000.0f));
			printf("\nd%02d", k);
			put_d(da[k] + db[k]);
			put_d(da[k] - db[k]);
			put_d(da[k] * db[k]);
			put_d(da[k] / db[k]);
			put_d(sqrt(fabs(da[k])));
			put_d(fma(da[k], db[k], dc[k]));
			put_d((double)ll[k]);
			put_i(lrint(da[k] * 1e6));
			printf("\n");
		}
	}
	fesetround(FE_TONEAREST);
	return 0;
}
