/* Entry point of a Linux-style static RV32 program (the corpus runtime; see README.md here).
 *
 * The kernel (and qemu-user, and macrosim) enter `_start` with sp pointing at argc, followed by
 * argv[], NULL, envp[], NULL and the auxiliary vector (psABI "Process initialization"; Linux
 * fs/binfmt_elf.c create_elf_tables). Nothing else is set up: gp and tp are ours to set. */
	.section .text.init, "ax", @progbits
	.globl _start
	.type _start, @function
_start:
	/* gp must be set without relaxation: relaxed, `la gp` would itself become gp-relative. */
	.option push
	.option norelax
	la	gp, __global_pointer$
	.option pop
	mv	a0, sp			/* &argc: __rt_start reads argc, argv, envp, auxv from here */
	andi	sp, sp, -16		/* psABI: sp 16-byte aligned at calls */
	call	__rt_start		/* never returns: ends in exit(main(...)) */
1:	j	1b
	.size _start, . - _start
