/* String and memory functions of the C library: lengths, comparisons, copies (including
 * overlapping memmove), searches, tokenising, number parsing and formatting. */
#include "corpus.h"
#include <stdlib.h>
#include <ctype.h>

static void show(const char *what, const char *s)
{
	printf("%-10s [%s] len %zu\n", what, s, strlen(s));
}

static int sgn(int x)
{
	return (x > 0) - (x < 0);
}

int main(void)
{
	char buf[128], tok[128];
	strcpy(buf, "The quick brown fox jumps over the lazy dog");
	show("strcpy", buf);
	printf("strchr %td strrchr %td strstr %td strspn %zu strcspn %zu\n", strchr(buf, 'o') - buf,
	       strrchr(buf, 'o') - buf, strstr(buf, "lazy") - buf, strspn(buf, "Teh "),
	       strcspn(buf, "xyz"));
	printf("strcmp %d %d %d strncmp %d memcmp %d\n", sgn(strcmp("abc", "abd")),
	       sgn(strcmp("abc", "abc")), sgn(strcmp("b", "abc")), sgn(strncmp("abcX", "abcY", 3)),
	       sgn(memcmp("\x80", "\x7f", 1)));
	memmove(buf + 4, buf, 20);
	show("memmove+", buf);
	memmove(buf, buf + 10, 30);
	show("memmove-", buf);
	memset(buf + 5, '*', 7);
	show("memset", buf);
	strncpy(tok, "short", 10);
	show("strncpy", tok);
	strcat(tok, "+cat");
	strncat(tok, "enated-but-cut", 8);
	show("strcat", tok);
	for (char *p = tok; *p; p++)
		*p = (char)toupper((unsigned char)*p);
	show("toupper", tok);

	strcpy(buf, "alpha, beta;gamma  delta,,epsilon");
	int n = 0;
	for (char *t = strtok(buf, ",; "); t; t = strtok(NULL, ",; "))
		printf("token %d: %s\n", n++, t);

	const char *nums[] = {"0", "-0", "123", "-2147483648", "2147483647", "2147483648", "0x7f",
			      "0777", "  -42abc", "ff", "-1"};
	for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++) {
		char *end;
		long l = strtol(nums[i], &end, 0);
		unsigned long ul = strtoul(nums[i], NULL, 16);
		long long ll = strtoll(nums[i], NULL, 10);
		printf("parse %-14s strtol %ld (rest '%s') strtoul16 %lu strtoll %lld atoi %d\n",
		       nums[i], l, end, ul, ll, atoi(nums[i]));
	}
	snprintf(buf, sizeof buf, "%5d|%-5d|%05d|%x|%X|%o|%c|%s|%10.3s|%+d|% d|%%", 42, 42, 42, 255,
		 255, 8, 'z', "str", "truncate", 5, 5);
	show("snprintf", buf);
	int w = snprintf(buf, 8, "%s", "0123456789abcdef");
	printf("snprintf truncated to [%s], would write %d\n", buf, w);
	printf("%lld %llu %lx %hhd %hd\n", -9223372036854775807LL - 1, 18446744073709551615ULL,
	       0xdeadbeefUL, (signed char)200, (short)70000);
	return 0;
}
