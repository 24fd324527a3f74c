/* The program the debugger (scripts/oracle/riscv-gdb.sh) and timeline tests run: a known call
 * tree and a global that changes a known number of times.
 *
 *   main -> sum_squares(5) -> square(1..5), counter incremented after each square
 *
 * It prints "total 55 counter 5" and exits with status 0. Built at -O0 with -g by
 * scripts/riscv/build-debug-programs.sh so that every call stays a call and every variable has a
 * home. */
// corpus-opt: O0
#include <stdio.h>

volatile int counter;

static int square(int x)
{
	return x * x;
}

int sum_squares(int n)
{
	int s = 0;
	for (int i = 1; i <= n; i++) {
		s += square(i);
		counter++;
	}
	return s;
}

int main(void)
{
	int total = sum_squares(5);
	printf("total %d counter %d\n", total, counter);
	return total == 55 ? 0 : 1;
}
