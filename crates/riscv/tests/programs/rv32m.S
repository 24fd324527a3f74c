# M extension (Unprivileged ISA, "M" chapter): products' high halves for every signedness,
# and the defined results of division by zero and of signed overflow (table "Semantics for
# division by zero and division overflow").
#include "test.h"
RVTEST_BEGIN

  TEST_RR 1, mul, 0x00000006, 2, 3
  TEST_RR 2, mul, 0x00000001, 0xffffffff, 0xffffffff      # (-1)(-1), low half
  TEST_RR 3, mul, 0x80000000, 0x40000000, 2
  # high halves: -1 * -1 = 1 (signed); (2^32-1)^2 = 0xfffffffe_00000001 (unsigned);
  # -1 * (2^32-1) = -(2^32-1) = 0xffffffff_00000001 (signed x unsigned)
  TEST_RR 4, mulh,   0x00000000, 0xffffffff, 0xffffffff
  TEST_RR 5, mulhu,  0xfffffffe, 0xffffffff, 0xffffffff
  TEST_RR 6, mulhsu, 0xffffffff, 0xffffffff, 0xffffffff
  TEST_RR 7, mulh,   0xc0000000, 0x80000000, 0x7fffffff     # -2^31 (2^31-1) = -2^62 + 2^31
  TEST_RR 8, mulhu,  0x3fffffff, 0x80000000, 0x7fffffff
  TEST_RR 9, mulhsu, 0xc0000000, 0x80000000, 0x7fffffff
  TEST_RR 10, mulhsu, 0x00000000, 0x00000001, 0xffffffff
  TEST_RR 11, mulh,   0x40000000, 0x80000000, 0x80000000    # 2^62

  # division rounds towards zero; the remainder takes the dividend's sign
  TEST_RR 12, div,  0xfffffffd, 0xfffffff9, 2      # -7 / 2 = -3
  TEST_RR 13, rem,  0xffffffff, 0xfffffff9, 2      # -7 % 2 = -1
  TEST_RR 14, div,  0xfffffffd, 7, 0xfffffffe      # 7 / -2 = -3
  TEST_RR 15, rem,  0x00000001, 7, 0xfffffffe
  TEST_RR 16, divu, 0x7ffffffc, 0xfffffff9, 2
  TEST_RR 17, remu, 0x00000001, 0xfffffff9, 2
  # by zero: quotient all ones, remainder the dividend
  TEST_RR 18, div,  0xffffffff, 5, 0
  TEST_RR 19, divu, 0xffffffff, 5, 0
  TEST_RR 20, rem,  0x00000005, 5, 0
  TEST_RR 21, remu, 0x00000005, 5, 0
  TEST_RR 22, div,  0xffffffff, 0x80000000, 0
  TEST_RR 23, rem,  0x80000000, 0x80000000, 0
  # overflow: -2^31 / -1 = -2^31, remainder 0
  TEST_RR 24, div,  0x80000000, 0x80000000, 0xffffffff
  TEST_RR 25, rem,  0x00000000, 0x80000000, 0xffffffff
  TEST_RR 26, divu, 0x00000000, 0x80000000, 0xffffffff
  TEST_RR 27, remu, 0x80000000, 0x80000000, 0xffffffff

  j pass
RVTEST_END
