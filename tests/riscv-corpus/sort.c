/* Sorting: qsort, insertion sort, merge sort and heap sort of the same pseudo-random data must
 * agree; signed comparisons, stable merge on (key, index) pairs. */
#include "corpus.h"
#include <stdlib.h>

#define N 3000

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

static void insertion(int *a, int n)
{
	for (int i = 1; i < n; i++) {
		int v = a[i], j = i - 1;
		while (j >= 0 && a[j] > v) {
			a[j + 1] = a[j];
			j--;
		}
		a[j + 1] = v;
	}
}

static void merge_sort(int *a, int *tmp, int n)
{
	if (n < 2)
		return;
	int m = n / 2;
	merge_sort(a, tmp, m);
	merge_sort(a + m, tmp, n - m);
	int i = 0, j = m, k = 0;
	while (i < m && j < n)
		tmp[k++] = a[j] < a[i] ? a[j++] : a[i++];
	while (i < m)
		tmp[k++] = a[i++];
	while (j < n)
		tmp[k++] = a[j++];
	memcpy(a, tmp, (size_t)n * sizeof *a);
}

static void sift(int *a, int start, int end)
{
	int root = start;
	while (2 * root + 1 <= end) {
		int child = 2 * root + 1, sw = root;
		if (a[sw] < a[child])
			sw = child;
		if (child + 1 <= end && a[sw] < a[child + 1])
			sw = child + 1;
		if (sw == root)
			return;
		int t = a[root];
		a[root] = a[sw];
		a[sw] = t;
		root = sw;
	}
}

static void heap_sort(int *a, int n)
{
	for (int s = (n - 2) / 2; s >= 0; s--)
		sift(a, s, n - 1);
	for (int end = n - 1; end > 0; end--) {
		int t = a[end];
		a[end] = a[0];
		a[0] = t;
		sift(a, 0, end - 1);
	}
}

static int a0[N], a1[N], a2[N], a3[N], a4[N], tmp[N];

int main(void)
{
	for (int i = 0; i < N; i++)
		a0[i] = (int)rng32() >> (i % 20);
	memcpy(a1, a0, sizeof a0);
	memcpy(a2, a0, sizeof a0);
	memcpy(a3, a0, sizeof a0);
	memcpy(a4, a0, sizeof a0);
	qsort(a1, N, sizeof(int), cmp_int);
	insertion(a2, N);
	merge_sort(a3, tmp, N);
	heap_sort(a4, N);
	int bad = 0;
	uint32_t h = 0;
	for (int i = 0; i < N; i++) {
		bad += a1[i] != a2[i] || a1[i] != a3[i] || a1[i] != a4[i];
		bad += i > 0 && a1[i - 1] > a1[i];
		h = mix32(h, (uint32_t)a1[i]);
	}
	printf("min %d max %d median %d mismatches %d checksum %08x\n", a1[0], a1[N - 1], a1[N / 2],
	       bad, h);
	for (int i = 0; i < N; i += 300)
		printf("a[%d]=%d\n", i, a1[i]);
	return bad != 0;
}
