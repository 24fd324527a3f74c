# RV32I register-register and register-immediate operations, lui/auipc and x0 (Unprivileged ISA,
# "Integer Computational Instructions"). Expected values worked out from the manual's definitions.
#include "test.h"
RVTEST_BEGIN

  # add/sub wrap modulo 2^32
  TEST_RR 1, add, 0x00000003, 1, 2
  TEST_RR 2, add, 0x00000000, 0xffffffff, 1
  TEST_RR 3, add, 0x80000000, 0x7fffffff, 1
  TEST_RR 4, sub, 0xffffffff, 0, 1
  TEST_RR 5, sub, 0x7fffffff, 0x80000000, 1
  # logical
  TEST_RR 6, and, 0x0f000f00, 0xff00ff00, 0x0f0f0f0f
  TEST_RR 7, or,  0xff0fff0f, 0xff00ff00, 0x0f0f0f0f
  TEST_RR 8, xor, 0xf00ff00f, 0xff00ff00, 0x0f0f0f0f
  # set-less-than: signed and unsigned views of the same bits
  TEST_RR 9,  slt,  1, 0x80000000, 0
  TEST_RR 10, sltu, 0, 0x80000000, 0
  TEST_RR 11, slt,  0, 0, 0xffffffff
  TEST_RR 12, sltu, 1, 0, 0xffffffff
  TEST_RR 13, slt,  0, 5, 5
  # shifts use the low five bits of rs2
  TEST_RR 14, sll, 0x80000000, 1, 31
  TEST_RR 15, sll, 0x00000002, 1, 33
  TEST_RR 16, srl, 0x00000001, 0x80000000, 31
  TEST_RR 17, sra, 0xffffffff, 0x80000000, 31
  TEST_RR 18, sra, 0xc0000000, 0x80000000, 0xffffffe1
  TEST_RR 19, srl, 0x12345678, 0x12345678, 32
  # immediates are sign-extended 12-bit values
  TEST_RI 20, addi, 0xfffff800, 0, -2048
  TEST_RI 21, addi, 0x000007ff, 0, 2047
  TEST_RI 22, slti, 1, 0xfffffffe, -1
  TEST_RI 23, sltiu, 1, 5, -1          # -1 is 0xffffffff unsigned
  TEST_RI 24, sltiu, 0, 0xffffffff, -1
  TEST_RI 25, xori, 0xedcba987, 0x12345678, -1
  TEST_RI 26, ori,  0xfffff80f, 0x0000000f, -2048
  TEST_RI 27, andi, 0x00000678, 0x12345678, 0x7ff
  TEST_RI 28, slli, 0x80000000, 1, 31
  TEST_RI 29, srli, 0x00000001, 0x80000000, 31
  TEST_RI 30, srai, 0xffffffff, 0x80000000, 31
  TEST_RI 31, srai, 0x12345678, 0x12345678, 0

  # lui puts the immediate in bits 31..12
  li TESTNUM, 32
  lui a0, 0xfffff
  CHECK 32, a0, 0xfffff000
  lui a0, 0x80000
  srai a0, a0, 12
  CHECK 33, a0, 0xfff80000
  # auipc adds to its own address
1:
  auipc a0, 0
  la a1, 1b
  li TESTNUM, 34
  bne a0, a1, fail
2:
  auipc a0, 0x1
  la a1, 2b
  sub a0, a0, a1
  CHECK 35, a0, 0x1000

  # x0 stays zero whatever is written to it
  li a1, 123
  add x0, a1, a1
  addi x0, x0, 5
  lui x0, 0x12345
  CHECK 36, x0, 0
  mv a0, x0
  CHECK 37, a0, 0
  # the same register as source and destination
  li a0, 7
  add a0, a0, a0
  CHECK 38, a0, 14

  j pass
RVTEST_END
