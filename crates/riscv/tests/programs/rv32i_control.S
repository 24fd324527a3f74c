# RV32I branches and jumps (Unprivileged ISA, "Control Transfer Instructions"): every branch taken
# and not taken, signed versus unsigned comparison, jal/jalr link values, jalr clearing bit 0.
#include "test.h"
RVTEST_BEGIN

/* Fail test n unless `br a, b` goes the expected way (taken = 1). */
.macro TEST_BR n, br, a, b, taken
  li TESTNUM, \n
  li a1, \a
  li a2, \b
  li a0, 0
  \br a1, a2, 1f
  li a0, 2          # not taken
  j 2f
1:
  li a0, 1          # taken
2:
  li t6, 2 - \taken
  bne a0, t6, fail
.endm

  TEST_BR 1, beq, 5, 5, 1
  TEST_BR 2, beq, 5, 6, 0
  TEST_BR 3, bne, 5, 6, 1
  TEST_BR 4, bne, 5, 5, 0
  TEST_BR 5, blt, 0xffffffff, 0, 1      # -1 < 0 signed
  TEST_BR 6, blt, 0, 0xffffffff, 0
  TEST_BR 7, blt, 3, 3, 0
  TEST_BR 8, bge, 3, 3, 1
  TEST_BR 9, bge, 0x80000000, 0x7fffffff, 0
  TEST_BR 10, bge, 0x7fffffff, 0x80000000, 1
  TEST_BR 11, bltu, 0, 0xffffffff, 1    # 0 < 2^32-1 unsigned
  TEST_BR 12, bltu, 0xffffffff, 0, 0
  TEST_BR 13, bltu, 7, 7, 0
  TEST_BR 14, bgeu, 0xffffffff, 0, 1
  TEST_BR 15, bgeu, 0, 1, 0
  TEST_BR 16, bgeu, 9, 9, 1

  # backward branch loop: count to 10
  li TESTNUM, 17
  li a0, 0
  li a1, 10
3:
  addi a0, a0, 1
  blt a0, a1, 3b
  CHECK 17, a0, 10

  # jal writes pc + 4
  li TESTNUM, 18
4:
  jal ra, 5f
  j fail
5:
  la a1, 4b
  addi a1, a1, 4
  bne ra, a1, fail

  # jal x0 is a plain jump
  li TESTNUM, 19
  jal x0, 6f
  j fail
6:
  # jalr: target = (rs1 + imm) & ~1, link = pc + 4, computed from the old rs1 even when rd = rs1
  li TESTNUM, 20
  la a1, 7f
  addi a1, a1, -3
  jalr a2, 4(a1)          # (7f - 3 + 4) & ~1 = 7f
  j fail
8:
  j fail
  .align 3
7:
  la a3, 8b
  addi a3, a3, -4         # the jalr's address + 4 (8b is two instructions after the jalr)
  bne a2, a3, fail
  li TESTNUM, 21
  la a1, 9f
  jalr a1, 0(a1)          # rd == rs1
10:
  j fail
9:
  la a3, 10b
  bne a1, a3, fail

  # a call through jalr and a return
  li TESTNUM, 22
  li a0, 40
  call twice
  CHECK 22, a0, 80

  j pass

twice:
  add a0, a0, a0
  ret
RVTEST_END
