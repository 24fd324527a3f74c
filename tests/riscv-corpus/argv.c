/* The process arguments as Linux lays them out on the initial stack: argc, argv[] terminated by
 * NULL, then the environment (only counted as non-empty here: hosts differ). */
// corpus-args: alpha -b --gamma=3 42 last-arg
#include "corpus.h"

int main(int argc, char **argv, char **envp)
{
	printf("argc %d\n", argc);
	for (int i = 0; i < argc; i++)
		printf("argv[%d] = \"%s\" (%zu bytes)\n", i, argv[i], strlen(argv[i]));
	printf("argv[argc] is %s\n", argv[argc] ? "not NULL" : "NULL");
	printf("envp follows argv: %s\n", envp == argv + argc + 1 ? "yes" : "no");
	return argc;
}
