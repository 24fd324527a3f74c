/* Runs the generated random instruction sequences (scripts/oracle/riscv_randgen.py) and prints
 * the architectural state each one leaves: integer registers, FP registers (all 64 bits, so
 * NaN-boxing shows), fcsr, the data area the sequence loads from and stores to, and the flags
 * each FP instruction raised. */
#include <stdint.h>
#include <stdio.h>

/* Layout of each case's area, as the generator emits it. */
#define MEM_BYTES 256
#define LOG_BYTES 1024
struct area {
	uint32_t mem[MEM_BYTES / 4];
	uint32_t x[32];
	uint64_t f[32];
	uint32_t fcsr;
	uint32_t nlog;
	uint8_t log[LOG_BYTES]; /* fflags after each FP instruction, in order */
};

struct rand_case {
	void (*run)(void);
	struct area *area;
	uint32_t seed;
};

extern const struct rand_case rand_cases[];
extern const uint32_t rand_ncases;

int main(void)
{
	for (uint32_t c = 0; c < rand_ncases; c++) {
		const struct rand_case *rc = &rand_cases[c];
		rc->run();
		const struct area *a = rc->area;
		printf("seed %lu\n", (unsigned long)rc->seed);
		for (int i = 0; i < 32; i++)
			printf("x%-2d %08lx%s", i, (unsigned long)a->x[i], i % 8 == 7 ? "\n" : " ");
		for (int i = 0; i < 32; i++)
			printf("f%-2d %016llx%s", i, (unsigned long long)a->f[i],
			       i % 4 == 3 ? "\n" : " ");
		printf("fcsr %02lx\nmem", (unsigned long)a->fcsr);
		for (int i = 0; i < MEM_BYTES / 4; i++)
			printf(" %08lx%s", (unsigned long)a->mem[i], i % 8 == 7 ? "\n   " : "");
		printf("\nflags");
		for (uint32_t i = 0; i < a->nlog && i < LOG_BYTES; i++)
			printf("%s%02x", i % 32 ? "" : "\n    ", a->log[i]);
		printf("\n");
	}
	return 0;
}
