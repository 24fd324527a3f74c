/* A small bytecode interpreter (a stack machine with a dispatch switch, locals and calls)
 * running three programs: a prime count, an iterative Fibonacci mod 2^32 and a recursive gcd
 * sum. argv[1] repeats each program (default 1): the integer benchmark (scripts/bench-riscv.sh)
 * runs this program with a large count. */
#include "corpus.h"
#include <stdlib.h>

enum op { PUSH, LOAD, STORE, ADD, SUB, MUL, MOD, LT, JMP, JZ, CALL, RET, DUP, DROP, HALT };

struct vm {
	int32_t stack[256], locals[64][8];
	int sp, fp;
	int ret[64];
};

static int32_t run(const int32_t *code, struct vm *m)
{
	int pc = 0;
	m->sp = 0;
	m->fp = 0;
	for (;;) {
		int32_t op = code[pc++];
		switch (op) {
		case PUSH:
			m->stack[m->sp++] = code[pc++];
			break;
		case LOAD:
			m->stack[m->sp++] = m->locals[m->fp][code[pc++]];
			break;
		case STORE:
			m->locals[m->fp][code[pc++]] = m->stack[--m->sp];
			break;
		case ADD:
			m->sp--;
			m->stack[m->sp - 1] = (int32_t)((uint32_t)m->stack[m->sp - 1] +
							(uint32_t)m->stack[m->sp]);
			break;
		case SUB:
			m->sp--;
			m->stack[m->sp - 1] -= m->stack[m->sp];
			break;
		case MUL:
			m->sp--;
			m->stack[m->sp - 1] = (int32_t)((uint32_t)m->stack[m->sp - 1] *
							(uint32_t)m->stack[m->sp]);
			break;
		case MOD:
			m->sp--;
			m->stack[m->sp - 1] %= m->stack[m->sp];
			break;
		case LT:
			m->sp--;
			m->stack[m->sp - 1] = m->stack[m->sp - 1] < m->stack[m->sp];
			break;
		case JMP:
			pc = code[pc];
			break;
		case JZ:
			pc = m->stack[--m->sp] ? pc + 1 : code[pc];
			break;
		case CALL: /* CALL target nargs: arguments move into the callee's locals */
		{
			int nargs = code[pc + 1];
			m->ret[m->fp] = pc + 2;
			m->fp++;
			for (int i = nargs - 1; i >= 0; i--)
				m->locals[m->fp][i] = m->stack[--m->sp];
			pc = code[pc];
			break;
		}
		case RET:
			m->fp--;
			pc = m->ret[m->fp];
			break;
		case DUP:
			m->stack[m->sp] = m->stack[m->sp - 1];
			m->sp++;
			break;
		case DROP:
			m->sp--;
			break;
		case HALT:
			return m->stack[m->sp - 1];
		default:
			printf("bad opcode %ld\n", (long)op);
			exit(3);
		}
	}
}

static int32_t run_n(const int32_t *code, struct vm *m, int reps)
{
	int32_t r = 0;
	for (int i = 0; i < reps; i++)
		r = run(code, m);
	return r;
}

int main(int argc, char **argv)
{
	int reps = argc > 1 ? atoi(argv[1]) : 1;
	static struct vm m;
	/* Programs are emitted word by word; forward jump targets are patched once known. */
	int32_t code[256];
	int n = 0;
#define E(...)                                                                      \
	do {                                                                        \
		int32_t t_[] = {__VA_ARGS__};                                       \
		for (size_t i_ = 0; i_ < sizeof t_ / sizeof t_[0]; i_++)            \
			code[n++] = t_[i_];                                         \
	} while (0)
	/* prime count: locals 0 limit, 1 count, 2 n, 3 d */
	E(PUSH, 30000, STORE, 0, PUSH, 0, STORE, 1, PUSH, 2, STORE, 2);
	int loop_n = n;
	E(LOAD, 2, LOAD, 0, LT, JZ, 0);
	int patch_end = n - 1;
	E(PUSH, 2, STORE, 3);
	int loop_d = n;
	E(LOAD, 3, LOAD, 3, MUL, LOAD, 2, PUSH, 1, ADD, LT, JZ, 0);
	int patch_prime = n - 1;
	E(LOAD, 2, LOAD, 3, MOD, JZ, 0);
	int patch_next = n - 1;
	E(LOAD, 3, PUSH, 1, ADD, STORE, 3, JMP, loop_d);
	code[patch_prime] = n;
	E(LOAD, 1, PUSH, 1, ADD, STORE, 1);
	code[patch_next] = n;
	E(LOAD, 2, PUSH, 1, ADD, STORE, 2, JMP, loop_n);
	code[patch_end] = n;
	E(LOAD, 1, HALT);
	printf("primes below 30000: %ld (%d words of bytecode)\n", (long)run_n(code, &m, reps), n);

	/* iterative Fibonacci mod 2^32: locals 0 i, 1 a, 2 b */
	n = 0;
	E(PUSH, 0, STORE, 0, PUSH, 0, STORE, 1, PUSH, 1, STORE, 2);
	int loop = n;
	E(LOAD, 0, PUSH, 100000, LT, JZ, 0);
	int patch = n - 1;
	E(LOAD, 1, LOAD, 2, ADD, LOAD, 2, STORE, 1, STORE, 2, LOAD, 0, PUSH, 1, ADD, STORE, 0, JMP,
	  loop);
	code[patch] = n;
	E(LOAD, 1, HALT);
	printf("fib(100000) mod 2^32: %lu\n", (unsigned long)(uint32_t)run_n(code, &m, reps));

	/* gcd(a, b) as a recursive bytecode function, summed over a grid:
	 * main: locals 0 i, 1 j, 2 sum; gcd: locals 0 a, 1 b */
	n = 0;
	E(JMP, 0);
	int patch_main = n - 1;
	int gcd = n;
	E(LOAD, 1, JZ, 0);
	int patch_base = n - 1;
	E(LOAD, 1, LOAD, 0, LOAD, 1, MOD, CALL, gcd, 2, RET);
	code[patch_base] = n;
	E(LOAD, 0, RET);
	code[patch_main] = n;
	E(PUSH, 0, STORE, 2, PUSH, 1, STORE, 0);
	int li = n;
	E(LOAD, 0, PUSH, 120, LT, JZ, 0);
	int patch_i = n - 1;
	E(PUSH, 1, STORE, 1);
	int lj = n;
	E(LOAD, 1, PUSH, 120, LT, JZ, 0);
	int patch_j = n - 1;
	E(LOAD, 2, LOAD, 0, LOAD, 1, CALL, gcd, 2, ADD, STORE, 2, LOAD, 1, PUSH, 1, ADD, STORE, 1,
	  JMP, lj);
	code[patch_j] = n;
	E(LOAD, 0, PUSH, 1, ADD, STORE, 0, JMP, li);
	code[patch_i] = n;
	E(LOAD, 2, DUP, DROP, HALT);
	printf("gcd sum: %ld\n", (long)run_n(code, &m, reps));
	return 0;
}
