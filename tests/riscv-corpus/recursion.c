/* Recursion: deep call chains with many live values (spills, ra/s-register saves): Fibonacci,
 * Ackermann, Towers of Hanoi, mutual recursion, N-queens, and a recursive-descent expression
 * evaluator. */
#include "corpus.h"

static int fib(int n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static unsigned ack(unsigned m, unsigned n)
{
	if (m == 0)
		return n + 1;
	if (n == 0)
		return ack(m - 1, 1);
	return ack(m - 1, ack(m, n - 1));
}

static unsigned long long hanoi(int n, int from, int to, int via, unsigned *sig)
{
	if (n == 0)
		return 0;
	unsigned long long moves = hanoi(n - 1, from, via, to, sig);
	*sig = *sig * 31 + (unsigned)(from * 3 + to);
	return moves + 1 + hanoi(n - 1, via, to, from, sig);
}

static int is_odd(unsigned n);
static int is_even(unsigned n)
{
	return n == 0 ? 1 : is_odd(n - 1);
}
static int is_odd(unsigned n)
{
	return n == 0 ? 0 : is_even(n - 1);
}

static int queens(int n, int row, unsigned cols, unsigned d1, unsigned d2)
{
	if (row == n)
		return 1;
	int count = 0;
	for (int c = 0; c < n; c++) {
		unsigned a = 1u << c, b = 1u << (row + c), d = 1u << (row - c + n);
		if ((cols & a) || (d1 & b) || (d2 & d))
			continue;
		count += queens(n, row + 1, cols | a, d1 | b, d2 | d);
	}
	return count;
}

/* expr := term (('+'|'-') term)*; term := factor (('*'|'/'|'%') factor)*;
 * factor := number | '(' expr ')' | '-' factor */
static const char *src;
static long expr(void);
static long factor(void)
{
	if (*src == '(') {
		src++;
		long v = expr();
		src++;
		return v;
	}
	if (*src == '-') {
		src++;
		return -factor();
	}
	long v = 0;
	while (*src >= '0' && *src <= '9')
		v = v * 10 + (*src++ - '0');
	return v;
}
static long term(void)
{
	long v = factor();
	for (;;) {
		char op = *src;
		if (op != '*' && op != '/' && op != '%')
			return v;
		src++;
		long r = factor();
		v = op == '*' ? v * r : op == '/' ? v / r : v % r;
	}
}
static long expr(void)
{
	long v = term();
	while (*src == '+' || *src == '-') {
		char op = *src++;
		long r = term();
		v = op == '+' ? v + r : v - r;
	}
	return v;
}

int main(void)
{
	for (int n = 0; n <= 27; n += 3)
		printf("fib(%d) = %d\n", n, fib(n));
	for (unsigned n = 0; n <= 6; n++)
		printf("ack(2,%u) = %u ack(3,%u) = %u\n", n, ack(2, n), n, ack(3, n));
	unsigned sig = 0;
	unsigned long long moves = hanoi(18, 0, 2, 1, &sig);
	printf("hanoi(18) moves %llu signature %08x\n", moves, sig);
	printf("even(10001) %d odd(7777) %d\n", is_even(10001), is_odd(7777));
	for (int n = 1; n <= 9; n++)
		printf("queens(%d) = %d\n", n, queens(n, 0, 0, 0, 0));
	const char *exprs[] = {"1+2*3", "(1+2)*3", "-7/2", "-7%3", "2*(3+4*(5-6))-(-8)",
			       "100/7/2*3%5", "((((((((1))))))))+--3"};
	for (size_t i = 0; i < sizeof exprs / sizeof exprs[0]; i++) {
		src = exprs[i];
		printf("%s = %ld\n", exprs[i], expr());
	}
	return 0;
}
