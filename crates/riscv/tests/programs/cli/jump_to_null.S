# Linux user program that jumps to unmapped memory.
  .globl _start
_start:
  li a0, 0x4000
  jr a0
