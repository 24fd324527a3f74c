/* Fused multiply-add: fmadd/fmsub/fnmadd/fnmsub in single and double, one rounding of a*b+c in
 * every mode (so results differ from the separately rounded product where they should), the
 * signs of zero results, and fma(inf, 0, qNaN) raising NV (ISA manual, F extension, "Single-
 * Precision Floating-Point Computational Instructions"). Also the C library's fma/fmaf. */
#include "corpus.h"
#include <math.h>

static const float ss[][3] = {
	{0x1.001p0f, 0x1.fffp-1f, -1.0f},
	{0x1.000002p0f, 0x1.000002p0f, -0x1.000004p0f},
	{1.0f, 1.0f, -1.0f},
	{-1.0f, 1.0f, 1.0f},
	{0x1p127f, 2.0f, -0x1p127f},
	{0x1p127f, 4.0f, -0x1p127f},
	{0x1p-126f, 0x1p-10f, 0.0f},
	{3.0f, 0x1.555556p-2f, -1.0f},
	{INFINITY, 0.0f, NAN},
	{0.0f, INFINITY, 1.0f},
	{INFINITY, 1.0f, -INFINITY},
	{NAN, 1.0f, 1.0f},
	{0x1.fffffep127f, 0x1.fffffep127f, -INFINITY},
	{-0.0f, 5.0f, 0.0f},
	{1e-30f, 1e-30f, 1.0f},
};
static const double dd[][3] = {
	{0x1.0000001p0, 0x1.ffffffep-1, -1.0},
	{0x1.0000000000001p0, 0x1.0000000000001p0, -0x1.0000000000002p0},
	{1.0, 1.0, -1.0},
	{0x1p1023, 2.0, -0x1p1023},
	{0x1p-1022, 0x1p-30, -0.0},
	{3.0, 0x1.5555555555555p-2, -1.0},
	{INFINITY, 0.0, NAN},
	{-INFINITY, -0.0, 2.0},
	{INFINITY, 1.0, -INFINITY},
	{-0.0, 0.0, -0.0},
	{1e-300, 1e-300, -1e-300},
	{0x1.fffffffffffffp1023, 0x1.fffffffffffffp1023, -INFINITY},
};
#define NS (int)(sizeof ss / sizeof ss[0])
#define ND (int)(sizeof dd / sizeof dd[0])

int main(void)
{
	for (int m = 0; m < N_MODES; m++) {
		fesetround(corpus_modes[m]);
		feclearexcept(FE_ALL_EXCEPT);
		for (int k = 0; k < NS; k++) {
			volatile float a = ss[k][0], b = ss[k][1], c = ss[k][2];
			printf("%s s%02d", corpus_mode_names[m], k);
			put_s(FOP3(float, "fmadd.s", a, b, c, ""));
			put_s(FOP3(float, "fmsub.s", a, b, c, ""));
			put_s(FOP3(float, "fnmadd.s", a, b, c, ""));
			put_s(FOP3(float, "fnmsub.s", a, b, c, ""));
			put_s(fmaf(a, b, c));
			put_s(FOP2(float, "fmul.s", a, b, ""));
			printf("\n");
		}
		for (int k = 0; k < ND; k++) {
			volatile double a = dd[k][0], b = dd[k][1], c = dd[k][2];
			printf("%s d%02d", corpus_mode_names[m], k);
			put_d(FOP3(double, "fmadd.d", a, b, c, ""));
			put_d(FOP3(double, "fmsub.d", a, b, c, ""));
			put_d(FOP3(double, "fnmadd.d", a, b, c, ""));
			put_d(FOP3(double, "fnmsub.d", a, b, c, ""));
			put_d(fma(a, b, c));
			printf("\n");
		}
	}
	/* Random operands with products close to -c, where fusing matters most. */
	fesetround(FE_TONEAREST);
	uint32_t h = 0;
	for (int k = 0; k < 2000; k++) {
		volatile double a = u2d(0x3ff0000000000000ull | (rng64() >> 12));
		volatile double b = u2d(0x3fe0000000000000ull | (rng64() >> 12));
		volatile double c = -(a * b) * (1.0 + (int32_t)rng32() * 0x1p-80);
		double r = fma(a, b, c);
		float rs = fmaf((float)a, (float)b, (float)c);
		h = mix32(mix32(mix32(h, (uint32_t)d2u(r)), (uint32_t)(d2u(r) >> 32)), f2u(rs));
		h = mix32(h, (uint32_t)fetestexcept(FE_ALL_EXCEPT));
		feclearexcept(FE_ALL_EXCEPT);
	}
	printf("random fma checksum %08lx\n", (unsigned long)h);
	return 0;
}
