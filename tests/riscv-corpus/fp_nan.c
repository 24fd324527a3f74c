/* NaNs, infinities and comparisons: arithmetic on NaNs returns the canonical NaN (0x7fc00000 /
 * 0x7ff8000000000000) and raises NV only for signalling inputs; feq is quiet, flt/fle signal on
 * any NaN (ISA manual, F extension, "NaN Generation and Propagation" and "Single-Precision
 * Floating-Point Compare Instructions"); fclass; NaN-boxing: a single-precision operand whose
 * upper 32 bits are not all ones reads as the canonical NaN ("NaN Boxing of Narrower Values"). */
#include "corpus.h"
#include <math.h>

static const uint32_t snan[] = {0x7fc00000, 0xffc00000, 0x7fc12345, 0xffffffff, 0x7f800001,
				0xff812345, 0x7fbfffff, 0x7f800000, 0xff800000, 0x00000000,
				0x80000000, 0x3f800000, 0x00000001, 0x807fffff, 0x7f7fffff};
static const uint64_t dnan[] = {0x7ff8000000000000, 0xfff8000000000000, 0x7ff8000012345678,
				0xffffffffffffffff, 0x7ff0000000000001, 0xfff0000000012345,
				0x7ff7ffffffffffff, 0x7ff0000000000000, 0xfff0000000000000,
				0x0000000000000000, 0x8000000000000000, 0x3ff0000000000000,
				0x0000000000000001, 0x800fffffffffffff, 0x7fefffffffffffff};
#define NS (int)(sizeof snan / sizeof snan[0])
#define ND (int)(sizeof dnan / sizeof dnan[0])

int main(void)
{
	feclearexcept(FE_ALL_EXCEPT);
	for (int i = 0; i < NS; i++) {
		volatile float a = u2f(snan[i]);
		printf("s %08lx class %03lx", (unsigned long)snan[i],
		       (unsigned long)XOP1("fclass.s", a, ""));
		put_s(FOP2(float, "fadd.s", a, a, ""));
		put_s(FOP2(float, "fmul.s", a, 1.0f, ""));
		put_s(FOP1(float, "fsqrt.s", a, ""));
		put_d(FOP1(double, "fcvt.d.s", a, ""));
		for (int j = 0; j < NS; j += 3) {
			volatile float b = u2f(snan[j]);
			printf(" |%lu%lu%lu", (unsigned long)XOP2("feq.s", a, b),
			       (unsigned long)XOP2("flt.s", a, b), (unsigned long)XOP2("fle.s", a, b));
			put_flags();
		}
		printf("\n");
	}
	for (int i = 0; i < ND; i++) {
		volatile double a = u2d(dnan[i]);
		printf("d %016llx class %03lx", (unsigned long long)dnan[i],
		       (unsigned long)XOP1("fclass.d", a, ""));
		put_d(FOP2(double, "fsub.d", a, a, ""));
		put_d(FOP2(double, "fdiv.d", a, 2.0, ""));
		put_d(FOP1(double, "fsqrt.d", a, ""));
		put_s(FOP1(float, "fcvt.s.d", a, ""));
		for (int j = 0; j < ND; j += 3) {
			volatile double b = u2d(dnan[j]);
			printf(" |%lu%lu%lu", (unsigned long)XOP2("feq.d", a, b),
			       (unsigned long)XOP2("flt.d", a, b), (unsigned long)XOP2("fle.d", a, b));
			put_flags();
		}
		printf("\n");
	}
	/* C comparisons and the quiet comparison macros. */
	volatile double qn = NAN, one = 1.0;
	printf("c == %d != %d < %d <= %d", qn == one, qn != one, qn < one, qn <= one);
	put_flags();
	printf(" isless %d isunordered %d isgreaterequal %d", isless(qn, one), isunordered(qn, one),
	       isgreaterequal(one, one));
	put_flags();
	printf(" isnan %d isinf %d isfinite %d signbit %d\n", isnan(qn), isinf(-INFINITY),
	       isfinite(one), signbit(-0.0));

	/* NaN-boxing: load raw 64-bit patterns into FP registers and use them as singles. */
	static const uint64_t boxes[] = {0xffffffff3f800000ull, 0x000000003f800000ull,
					 0xfffffffe3f800000ull, 0x7fffffff3f800000ull,
					 0xffffffff7f800001ull, 0x3ff0000000000000ull};
	for (int i = 0; i < 6; i++) {
		volatile double reg = u2d(boxes[i]); /* fld keeps all 64 bits */
		double r = FOP2(double, "fadd.s", reg, reg, "");
		printf("box %016llx: fadd.s %016llx", (unsigned long long)boxes[i],
		       (unsigned long long)d2u(r));
		put_flags();
		printf(" fsgnjn.s %016llx", (unsigned long long)d2u(FOP2(double, "fsgnjn.s", reg,
									   reg, "")));
		printf(" fmv.x.w %08lx fclass.s %03lx", (unsigned long)XOP1("fmv.x.w", reg, ""),
		       (unsigned long)XOP1("fclass.s", reg, ""));
		printf(" fcvt.d.s %016llx", (unsigned long long)d2u(FOP1(double, "fcvt.d.s", reg, "")));
		put_flags();
		float stored;
		__asm__ volatile("fsw %1, %0" : "=m"(stored) : "f"(reg));
		printf(" fsw %08lx", (unsigned long)f2u(stored));
		double moved = FXOP1(double, "fmv.w.x", (uint32_t)boxes[i], "");
		printf(" fmv.w.x %016llx\n", (unsigned long long)d2u(moved));
	}
	return 0;
}
