/* Double-precision matrix multiply (naive ijk, transposed, and blocked, which must agree bit for
 * bit since each element is summed in the same order), then an LU decomposition with partial
 * pivoting and a triangular solve, printing exact residues. argv[1] repeats the multiplications
 * (default 1): the FP benchmark (scripts/bench-riscv.sh) runs this program with a large count. */
// corpus-opt: O0
#include "corpus.h"
#include <math.h>
#include <stdlib.h>

#define N 48
static double a[N][N], b[N][N], c1[N][N], c2[N][N], c3[N][N], bt[N][N];

int main(int argc, char **argv)
{
	int reps = argc > 1 ? atoi(argv[1]) : 1;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			a[i][j] = ((int32_t)rng32() >> 12) * 0x1p-18 + (i == j ? 4.0 : 0.0);
			b[i][j] = ((int32_t)rng32() >> 12) * 0x1p-19;
			bt[j][i] = b[i][j];
		}
	for (int rep = 0; rep < reps; rep++) {
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			double s = 0.0, t = 0.0;
			for (int k = 0; k < N; k++) {
				s += a[i][k] * b[k][j];
				t += a[i][k] * bt[j][k];
			}
			c1[i][j] = s;
			c2[i][j] = t;
		}
	const int B = 8;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			c3[i][j] = 0.0;
	for (int kk = 0; kk < N; kk += B)
		for (int i = 0; i < N; i++)
			for (int j = 0; j < N; j++) {
				double s = c3[i][j];
				for (int k = kk; k < kk + B; k++)
					s += a[i][k] * b[k][j];
				c3[i][j] = s;
			}
	}
	uint32_t h = 0;
	int diff = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			diff += d2u(c1[i][j]) != d2u(c2[i][j]) || d2u(c1[i][j]) != d2u(c3[i][j]);
			h = mix32(mix32(h, (uint32_t)d2u(c1[i][j])), (uint32_t)(d2u(c1[i][j]) >> 32));
		}
	printf("matmul checksum %08lx differing %d c[0][0] %a c[%d][%d] %a\n", (unsigned long)h, diff,
	       c1[0][0], N - 1, N - 1, c1[N - 1][N - 1]);

	/* LU with partial pivoting of a, solve a x = r where r = a * ones. */
	static double lu[N][N], r[N], x[N];
	int piv[N];
	for (int i = 0; i < N; i++) {
		piv[i] = i;
		r[i] = 0.0;
		for (int j = 0; j < N; j++) {
			lu[i][j] = a[i][j];
			r[i] += a[i][j];
		}
	}
	for (int k = 0; k < N; k++) {
		int p = k;
		for (int i = k + 1; i < N; i++)
			if (fabs(lu[i][k]) > fabs(lu[p][k]))
				p = i;
		if (p != k) {
			for (int j = 0; j < N; j++) {
				double t = lu[k][j];
				lu[k][j] = lu[p][j];
				lu[p][j] = t;
			}
			int t = piv[k];
			piv[k] = piv[p];
			piv[p] = t;
		}
		for (int i = k + 1; i < N; i++) {
			lu[i][k] /= lu[k][k];
			for (int j = k + 1; j < N; j++)
				lu[i][j] -= lu[i][k] * lu[k][j];
		}
	}
	for (int i = 0; i < N; i++) {
		double s = r[piv[i]];
		for (int j = 0; j < i; j++)
			s -= lu[i][j] * x[j];
		x[i] = s;
	}
	for (int i = N - 1; i >= 0; i--) {
		double s = x[i];
		for (int j = i + 1; j < N; j++)
			s -= lu[i][j] * x[j];
		x[i] = s / lu[i][i];
	}
	double err = 0.0;
	for (int i = 0; i < N; i++)
		err = fmax(err, fabs(x[i] - 1.0));
	printf("lu solve max error %a x[0] %a x[%d] %a\n", err, x[0], N - 1, x[N - 1]);
	return 0;
}
