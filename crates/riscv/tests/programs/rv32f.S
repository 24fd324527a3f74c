# F extension (Unprivileged ISA, "F" chapter; IEEE 754-2008): every operation, the five rounding
# modes (static and through frm), the flags each raises, canonical NaNs, subnormals and tininess
# after rounding, the RISC-V float-to-integer saturation table, fmin/fmax (minimumNumber),
# signalling rules of compares, fclass, sign injection and moves. Expected bit patterns are worked
# out by hand from the standards (constants: 1.0 = 0x3f800000, 2^-24 = 0x33800000, ...).
#include "test.h"
RVTEST_BEGIN

  # --- add/sub: exact, inexact, the tie case in every mode
  TEST_S 1, fadd.s, 0x40400000, 0, 0x3f800000, 0x40000000            # 1 + 2 = 3
  TEST_S 2, fadd.s, 0x3f800000, NX, 0x3f800000, 0x33800000, rne      # 1 + 2^-24: tie -> even
  TEST_S 3, fadd.s, 0x3f800001, NX, 0x3f800000, 0x33800000, rup
  TEST_S 4, fadd.s, 0x3f800001, NX, 0x3f800000, 0x33800000, rmm      # ties away from zero
  TEST_S 5, fadd.s, 0x3f800000, NX, 0x3f800000, 0x33800000, rtz
  TEST_S 6, fadd.s, 0x3f800000, NX, 0x3f800000, 0x33800000, rdn
  TEST_S 7, fsub.s, 0xbf800001, NX, 0xb3800000, 0x3f800000, rdn      # -2^-24 - 1: down is away from 0
  TEST_S 8, fsub.s, 0x00000000, 0, 0x3f800000, 0x3f800000            # x - x = +0
  TEST_S 9, fsub.s, 0x80000000, 0, 0x3f800000, 0x3f800000, rdn       # ... -0 rounding down
  TEST_S 10, fsub.s, 0x7fc00000, NV, 0x7f800000, 0x7f800000          # inf - inf
  TEST_S 11, fadd.s, 0x7f800000, 0, 0x7f800000, 0x3f800000           # inf + 1
  # --- mul: overflow by rounding direction
  TEST_S 12, fmul.s, 0x7f800000, OF|NX, 0x7f7fffff, 0x40000000, rne
  TEST_S 13, fmul.s, 0x7f7fffff, OF|NX, 0x7f7fffff, 0x40000000, rtz
  TEST_S 14, fmul.s, 0x7f7fffff, OF|NX, 0x7f7fffff, 0x40000000, rdn
  TEST_S 15, fmul.s, 0xff800000, OF|NX, 0xff7fffff, 0x40000000, rdn
  TEST_S 16, fmul.s, 0xff7fffff, OF|NX, 0xff7fffff, 0x40000000, rup
  TEST_S 17, fmul.s, 0x7fc00000, NV, 0x7f800000, 0x00000000          # inf * 0
  TEST_S 18, fmul.s, 0x80000000, 0, 0x80000000, 0x3f800000           # -0 * 1
  # --- subnormals and underflow (tininess detected after rounding)
  TEST_S 19, fmul.s, 0x00400000, 0, 0x00800000, 0x3f000000           # 2^-126 / 2: exact subnormal
  TEST_S 20, fmul.s, 0x00000000, UF|NX, 0x00000001, 0x3f000000       # 2^-150: tie -> 0
  TEST_S 21, fmul.s, 0x00000001, UF|NX, 0x00000001, 0x3f000000, rup
  TEST_S 22, fmul.s, 0x00800000, NX, 0x007fffff, 0x3f800001          # rounds to 2^-126, not tiny
  TEST_S 23, fmul.s, 0x007fffff, UF|NX, 0x007fffff, 0x3f800001, rtz  # stays subnormal: tiny
  TEST_S 24, fadd.s, 0x00000003, 0, 0x00000001, 0x00000002           # subnormal sums are exact
  # --- div: 1/3 in every mode, division by zero, invalid
  TEST_S 25, fdiv.s, 0x3eaaaaab, NX, 0x3f800000, 0x40400000, rne
  TEST_S 26, fdiv.s, 0x3eaaaaaa, NX, 0x3f800000, 0x40400000, rtz
  TEST_S 27, fdiv.s, 0x3eaaaaaa, NX, 0x3f800000, 0x40400000, rdn
  TEST_S 28, fdiv.s, 0x3eaaaaab, NX, 0x3f800000, 0x40400000, rup
  TEST_S 29, fdiv.s, 0x3eaaaaab, NX, 0x3f800000, 0x40400000, rmm
  TEST_S 30, fdiv.s, 0xbeaaaaab, NX, 0xbf800000, 0x40400000, rdn
  TEST_S 31, fdiv.s, 0xbeaaaaaa, NX, 0xbf800000, 0x40400000, rup
  TEST_S 32, fdiv.s, 0x7f800000, DZ, 0x3f800000, 0x00000000
  TEST_S 33, fdiv.s, 0xff800000, DZ, 0xbf800000, 0x00000000
  TEST_S 34, fdiv.s, 0x7fc00000, NV, 0x00000000, 0x00000000          # 0/0
  TEST_S 35, fdiv.s, 0x7f800000, 0, 0x7f800000, 0x00000000           # inf/0: no DZ
  TEST_S 36, fdiv.s, 0x00000000, 0, 0x3f800000, 0x7f800000           # 1/inf
  # --- NaNs: always the canonical NaN; signalling operands raise NV
  TEST_S 37, fadd.s, 0x7fc00000, 0, 0x7fc12345, 0x3f800000
  TEST_S 38, fadd.s, 0x7fc00000, NV, 0x7f812345, 0x3f800000
  TEST_S 39, fmul.s, 0x7fc00000, 0, 0xffc00001, 0x3f800000

/* f2 = op f1 (one operand, with a rounding mode). */
.macro TEST_S1 n, op, res, flags, a, rm=dyn
  li t0, \a
  fmv.w.x f1, t0
  fsflags zero
  \op f2, f1, \rm
  fmv.x.w a0, f2
  frflags a1
  CHECK \n, a0, \res
  CHECK \n, a1, \flags
.endm
  # --- sqrt
  TEST_S1 40, fsqrt.s, 0x40000000, 0, 0x40800000                     # sqrt 4 = 2
  TEST_S1 41, fsqrt.s, 0x3fb504f3, NX, 0x40000000                    # sqrt 2, nearest
  TEST_S1 42, fsqrt.s, 0x3fb504f3, NX, 0x40000000, rtz
  TEST_S1 43, fsqrt.s, 0x3fb504f4, NX, 0x40000000, rup
  TEST_S1 44, fsqrt.s, 0x7fc00000, NV, 0xbf800000                    # sqrt -1
  TEST_S1 45, fsqrt.s, 0x80000000, 0, 0x80000000                     # sqrt -0 = -0
  TEST_S1 46, fsqrt.s, 0x7f800000, 0, 0x7f800000

  # --- fused multiply-add: one rounding, and every sign variant
  TEST_S3 50, fmadd.s,  0x40e00000, 0, 0x40000000, 0x40400000, 0x3f800000   # 2*3+1
  TEST_S3 51, fmsub.s,  0x40a00000, 0, 0x40000000, 0x40400000, 0x3f800000   # 2*3-1
  TEST_S3 52, fnmsub.s, 0xc0a00000, 0, 0x40000000, 0x40400000, 0x3f800000   # -(2*3)+1
  TEST_S3 53, fnmadd.s, 0xc0e00000, 0, 0x40000000, 0x40400000, 0x3f800000   # -(2*3)-1
  # (1+2^-12)^2 - (1+2^-11) = 2^-24 exactly when fused; a separate multiply would give 0
  TEST_S3 54, fmsub.s,  0x33800000, 0, 0x3f800800, 0x3f800800, 0x3f801000
  TEST_S3 55, fmadd.s,  0x7fc00000, NV, 0x7f800000, 0x00000000, 0x7fc00000  # inf*0 + qNaN
  TEST_S3 56, fmadd.s,  0x7fc00000, NV, 0x7f800000, 0x3f800000, 0xff800000  # inf - inf
  TEST_S3 57, fmadd.s,  0x00000000, 0, 0x3f800000, 0x00000000, 0x80000000   # +0 + -0 = +0
  TEST_S3 58, fmadd.s,  0x80000000, 0, 0x3f800000, 0x00000000, 0x80000000, rdn
  TEST_S3 59, fmadd.s,  0x7f7fffff, 0, 0x7f7fffff, 0x40000000, 0xff7fffff  # max*2 - max: no overflow when fused

  # --- float to integer: round, then saturate (NaN -> largest positive)
.macro TEST_CVT_W n, op, res, flags, a, rm=dyn
  li t0, \a
  fmv.w.x f1, t0
  fsflags zero
  \op a0, f1, \rm
  frflags a1
  CHECK \n, a0, \res
  CHECK \n, a1, \flags
.endm
  TEST_CVT_W 60, fcvt.w.s, 2, NX, 0x40200000, rne                    # 2.5 -> 2 (even)
  TEST_CVT_W 61, fcvt.w.s, 3, NX, 0x40200000, rmm
  TEST_CVT_W 62, fcvt.w.s, 3, NX, 0x40200000, rup
  TEST_CVT_W 63, fcvt.w.s, 2, NX, 0x40200000, rdn
  TEST_CVT_W 64, fcvt.w.s, 2, NX, 0x40200000, rtz
  TEST_CVT_W 65, fcvt.w.s, -3, NX, 0xc0200000, rdn
  TEST_CVT_W 66, fcvt.w.s, -2, NX, 0xc0200000, rup
  TEST_CVT_W 67, fcvt.w.s, -3, NX, 0xc0200000, rmm
  TEST_CVT_W 68, fcvt.w.s, 0x7fffffff, NV, 0x4f32d05e, rtz           # 3e9
  TEST_CVT_W 69, fcvt.w.s, 0x80000000, NV, 0xcf32d05e, rtz           # -3e9
  TEST_CVT_W 70, fcvt.w.s, 0x7fffffff, NV, 0x7fc00000                # NaN
  TEST_CVT_W 71, fcvt.w.s, 0x80000000, NV, 0xff800000                # -inf
  TEST_CVT_W 72, fcvt.w.s, 0x7fffffff, NV, 0x7f800000                # +inf
  TEST_CVT_W 73, fcvt.w.s, 0x80000000, 0, 0xcf000000                 # -2^31 fits
  TEST_CVT_W 74, fcvt.wu.s, 0, NV, 0xbf800000, rtz                   # -1
  TEST_CVT_W 75, fcvt.wu.s, 0, NX, 0xbf666666, rtz                   # -0.9 rounds to 0: fits
  TEST_CVT_W 76, fcvt.wu.s, 3000000000, 0, 0x4f32d05e, rtz
  TEST_CVT_W 77, fcvt.wu.s, 0xffffffff, NV, 0x4f802666               # 4.3e9
  TEST_CVT_W 78, fcvt.wu.s, 0xffffffff, NV, 0x7fc00000               # NaN
  TEST_CVT_W 79, fcvt.wu.s, 1, NX, 0x0da24260, rup                   # 1e-30 up

  # --- integer to float
.macro TEST_CVT_S n, op, res, flags, a, rm=dyn
  li t0, \a
  fsflags zero
  \op f1, t0, \rm
  fmv.x.w a0, f1
  frflags a1
  CHECK \n, a0, \res
  CHECK \n, a1, \flags
.endm
  TEST_CVT_S 80, fcvt.s.w, 0x4b800000, NX, 16777217                  # 2^24 + 1: tie -> 2^24
  TEST_CVT_S 81, fcvt.s.w, 0x4b800001, NX, 16777217, rup
  TEST_CVT_S 82, fcvt.s.w, 0xbf800000, 0, -1
  TEST_CVT_S 83, fcvt.s.w, 0xcf000000, 0, 0x80000000                 # -2^31
  TEST_CVT_S 84, fcvt.s.wu, 0x4f800000, NX, 0xffffffff               # 2^32 - 1 -> 2^32
  TEST_CVT_S 85, fcvt.s.wu, 0x4f7fffff, NX, 0xffffffff, rtz
  TEST_CVT_S 86, fcvt.s.wu, 0x00000000, 0, 0                         # +0

  # --- fmin/fmax: minimumNumber/maximumNumber; -0 < +0
  TEST_S_NR 90, fmin.s, 0x80000000, 0, 0x80000000, 0x00000000
  TEST_S_NR 91, fmin.s, 0x80000000, 0, 0x00000000, 0x80000000
  TEST_S_NR 92, fmax.s, 0x00000000, 0, 0x80000000, 0x00000000
  TEST_S_NR 93, fmin.s, 0x3f800000, 0, 0x7fc00000, 0x3f800000        # qNaN loses
  TEST_S_NR 94, fmax.s, 0x3f800000, NV, 0x3f800000, 0x7f800001       # sNaN loses, raises NV
  TEST_S_NR 95, fmin.s, 0x7fc00000, 0, 0x7fc00000, 0xffc12345        # two NaNs: canonical
  TEST_S_NR 96, fmax.s, 0x40000000, 0, 0xbf800000, 0x40000000
  TEST_S_NR 97, fmin.s, 0xff800000, 0, 0xff800000, 0x7f7fffff
  # --- sign injection: bit operations, NaN payloads kept, no flags
  TEST_S_NR 100, fsgnj.s,  0xbf800000, 0, 0x3f800000, 0xc0000000
  TEST_S_NR 101, fsgnjn.s, 0x3f800000, 0, 0x3f800000, 0xc0000000
  TEST_S_NR 102, fsgnjx.s, 0x3f800000, 0, 0xbf800000, 0xc0000000
  TEST_S_NR 103, fsgnjn.s, 0xff812345, 0, 0x7f812345, 0x7f812345     # fneg of an sNaN
  # --- compares: feq is quiet, flt/fle signal on any NaN
  TEST_S_CMP 110, feq.s, 1, 0, 0x80000000, 0x00000000
  TEST_S_CMP 111, feq.s, 0, 0, 0x7fc00000, 0x7fc00000
  TEST_S_CMP 112, feq.s, 0, NV, 0x7f800001, 0x3f800000
  TEST_S_CMP 113, flt.s, 0, NV, 0x7fc00000, 0x3f800000
  TEST_S_CMP 114, fle.s, 0, NV, 0x3f800000, 0x7fc00000
  TEST_S_CMP 115, flt.s, 0, 0, 0x80000000, 0x00000000
  TEST_S_CMP 116, fle.s, 1, 0, 0x80000000, 0x00000000
  TEST_S_CMP 117, flt.s, 1, 0, 0xff800000, 0xff7fffff
  # --- fclass: one bit per class
.macro TEST_CLASS n, a, res
  li t0, \a
  fmv.w.x f1, t0
  fclass.s a0, f1
  CHECK \n, a0, \res
.endm
  TEST_CLASS 120, 0xff800000, 1 << 0
  TEST_CLASS 121, 0xbf800000, 1 << 1
  TEST_CLASS 122, 0x807fffff, 1 << 2
  TEST_CLASS 123, 0x80000000, 1 << 3
  TEST_CLASS 124, 0x00000000, 1 << 4
  TEST_CLASS 125, 0x00000001, 1 << 5
  TEST_CLASS 126, 0x7f7fffff, 1 << 6
  TEST_CLASS 127, 0x7f800000, 1 << 7
  TEST_CLASS 128, 0x7f800001, 1 << 8
  TEST_CLASS 129, 0x7fc00000, 1 << 9
  # --- moves keep every bit, NaN payloads included
  li t0, 0x7f812345
  fmv.w.x f5, t0
  fmv.x.w a0, f5
  CHECK 130, a0, 0x7f812345
  la s0, scratch
  fsw f5, 0(s0)
  lw a0, 0(s0)
  CHECK 131, a0, 0x7f812345
  li t0, 0xff800001
  sw t0, 4(s0)
  flw f6, 4(s0)
  fmv.x.w a0, f6
  CHECK 132, a0, 0xff800001

  # --- dynamic rounding mode from frm; flags accrue; fcsr = frm << 5 | fflags
  csrwi frm, 1                                  # rtz
  TEST_S 140, fdiv.s, 0x3eaaaaaa, NX, 0x3f800000, 0x40400000
  csrwi frm, 3                                  # rup
  TEST_S 141, fdiv.s, 0x3eaaaaab, NX, 0x3f800000, 0x40400000
  li t0, 0x7f7fffff
  fmv.w.x f1, t0
  fsflags zero
  fadd.s f2, f1, f1                             # OF|NX, to +inf upwards
  li t0, 0
  fmv.w.x f3, t0
  fdiv.s f4, f1, f3                             # DZ
  frflags a0
  CHECK 142, a0, OF|NX|DZ
  csrr a0, fcsr
  CHECK 143, a0, (3 << 5) | OF | NX | DZ
  fsrmi a1, 0                                   # back to rne, returns the old mode
  CHECK 144, a1, 3
  csrr a0, fcsr
  CHECK 145, a0, OF | NX | DZ
  fsflags a1, zero
  CHECK 146, a1, OF | NX | DZ
  # a reserved frm makes dynamic-rm instructions illegal, not static-rm ones
  csrwi frm, 5
  CLEAR_TRAP
  li s5, 0x0020f1d3                             # fadd.s f3, f1, f2, dyn
bad_dyn:
  fadd.s f3, f1, f2
  EXPECT_TRAP 150, CAUSE_ILLEGAL, s5, bad_dyn
  CLEAR_TRAP
  fadd.s f3, f1, f2, rne
  EXPECT_NO_TRAP 151
  csrwi frm, 0
  # a reserved static rm is illegal
  CLEAR_TRAP
  li s5, 0x0020d1d3
bad_rm:
  .word 0x0020d1d3                              # fadd.s f3, f1, f2 with rm = 5
  EXPECT_TRAP 152, CAUSE_ILLEGAL, s5, bad_rm

  j pass
RVTEST_END
