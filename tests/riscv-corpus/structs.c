/* Aggregates: struct copies of many sizes (memcpy and inline), pass and return by value (the
 * ilp32d ABI passes small FP structs in FP registers), unions, bit-fields, packed layouts. */
// corpus-opt: O0
#include "corpus.h"

struct big {
	int id;
	char name[37];
	double d[5];
	short s[3];
};
struct fpair {
	float a;
	double b;
};
struct mixed {
	int i;
	float f;
};
struct bits {
	unsigned a : 3;
	signed b : 5;
	unsigned c : 12;
	unsigned d : 1;
	signed e : 11;
};
struct __attribute__((packed)) packed {
	char c;
	int i;
	short s;
	double d;
};
union pun {
	float f;
	uint32_t u;
	uint8_t b[4];
};

static struct big make_big(int id)
{
	struct big b;
	memset(&b, 0, sizeof b);
	b.id = id;
	snprintf(b.name, sizeof b.name, "object-%d", id);
	for (int i = 0; i < 5; i++)
		b.d[i] = id * 0.5 + i;
	for (int i = 0; i < 3; i++)
		b.s[i] = (short)(id * 1000 - i);
	return b;
}

static double sum_big(struct big b)
{
	double s = b.id;
	for (int i = 0; i < 5; i++)
		s += b.d[i];
	b.id = -1; /* a copy: the caller's must not change */
	return s + b.s[0] + b.s[2];
}

static struct fpair swap_fp(struct fpair p)
{
	struct fpair q = {(float)p.b, p.a};
	return q;
}

static struct mixed scale(struct mixed m, int k)
{
	m.i *= k;
	m.f *= (float)k;
	return m;
}

int main(void)
{
	struct big arr[4];
	for (int i = 0; i < 4; i++)
		arr[i] = make_big(i + 7);
	struct big copy = arr[2];
	arr[2].name[0] = 'X';
	printf("copy %d %s %.2f %d | orig %s sum %.3f id-after %d\n", copy.id, copy.name, copy.d[4],
	       copy.s[2], arr[2].name, sum_big(copy), copy.id);
	struct fpair p = {1.5f, -2.25};
	struct fpair q = swap_fp(p);
	printf("fpair %g %g\n", (double)q.a, q.b);
	struct mixed m = scale((struct mixed){3, 0.75f}, 5);
	printf("mixed %d %g\n", m.i, (double)m.f);
	struct bits bf = {0};
	for (int i = 0; i < 40; i++) {
		bf.a = (unsigned)i;
		bf.b = i - 20;
		bf.c += (unsigned)(i * 97);
		bf.d ^= 1;
		bf.e = i * -37;
		printf("%u,%d,%u,%u,%d ", bf.a, bf.b, bf.c, bf.d, bf.e);
	}
	printf("\nsizeof bits %zu packed %zu big %zu\n", sizeof(struct bits), sizeof(struct packed),
	       sizeof(struct big));
	struct packed pk[3];
	for (int i = 0; i < 3; i++) {
		pk[i].c = (char)('a' + i);
		pk[i].i = 0x01020304 * (i + 1);
		pk[i].s = (short)(-i);
		pk[i].d = i / 3.0;
	}
	for (int i = 0; i < 3; i++)
		printf("packed %c %08x %d %a\n", pk[i].c, pk[i].i, pk[i].s, pk[i].d);
	union pun u = {.f = -1.0f};
	printf("union %08x %02x %02x %02x %02x\n", u.u, u.b[0], u.b[1], u.b[2], u.b[3]);
	u.b[3] = 0x40;
	printf("union f %g\n", (double)u.f);
	return 0;
}
