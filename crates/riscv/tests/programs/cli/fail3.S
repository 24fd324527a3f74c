# Bare-metal program reporting that its test 3 failed: tohost = (3 << 1) | 1.
  .section .text.init, "ax"
  .globl _start
_start:
  li a0, 7
  la a1, tohost
  sw a0, 0(a1)
1:
  j 1b
  .section .tohost, "aw", @progbits
  .globl tohost
tohost: .dword 0
