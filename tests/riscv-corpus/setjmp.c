/* setjmp/longjmp: non-local exits through several frames, the value passed (0 becomes 1),
 * callee-saved integer and FP registers restored, volatile locals kept. */
// corpus-opt: O0
#include "corpus.h"
#include <setjmp.h>

static jmp_buf env, env2;
static int depth_reached;

static void dive(int depth, int limit)
{
	volatile double f = depth * 1.25;
	depth_reached = depth;
	if (depth > limit)
		return;
	if (depth == limit)
		longjmp(env, depth * 10 + (int)f);
	dive(depth + 1, limit);
	printf("not reached %f\n", f);
}

static double keep_fp(double x)
{
	/* Values live across setjmp in callee-saved FP registers. */
	volatile double a = x * 3.0;
	double b = x + 0.5; /* unchanged after setjmp: may live in a callee-saved register */
	if (setjmp(env2) == 0) {
		a += 1.0;
		longjmp(env2, 0);
	}
	return a * b;
}

int main(void)
{
	for (volatile int limit = 0; limit < 5; limit++) {
		volatile int counter = 100;
		int v = setjmp(env);
		if (v == 0) {
			counter++;
			dive(0, limit);
		} else {
			printf("limit %d: longjmp value %d depth %d counter %d\n", limit, v,
			       depth_reached, counter);
		}
	}
	jmp_buf e;
	volatile int rounds = 0;
	int r = setjmp(e);
	rounds++;
	if (r < 3)
		longjmp(e, r + 1);
	printf("rounds %d last %d\n", rounds, r);
	if (setjmp(env) == 0)
		longjmp(env, 0);
	printf("longjmp(0) delivered as 1: ok\n");
	printf("keep_fp %a\n", keep_fp(2.0));
	return 0;
}
