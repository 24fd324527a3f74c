/* Arbitrary precision with base-10^9 limbs: 300!, 2^2000 and Fibonacci(3000) in decimal, digit
 * sums. 64-bit products and divisions by 10^9 go through mulhu and libgcc's __udivdi3. */
#include "corpus.h"

#define LIMBS 700
struct big {
	uint32_t d[LIMBS]; /* little-endian base 1e9 */
	int n;
};

static void set(struct big *a, uint32_t v)
{
	memset(a, 0, sizeof *a);
	a->d[0] = v;
	a->n = 1;
}

static void mul_small(struct big *a, uint32_t m)
{
	uint64_t carry = 0;
	for (int i = 0; i < a->n; i++) {
		uint64_t t = (uint64_t)a->d[i] * m + carry;
		a->d[i] = (uint32_t)(t % 1000000000u);
		carry = t / 1000000000u;
	}
	while (carry) {
		a->d[a->n++] = (uint32_t)(carry % 1000000000u);
		carry /= 1000000000u;
	}
}

static void add(struct big *r, const struct big *a, const struct big *b)
{
	uint32_t carry = 0;
	int n = a->n > b->n ? a->n : b->n;
	for (int i = 0; i < n; i++) {
		uint32_t t = a->d[i] + b->d[i] + carry;
		carry = t >= 1000000000u;
		r->d[i] = carry ? t - 1000000000u : t;
	}
	r->n = n;
	if (carry)
		r->d[r->n++] = 1;
}

static void show(const char *name, const struct big *a)
{
	unsigned digits = 0, sum = 0;
	char buf[16];
	printf("%s = %lu", name, (unsigned long)a->d[a->n - 1]);
	for (int i = a->n - 2; i >= 0; i--)
		printf("%09lu", (unsigned long)a->d[i]);
	for (int i = 0; i < a->n; i++) {
		int len = snprintf(buf, sizeof buf, i == a->n - 1 ? "%lu" : "%09lu",
				   (unsigned long)a->d[i]);
		digits += (unsigned)len;
		for (int k = 0; k < len; k++)
			sum += (unsigned)(buf[k] - '0');
	}
	printf("\n  (%u digits, digit sum %u)\n", digits, sum);
}

static struct big a, b, c;

int main(void)
{
	set(&a, 1);
	for (uint32_t i = 2; i <= 300; i++)
		mul_small(&a, i);
	show("300!", &a);
	set(&a, 1);
	for (int i = 0; i < 2000; i++)
		mul_small(&a, 2);
	show("2^2000", &a);
	set(&a, 0);
	set(&b, 1);
	for (int i = 0; i < 3000; i++) {
		add(&c, &a, &b);
		a = b;
		b = c;
	}
	show("fib(3000)", &a);
	return 0;
}
