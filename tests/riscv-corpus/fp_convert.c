/* Conversions between FP and integers with every static rounding mode and the dynamic one:
 * fcvt.w/wu.s/d saturate out-of-range inputs and map NaN to the largest value, raising NV
 * (ISA manual, F extension, "Single-Precision Floating-Point Conversion and Move Instructions",
 * table of fcvt.w.s results for invalid inputs); integer to FP rounding; fcvt.s.d narrowing
 * and fcvt.d.s widening of NaNs. */
// corpus-opt: O0
#include "corpus.h"

static const uint64_t dbits[] = {
	0x0000000000000000, 0x8000000000000000, 0x3fe0000000000000, 0x3ff8000000000000,
	0x4004000000000000, 0xbfe0000000000000, 0xbff8000000000000, 0xc004000000000000,
	0xbfeccccccccccccd, 0x41dfffffffc00000, 0x41dfffffffe00000, 0x41e0000000000000,
	0xc1e0000000000000, 0xc1e0000000100000, 0xc1e0000000200000, 0x41efffffffe00000,
	0x41effffffff00000, 0x41f0000000000000, 0x4202a05f20000000, 0xc202a05f20000000,
	0xbff0000000000000, 0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000,
	0xfff8000000000000, 0x7ff4000000000000, 0x0000000000000001, 0x4330000000000001,
	0x47efffffe0000000, 0x47efffffefffffff, 0x36a0000000000000, 0x3810000000000000};
#define ND (int)(sizeof dbits / sizeof dbits[0])
static const uint32_t ints[] = {0,        1,          0xffffffff, 0x7fffffff, 0x80000000,
				0x80000001, 16777216, 16777217, 16777219, 0x7fffffc0,
				0xfffffff0, 123456789};
#define NI (int)(sizeof ints / sizeof ints[0])

#define FROM_FP(T, conv)                                                       \
	do {                                                                   \
		T x = (T)v;                                                    \
		put_x(XOP1(conv, x, ", rne"));                                 \
		put_x(XOP1(conv, x, ", rtz"));                                 \
		put_x(XOP1(conv, x, ", rdn"));                                 \
		put_x(XOP1(conv, x, ", rup"));                                 \
		put_x(XOP1(conv, x, ", rmm"));                                 \
		put_x(XOP1(conv, x, ""));                                      \
	} while (0)

#define TO_FP(T, conv, put)                                                    \
	do {                                                                   \
		put(FXOP1(T, conv, i, ", rne"));                               \
		put(FXOP1(T, conv, i, ", rtz"));                               \
		put(FXOP1(T, conv, i, ", rdn"));                               \
		put(FXOP1(T, conv, i, ", rup"));                               \
		put(FXOP1(T, conv, i, ", rmm"));                               \
	} while (0)

int main(void)
{
	fesetround(FE_UPWARD); /* the dynamic column */
	feclearexcept(FE_ALL_EXCEPT);
	for (int k = 0; k < ND; k++) {
		double d = u2d(dbits[k]);
		printf("d %016llx w.d", (unsigned long long)dbits[k]);
		{
			volatile double v = d;
			FROM_FP(double, "fcvt.w.d");
			printf(" wu.d");
			FROM_FP(double, "fcvt.wu.d");
		}
		/* the same value narrowed to float (with the narrowing's own flags) */
		volatile float f = FOP1(float, "fcvt.s.d", d, ", rne");
		printf(" | s %08lx", (unsigned long)f2u(f));
		put_flags();
		{
			volatile float v = f;
			printf(" w.s");
			FROM_FP(float, "fcvt.w.s");
			printf(" wu.s");
			FROM_FP(float, "fcvt.wu.s");
		}
		printf(" s.d");
		put_s(FOP1(float, "fcvt.s.d", d, ", rtz"));
		put_s(FOP1(float, "fcvt.s.d", d, ", rdn"));
		put_s(FOP1(float, "fcvt.s.d", d, ", rup"));
		put_s(FOP1(float, "fcvt.s.d", d, ", rmm"));
		printf(" d.s");
		put_d(FOP1(double, "fcvt.d.s", f, ""));
		printf("\n");
	}
	for (int k = 0; k < NI; k++) {
		uint32_t i = ints[k];
		printf("i %08lx s.w", (unsigned long)i);
		TO_FP(float, "fcvt.s.w", put_s);
		printf(" s.wu");
		TO_FP(float, "fcvt.s.wu", put_s);
		printf(" d.w");
		put_d(FXOP1(double, "fcvt.d.w", i, ""));
		printf(" d.wu");
		put_d(FXOP1(double, "fcvt.d.wu", i, ""));
		printf("\n");
	}
	/* C conversions where the standard defines them (in range; truncation toward zero). */
	fesetround(FE_TONEAREST);
	volatile double cd[] = {-2147483648.9, 2147483647.9, -0.99, 4294967295.5, 1e9 + 0.5};
	volatile float cf[] = {-2147483648.0f, 16777216.5f, -0.99f, 4294967040.0f, 3.999999f};
	for (int k = 0; k < 5; k++)
		printf("c %d %u %lld | %d %u %lld\n", k == 3 ? 0 : (int)cd[k],
		       k < 1 ? 0u : (unsigned)cd[k], (long long)cd[k], (int)(k == 3 ? 0 : cf[k]),
		       k < 1 ? 0u : (unsigned)cf[k], (long long)cf[k]);
	volatile long long big = 0x7fffffffffffffffLL;
	volatile unsigned long long ubig = 0xffffffffffffffffULL;
	printf("ll %a %a %a %a\n", (double)big, (double)ubig, (double)(float)big, (double)(float)ubig);
	return 0;
}
