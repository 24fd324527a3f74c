/* Exit paths: atexit handlers run in reverse order of registration, stdout is flushed, and the
 * status passed to exit() from deep inside the program is the process's exit status. */
#include "corpus.h"
#include <stdlib.h>

static void first(void)
{
	printf("atexit: registered first, runs last\n");
}
static void second(void)
{
	printf("atexit: registered second, runs first\n");
}

static void leave(int depth)
{
	if (depth < 0)
		return;
	if (depth == 0) {
		printf("exiting with 42 from depth 0\n");
		exit(42);
	}
	leave(depth - 1);
	printf("not reached\n");
}

int main(void)
{
	atexit(first);
	atexit(second);
	printf("partial line without newline; ");
	leave(10);
	return 0;
}
