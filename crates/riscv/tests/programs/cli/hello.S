# Linux user program: write "hello\n" to stdout, exit with status 3.
  .globl _start
_start:
  li a7, 64
  li a0, 1
  la a1, msg
  li a2, 6
  ecall
  li a7, 93
  li a0, 3
  ecall
  .data
msg: .ascii "hello\n"
