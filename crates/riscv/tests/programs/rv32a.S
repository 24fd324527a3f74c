# A extension (Unprivileged ISA, "A" chapter): LR/SC success and failure, every AMO's result and
# old value, signed versus unsigned min/max, and the alignment rule (misaligned AMOs trap with
# store/AMO address misaligned, a misaligned LR with load address misaligned).
#include "test.h"
RVTEST_BEGIN

  la s0, word
  # lr/sc on the reserved address succeeds (rd = 0) and stores
  li a1, 0x1234
  sw a1, 0(s0)
  lr.w a0, (s0)
  CHECK 1, a0, 0x1234
  li a2, 0x5678
  sc.w a3, a2, (s0)
  CHECK 2, a3, 0
  lw a0, 0(s0)
  CHECK 3, a0, 0x5678
  # a second sc without a new lr fails (rd = 1) and does not store
  li a2, 0x9999
  sc.w a3, a2, (s0)
  CHECK 4, a3, 1
  lw a0, 0(s0)
  CHECK 5, a0, 0x5678
  # sc to another address than the reserved one fails
  lr.w a0, (s0)
  addi s1, s0, 4
  sc.w a3, a2, (s1)
  CHECK 6, a3, 1
  lw a0, 4(s0)
  CHECK 7, a0, 0
  # a trap between lr and sc drops the reservation
  lr.w a0, (s0)
  ecall
  sc.w a3, a2, (s0)
  CHECK 8, a3, 1

/* amo<op>.w a0, a2, (s0) with memory = m, a2 = v: check a0 = m and memory = res. */
.macro TEST_AMO n, op, m, v, res
  li a1, \m
  sw a1, 0(s0)
  li a2, \v
  \op a0, a2, (s0)
  CHECK \n, a0, \m
  lw a1, 0(s0)
  CHECK \n, a1, \res
.endm

  TEST_AMO 10, amoswap.w, 0x11111111, 0x22222222, 0x22222222
  TEST_AMO 11, amoadd.w,  0xffffffff, 0x00000002, 0x00000001
  TEST_AMO 12, amoxor.w,  0xff00ff00, 0x0ff00ff0, 0xf0f0f0f0
  TEST_AMO 13, amoand.w,  0xff00ff00, 0x0ff00ff0, 0x0f000f00
  TEST_AMO 14, amoor.w,   0xff00ff00, 0x0ff00ff0, 0xfff0fff0
  TEST_AMO 15, amomin.w,  0xffffffff, 0x00000001, 0xffffffff   # -1 < 1
  TEST_AMO 16, amomax.w,  0xffffffff, 0x00000001, 0x00000001
  TEST_AMO 17, amominu.w, 0xffffffff, 0x00000001, 0x00000001   # 1 < 2^32-1
  TEST_AMO 18, amomaxu.w, 0xffffffff, 0x00000001, 0xffffffff
  TEST_AMO 19, amomin.w,  0x80000000, 0x7fffffff, 0x80000000
  TEST_AMO 20, amomaxu.w, 0x80000000, 0x7fffffff, 0x80000000
  # the ordering bits change nothing here
  TEST_AMO 21, amoadd.w.aqrl, 5, 6, 11

  # rd = x0 discards the old value but still updates memory
  li a1, 1
  sw a1, 0(s0)
  li a2, 41
  amoadd.w x0, a2, (s0)
  lw a1, 0(s0)
  CHECK 22, a1, 42

  # misaligned atomics trap and change nothing
  CLEAR_TRAP
  addi s1, s0, 2
  li a0, 77
bad_amo:
  amoadd.w a0, a2, (s1)
  EXPECT_TRAP 23, CAUSE_MISALIGNED_STORE, s1, bad_amo
  CHECK 24, a0, 77
  CLEAR_TRAP
bad_lr:
  lr.w a0, (s1)
  EXPECT_TRAP 25, CAUSE_MISALIGNED_LOAD, s1, bad_lr
  CLEAR_TRAP
bad_sc:
  sc.w a0, a2, (s1)
  EXPECT_TRAP 26, CAUSE_MISALIGNED_STORE, s1, bad_sc

  j pass
RVTEST_END

  .data
  .align 3
word: .word 0, 0
