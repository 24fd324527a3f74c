/* FP stress: many random operations whose operands cluster where rounding is delicate (short
 * mantissas that make exact and half-way results, exponents at the subnormal boundary and near
 * overflow, plus specials), for every arithmetic instruction of F and D in all five rounding
 * modes. Prints one hash of results and flags per instruction and mode; argv[1] limits the
 * iteration count (default 20000) to bisect a difference down to one operation. */
#include "corpus.h"
#include <stdlib.h>

static uint32_t short_mant(int bits)
{
	uint32_t m = rng32() & ((1u << bits) - 1);
	int zeros = (int)(rng32() % (unsigned)(bits + 1));
	return zeros >= 32 ? 0 : m & ~((1u << zeros) - 1);
}

static float gen_s(void)
{
	static const uint32_t special[] = {0x00000000, 0x80000000, 0x7f800000, 0xff800000,
					   0x7fc00000, 0x7f800001, 0x00000001, 0x7f7fffff};
	static const uint8_t edge_exp[] = {0, 1, 2, 24, 103, 126, 127, 128, 150, 253, 254};
	uint32_t k = rng32() % 16, sign = rng32() & 0x80000000u;
	if (k == 0)
		return u2f(special[rng32() % 8]);
	if (k < 6)
		return u2f(sign | (uint32_t)edge_exp[rng32() % 11] << 23 | short_mant(23));
	return u2f(sign | (127 - 8 + rng32() % 17) << 23 | short_mant(23));
}

static double gen_d(void)
{
	static const uint64_t special[] = {0, 0x8000000000000000ull, 0x7ff0000000000000ull,
					   0xfff0000000000000ull, 0x7ff8000000000000ull,
					   0x7ff0000000000001ull, 1, 0x7fefffffffffffffull};
	static const uint16_t edge_exp[] = {0, 1, 2, 53, 970, 1022, 1023, 1024, 1075, 2045, 2046};
	uint32_t k = rng32() % 16;
	uint64_t sign = (uint64_t)(rng32() & 1) << 63;
	uint64_t mant = (uint64_t)short_mant(20) << 32 | (rng32() % 3 ? 0 : rng32());
	if (k == 0)
		return u2d(special[rng32() % 8]);
	if (k < 6)
		return u2d(sign | (uint64_t)edge_exp[rng32() % 11] << 52 | mant);
	return u2d(sign | (uint64_t)(1023 - 8 + rng32() % 17) << 52 | mant);
}

#define NOPS 14
static const char *const names[NOPS] = {"fadd.s", "fsub.s", "fmul.s", "fdiv.s", "fsqrt.s",
					 "fmadd.s", "fnmsub.s", "fadd.d", "fsub.d", "fmul.d",
					 "fdiv.d", "fsqrt.d", "fmadd.d", "fcvt.s.d"};
static uint32_t hash[N_MODES][NOPS];

static void note_s(int m, int op, float r)
{
	hash[m][op] = mix32(mix32(hash[m][op], f2u(r)), read_fcsr() & 0x1f);
	write_fcsr((uint32_t)m << 5);
}

static void note_d(int m, int op, double r)
{
	uint64_t u = d2u(r);
	hash[m][op] = mix32(mix32(mix32(hash[m][op], (uint32_t)u), (uint32_t)(u >> 32)),
			    read_fcsr() & 0x1f);
	write_fcsr((uint32_t)m << 5);
}

int main(int argc, char **argv)
{
	int iters = argc > 1 ? atoi(argv[1]) : 20000;
	for (int i = 0; i < iters; i++) {
		volatile float a = gen_s(), b = gen_s(), c = gen_s();
		volatile double x = gen_d(), y = gen_d(), z = gen_d();
		for (int m = 0; m < N_MODES; m++) {
			write_fcsr((uint32_t)m << 5); /* frm = m (RMM included), flags clear */
			note_s(m, 0, FOP2(float, "fadd.s", a, b, ""));
			note_s(m, 1, FOP2(float, "fsub.s", a, b, ""));
			note_s(m, 2, FOP2(float, "fmul.s", a, b, ""));
			note_s(m, 3, FOP2(float, "fdiv.s", a, b, ""));
			note_s(m, 4, FOP1(float, "fsqrt.s", a, ""));
			note_s(m, 5, FOP3(float, "fmadd.s", a, b, c, ""));
			note_s(m, 6, FOP3(float, "fnmsub.s", a, b, c, ""));
			note_d(m, 7, FOP2(double, "fadd.d", x, y, ""));
			note_d(m, 8, FOP2(double, "fsub.d", x, y, ""));
			note_d(m, 9, FOP2(double, "fmul.d", x, y, ""));
			note_d(m, 10, FOP2(double, "fdiv.d", x, y, ""));
			note_d(m, 11, FOP1(double, "fsqrt.d", x, ""));
			note_d(m, 12, FOP3(double, "fmadd.d", x, y, z, ""));
			note_s(m, 13, FOP1(float, "fcvt.s.d", x, ""));
		}
	}
	write_fcsr(0);
	printf("%d iterations\n", iters);
	for (int op = 0; op < NOPS; op++) {
		printf("%-9s", names[op]);
		for (int m = 0; m < N_MODES; m++)
			printf(" %s %08lx", corpus_mode_names[m], (unsigned long)hash[m][op]);
		printf("\n");
	}
	return 0;
}
