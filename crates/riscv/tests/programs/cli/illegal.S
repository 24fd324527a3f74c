# Linux user program that runs an illegal instruction (nobody handles it).
  .globl _start
_start:
  nop
  .word 0xffffffff
