# Linux user program that never ends.
  .globl _start
_start:
  j _start
