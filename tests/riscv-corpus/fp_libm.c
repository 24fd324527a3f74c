/* The math library in software (picolibc's libm, compiled for rv32imfd): elementary functions in
 * single and double precision over a grid, printed exactly. Long dependent chains of FP adds,
 * multiplies, fmas, conversions and comparisons. */
#include "corpus.h"
#include <math.h>

int main(void)
{
	for (int i = -12; i <= 12; i++) {
		double x = i * 0.37 + 0.011;
		float xf = (float)x;
		printf("x %+.3f sin %a cos %a tan %a exp %a log %a atan %a cbrt %a\n", x, sin(x),
		       cos(x), tan(x), exp(x), log(fabs(x)), atan(x), cbrt(x));
		printf("  f sin %a cos %a exp %a log %a sqrt %a tanh %a\n", (double)sinf(xf),
		       (double)cosf(xf), (double)expf(xf), (double)logf(fabsf(xf)),
		       (double)sqrtf(fabsf(xf)), (double)tanhf(xf));
		printf("  pow %a atan2 %a hypot %a log1p %a expm1 %a asin %a fmod %a\n",
		       pow(fabs(x), 1.7), atan2(x, 0.5 - x), hypot(x, 3.0), log1p(fabs(x)), expm1(x),
		       asin(x / 5.0), fmod(x * 10.0, 3.0));
		printf("  floor %g ceil %g round %g trunc %g rint %g nearbyint %g lround %ld\n",
		       floor(x), ceil(x), round(x), trunc(x), rint(x * 2.0), nearbyint(x * 3.0),
		       lround(x * 4.0));
	}
	double acc = 0.0;
	for (int i = 1; i <= 2000; i++)
		acc += sin(i * 0.001) * exp(-i * 0.0005) + log((double)i) / (double)i;
	printf("accumulated %a %.17g\n", acc, acc);
	return 0;
}
