/* An open-addressing hash table with string keys: word frequencies of a generated text, then
 * deletions (tombstones) and lookups; output sorted, so it does not depend on the layout. */
#include "corpus.h"
#include <stdlib.h>

#define CAP 8192
struct entry {
	char key[12];
	int count;
	int state; /* 0 empty, 1 used, 2 deleted */
};
static struct entry table[CAP];

static uint32_t hash(const char *s)
{
	uint32_t h = 2166136261u;
	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static struct entry *find(const char *k, int insert)
{
	uint32_t i = hash(k) & (CAP - 1);
	struct entry *tomb = NULL;
	for (;;) {
		struct entry *e = &table[i];
		if (e->state == 0) {
			if (!insert)
				return NULL;
			e = tomb ? tomb : e;
			strcpy(e->key, k);
			e->count = 0;
			e->state = 1;
			return e;
		}
		if (e->state == 2 && !tomb)
			tomb = e;
		if (e->state == 1 && strcmp(e->key, k) == 0)
			return e;
		i = (i + 1) & (CAP - 1);
	}
}

static int by_count(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	if (x->count != y->count)
		return y->count - x->count;
	return strcmp(x->key, y->key);
}

int main(void)
{
	static const char syl[][4] = {"ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "qu"};
	char w[12];
	for (int i = 0; i < 60000; i++) {
		int len = 1 + (int)(rng32() % 3);
		w[0] = 0;
		for (int k = 0; k < len; k++)
			strcat(w, syl[rng32() % 10 % (k + 5) % 10]);
		find(w, 1)->count++;
	}
	int removed = 0;
	for (int i = 0; i < CAP; i++)
		if (table[i].state == 1 && table[i].count % 7 == 0) {
			table[i].state = 2;
			removed++;
		}
	int found = 0;
	for (int i = 0; i < 2000; i++) {
		snprintf(w, sizeof w, "%s%s", syl[i % 10], syl[(i / 10) % 10]);
		found += find(w, 0) != NULL;
	}
	static struct entry sorted[CAP];
	int n = 0;
	for (int i = 0; i < CAP; i++)
		if (table[i].state == 1)
			sorted[n++] = table[i];
	qsort(sorted, (size_t)n, sizeof sorted[0], by_count);
	printf("distinct %d removed %d found %d\n", n, removed, found);
	for (int i = 0; i < 15 && i < n; i++)
		printf("%-10s %d\n", sorted[i].key, sorted[i].count);
	uint32_t h = 0;
	for (int i = 0; i < n; i++)
		h = mix32(h, hash(sorted[i].key) + (uint32_t)sorted[i].count);
	printf("checksum %08lx\n", (unsigned long)h);
	return 0;
}
