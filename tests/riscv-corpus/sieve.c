/* Sieve of Eratosthenes over a bit array (2 million numbers): prime counts at powers of ten
 * (known values: 4, 25, 168, 1229, 9592, 78498, 148933 below 2e6), twin primes, the largest gap. */
#include "corpus.h"

#define LIMIT 2000000u
static uint32_t composite[LIMIT / 32 + 1];

static int is_comp(uint32_t n)
{
	return (composite[n >> 5] >> (n & 31)) & 1;
}

int main(void)
{
	composite[0] |= 3; /* 0 and 1 */
	for (uint32_t p = 2; p * p < LIMIT; p++)
		if (!is_comp(p))
			for (uint32_t m = p * p; m < LIMIT; m += p)
				composite[m >> 5] |= 1u << (m & 31);
	uint32_t count = 0, twins = 0, last = 2, gap = 0, gap_at = 0, next_power = 10;
	for (uint32_t n = 2; n < LIMIT; n++) {
		if (n == next_power) {
			printf("pi(%lu) = %lu\n", (unsigned long)n, (unsigned long)count);
			next_power *= 10;
		}
		if (is_comp(n))
			continue;
		count++;
		if (n - last == 2)
			twins++;
		if (n - last > gap) {
			gap = n - last;
			gap_at = last;
		}
		last = n;
	}
	printf("pi(%lu) = %lu twins %lu largest gap %lu after %lu last prime %lu\n",
	       (unsigned long)LIMIT, (unsigned long)count, (unsigned long)twins, (unsigned long)gap,
	       (unsigned long)gap_at, (unsigned long)last);
	return 0;
}
