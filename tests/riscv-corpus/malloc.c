/* The heap: malloc/free/realloc/calloc of many sizes growing the break through brk (several MB),
 * with every block filled and verified; freed memory reused. Nothing address-dependent is
 * printed. */
#include "corpus.h"
#include <stdlib.h>

#define SLOTS 512
static unsigned char *slot[SLOTS];
static size_t size[SLOTS];

static void fill(unsigned char *p, size_t n, unsigned seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)(seed * 31 + i * 7);
}

static int check(const unsigned char *p, size_t n, unsigned seed)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != (unsigned char)(seed * 31 + i * 7))
			return 0;
	return 1;
}

int main(void)
{
	size_t live = 0, peak = 0, allocs = 0, frees = 0, bad = 0;
	for (int round = 0; round < 6000; round++) {
		int k = (int)(rng32() % SLOTS);
		if (slot[k]) {
			bad += !check(slot[k], size[k], (unsigned)k);
			if (rng32() % 3 == 0) {
				size_t n = size[k] * 2 + 1;
				unsigned char *q = realloc(slot[k], n);
				if (!q) {
					printf("realloc failed\n");
					return 1;
				}
				bad += !check(q, size[k], (unsigned)k);
				live += n - size[k];
				slot[k] = q;
				size[k] = n;
				fill(q, n, (unsigned)k);
			} else {
				free(slot[k]);
				frees++;
				live -= size[k];
				slot[k] = NULL;
			}
		} else {
			size_t n = 1 + (rng32() % (round % 10 == 0 ? 65536 : 256));
			slot[k] = malloc(n);
			if (!slot[k]) {
				printf("malloc(%zu) failed\n", n);
				return 1;
			}
			size[k] = n;
			live += n;
			allocs++;
			fill(slot[k], n, (unsigned)k);
		}
		if (live > peak)
			peak = live;
	}
	unsigned *z = calloc(100000, sizeof *z);
	size_t nonzero = 0;
	for (int i = 0; i < 100000; i++)
		nonzero += z[i] != 0;
	free(z);
	/* One large block of 4 MiB, touched at every page. */
	unsigned char *big = malloc(4u << 20);
	unsigned sum = 0;
	for (size_t i = 0; i < (4u << 20); i += 4096) {
		big[i] = (unsigned char)(i >> 12);
		sum += big[i];
	}
	free(big);
	for (int k = 0; k < SLOTS; k++)
		if (slot[k]) {
			bad += !check(slot[k], size[k], (unsigned)k);
			free(slot[k]);
		}
	printf("allocs %zu frees %zu peak live %zu bad %zu calloc-nonzero %zu big-sum %u\n", allocs,
	       frees, peak, bad, nonzero, sum);
	return bad != 0;
}
