# Zicsr and the machine-mode CSRs (Unprivileged ISA, "Zicsr"; Privileged ISA, chapters 2-3):
# read/write/set/clear with registers and immediates, the rule that rs1 = x0 (or zimm = 0) means no
# write, read-only and absent CSRs trapping as illegal (mtval = the instruction), privilege checks
# from U-mode, mcounteren, counters, WARL fields, and the FP CSRs with mstatus.FS.
#include "test.h"
RVTEST_BEGIN

  # csrrw returns the old value and writes the new one
  li a1, 0x12345678
  csrw mscratch, a1
  li a2, 0xcafef00d
  csrrw a0, mscratch, a2
  CHECK 1, a0, 0x12345678
  csrr a0, mscratch
  CHECK 2, a0, 0xcafef00d
  # set and clear bits, register and immediate forms
  li a1, 0x0000ff00
  csrrs a0, mscratch, a1
  CHECK 3, a0, 0xcafef00d
  csrr a0, mscratch
  CHECK 4, a0, 0xcafeff0d
  csrrc a0, mscratch, a1
  csrr a0, mscratch
  CHECK 5, a0, 0xcafe000d
  csrrwi a0, mscratch, 0x1f
  CHECK 6, a0, 0xcafe000d
  csrrsi a0, mscratch, 0x0
  CHECK 7, a0, 0x1f
  csrrci a0, mscratch, 0x3
  csrr a0, mscratch
  CHECK 8, a0, 0x1c
  csrrsi a0, mscratch, 0x10
  csrr a0, mscratch
  CHECK 9, a0, 0x1c

  # read-only CSRs: reading (csrrs/csrrc with x0, csrrsi/csrrci with 0) is fine ...
  CLEAR_TRAP
  csrr a0, mhartid
  CHECK 10, a0, 0
  csrrc a0, mvendorid, x0
  csrrsi a0, marchid, 0
  csrrci a0, mimpid, 0
  csrr a0, misa
  CHECK 11, a0, 0x40101129                  # MXL = 32, I M A F D U
  EXPECT_NO_TRAP 12
  # ... writing traps, even with rd = x0, even when the value would not change
  CLEAR_TRAP
  li s5, 0xf1401073                         # csrw mhartid, x0 (csrrw x0, mhartid, x0)
ro1:
  csrw mhartid, x0
  EXPECT_TRAP 13, CAUSE_ILLEGAL, s5, ro1
  CLEAR_TRAP
  li a1, 1
  li s5, 0xc005a573                         # csrrs a0, cycle, a1
ro2:
  csrrs a0, cycle, a1
  EXPECT_TRAP 14, CAUSE_ILLEGAL, s5, ro2
  CLEAR_TRAP
  li s5, 0xf110e073                         # csrsi mvendorid, 1
ro3:
  csrsi mvendorid, 1
  EXPECT_TRAP 15, CAUSE_ILLEGAL, s5, ro3
  # an absent CSR traps on any access
  CLEAR_TRAP
  li s5, 0x7c002573                         # csrr a0, 0x7c0
absent:
  csrr a0, 0x7c0
  EXPECT_TRAP 16, CAUSE_ILLEGAL, s5, absent
  CLEAR_TRAP
  li s5, 0x18005073                         # csrwi satp, 0 (no S-mode, no satp)
absent2:
  csrwi satp, 0
  EXPECT_TRAP 17, CAUSE_ILLEGAL, s5, absent2

  # WARL fields
  li a1, 0x80000103
  csrw mepc, a1
  csrr a0, mepc
  CHECK 20, a0, 0x80000100                  # IALIGN = 32
  csrr s1, mtvec
  li a1, 0x80000403
  csrw mtvec, a1
  csrr a0, mtvec
  CHECK 21, a0, 0x80000401                  # mode 3 -> 1 (vectored)
  csrw mtvec, s1
  li a1, MSTATUS_MPP
  csrc mstatus, a1
  li a1, 0x0800                             # MPP = S: not a mode here, becomes U
  csrs mstatus, a1
  csrr a0, mstatus
  li a1, MSTATUS_MPP
  and a0, a0, a1
  CHECK 22, a0, 0
  li a1, MSTATUS_MPP
  csrs mstatus, a1
  csrr a0, mstatus
  and a0, a0, a1
  CHECK 23, a0, MSTATUS_MPP
  li a1, -1                                 # medeleg, mideleg: no S-mode to delegate to,
  csrw medeleg, a1                          # so writes are accepted and both read 0
  csrw mideleg, a1
  csrr a0, medeleg
  csrr a2, mideleg
  or a0, a0, a2
  CHECK 24, a0, 0
  li a1, -1
  csrw mie, a1
  csrr a0, mie
  CHECK 26, a0, 0x888                       # MSIE MTIE MEIE
  csrw mie, zero
  csrw mip, a1
  csrr a0, mip
  CHECK 27, a0, 0

  # counters: each instruction retired counts one
  csrr a0, instret
  csrr a1, instret
  sub a0, a1, a0
  CHECK 30, a0, 1
  csrr a0, minstret
  nop
  nop
  csrr a1, minstret
  sub a0, a1, a0
  CHECK 31, a0, 3
  # a write to minstret is what the next instruction reads
  csrwi minstret, 0
  csrr a0, minstret
  CHECK 32, a0, 0
  li a1, -1
  csrw minstret, a1
  csrw minstreth, a1
  nop                                       # wraps the 64-bit counter to 0
  csrr a0, minstret
  CHECK 33, a0, 0
  csrr a0, minstreth
  CHECK 34, a0, 0
  csrr a0, cycle
  csrr a1, mcycle
  sub a0, a1, a0
  CHECK 35, a0, 1

  # FP CSRs: fcsr = frm << 5 | fflags; writes make FS Dirty (and SD set)
  li a1, MSTATUS_FS
  csrc mstatus, a1
  li a1, FS_INITIAL
  csrs mstatus, a1
  csrwi fcsr, 0x1f
  csrr a0, fflags
  CHECK 40, a0, 0x1f
  csrr a0, frm
  CHECK 41, a0, 0
  csrwi frm, 2
  csrr a0, fcsr
  CHECK 42, a0, 0x5f
  li a1, 0xff
  csrw fcsr, a1
  csrr a0, frm
  CHECK 43, a0, 7
  csrw fcsr, zero
  csrr a0, mstatus
  srli a1, a0, 13
  andi a1, a1, 3
  CHECK 44, a1, 3                           # Dirty
  srli a0, a0, 31
  CHECK 45, a0, 1                           # SD
  # with FS = Off every FP instruction and FP CSR access is illegal
  li a1, MSTATUS_FS
  csrc mstatus, a1
  CLEAR_TRAP
  li s5, 0x00208153                         # fadd.s f2, f1, f2, rne
fs_off1:
  fadd.s f2, f1, f2, rne
  EXPECT_TRAP 46, CAUSE_ILLEGAL, s5, fs_off1
  CLEAR_TRAP
  li s5, 0x00102573                         # csrr a0, fflags
fs_off2:
  csrr a0, fflags
  EXPECT_TRAP 47, CAUSE_ILLEGAL, s5, fs_off2
  CLEAR_TRAP
  la a1, scratch
  li s5, 0x0005a027                         # fsw f0, 0(a1)
fs_off3:
  fsw f0, 0(a1)
  EXPECT_TRAP 48, CAUSE_ILLEGAL, s5, fs_off3
  li a1, FS_INITIAL
  csrs mstatus, a1
  fmv.w.x f1, zero                          # legal again
  csrr a0, mstatus
  srli a0, a0, 13
  andi a0, a0, 3
  CHECK 49, a0, 3

  # U-mode: machine CSRs are out of reach; counters need their mcounteren bit
  csrw mcounteren, zero
  li a1, MSTATUS_MPP
  csrc mstatus, a1                          # MPP = U
  la a1, 1f
  csrw mepc, a1
  mret
1:
  CLEAR_TRAP
  li s5, 0x30002573                         # csrr a0, mstatus
u1:
  csrr a0, mstatus
  EXPECT_TRAP 50, CAUSE_ILLEGAL, s5, u1
  CLEAR_TRAP
  li s5, 0xc0002573                         # csrr a0, cycle
u2:
  csrr a0, cycle
  EXPECT_TRAP 51, CAUSE_ILLEGAL, s5, u2
  li a7, -1
  ecall                                     # back to M
  csrwi mcounteren, 5                       # CY and IR
  li a1, MSTATUS_MPP
  csrc mstatus, a1
  la a1, 2f
  csrw mepc, a1
  mret
2:
  CLEAR_TRAP
  csrr a0, cycle
  csrr a0, instret
  csrr a0, fflags                           # user-level FP CSRs are fine in U-mode
  EXPECT_NO_TRAP 52
  CLEAR_TRAP
  li s5, 0xc0102573                         # csrr a0, time: mcounteren.TM is clear
u3:
  csrr a0, time
  EXPECT_TRAP 53, CAUSE_ILLEGAL, s5, u3
  CLEAR_TRAP
  li s5, 0xc0001073                         # csrw cycle, x0: read-only even in U-mode
u4:
  csrw cycle, x0
  EXPECT_TRAP 54, CAUSE_ILLEGAL, s5, u4
  li a7, -1
  ecall
  CLEAR_TRAP
  csrr a0, mstatus                          # back in M-mode
  EXPECT_NO_TRAP 55

  j pass
RVTEST_END
