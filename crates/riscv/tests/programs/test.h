/* Shared scaffolding of the self-checking programs (written for macrosim; see README.md here).
 *
 * A program is bare metal: it defines `tohost`, so `macrosim riscv run` runs it in M-mode and
 * stops at the first nonzero store to `tohost`: 1 = pass, (n << 1) | 1 = test n failed. gp holds
 * the number of the test being run. The trap handler records mcause, mtval and mepc in
 * `trap_record` (and counts traps), then resumes after the trapping instruction; an `ecall` from
 * U-mode with a7 = -1 returns to M-mode instead, and an instruction access fault resumes at ra
 * (the fetch itself failed, so there is nothing to skip). Handlers clobber t5 and t6. */

#define TESTNUM gp

#define MSTATUS_MPP 0x1800
#define MSTATUS_FS  0x6000
#define FS_INITIAL  0x2000

/* Causes (Privileged ISA, table "Machine cause register (mcause) values after trap"). */
#define CAUSE_MISALIGNED_FETCH 0
#define CAUSE_FETCH_ACCESS 1
#define CAUSE_ILLEGAL 2
#define CAUSE_BREAKPOINT 3
#define CAUSE_MISALIGNED_LOAD 4
#define CAUSE_LOAD_ACCESS 5
#define CAUSE_MISALIGNED_STORE 6
#define CAUSE_STORE_ACCESS 7
#define CAUSE_ECALL_U 8
#define CAUSE_ECALL_M 11

/* fflags bits */
#define NV 0x10
#define DZ 0x08
#define OF 0x04
#define UF 0x02
#define NX 0x01

.macro RVTEST_BEGIN
  .option norvc
  .section .text.init, "ax"
  .globl _start
_start:
  la t0, trap_handler
  csrw mtvec, t0
  li t0, FS_INITIAL
  csrs mstatus, t0
  csrwi fcsr, 0
  li TESTNUM, 0
  j tests
  .align 2
trap_handler:
  la t6, trap_record
  csrr t5, mcause
  sw t5, 0(t6)
  csrr t5, mtval
  sw t5, 4(t6)
  csrr t5, mepc
  sw t5, 8(t6)
  lw t5, 12(t6)
  addi t5, t5, 1
  sw t5, 12(t6)
  csrr t5, mcause
  li t6, CAUSE_FETCH_ACCESS
  bne t5, t6, 2f
  csrw mepc, ra
  mret
2:
  li t6, CAUSE_ECALL_U
  bne t5, t6, 1f
  li t6, -1
  bne a7, t6, 1f
  li t5, MSTATUS_MPP
  csrs mstatus, t5
1:
  csrr t5, mepc
  addi t5, t5, 4
  csrw mepc, t5
  mret
  .section .text
tests:
.endm

.macro RVTEST_END
pass:
  li t0, 1
  la t1, tohost
  sw t0, 0(t1)
1:
  j 1b
fail:
  slli t0, TESTNUM, 1
  ori t0, t0, 1
  la t1, tohost
  sw t0, 0(t1)
1:
  j 1b
  .section .tohost, "aw", @progbits
  .align 6
  .globl tohost
tohost: .dword 0
  .align 6
  .globl fromhost
fromhost: .dword 0
  .data
  .align 4
trap_record: .word 0, 0, 0, 0
scratch: .fill 64, 1, 0
.endm

/* Fail test n unless reg == val. Uses t6. */
.macro CHECK n, reg, val
  li TESTNUM, \n
  li t6, \val
  bne \reg, t6, fail
.endm

/* rd = op(a, b) for an R-type op on a1, a2 into a0. */
.macro TEST_RR n, op, res, a, b
  li a1, \a
  li a2, \b
  \op a0, a1, a2
  CHECK \n, a0, \res
.endm

/* rd = op(a, imm) for an I-type op. */
.macro TEST_RI n, op, res, a, imm
  li a1, \a
  \op a0, a1, \imm
  CHECK \n, a0, \res
.endm

/* Forget the last trap. */
.macro CLEAR_TRAP
  la t6, trap_record
  sw zero, 0(t6)
  sw zero, 4(t6)
  sw zero, 8(t6)
  sw zero, 12(t6)
.endm

/* Fail test n unless exactly one trap happened since CLEAR_TRAP, with this cause, with mtval
   equal to register `tval`, at the address of label `at`. */
.macro EXPECT_TRAP n, cause, tval, at
  li TESTNUM, \n
  la t6, trap_record
  lw t5, 12(t6)
  li t4, 1
  bne t5, t4, fail
  lw t5, 0(t6)
  li t4, \cause
  bne t5, t4, fail
  lw t5, 4(t6)
  bne t5, \tval, fail
  lw t5, 8(t6)
  la t4, \at
  bne t5, t4, fail
.endm

/* Fail test n if any trap happened since CLEAR_TRAP. */
.macro EXPECT_NO_TRAP n
  li TESTNUM, \n
  la t6, trap_record
  lw t5, 12(t6)
  bnez t5, fail
.endm

/* Single precision: f3 = op f1, f2 [, rm] with operands and result as bit patterns; checks the
   result bits and the flags this instruction raised. */
.macro TEST_S n, op, res, flags, a, b, rm=dyn
  li t0, \a
  fmv.w.x f1, t0
  li t0, \b
  fmv.w.x f2, t0
  fsflags zero
  \op f3, f1, f2, \rm
  fmv.x.w a0, f3
  frflags a1
  CHECK \n, a0, \res
  CHECK \n, a1, \flags
.endm

/* Single precision without a rounding mode (sign injection, min/max): f3 = op f1, f2. */
.macro TEST_S_NR n, op, res, flags, a, b
  li t0, \a
  fmv.w.x f1, t0
  li t0, \b
  fmv.w.x f2, t0
  fsflags zero
  \op f3, f1, f2
  fmv.x.w a0, f3
  frflags a1
  CHECK \n, a0, \res
  CHECK \n, a1, \flags
.endm

/* Single precision compare into an integer register: a0 = op f1, f2. */
.macro TEST_S_CMP n, op, res, flags, a, b
  li t0, \a
  fmv.w.x f1, t0
  li t0, \b
  fmv.w.x f2, t0
  fsflags zero
  \op a0, f1, f2
  frflags a1
  CHECK \n, a0, \res
  CHECK \n, a1, \flags
.endm

/* Single precision fused: f4 = op f1, f2, f3. */
.macro TEST_S3 n, op, res, flags, a, b, c, rm=dyn
  li t0, \a
  fmv.w.x f1, t0
  li t0, \b
  fmv.w.x f2, t0
  li t0, \c
  fmv.w.x f3, t0
  fsflags zero
  \op f4, f1, f2, f3, \rm
  fmv.x.w a0, f4
  frflags a1
  CHECK \n, a0, \res
  CHECK \n, a1, \flags
.endm

/* Load double f<reg> from the 64-bit pattern hi:lo (through scratch). */
.macro LOAD_D reg, hi, lo
  la t1, scratch
  li t0, \lo
  sw t0, 0(t1)
  li t0, \hi
  sw t0, 4(t1)
  fld \reg, 0(t1)
.endm

/* a1:a0 = the 64-bit pattern of f<reg>. */
.macro STORE_D reg
  la t1, scratch
  fsd \reg, 0(t1)
  lw a0, 0(t1)
  lw a1, 4(t1)
.endm

/* Check a1:a0 == hi:lo. */
.macro CHECK_D n, hi, lo
  CHECK \n, a0, \lo
  CHECK \n, a1, \hi
.endm

/* Double precision without a rounding mode: f3 = op f1, f2. */
.macro TEST_D_NR n, op, rhi, rlo, flags, ahi, alo, bhi, blo
  LOAD_D f1, \ahi, \alo
  LOAD_D f2, \bhi, \blo
  fsflags zero
  \op f3, f1, f2
  frflags a2
  STORE_D f3
  CHECK_D \n, \rhi, \rlo
  CHECK \n, a2, \flags
.endm

/* Double precision compare: a0 = op f1, f2. */
.macro TEST_D_CMP n, op, res, flags, ahi, alo, bhi, blo
  LOAD_D f1, \ahi, \alo
  LOAD_D f2, \bhi, \blo
  fsflags zero
  \op a0, f1, f2
  frflags a1
  CHECK \n, a0, \res
  CHECK \n, a1, \flags
.endm

/* Double precision fused: f4 = op f1, f2, f3. */
.macro TEST_D3 n, op, rhi, rlo, flags, ahi, alo, bhi, blo, chi, clo, rm=dyn
  LOAD_D f1, \ahi, \alo
  LOAD_D f2, \bhi, \blo
  LOAD_D f3, \chi, \clo
  fsflags zero
  \op f4, f1, f2, f3, \rm
  frflags a2
  STORE_D f4
  CHECK_D \n, \rhi, \rlo
  CHECK \n, a2, \flags
.endm

/* Double precision: f3 = op f1, f2 [, rm]. */
.macro TEST_D n, op, rhi, rlo, flags, ahi, alo, bhi, blo, rm=dyn
  LOAD_D f1, \ahi, \alo
  LOAD_D f2, \bhi, \blo
  fsflags zero
  \op f3, f1, f2, \rm
  frflags a2
  STORE_D f3
  CHECK_D \n, \rhi, \rlo
  CHECK \n, a2, \flags
.endm
