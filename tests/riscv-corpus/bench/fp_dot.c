/* FP benchmark (b): dot products and axpy in double and single precision (fmadd chains, loads,
 * conversions), repeated over 16 Ki-element vectors. argv[1] = passes (default 300). */
#include "../corpus.h"
#include <stdlib.h>

#define N 16384
static double xd[N], yd[N];
static float xs[N], ys[N];

int main(int argc, char **argv)
{
	int passes = argc > 1 ? atoi(argv[1]) : 300;
	for (int i = 0; i < N; i++) {
		xd[i] = ((int32_t)rng32() >> 8) * 0x1p-23;
		yd[i] = ((int32_t)rng32() >> 8) * 0x1p-23;
		xs[i] = (float)xd[i];
		ys[i] = (float)yd[i];
	}
	double dsum = 0.0;
	float ssum = 0.0f;
	for (int p = 0; p < passes; p++) {
		double d0 = 0.0, d1 = 0.0;
		float s0 = 0.0f, s1 = 0.0f;
		for (int i = 0; i < N; i += 2) {
			d0 += xd[i] * yd[i];
			d1 += xd[i + 1] * yd[i + 1];
			s0 += xs[i] * ys[i];
			s1 += xs[i + 1] * ys[i + 1];
		}
		double alpha = d0 + d1 > 0.0 ? 0x1p-10 : -0x1p-10;
		for (int i = 0; i < N; i++)
			yd[i] = alpha * xd[i] + yd[i] * 0.999;
		dsum += d0 + d1;
		ssum += s0 + s1;
	}
	printf("dot: %d passes of %d, double %a float %a\n", passes, N, dsum, (double)ssum);
	return 0;
}
