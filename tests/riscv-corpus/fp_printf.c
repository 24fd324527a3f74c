/* printf of floating-point values: %a (exact hex), %.17g (round-trip decimal), %e, %f, %g with
 * widths, precisions and flags, for specials, extremes and random doubles; floats promoted. The
 * conversions run picolibc's integer-and-FP code (Ryu), a long stretch of mixed arithmetic. */
#include "corpus.h"
#include <float.h>
#include <math.h>

int main(void)
{
	const double vals[] = {0.0,
			       -0.0,
			       1.0,
			       -1.5,
			       0.1,
			       1.0 / 3.0,
			       2.0 / 3.0,
			       1e23,
			       5e-324,
			       DBL_MIN,
			       DBL_MAX,
			       DBL_EPSILON,
			       123456789.125,
			       -9.87654321e-10,
			       0.5,
			       2.5,
			       1e21,
			       1e-7,
			       INFINITY,
			       -INFINITY,
			       NAN,
			       9007199254740993.0,
			       M_PI,
			       (double)FLT_MAX,
			       (double)FLT_MIN};
	for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) {
		double v = vals[i];
		printf("%a|%.17g|%e|%.3f|%g|%12.4E|%-10.2g|%+.0f|%#.0e|%G\n", v, v, v, v, v, v, v,
		       v, v, v);
	}
	for (int i = 0; i < 200; i++) {
		double v = u2d(rng64());
		if (isnan(v))
			continue;
		float f = (float)v;
		printf("%a %.17g %.9g %a\n", v, v, (double)f, (double)f);
	}
	for (int e = -30; e <= 30; e += 3) {
		double p = pow(10.0, e);
		printf("1e%d = %.17g %.6e %a\n", e, p, p, p);
	}
	return 0;
}
