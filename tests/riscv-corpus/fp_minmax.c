/* fmin/fmax: IEEE 754-2019 minimumNumber/maximumNumber as RISC-V defines them since F 2.2: a
 * number beats a NaN, both NaN gives the canonical NaN, -0 < +0, and a signalling NaN input
 * raises NV (ISA manual, F extension, "Single-Precision Floating-Point Computational
 * Instructions"). Sign injection (fsgnj, fsgnjn, fsgnjx) and the C library's fmin/fmax/fabs/
 * copysign/fdim over the same values. */
#include "corpus.h"
#include <math.h>

static const uint32_t sv[] = {0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x7f800000,
			      0xff800000, 0x7fc00000, 0xffc00001, 0x7f800001, 0xff8fffff,
			      0x00000001, 0x80000001, 0x7f7fffff};
static const uint64_t dv[] = {0x0000000000000000, 0x8000000000000000, 0x3ff0000000000000,
			      0xbff0000000000000, 0x7ff0000000000000, 0xfff0000000000000,
			      0x7ff8000000000000, 0xfff8000000000001, 0x7ff0000000000001,
			      0xfff0ffffffffffff, 0x0000000000000001, 0x8000000000000001,
			      0x7fefffffffffffff};
#define NS (int)(sizeof sv / sizeof sv[0])
#define ND (int)(sizeof dv / sizeof dv[0])

int main(void)
{
	feclearexcept(FE_ALL_EXCEPT);
	for (int i = 0; i < NS; i++)
		for (int j = 0; j < NS; j++) {
			volatile float a = u2f(sv[i]), b = u2f(sv[j]);
			printf("s %08lx %08lx", (unsigned long)sv[i], (unsigned long)sv[j]);
			put_s(FOP2(float, "fmin.s", a, b, ""));
			put_s(FOP2(float, "fmax.s", a, b, ""));
			put_s(FOP2(float, "fsgnj.s", a, b, ""));
			put_s(FOP2(float, "fsgnjn.s", a, b, ""));
			put_s(FOP2(float, "fsgnjx.s", a, b, ""));
			put_s(fminf(a, b));
			put_s(fmaxf(a, b));
			put_s(copysignf(a, b));
			printf("\n");
		}
	for (int i = 0; i < ND; i++)
		for (int j = 0; j < ND; j++) {
			volatile double a = u2d(dv[i]), b = u2d(dv[j]);
			printf("d %016llx %016llx", (unsigned long long)dv[i], (unsigned long long)dv[j]);
			put_d(FOP2(double, "fmin.d", a, b, ""));
			put_d(FOP2(double, "fmax.d", a, b, ""));
			put_d(FOP2(double, "fsgnj.d", a, b, ""));
			put_d(FOP2(double, "fsgnjn.d", a, b, ""));
			put_d(FOP2(double, "fsgnjx.d", a, b, ""));
			put_d(fmin(a, b));
			put_d(fmax(a, b));
			put_d(fdim(a, b));
			printf("\n");
		}
	for (int i = 0; i < ND; i++) {
		volatile double a = u2d(dv[i]);
		printf("fabs %016llx", (unsigned long long)dv[i]);
		put_d(fabs(a));
		put_d(-a);
		put_s(fabsf((float)a));
		printf("\n");
	}
	return 0;
}
