/* The floating-point environment: each exception raised by the operation that defines it, flags
 * accruing until cleared, feraiseexcept/feclearexcept/fetestexcept on subsets, fegetenv/
 * fesetenv round trips, and the raw fcsr layout (frm in bits 7:5, fflags in 4:0). */
#include "corpus.h"
#include <math.h>

static volatile float zero_f = 0.0f, one_f = 1.0f, big_f = 0x1p127f, tiny_f = 0x1p-126f;
static volatile double zero_d = 0.0, one_d = 1.0, big_d = 0x1p1023, tiny_d = 0x1p-1022;

/* Prints fcsr and what fetestexcept sees; leaves the flags as they are. */
static void show(const char *what)
{
	uint32_t fcsr = read_fcsr();
	printf("%-22s fcsr %02lx test %02x\n", what, (unsigned long)fcsr, fetestexcept(FE_ALL_EXCEPT));
}

/* One operation's flags on their own. */
static void show_op(const char *what)
{
	show(what);
	feclearexcept(FE_ALL_EXCEPT);
}

int main(void)
{
	volatile float rs;
	volatile double rd;
	feclearexcept(FE_ALL_EXCEPT);
	show_op("initial");
	rs = zero_f / zero_f;
	show_op("0/0 f");
	rs = one_f / zero_f;
	show_op("1/0 f");
	rs = big_f * big_f;
	show_op("big*big f");
	rs = tiny_f * tiny_f;
	show_op("tiny*tiny f");
	rs = one_f / 3.0f;
	show_op("1/3 f");
	rs = sqrtf(-one_f);
	show_op("sqrt(-1) f");
	rs = (float)(big_d * 2.0);
	show_op("narrow overflow");
	rd = zero_d / zero_d;
	show_op("0/0 d");
	rd = -one_d / zero_d;
	show_op("-1/0 d");
	rd = big_d + big_d;
	show_op("big+big d");
	rd = tiny_d / 3.0;
	show_op("tiny/3 d");
	rd = tiny_d * 0.5;
	show_op("tiny*0.5 d (exact)");
	rd = INFINITY - (double)INFINITY;
	show_op("inf-inf d");
	(void)rs;
	(void)rd;

	/* Accrual: flags stay until cleared. */
	rs = one_f / zero_f;
	rd = one_d / 3.0;
	rs = zero_f / zero_f;
	show("accrued DZ NX NV");
	feclearexcept(FE_INEXACT | FE_DIVBYZERO);
	show("cleared DZ NX");
	printf("test NV %d OF %d any %d\n", fetestexcept(FE_INVALID) != 0,
	       fetestexcept(FE_OVERFLOW) != 0, fetestexcept(FE_ALL_EXCEPT) != 0);
	feclearexcept(FE_ALL_EXCEPT);
	feraiseexcept(FE_OVERFLOW | FE_UNDERFLOW);
	show("raised OF UF");
	feclearexcept(FE_ALL_EXCEPT);

	fenv_t env;
	fesetround(FE_UPWARD);
	rs = one_f / 3.0f;
	fegetenv(&env);
	fesetround(FE_TONEAREST);
	feclearexcept(FE_ALL_EXCEPT);
	show("after reset");
	fesetenv(&env);
	show("fesetenv restored");
	fexcept_t saved;
	fegetexceptflag(&saved, FE_ALL_EXCEPT);
	feclearexcept(FE_ALL_EXCEPT);
	fesetexceptflag(&saved, FE_INEXACT);
	show("fesetexceptflag NX");
	fesetround(FE_TONEAREST);
	feclearexcept(FE_ALL_EXCEPT);

	/* Writing fcsr directly: fflags and frm fields, upper bits ignored. */
	write_fcsr(0x7f);
	show("fscsr 0x7f");
	write_fcsr(0xffffff00 | 0x1f);
	show("fscsr upper bits");
	write_fcsr(0);
	uint32_t old;
	__asm__ volatile("fsflags %0, %1" : "=r"(old) : "r"(0x15));
	printf("fsflags old %02lx\n", (unsigned long)old);
	__asm__ volatile("fsrm %0, %1" : "=r"(old) : "r"(2));
	printf("fsrm old %lu\n", (unsigned long)old);
	__asm__ volatile("csrrsi %0, fflags, 0x2" : "=r"(old));
	printf("csrrsi fflags old %02lx\n", (unsigned long)old);
	__asm__ volatile("csrrci %0, fcsr, 0x15" : "=r"(old));
	printf("csrrci fcsr old %02lx\n", (unsigned long)old);
	show("final");
	write_fcsr(0);
	return 0;
}
