# RV32I loads and stores (Unprivileged ISA, "Load and Store Instructions"): sign and zero
# extension, every width, negative offsets, misaligned accesses (carried out, as macrosim
# documents; riscv-tests rv32ui/ma_data expects this), a load into x0 still reads memory.
#include "test.h"
RVTEST_BEGIN

  la s0, data
  li TESTNUM, 1
  lb a0, 0(s0)
  CHECK 1, a0, 0xffffff80
  lbu a0, 0(s0)
  CHECK 2, a0, 0x80
  lb a0, 1(s0)
  CHECK 3, a0, 0x7f
  lh a0, 2(s0)
  CHECK 4, a0, 0xffff8001
  lhu a0, 2(s0)
  CHECK 5, a0, 0x8001
  lw a0, 4(s0)
  CHECK 6, a0, 0xdeadbeef
  addi s1, s0, 8
  lw a0, -4(s1)
  CHECK 7, a0, 0xdeadbeef

  # stores write only their width
  la s1, buf
  li a0, 0x11223344
  sw a0, 0(s1)
  li a0, 0xaabbccdd
  sb a0, 1(s1)
  lw a1, 0(s1)
  CHECK 8, a1, 0x1122dd44
  sh a0, 2(s1)
  lw a1, 0(s1)
  CHECK 9, a1, 0xccdddd44
  sw zero, 4(s1)
  lw a1, 4(s1)
  CHECK 10, a1, 0

  # misaligned loads and stores, including one across a page boundary
  la s1, buf
  li a0, 0x04030201
  sw a0, 0(s1)
  li a0, 0x08070605
  sw a0, 4(s1)
  lw a1, 1(s1)
  CHECK 11, a1, 0x05040302
  lh a1, 3(s1)
  CHECK 12, a1, 0x0504
  lhu a1, 7(s1)
  CHECK 13, a1, 0x0008
  li a0, 0xa1b2c3d4
  sw a0, 3(s1)
  lw a1, 0(s1)
  CHECK 14, a1, 0xd4030201
  lw a1, 4(s1)
  CHECK 15, a1, 0x08a1b2c3
  la s2, page_end
  li a0, 0x55667788
  sw a0, -2(s2)
  lw a1, -2(s2)
  CHECK 16, a1, 0x55667788
  lhu a1, 0(s2)
  CHECK 17, a1, 0x5566

  # a load into x0 accesses memory (so it faults) but writes nothing
  CLEAR_TRAP
  lw x0, 0(s0)
  EXPECT_NO_TRAP 18
  CHECK 19, x0, 0
  CLEAR_TRAP
  li s5, 0x10
bad_load:
  lw x0, 0(s5)            # nothing is mapped at 0x10
  EXPECT_TRAP 20, CAUSE_LOAD_ACCESS, s5, bad_load

  # fences order memory; on one hart they change nothing
  fence
  fence r, w
  fence.tso
  lw a1, 4(s0)
  CHECK 21, a1, 0xdeadbeef

  j pass
RVTEST_END

  .data
data:
  .byte 0x80, 0x7f, 0x01, 0x80
  .word 0xdeadbeef
buf:
  .fill 16, 1, 0
  .balign 4096
  .fill 4096, 1, 0
page_end:
  .fill 8, 1, 0
