/* Subnormal numbers and underflow. RISC-V detects tininess after rounding (ISA manual, F
 * extension, "Floating-Point Control and Status Register": "tininess is detected after rounding"),
 * so a result that rounds up to the smallest normal number raises no UF, but an inexact result
 * still below it does; exact subnormal results raise nothing. */
#include "corpus.h"
#include <float.h>
#include <math.h>

int main(void)
{
	feclearexcept(FE_ALL_EXCEPT);
	/* Narrowing values next to the float normal/subnormal boundary 2^-126 in every mode:
	 * 0x380ffffff0000000 = 2^-126 (1 - 2^-25) rounds (RNE, RUP, RMM) to 2^-126: NX only. */
	static const uint64_t edge[] = {0x380ffffff0000000ull, 0x380fffffe0000000ull,
					0x380ffffff8000000ull, 0x380fffffd0000000ull,
					0x3690000000000000ull, 0x3698000000000000ull,
					0x36a8000000000000ull, 0xb80ffffff0000000ull,
					0x380fffffffffffffull, 0x36a0000000000001ull};
	for (int m = 0; m < N_MODES; m++) {
		fesetround(corpus_modes[m]);
		printf("%s narrow", corpus_mode_names[m]);
		for (int i = 0; i < 10; i++) {
			volatile double d = u2d(edge[i]);
			put_s((float)d);
		}
		/* The same boundary in double arithmetic: (1 - 2^-53) * 2^-1022 products. */
		volatile double a = 0x1.fffffffffffffp-1, b = 0x1p-1022, c = 0x1.0000000000001p-1022;
		volatile double h = 0.5;
		printf("\n%s dmul", corpus_mode_names[m]);
		put_d(a * b);
		put_d(a * c);
		put_d(b * h);
		put_d(c * h);
		put_d(-(c * h));
		put_d(b - c);
		put_d(fma(a, b, 0x1p-1074));
		volatile float fa = 0x1.fffffep-1f, fb = 0x1p-126f, fc = 0x1.000002p-126f;
		printf("\n%s smul", corpus_mode_names[m]);
		put_s(fa * fb);
		put_s(fa * fc);
		put_s(fc * 0.5f);
		put_s(fb / 3.0f);
		put_s(fmaf(fa, fb, 0x1p-149f));
		printf("\n");
	}
	fesetround(FE_TONEAREST);
	/* Arithmetic among subnormals. */
	volatile float s1 = FLT_TRUE_MIN, s2 = 0x1.8p-140f, smax = 0x0.fffffep-126f;
	volatile double d1 = DBL_TRUE_MIN, d2 = 0x1.8p-1060, dmax = 0x0.fffffffffffffp-1022;
	printf("sub s");
	put_s(s1 + s1);
	put_s(s2 - s1);
	put_s(smax + s1);
	put_s(s2 * 3.0f);
	put_s(s2 / 3.0f);
	put_s(s1 * 0.5f);
	put_s(smax / smax);
	put_s(sqrtf(s1));
	printf("\nsub d");
	put_d(d1 + d1);
	put_d(d2 - d1);
	put_d(dmax + d1);
	put_d(d2 * 3.0);
	put_d(d2 / 3.0);
	put_d(d1 * 0.5);
	put_d(dmax / dmax);
	put_d(sqrt(d1));
	printf("\n");
	int e;
	double fr = frexp(d2, &e);
	printf("frexp %a %d ldexp %a %a nextafter %a %a\n", fr, e, ldexp(1.0, -1074),
	       ldexp(1.5, -1075), nextafter(0.0, 1.0), (double)nextafterf(FLT_MIN, 0.0f));
	printf("printf %a %a %.17g %g\n", d1, (double)s2, dmax, (double)smax);
	return 0;
}
