# Exceptions and mret (Privileged ISA, "Machine Trap Handling", "Machine Cause Register",
# "Machine Trap Value Register", "Trap-Return Instructions", "Wait for Interrupt"): the cause,
# mtval and mepc of each exception this hart raises, what trap entry and mret do to mstatus, and
# that a faulting instruction has no effect.
#include "test.h"
RVTEST_BEGIN

  # ecall from M-mode: cause 11, mtval 0
  CLEAR_TRAP
  li s5, 0
e1:
  ecall
  EXPECT_TRAP 1, CAUSE_ECALL_M, s5, e1
  # ebreak: mtval is the breakpoint's address (as Spike)
  CLEAR_TRAP
  la s5, e2
e2:
  ebreak
  EXPECT_TRAP 2, CAUSE_BREAKPOINT, s5, e2
  # illegal instructions: mtval is the instruction word
  CLEAR_TRAP
  li s5, 0xffffffff
e3:
  .word 0xffffffff
  EXPECT_TRAP 3, CAUSE_ILLEGAL, s5, e3
  CLEAR_TRAP
  li s5, 0
e4:
  .word 0
  EXPECT_TRAP 4, CAUSE_ILLEGAL, s5, e4
  CLEAR_TRAP
  li s5, 0x00004501                         # c.li a0, 0 and c.nop: no C extension here
e5:
  .word 0x00004501
  EXPECT_TRAP 5, CAUSE_ILLEGAL, s5, e5
  CLEAR_TRAP
  li s5, 0x10200073                         # sret: no S-mode
e6:
  .word 0x10200073
  EXPECT_TRAP 6, CAUSE_ILLEGAL, s5, e6

  # jumps and taken branches to a target that is not 4-byte aligned trap on the jump itself,
  # with mtval = the target, and write no link register
  CLEAR_TRAP
  la a1, e7
  addi a1, a1, 10
  li ra, 0
  addi s5, a1, 0
  andi s5, s5, -2                           # jalr clears bit 0 ...
e7:
  jalr ra, 0(a1)                            # ... but bit 1 stays: misaligned
  EXPECT_TRAP 7, CAUSE_MISALIGNED_FETCH, s5, e7
  CHECK 8, ra, 0
  CLEAR_TRAP
  la s5, e9
  addi s5, s5, 6
e9:
  .word 0x00000363                          # beq x0, x0, .+6 (taken)
  EXPECT_TRAP 9, CAUSE_MISALIGNED_FETCH, s5, e9
  CLEAR_TRAP
  .word 0x00001363                          # bne x0, x0, .+6 (not taken: no trap)
  EXPECT_NO_TRAP 10
  CLEAR_TRAP
  li ra, 0
  la s5, e11
  addi s5, s5, 6
e11:
  .word 0x006000ef                          # jal ra, .+6
  EXPECT_TRAP 11, CAUSE_MISALIGNED_FETCH, s5, e11
  CHECK 12, ra, 0

  # access faults: nothing is mapped at 0x100
  CLEAR_TRAP
  li s5, 0x100
  li a0, 5
e13:
  lw a0, 0(s5)
  EXPECT_TRAP 13, CAUSE_LOAD_ACCESS, s5, e13
  CHECK 14, a0, 5                           # not written
  CLEAR_TRAP
e15:
  sw a0, 0(s5)
  EXPECT_TRAP 15, CAUSE_STORE_ACCESS, s5, e15
  CLEAR_TRAP
e16:
  amoswap.w a0, a0, (s5)
  EXPECT_TRAP 16, CAUSE_STORE_ACCESS, s5, e16
  # an instruction fetch from unmapped memory: mepc = mtval = the address
  CLEAR_TRAP
  la ra, 1f
  jr s5
1:
  EXPECT_TRAP 17, CAUSE_FETCH_ACCESS, s5, 0x100

  # trap entry: MPIE = MIE, MIE = 0, MPP = the old privilege; mret undoes it
  li a1, 0x8                                # MIE
  csrs mstatus, a1
  CLEAR_TRAP
  ecall
  csrr a0, mstatus
  andi a0, a0, 0x88
  CHECK 20, a0, 0x88                        # the handler's mret restored MIE and set MPIE
  li a1, 0x88
  csrc mstatus, a1
  li a1, 0x80                               # MPIE = 1, MIE = 0, MPP = M
  csrs mstatus, a1
  li a1, MSTATUS_MPP
  csrs mstatus, a1
  la a1, 2f
  csrw mepc, a1
  mret
2:
  csrr a0, mstatus
  li a1, 0x1888
  and a0, a0, a1
  CHECK 21, a0, 0x88                        # MIE = MPIE (1), MPIE = 1, MPP = U
  li a1, 0x8
  csrc mstatus, a1

  # U-mode: ecall is cause 8; mret and (with TW) wfi are illegal; wfi in M-mode is a no-op
  CLEAR_TRAP
  wfi
  EXPECT_NO_TRAP 30
  li a1, MSTATUS_MPP
  csrc mstatus, a1
  li a1, 1 << 21                            # TW
  csrs mstatus, a1
  la a1, 3f
  csrw mepc, a1
  mret
3:
  CLEAR_TRAP
  li s5, 0
  li a7, 0
e31:
  ecall
  EXPECT_TRAP 31, CAUSE_ECALL_U, s5, e31
  CLEAR_TRAP
  li s5, 0x30200073
e32:
  mret
  EXPECT_TRAP 32, CAUSE_ILLEGAL, s5, e32
  CLEAR_TRAP
  li s5, 0x10500073
e33:
  wfi
  EXPECT_TRAP 33, CAUSE_ILLEGAL, s5, e33
  li a7, -1
  ecall
  li a1, 1 << 21
  csrc mstatus, a1

  j pass
RVTEST_END
