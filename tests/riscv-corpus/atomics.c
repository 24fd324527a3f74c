/* The A extension as compilers use it: __atomic builtins and C11 <stdatomic.h> (amoadd, amoswap,
 * amoand/or/xor, LR/SC loops for compare-exchange), every amo*.w directly with aq/rl bits, and
 * the LR/SC reservation rules: an SC succeeds only right after an LR to the same address and
 * consumes the reservation (ISA manual, A extension, "Load-Reserved/Store-Conditional"). */
#include "corpus.h"
#include <stdatomic.h>
#include <stdbool.h>

#define AMO(insn, addr, v)                                                          \
	({                                                                          \
		uint32_t old_;                                                      \
		__asm__ volatile(insn " %0, %2, (%1)"                              \
				 : "=r"(old_)                                       \
				 : "r"(addr), "r"(v)                                \
				 : "memory");                                       \
		old_;                                                               \
	})

static uint32_t lr(volatile uint32_t *p)
{
	uint32_t v;
	__asm__ volatile("lr.w %0, (%1)" : "=r"(v) : "r"(p) : "memory");
	return v;
}

static uint32_t sc(volatile uint32_t *p, uint32_t v)
{
	uint32_t fail;
	__asm__ volatile("sc.w %0, %2, (%1)" : "=r"(fail) : "r"(p), "r"(v) : "memory");
	return fail;
}

static volatile uint32_t words[4];
static _Atomic int counter;
static _Atomic unsigned flags;
static atomic_flag lock = ATOMIC_FLAG_INIT;

int main(void)
{
	/* Direct AMOs: print the old value returned and the new memory value. */
	static const uint32_t operands[] = {5, 0xffffffff, 0x80000000, 0x7fffffff, 0x12345678};
	for (int k = 0; k < 5; k++) {
		uint32_t v = operands[k];
		printf("op %08lx", (unsigned long)v);
#define SHOW(insn)                                                                  \
	do {                                                                        \
		words[0] = 0x80000005u;                                            \
		uint32_t old = AMO(insn, &words[0], v);                             \
		printf(" %s %08lx>%08lx", insn, (unsigned long)old, (unsigned long)words[0]); \
	} while (0)
		SHOW("amoswap.w");
		SHOW("amoadd.w");
		SHOW("amoand.w.aq");
		SHOW("amoor.w.rl");
		SHOW("amoxor.w.aqrl");
		SHOW("amomin.w");
		SHOW("amomax.w");
		SHOW("amominu.w");
		SHOW("amomaxu.w");
#undef SHOW
		printf("\n");
	}
	/* rd = x0 form (the old value discarded) */
	words[1] = 10;
	__asm__ volatile("amoadd.w zero, %1, (%0)" : : "r"(&words[1]), "r"(7) : "memory");
	printf("amoadd to x0: %lu\n", (unsigned long)words[1]);

	/* LR/SC reservation rules. */
	words[2] = 100;
	words[3] = 200;
	uint32_t r1 = lr(&words[2]);
	uint32_t f1 = sc(&words[2], r1 + 1); /* succeeds */
	uint32_t f2 = sc(&words[2], 999);    /* reservation consumed: fails */
	lr(&words[2]);
	uint32_t f3 = sc(&words[3], 555); /* different address: fails */
	printf("lr/sc: first %lu (0=ok) second %s third %s words %lu %lu\n", (unsigned long)f1,
	       f2 ? "failed" : "SUCCEEDED", f3 ? "failed" : "SUCCEEDED", (unsigned long)words[2],
	       (unsigned long)words[3]);
	/* An increment loop with LR/SC, retried on failure. */
	for (int i = 0; i < 1000; i++) {
		uint32_t v;
		do
			v = lr(&words[3]);
		while (sc(&words[3], v + 3));
	}
	printf("lr/sc loop: %lu\n", (unsigned long)words[3]);

	/* Compiler builtins and C11 atomics. */
	int x = 0, expected = 5;
	for (int i = 0; i < 100; i++)
		__atomic_fetch_add(&x, i, __ATOMIC_SEQ_CST);
	int prev = __atomic_exchange_n(&x, 5, __ATOMIC_ACQ_REL);
	bool ok = __atomic_compare_exchange_n(&x, &expected, 77, false, __ATOMIC_SEQ_CST,
					      __ATOMIC_RELAXED);
	expected = 5;
	bool ok2 = __atomic_compare_exchange_n(&x, &expected, 88, true, __ATOMIC_SEQ_CST,
					       __ATOMIC_RELAXED);
	printf("builtins: sum %d cas %d ->%d cas-again %d expected-now %d nand %d\n", prev, ok, x,
	       ok2, expected, __atomic_nand_fetch(&x, 0xf0, __ATOMIC_RELAXED));
	for (int i = 0; i < 50; i++) {
		atomic_fetch_add_explicit(&counter, 3, memory_order_relaxed);
		atomic_fetch_sub(&counter, 1);
		atomic_fetch_or(&flags, 1u << (i % 32));
		atomic_fetch_xor(&flags, 0x5u << (i % 29));
		atomic_fetch_and(&flags, ~(1u << ((i * 7) % 32)));
	}
	int cur = atomic_load(&counter);
	while (!atomic_compare_exchange_weak(&counter, &cur, cur * 2))
		;
	atomic_thread_fence(memory_order_seq_cst);
	bool was = atomic_flag_test_and_set(&lock);
	bool was2 = atomic_flag_test_and_set(&lock);
	atomic_flag_clear(&lock);
	printf("c11: counter %d flags %08x flag %d %d lock-free %d\n", atomic_load(&counter),
	       atomic_load(&flags), was, was2, atomic_is_lock_free(&counter));
	return 0;
}
