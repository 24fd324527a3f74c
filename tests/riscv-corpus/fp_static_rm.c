/* Static rounding modes encoded in the instruction (rne, rtz, rdn, rup, rmm) override frm; the
 * dynamic mode (rm = 7) follows frm, including frm = RMM. Every arithmetic instruction of F and D
 * on random operands, with frm set to a mode different from the static one. */
#include "corpus.h"

#define ALL_RM(put, T, OP, ...)                                                \
	do {                                                                   \
		put(OP(T, __VA_ARGS__, ", rne"));                              \
		put(OP(T, __VA_ARGS__, ", rtz"));                              \
		put(OP(T, __VA_ARGS__, ", rdn"));                              \
		put(OP(T, __VA_ARGS__, ", rup"));                              \
		put(OP(T, __VA_ARGS__, ", rmm"));                              \
		put(OP(T, __VA_ARGS__, ""));                                   \
	} while (0)

int main(void)
{
	for (int k = 0; k < 60; k++) {
		/* frm cycles through all five modes (via fsrm, since RMM is not a C mode). */
		uint32_t frm = (uint32_t)k % 5, old;
		__asm__ volatile("fsrm %0, %1" : "=r"(old) : "r"(frm));
		feclearexcept(FE_ALL_EXCEPT);
		uint32_t ea = 127 + (rng32() % 9) - 4, eb = 127 + (rng32() % 9) - 4;
		volatile float a = u2f((rng32() & 0x807fffffu) | ea << 23);
		volatile float b = u2f((rng32() & 0x807fffffu) | eb << 23);
		volatile float c = u2f((rng32() & 0x807fffffu) | 127u << 23);
		volatile double da = u2d((rng64() & 0x800fffffffffffffull) | (uint64_t)(ea + 896) << 52);
		volatile double db = u2d((rng64() & 0x800fffffffffffffull) | (uint64_t)(eb + 896) << 52);
		volatile double dc = u2d((rng64() & 0x800fffffffffffffull) | 1023ull << 52);
		printf("frm %lu s add", (unsigned long)frm);
		ALL_RM(put_s, float, FOP2, "fadd.s", a, b);
		printf(" sub");
		ALL_RM(put_s, float, FOP2, "fsub.s", a, b);
		printf(" mul");
		ALL_RM(put_s, float, FOP2, "fmul.s", a, b);
		printf(" div");
		ALL_RM(put_s, float, FOP2, "fdiv.s", a, b);
		printf(" sqrt");
		ALL_RM(put_s, float, FOP1, "fsqrt.s", b * b);
		printf(" fma");
		ALL_RM(put_s, float, FOP3, "fmadd.s", a, b, c);
		printf(" nmsub");
		ALL_RM(put_s, float, FOP3, "fnmsub.s", a, b, c);
		printf("\nfrm %lu d add", (unsigned long)frm);
		ALL_RM(put_d, double, FOP2, "fadd.d", da, db);
		printf(" sub");
		ALL_RM(put_d, double, FOP2, "fsub.d", da, db);
		printf(" mul");
		ALL_RM(put_d, double, FOP2, "fmul.d", da, db);
		printf(" div");
		ALL_RM(put_d, double, FOP2, "fdiv.d", da, db);
		printf(" sqrt");
		ALL_RM(put_d, double, FOP1, "fsqrt.d", da < 0 ? -da : da);
		printf(" fms");
		ALL_RM(put_d, double, FOP3, "fmsub.d", da, db, dc);
		printf(" nmadd");
		ALL_RM(put_d, double, FOP3, "fnmadd.d", da, db, dc);
		printf(" s.d");
		ALL_RM(put_s, float, FOP1, "fcvt.s.d", da);
		printf("\n");
	}
	write_fcsr(0);
	return 0;
}
