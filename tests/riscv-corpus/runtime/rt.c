/* The corpus runtime: the few Linux system calls picolibc needs, for programs that run under
 * qemu-riscv32 user mode and `macrosim riscv run` alike.
 *
 * picolibc ships no Linux system-call layer (its crt0 variants are bare-metal, semihosting or
 * "hosted" stubs), so this file supplies one, using the asm-generic numbers the RISC-V Linux ABI
 * uses (include/uapi/asm-generic/unistd.h): write 64, exit 93, brk 214. What it provides:
 *   __rt_start  called by crt0.S with &argc: sets up TLS (picolibc keeps errno in .tbss),
 *               runs constructors, calls main(argc, argv, envp), exits with its result;
 *   stdout/stderr/stdin  tinystdio FILEs; stdout is buffered and flushed at exit;
 *   _exit, write, sbrk (on brk), so exit(), printf and malloc work. */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>

#define SYS_write 64
#define SYS_exit 93
#define SYS_brk 214

static long rt_syscall(long nr, long a0, long a1, long a2)
{
	register long r_a0 __asm__("a0") = a0;
	register long r_a1 __asm__("a1") = a1;
	register long r_a2 __asm__("a2") = a2;
	register long r_a7 __asm__("a7") = nr;
	__asm__ volatile("ecall" : "+r"(r_a0) : "r"(r_a1), "r"(r_a2), "r"(r_a7) : "memory");
	return r_a0;
}

ssize_t write(int fd, const void *buf, size_t len)
{
	long r = rt_syscall(SYS_write, fd, (long)buf, (long)len);
	if (r < 0) {
		errno = (int)-r;
		return -1;
	}
	return r;
}

static void write_all(int fd, const char *buf, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, buf, len);
		if (n <= 0)
			return;
		buf += n;
		len -= (size_t)n;
	}
}

/* --- stdio: a buffered stdout and an unbuffered stderr --------------------------------- */

static char out_buf[4096];
static size_t out_len;

static int out_flush(FILE *f)
{
	(void)f;
	write_all(1, out_buf, out_len);
	out_len = 0;
	return 0;
}

static int out_put(char c, FILE *f)
{
	out_buf[out_len++] = c;
	if (out_len == sizeof out_buf)
		out_flush(f);
	return (unsigned char)c;
}

static int err_put(char c, FILE *f)
{
	(void)f;
	write_all(2, &c, 1);
	return (unsigned char)c;
}

static int in_get(FILE *f)
{
	(void)f;
	return EOF;
}

static FILE rt_stdout = FDEV_SETUP_STREAM(out_put, NULL, out_flush, _FDEV_SETUP_WRITE);
static FILE rt_stderr = FDEV_SETUP_STREAM(err_put, NULL, NULL, _FDEV_SETUP_WRITE);
static FILE rt_stdin = FDEV_SETUP_STREAM(NULL, in_get, NULL, _FDEV_SETUP_READ);
FILE *const stdout = &rt_stdout;
FILE *const stderr = &rt_stderr;
FILE *const stdin = &rt_stdin;

void _exit(int status)
{
	out_flush(stdout);
	for (;;)
		rt_syscall(SYS_exit, status, 0, 0);
}

/* --- heap: sbrk on the Linux brk system call (which returns the new break, or the old one on
 * failure) ------------------------------------------------------------------------------ */

void *sbrk(ptrdiff_t incr)
{
	static uintptr_t cur;
	if (cur == 0)
		cur = (uintptr_t)rt_syscall(SYS_brk, 0, 0, 0);
	uintptr_t old = cur;
	uintptr_t want = old + (uintptr_t)incr;
	uintptr_t got = (uintptr_t)rt_syscall(SYS_brk, (long)want, 0, 0);
	if (got != want) {
		errno = ENOMEM;
		return (void *)-1;
	}
	cur = got;
	return (void *)old;
}

/* --- start-up ------------------------------------------------------------------------- */

#define AT_NULL 0
#define AT_PHDR 3
#define AT_PHNUM 5
#define PT_TLS 7

struct phdr32 {
	uint32_t p_type, p_offset, p_vaddr, p_paddr, p_filesz, p_memsz, p_flags, p_align;
};

/* The static TLS block. RISC-V uses TLS variant I with no TCB before the block: the linker
 * resolves local-exec offsets relative to the start of the PT_TLS segment and tp points there
 * (RISC-V ELF psABI, "Thread Local Storage"). */
static char tls_block[512] __attribute__((aligned(64)));

static void setup_tls(const uint32_t *auxv)
{
	const struct phdr32 *ph = NULL;
	uint32_t phnum = 0;
	for (; auxv[0] != AT_NULL; auxv += 2) {
		if (auxv[0] == AT_PHDR)
			ph = (const struct phdr32 *)(uintptr_t)auxv[1];
		else if (auxv[0] == AT_PHNUM)
			phnum = auxv[1];
	}
	for (uint32_t i = 0; ph && i < phnum; i++) {
		if (ph[i].p_type != PT_TLS)
			continue;
		if (ph[i].p_memsz > sizeof tls_block || ph[i].p_align > 64) {
			static const char msg[] = "rt: TLS segment too large\n";
			write_all(2, msg, sizeof msg - 1);
			_exit(127);
		}
		memcpy(tls_block, (const void *)(uintptr_t)ph[i].p_vaddr, ph[i].p_filesz);
		memset(tls_block + ph[i].p_filesz, 0, ph[i].p_memsz - ph[i].p_filesz);
	}
	__asm__ volatile("mv tp, %0" : : "r"(tls_block));
}

extern int main(int argc, char **argv, char **envp);
extern void __libc_init_array(void);

void __rt_start(uint32_t *sp) __attribute__((noreturn));
void __rt_start(uint32_t *sp)
{
	int argc = (int)sp[0];
	char **argv = (char **)(sp + 1);
	char **envp = argv + argc + 1;
	char **p = envp;
	while (*p)
		p++;
	setup_tls((const uint32_t *)(p + 1));
	__libc_init_array();
	exit(main(argc, argv, envp));
}
