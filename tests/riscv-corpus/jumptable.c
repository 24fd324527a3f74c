/* Indirect control flow: dense switches compiled to jump tables (jalr through a table), function
 * pointer tables, computed goto (&&label) and a table-driven state machine lexing a string. */
#include "corpus.h"

static int op_add(int a, int b) { return a + b; }
static int op_sub(int a, int b) { return a - b; }
static int op_mul(int a, int b) { return a * b; }
static int op_xor(int a, int b) { return a ^ b; }
static int op_shl(int a, int b) { return (int)((unsigned)a << (b & 31)); }
static int (*const ops[])(int, int) = {op_add, op_sub, op_mul, op_xor, op_shl};

static int dense(int x)
{
	switch (x) {
	case 0: return 11;
	case 1: return 23;
	case 2: return 5;
	case 3: return 99;
	case 4: return -4;
	case 5: return 1000;
	case 6: return 7;
	case 7: return 31;
	case 8: return 64;
	case 9: return -77;
	case 10: return 3;
	case 11: return 12;
	default: return 0;
	}
}

static int threaded(const unsigned char *prog)
{
	static void *const labels[] = {&&l_inc, &&l_dbl, &&l_neg, &&l_end};
	int acc = 1;
	goto *labels[*prog++];
l_inc:
	acc++;
	goto *labels[*prog++];
l_dbl:
	acc *= 2;
	goto *labels[*prog++];
l_neg:
	acc = -acc;
	goto *labels[*prog++];
l_end:
	return acc;
}

/* states: 0 start, 1 in number, 2 in word, 3 in space; classes: 0 digit, 1 letter, 2 other */
static const unsigned char next_state[4][3] = {{1, 2, 3}, {1, 2, 3}, {2, 2, 3}, {1, 2, 3}};

int main(void)
{
	int acc = 0;
	for (int i = 0; i < 10000; i++)
		acc = acc * 3 + dense(i % 14) + ops[i % 5](i, acc & 0xff);
	printf("switch/fnptr acc %d\n", acc);
	static const unsigned char progs[][10] = {
		{0, 0, 1, 2, 1, 3}, {1, 1, 1, 1, 1, 1, 1, 1, 1, 3}, {2, 0, 2, 0, 1, 3}, {3}};
	for (int i = 0; i < 4; i++)
		printf("threaded %d: %d\n", i, threaded(progs[i]));
	const char *text = "abc 123 x9y 42 hello  7 end";
	int state = 0, tokens[4] = {0};
	for (const char *p = text; *p; p++) {
		int cls = (*p >= '0' && *p <= '9') ? 0 : (*p >= 'a' && *p <= 'z') ? 1 : 2;
		int ns = next_state[state][cls];
		if (ns != state)
			tokens[ns]++;
		state = ns;
	}
	printf("lexer: numbers %d words %d spaces %d\n", tokens[1], tokens[2], tokens[3]);
	return 0;
}
