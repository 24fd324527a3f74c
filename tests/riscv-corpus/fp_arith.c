/* Float and double add, sub, mul, div (and sqrt) over every pair of a table of special and ordinary values
 * (zeros, ones, thirds, extremes, subnormals, infinities, quiet and signalling NaNs), at the
 * default rounding mode: result bits and the flags each operation raised. */
// corpus-opt: O0
#include "corpus.h"

static const uint32_t sbits[] = {
	0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x3fc00000, 0x40400000, 0x3dcccccd,
	0x3eaaaaab, 0x7f7fffff, 0xff7fffff, 0x00800000, 0x80800000, 0x007fffff, 0x00000001,
	0x80000001, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001, 0xffc12345, 0x4b800001,
	0x1e3ce508, 0xd1872b40, 0x0c000000};
static const uint64_t dbits[] = {
	0x0000000000000000, 0x8000000000000000, 0x3ff0000000000000, 0xbff0000000000000,
	0x3ff8000000000000, 0x4008000000000000, 0x3fb999999999999a, 0x3fd5555555555555,
	0x7fefffffffffffff, 0xffefffffffffffff, 0x0010000000000000, 0x8010000000000000,
	0x000fffffffffffff, 0x0000000000000001, 0x8000000000000001, 0x7ff0000000000000,
	0xfff0000000000000, 0x7ff8000000000000, 0x7ff0000000000001, 0xfff8000012345678,
	0x4340000000000001, 0x3c9cd2b297d889bc, 0xc2e5af1d78b58c40, 0x2000000000000000};
#define NS (int)(sizeof sbits / sizeof sbits[0])
#define ND (int)(sizeof dbits / sizeof dbits[0])

static volatile float sv[NS];
static volatile double dv[ND];

int main(void)
{
	for (int i = 0; i < NS; i++)
		sv[i] = u2f(sbits[i]);
	for (int i = 0; i < ND; i++)
		dv[i] = u2d(dbits[i]);
	feclearexcept(FE_ALL_EXCEPT);
	for (int i = 0; i < NS; i++) {
		printf("sqrt %08lx", (unsigned long)sbits[i]);
		put_s(FOP1(float, "fsqrt.s", sv[i], ""));
		printf(" %016llx", (unsigned long long)dbits[i]);
		put_d(FOP1(double, "fsqrt.d", dv[i], ""));
		printf("\n");
	}
	for (int i = 0; i < NS; i++)
		for (int j = 0; j < NS; j++) {
			printf("s %08x %08x:", sbits[i], sbits[j]);
			put_s(sv[i] + sv[j]);
			put_s(sv[i] - sv[j]);
			put_s(sv[i] * sv[j]);
			put_s(sv[i] / sv[j]);
			printf("\n");
		}
	for (int i = 0; i < ND; i++)
		for (int j = 0; j < ND; j++) {
			printf("d %016llx %016llx:", (unsigned long long)dbits[i],
			       (unsigned long long)dbits[j]);
			put_d(dv[i] + dv[j]);
			put_d(dv[i] - dv[j]);
			put_d(dv[i] * dv[j]);
			put_d(dv[i] / dv[j]);
			printf("\n");
		}
	return 0;
}
