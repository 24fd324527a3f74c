/* Integer benchmark (a): sorting. Repeatedly fills an array from a xorshift generator and sorts
 * it with an in-place quicksort (median of three, insertion sort for short ranges); prints a
 * checksum so the work cannot be optimised away and qemu/macrosim outputs can be compared.
 * argv[1] = rounds (default 40). */
#include "../corpus.h"
#include <stdlib.h>

#define N 200000
static int32_t a[N];

static void insertion(int32_t *v, int n)
{
	for (int i = 1; i < n; i++) {
		int32_t x = v[i];
		int j = i - 1;
		while (j >= 0 && v[j] > x) {
			v[j + 1] = v[j];
			j--;
		}
		v[j + 1] = x;
	}
}

static void quicksort(int32_t *v, int n)
{
	while (n > 16) {
		int32_t x = v[0], y = v[n / 2], z = v[n - 1];
		int32_t p = x < y ? (y < z ? y : (x < z ? z : x)) : (x < z ? x : (y < z ? z : y));
		int i = 0, j = n - 1;
		for (;;) {
			while (v[i] < p)
				i++;
			while (v[j] > p)
				j--;
			if (i >= j)
				break;
			int32_t t = v[i];
			v[i] = v[j];
			v[j] = t;
			i++;
			j--;
		}
		/* recurse into the smaller part, loop on the larger */
		if (j + 1 < n - j - 1) {
			quicksort(v, j + 1);
			v += j + 1;
			n -= j + 1;
		} else {
			quicksort(v + j + 1, n - j - 1);
			n = j + 1;
		}
	}
	insertion(v, n);
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 40;
	uint32_t h = 0;
	for (int r = 0; r < rounds; r++) {
		for (int i = 0; i < N; i++)
			a[i] = (int32_t)rng32();
		quicksort(a, N);
		for (int i = 1; i < N; i++)
			if (a[i - 1] > a[i]) {
				printf("not sorted at %d\n", i);
				return 1;
			}
		h = mix32(h, (uint32_t)a[N / 3]);
	}
	printf("sort: %d rounds of %d, checksum %08lx\n", rounds, N, (unsigned long)h);
	return 0;
}
