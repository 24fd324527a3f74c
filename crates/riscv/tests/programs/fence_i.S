# Zifencei and self-modifying code (Unprivileged ISA, "Zifencei"): after a store to an
# instruction and fence.i, the new instruction runs.
#include "test.h"
RVTEST_BEGIN

  li a0, 0
  call patched                              # addi a0, a0, 1
  CHECK 1, a0, 1
  la a1, patched
  li a2, 0x00550513                         # addi a0, a0, 5
  sw a2, 0(a1)
  fence.i
  call patched
  CHECK 2, a0, 6
  # patch an instruction inside a loop that has run before
  li s1, 0
  li s2, 3
loop:
  li a0, 0
insn:
  addi a0, a0, 1
  add s1, s1, a0
  addi s2, s2, -1
  la a1, insn
  li a2, 0x00a50513                         # addi a0, a0, 10
  sw a2, 0(a1)
  fence.i
  bnez s2, loop
  CHECK 3, s1, 21                           # 1 + 10 + 10
  j pass

patched:
  addi a0, a0, 1
  ret
RVTEST_END
