# Bare-metal program (it has tohost) that traps with mtvec still 0: no handler.
  .section .text.init, "ax"
  .globl _start
_start:
  nop
  .word 0xffffffff
  .section .tohost, "aw", @progbits
  .globl tohost
tohost: .dword 0
