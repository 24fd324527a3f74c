/* Helpers shared by the corpus programs: a deterministic generator, bit views of floats, and
 * printing of the floating-point environment. Everything a program prints must be the same
 * under qemu-riscv32 and macrosim, so nothing here prints addresses or times. */
#ifndef CORPUS_H
#define CORPUS_H

#include <fenv.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* xorshift32: deterministic test data. */
static uint32_t corpus_rng_state = 2463534242u;
static inline uint32_t rng32(void)
{
	uint32_t x = corpus_rng_state;
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return corpus_rng_state = x;
}
static inline uint64_t rng64(void)
{
	uint64_t hi = rng32();
	return (hi << 32) | rng32();
}

static inline uint32_t f2u(float f)
{
	uint32_t u;
	memcpy(&u, &f, sizeof u);
	return u;
}
static inline float u2f(uint32_t u)
{
	float f;
	memcpy(&f, &u, sizeof f);
	return f;
}
static inline uint64_t d2u(double d)
{
	uint64_t u;
	memcpy(&u, &d, sizeof u);
	return u;
}
static inline double u2d(uint64_t u)
{
	double d;
	memcpy(&d, &u, sizeof d);
	return d;
}

/* The five rounding modes in the order of their RISC-V frm encodings 0..4 (RNE, RTZ, RDN, RUP,
 * RMM); picolibc's riscv fenv.h names RMM FE_TONEAREST_MM. */
#define N_MODES 5
static const int corpus_modes[N_MODES] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD,
					  FE_TONEAREST_MM};
static const char *const corpus_mode_names[N_MODES] = {"rne", "rtz", "rdn", "rup", "rmm"};

/* Accrued exception flags as letters NV DZ OF UF NX (RISC-V fflags bit order 4..0). */
static inline void print_flags(void)
{
	printf("[%c%c%c%c%c]", fetestexcept(FE_INVALID) ? 'V' : '-',
	       fetestexcept(FE_DIVBYZERO) ? 'Z' : '-', fetestexcept(FE_OVERFLOW) ? 'O' : '-',
	       fetestexcept(FE_UNDERFLOW) ? 'U' : '-', fetestexcept(FE_INEXACT) ? 'X' : '-');
}

/* Print a result as raw bits followed by the exception flags raised since they were last cleared
 * (fflags bits NV DZ OF UF NX = 0x10..0x01), then clear them for the next operation. The operands
 * of each operation are volatile loads made after the previous clear, so the operation cannot move
 * out of its window. */
static inline void put_flags(void)
{
	int fl = fetestexcept(FE_ALL_EXCEPT);
	printf("/%02x", fl);
	feclearexcept(FE_ALL_EXCEPT);
}
static inline void put_s(float r)
{
	printf(" %08x", f2u(r));
	put_flags();
}
static inline void put_d(double r)
{
	printf(" %016llx", (unsigned long long)d2u(r));
	put_flags();
}
static inline void put_i(long long r)
{
	printf(" %lld", r);
	put_flags();
}

/* One FP instruction through inline asm, so that the exact instruction (and its static rounding
 * mode) is what runs: e.g. FOP2(float, "fadd.s", a, b, ", rtz"). The rm argument is "" for the
 * dynamic mode or ", rne" / ", rtz" / ", rdn" / ", rup" / ", rmm". */
#define FOP1(T, insn, a, rm)                                                       \
	({                                                                         \
		T r_;                                                              \
		__asm__ volatile(insn " %0, %1" rm : "=f"(r_) : "f"(a));           \
		r_;                                                                \
	})
#define FOP2(T, insn, a, b, rm)                                                    \
	({                                                                         \
		T r_;                                                              \
		__asm__ volatile(insn " %0, %1, %2" rm : "=f"(r_) : "f"(a), "f"(b)); \
		r_;                                                                \
	})
#define FOP3(T, insn, a, b, c, rm)                                                 \
	({                                                                         \
		T r_;                                                              \
		__asm__ volatile(insn " %0, %1, %2, %3" rm                         \
				 : "=f"(r_)                                        \
				 : "f"(a), "f"(b), "f"(c));                        \
		r_;                                                                \
	})
/* FP to integer register (conversions, comparisons, fclass, fmv.x.w). */
#define XOP1(insn, a, rm)                                                          \
	({                                                                         \
		uint32_t r_;                                                       \
		__asm__ volatile(insn " %0, %1" rm : "=r"(r_) : "f"(a));           \
		r_;                                                                \
	})
#define XOP2(insn, a, b)                                                           \
	({                                                                         \
		uint32_t r_;                                                       \
		__asm__ volatile(insn " %0, %1, %2" : "=r"(r_) : "f"(a), "f"(b));  \
		r_;                                                                \
	})
/* Integer register to FP (conversions, fmv.w.x). */
#define FXOP1(T, insn, a, rm)                                                      \
	({                                                                         \
		T r_;                                                              \
		__asm__ volatile(insn " %0, %1" rm : "=f"(r_) : "r"(a));           \
		r_;                                                                \
	})
static inline void put_x(uint32_t r)
{
	printf(" %08lx", (unsigned long)r);
	put_flags();
}

/* Raw fcsr read and write, for programs that check what the C library does not show. */
static inline uint32_t read_fcsr(void)
{
	uint32_t v;
	__asm__ volatile("frcsr %0" : "=r"(v));
	return v;
}
static inline void write_fcsr(uint32_t v)
{
	__asm__ volatile("fscsr %0" : : "r"(v));
}

/* A running checksum over printed-or-not values (FNV-1a over 32-bit words). */
static inline uint32_t mix32(uint32_t h, uint32_t v)
{
	for (int i = 0; i < 4; i++) {
		h ^= (v >> (8 * i)) & 0xff;
		h *= 16777619u;
	}
	return h;
}

#endif
