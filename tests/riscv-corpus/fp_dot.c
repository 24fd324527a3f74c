/* Sums and dot products in float and double: naive, pairwise, Kahan-compensated and fma-based,
 * in every rounding mode (the modes visibly change naive sums). */
#include "corpus.h"
#include <math.h>

#define N 4096
static float xs[N], ys[N];
static double xd[N], yd[N];

static double pairwise(const double *v, int n)
{
	if (n <= 8) {
		double s = 0.0;
		for (int i = 0; i < n; i++)
			s += v[i];
		return s;
	}
	return pairwise(v, n / 2) + pairwise(v + n / 2, n - n / 2);
}

int main(void)
{
	for (int i = 0; i < N; i++) {
		xd[i] = ((int32_t)rng32() >> 4) * 0x1p-20 * ((i % 7) ? 1.0 : 1e6);
		yd[i] = ((int32_t)rng32() >> 8) * 0x1p-17;
		xs[i] = (float)xd[i];
		ys[i] = (float)yd[i];
	}
	for (int m = 0; m < N_MODES; m++) {
		fesetround(corpus_modes[m]);
		float ss = 0.0f, sdot = 0.0f, sfma = 0.0f;
		double ds = 0.0, ddot = 0.0, dfma = 0.0, kahan = 0.0, comp = 0.0;
		for (int i = 0; i < N; i++) {
			ss += xs[i];
			sdot += xs[i] * ys[i];
			sfma = fmaf(xs[i], ys[i], sfma);
			ds += xd[i];
			ddot += xd[i] * yd[i];
			dfma = fma(xd[i], yd[i], dfma);
			double y = xd[i] - comp;
			double t = kahan + y;
			comp = (t - kahan) - y;
			kahan = t;
		}
		printf("%s float sum %a dot %a fma-dot %a\n", corpus_mode_names[m], (double)ss,
		       (double)sdot, (double)sfma);
		printf("%s double sum %a dot %a fma-dot %a kahan %a pairwise %a\n",
		       corpus_mode_names[m], ds, ddot, dfma, kahan, pairwise(xd, N));
	}
	fesetround(FE_TONEAREST);
	return 0;
}
