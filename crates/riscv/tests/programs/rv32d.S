# D extension (Unprivileged ISA, "D" chapter, incl. "NaN Boxing of Narrower Values"): binary64
# arithmetic in every rounding mode, conversions between the formats and to/from integers with
# their saturation rules, and NaN-boxing of binary32 values in the 64-bit registers.
# Constants: 1.0 = 0x3ff00000_00000000, 2.0 = 0x40000000_00000000, 3.0 = 0x40080000_00000000.
#include "test.h"
RVTEST_BEGIN

  TEST_D 1, fadd.d, 0x40080000, 0x00000000, 0, 0x3ff00000, 0, 0x40000000, 0       # 1 + 2
  TEST_D 2, fsub.d, 0x00000000, 0x00000000, 0, 0x3ff00000, 0, 0x3ff00000, 0       # +0
  TEST_D 3, fsub.d, 0x80000000, 0x00000000, 0, 0x3ff00000, 0, 0x3ff00000, 0, rdn  # -0
  TEST_D 4, fadd.d, 0x3ff00000, 0x00000000, NX, 0x3ff00000, 0, 0x3ca00000, 0      # 1 + 2^-53: tie
  TEST_D 5, fadd.d, 0x3ff00000, 0x00000001, NX, 0x3ff00000, 0, 0x3ca00000, 0, rup
  TEST_D 6, fdiv.d, 0x3fd55555, 0x55555555, NX, 0x3ff00000, 0, 0x40080000, 0      # 1/3
  TEST_D 7, fdiv.d, 0x3fd55555, 0x55555556, NX, 0x3ff00000, 0, 0x40080000, 0, rup
  TEST_D 8, fdiv.d, 0x3fd55555, 0x55555555, NX, 0x3ff00000, 0, 0x40080000, 0, rtz
  TEST_D 9, fdiv.d, 0x7ff00000, 0x00000000, DZ, 0x3ff00000, 0, 0x00000000, 0
  TEST_D 10, fdiv.d, 0x7ff80000, 0x00000000, NV, 0x00000000, 0, 0x00000000, 0     # 0/0
  TEST_D 11, fmul.d, 0x7ff00000, 0x00000000, OF|NX, 0x7fefffff, 0xffffffff, 0x40000000, 0
  TEST_D 12, fmul.d, 0x7fefffff, 0xffffffff, OF|NX, 0x7fefffff, 0xffffffff, 0x40000000, 0, rtz
  TEST_D 13, fmul.d, 0x00000000, 0x00000000, UF|NX, 0x00000000, 0x00000001, 0x3fe00000, 0  # 2^-1075: tie -> 0
  TEST_D 14, fmul.d, 0x00000000, 0x00000001, UF|NX, 0x00000000, 0x00000001, 0x3fe00000, 0, rup
  TEST_D 15, fadd.d, 0x7ff80000, 0x00000000, NV, 0x7ff00000, 1, 0x3ff00000, 0     # sNaN operand
  TEST_D 16, fadd.d, 0x7ff80000, 0x00000000, 0, 0xfff80000, 5, 0x3ff00000, 0      # qNaN: canonical

/* f2 = op f1 (one binary64 operand). */
.macro TEST_D1 n, op, rhi, rlo, flags, ahi, alo, rm=dyn
  LOAD_D f1, \ahi, \alo
  fsflags zero
  \op f2, f1, \rm
  frflags a2
  STORE_D f2
  CHECK_D \n, \rhi, \rlo
  CHECK \n, a2, \flags
.endm
  TEST_D1 20, fsqrt.d, 0x3ff6a09e, 0x667f3bcd, NX, 0x40000000, 0                  # sqrt 2
  TEST_D1 21, fsqrt.d, 0x3ff6a09e, 0x667f3bcc, NX, 0x40000000, 0, rtz
  TEST_D1 22, fsqrt.d, 0x7ff80000, 0x00000000, NV, 0xbff00000, 0
  TEST_D1 23, fsqrt.d, 0x40080000, 0x00000000, 0, 0x40220000, 0                   # sqrt 9

  # fused: (1 + 2^-27)^2 - (1 + 2^-26) = 2^-54 exactly
  TEST_D3 30, fmsub.d, 0x3c900000, 0, 0, 0x3ff00000, 0x02000000, 0x3ff00000, 0x02000000, 0x3ff00000, 0x04000000
  TEST_D3 31, fmadd.d, 0x401c0000, 0, 0, 0x40000000, 0, 0x40080000, 0, 0x3ff00000, 0      # 2*3+1 = 7
  TEST_D3 32, fnmadd.d, 0xc01c0000, 0, 0, 0x40000000, 0, 0x40080000, 0, 0x3ff00000, 0
  TEST_D3 33, fnmsub.d, 0xc0140000, 0, 0, 0x40000000, 0, 0x40080000, 0, 0x3ff00000, 0     # -6+1
  TEST_D3 34, fmadd.d, 0x7ff80000, 0, NV, 0x00000000, 0, 0x7ff00000, 0, 0x7ff80000, 0     # 0*inf + qNaN
  # 1/3 * 3 - 1: the exact residue of the rounded 1/3, -2^-54
  TEST_D3 35, fmsub.d, 0xbc900000, 0, 0, 0x3fd55555, 0x55555555, 0x40080000, 0, 0x3ff00000, 0

  # --- conversions between the formats; binary32 results are NaN-boxed
.macro TEST_D_TO_S n, res, flags, ahi, alo, rm=dyn
  LOAD_D f1, \ahi, \alo
  fsflags zero
  fcvt.s.d f2, f1, \rm
  frflags a2
  STORE_D f2
  CHECK \n, a1, 0xffffffff
  CHECK \n, a0, \res
  CHECK \n, a2, \flags
.endm
  TEST_D_TO_S 40, 0x3eaaaaab, NX, 0x3fd55555, 0x55555555                          # 1/3
  TEST_D_TO_S 41, 0x3eaaaaaa, NX, 0x3fd55555, 0x55555555, rtz
  TEST_D_TO_S 42, 0x7f800000, OF|NX, 0x7e37e43c, 0x8800759c                        # 1e300
  TEST_D_TO_S 43, 0x7f7fffff, OF|NX, 0x7e37e43c, 0x8800759c, rtz
  TEST_D_TO_S 44, 0x00000000, UF|NX, 0x01a56e1f, 0xc2f8f359                        # 1e-300
  TEST_D_TO_S 45, 0x00000001, UF|NX, 0x01a56e1f, 0xc2f8f359, rup
  TEST_D_TO_S 46, 0x7fc00000, NV, 0x7ff00000, 0x00000001                           # sNaN
  TEST_D_TO_S 47, 0xff800000, 0, 0xfff00000, 0x00000000                            # -inf
.macro TEST_S_TO_D n, rhi, rlo, flags, a
  li t0, \a
  fmv.w.x f1, t0
  fsflags zero
  fcvt.d.s f2, f1
  frflags a2
  STORE_D f2
  CHECK_D \n, \rhi, \rlo
  CHECK \n, a2, \flags
.endm
  TEST_S_TO_D 50, 0x3fd55555, 0x60000000, 0, 0x3eaaaaab                            # exact
  TEST_S_TO_D 51, 0x36a00000, 0x00000000, 0, 0x00000001                            # 2^-149: normal in binary64
  TEST_S_TO_D 52, 0x7ff80000, 0x00000000, NV, 0x7f800001                           # sNaN
  TEST_S_TO_D 53, 0x7ff80000, 0x00000000, 0, 0xffc12345                            # qNaN -> canonical
  TEST_S_TO_D 54, 0x80000000, 0x00000000, 0, 0x80000000                            # -0

  # --- binary64 to integer
.macro TEST_D_TO_W n, op, res, flags, ahi, alo, rm=dyn
  LOAD_D f1, \ahi, \alo
  fsflags zero
  \op a0, f1, \rm
  frflags a1
  CHECK \n, a0, \res
  CHECK \n, a1, \flags
.endm
  TEST_D_TO_W 60, fcvt.w.d, 0x7fffffff, NV, 0x41e65a0b, 0xc0000000, rtz            # 3e9
  TEST_D_TO_W 61, fcvt.w.d, 0x80000000, NX, 0xc1e00000, 0x001ccccd, rtz            # -2147483648.9
  TEST_D_TO_W 62, fcvt.w.d, 0x80000000, NV, 0xc1e00000, 0x001ccccd, rdn            # -> -2^31 - 1
  TEST_D_TO_W 63, fcvt.wu.d, 0xffffffff, NX, 0x41efffff, 0xfff00000, rtz           # 4294967295.5
  TEST_D_TO_W 64, fcvt.wu.d, 0xffffffff, NV, 0x41efffff, 0xfff00000, rne           # -> 2^32
  TEST_D_TO_W 65, fcvt.w.d, 2, NX, 0x40040000, 0, rne                              # 2.5
  TEST_D_TO_W 66, fcvt.w.d, 3, NX, 0x40040000, 0, rmm
  TEST_D_TO_W 67, fcvt.w.d, 0x7fffffff, NV, 0x7ff80000, 0                          # NaN
  TEST_D_TO_W 68, fcvt.wu.d, 0, NV, 0xbff00000, 0                                  # -1
  # --- integer to binary64 (always exact)
.macro TEST_W_TO_D n, op, rhi, rlo, a
  li t0, \a
  fsflags zero
  \op f1, t0
  frflags a2
  STORE_D f1
  CHECK_D \n, \rhi, \rlo
  CHECK \n, a2, 0
.endm
  TEST_W_TO_D 70, fcvt.d.w, 0xbff00000, 0x00000000, -1
  TEST_W_TO_D 71, fcvt.d.w, 0xc1e00000, 0x00000000, 0x80000000
  TEST_W_TO_D 72, fcvt.d.wu, 0x41efffff, 0xffe00000, 0xffffffff
  TEST_W_TO_D 73, fcvt.d.wu, 0x00000000, 0x00000000, 0

  # --- min/max, compares, class, sign injection in binary64
  TEST_D_NR 80, fmin.d, 0x80000000, 0, 0, 0x00000000, 0, 0x80000000, 0
  TEST_D_NR 81, fmax.d, 0x3ff00000, 0, NV, 0x7ff00000, 1, 0x3ff00000, 0            # sNaN loses
  TEST_D_NR 82, fmax.d, 0x7ff80000, 0, 0, 0x7ff80000, 0, 0xfff80000, 7
  TEST_D_NR 83, fsgnjn.d, 0xbff00000, 0, 0, 0x3ff00000, 0, 0x3ff00000, 0
  TEST_D_NR 84, fsgnjx.d, 0x3ff00000, 0, 0, 0xbff00000, 0, 0xbff00000, 0
  TEST_D_CMP 85, feq.d, 1, 0, 0x80000000, 0, 0x00000000, 0
  TEST_D_CMP 86, flt.d, 0, NV, 0x7ff80000, 0, 0x3ff00000, 0
  TEST_D_CMP 87, fle.d, 1, 0, 0xbff00000, 0, 0xbff00000, 0
  TEST_D_CMP 88, feq.d, 0, NV, 0x7ff00000, 1, 0x7ff00000, 1
  LOAD_D f1, 0x000fffff, 0xffffffff
  fclass.d a0, f1
  CHECK 89, a0, 1 << 5
  LOAD_D f1, 0x7ff00000, 0x00000001
  fclass.d a0, f1
  CHECK 90, a0, 1 << 8

  # --- NaN-boxing: a binary32 operand whose upper half is not all ones reads as the canonical
  # NaN; flw and fmv.w.x box; fmv.x.w and fsw move the low half as it is
  LOAD_D f1, 0x00000000, 0x3f800000        # "1.0f" improperly boxed
  li t0, 0x3f800000
  fmv.w.x f2, t0
  fsflags zero
  fadd.s f3, f1, f2
  fmv.x.w a0, f3
  frflags a1
  CHECK 100, a0, 0x7fc00000
  CHECK 101, a1, 0                          # the canonical NaN is quiet
  li t0, 0xbf800000
  fmv.w.x f2, t0
  fsgnj.s f3, f1, f2                        # sign injection sees the canonical NaN too
  STORE_D f3
  CHECK_D 102, 0xffffffff, 0xffc00000
  fclass.s a0, f1
  CHECK 103, a0, 1 << 9
  fmv.x.w a0, f1
  CHECK 104, a0, 0x3f800000
  la s0, scratch
  fsw f1, 8(s0)
  lw a0, 8(s0)
  CHECK 105, a0, 0x3f800000
  li t0, 0x12345678
  sw t0, 8(s0)
  flw f4, 8(s0)
  STORE_D f4
  CHECK_D 106, 0xffffffff, 0x12345678
  li t0, 0x40490fdb
  fmv.w.x f4, t0
  STORE_D f4
  CHECK_D 107, 0xffffffff, 0x40490fdb
  fmv.d f5, f4                               # fsgnj.d moves all 64 bits
  STORE_D f5
  CHECK_D 108, 0xffffffff, 0x40490fdb

  j pass
RVTEST_END
