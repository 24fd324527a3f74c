//! Bit-exact RISC-V F and D arithmetic: our own soft-float, written from IEEE 754-2008 and the
//! RISC-V F/D chapters (principle 6), with host-float fast paths where the result and the flags
//! are provably the same (see [`fast`]).
//!
//! Every operation takes and returns raw bit patterns (`u32` for binary32, `u64` for binary64),
//! a static rounding mode [`Rm`], and ORs the IEEE exception flags it raises into a [`Flags`]
//! accumulator, exactly as `fflags` accrues them. NaN results are always the canonical NaN.
//! NaN-boxing (a binary32 value in a 64-bit register) is the hart's business ([`box_f32`],
//! [`unbox_f32`]).
//!
//! `scripts/oracle/riscv-softfloat.sh` compares these functions with Berkeley SoftFloat 3e
//! (RISC-V specialisation) on millions of random and edge-case operands.

mod arith;
mod compare;
mod convert;
pub(crate) mod fast;
mod format;
mod round;

pub use fast::accrued;
use format::{F32, F64};

/// The accrued exception flags, in `fflags` bit order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Flags(pub u8);

impl Flags {
    /// Invalid operation.
    pub const NV: u8 = 0x10;
    /// Divide by zero.
    pub const DZ: u8 = 0x08;
    /// Overflow.
    pub const OF: u8 = 0x04;
    /// Underflow.
    pub const UF: u8 = 0x02;
    /// Inexact.
    pub const NX: u8 = 0x01;

    #[inline]
    pub fn raise(&mut self, f: u8) {
        self.0 |= f;
    }
}

/// A static rounding mode (the `rm` field; 7 = dynamic is resolved by the hart from `frm`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Rm {
    /// Round to nearest, ties to even.
    Rne = 0,
    /// Round towards zero.
    Rtz = 1,
    /// Round down (towards -∞).
    Rdn = 2,
    /// Round up (towards +∞).
    Rup = 3,
    /// Round to nearest, ties to max magnitude.
    Rmm = 4,
}

impl Rm {
    /// The mode for an `rm`/`frm` value; 5, 6 and 7 are not modes (reserved, or dynamic).
    pub const fn from_bits(bits: u32) -> Option<Rm> {
        match bits {
            0 => Some(Rm::Rne),
            1 => Some(Rm::Rtz),
            2 => Some(Rm::Rdn),
            3 => Some(Rm::Rup),
            4 => Some(Rm::Rmm),
            _ => None,
        }
    }

    pub const ALL: [Rm; 5] = [Rm::Rne, Rm::Rtz, Rm::Rdn, Rm::Rup, Rm::Rmm];
}

/// The binary32 canonical NaN.
pub const CANONICAL_NAN_S: u32 = 0x7fc0_0000;
/// The binary64 canonical NaN.
pub const CANONICAL_NAN_D: u64 = 0x7ff8_0000_0000_0000;

/// A binary32 value NaN-boxed into a 64-bit FP register (upper half all ones).
#[inline]
pub const fn box_f32(v: u32) -> u64 {
    0xffff_ffff_0000_0000 | v as u64
}

/// The binary32 value of a 64-bit FP register: the low half if properly NaN-boxed, otherwise
/// the canonical NaN (Unprivileged ISA, D chapter, "NaN Boxing of Narrower Values").
#[inline]
pub const fn unbox_f32(r: u64) -> u32 {
    if r >> 32 == 0xffff_ffff {
        r as u32
    } else {
        CANONICAL_NAN_S
    }
}

/// Defines a public operation: the inlined hot path (`fast::hot_*`), then, out of line, the
/// other fast paths and the soft-float.
macro_rules! fp_op {
    ($(#[$doc:meta])* $name:ident($($arg:ident),+) : $t:ty, $fmt:ty, $hot:ident, $fast:ident, $soft:ident) => {
        $(#[$doc])*
        #[inline]
        pub fn $name($($arg: $t,)+ rm: Rm, flags: &mut Flags) -> $t {
            if let Some(r) = fast::$hot($($arg,)+ rm, flags) {
                return r;
            }
            #[inline(never)]
            fn cold($($arg: $t,)+ rm: Rm, flags: &mut Flags) -> $t {
                if let Some(r) = fast::$fast($($arg,)+ rm, flags) {
                    return r;
                }
                arith::$soft::<$fmt>($(u64::from($arg),)+ rm, flags) as $t
            }
            cold($($arg,)+ rm, flags)
        }
    };
}

fp_op!(
    /// `a + b` in binary32.
    add_s(a, b): u32, F32, hot_add_s, add_s, add
);
fp_op!(
    /// `a * b` in binary32.
    mul_s(a, b): u32, F32, hot_mul_s, mul_s, mul
);
fp_op!(
    /// `a / b` in binary32.
    div_s(a, b): u32, F32, hot_div_s, div_s, div
);
fp_op!(
    /// Square root in binary32.
    sqrt_s(a): u32, F32, hot_sqrt_s, sqrt_s, sqrt
);
fp_op!(
    /// Fused `a * b + c` in binary32 (negate operands' sign bits for fmsub/fnmsub/fnmadd).
    fma_s(a, b, c): u32, F32, hot_fma_s, fma_s, fma
);
fp_op!(
    /// `a + b` in binary64.
    add_d(a, b): u64, F64, hot_add_d, add_d, add
);
fp_op!(
    /// `a * b` in binary64.
    mul_d(a, b): u64, F64, hot_mul_d, mul_d, mul
);
fp_op!(
    /// `a / b` in binary64.
    div_d(a, b): u64, F64, hot_div_d, div_d, div
);
fp_op!(
    /// Square root in binary64.
    sqrt_d(a): u64, F64, hot_sqrt_d, sqrt_d, sqrt
);
fp_op!(
    /// Fused `a * b + c` in binary64 (negate operands' sign bits for fmsub/fnmsub/fnmadd).
    fma_d(a, b, c): u64, F64, hot_fma_d, fma_d, fma
);

/// `a - b` in binary32.
#[inline]
pub fn sub_s(a: u32, b: u32, rm: Rm, flags: &mut Flags) -> u32 {
    add_s(a, b ^ 0x8000_0000, rm, flags)
}

/// `a - b` in binary64.
#[inline]
pub fn sub_d(a: u64, b: u64, rm: Rm, flags: &mut Flags) -> u64 {
    add_d(a, b ^ (1 << 63), rm, flags)
}

/// `fcvt.w.s` (`signed`) / `fcvt.wu.s`.
pub fn s_to_int(a: u32, signed: bool, rm: Rm, flags: &mut Flags) -> u32 {
    convert::to_int::<F32>(u64::from(a), signed, rm, flags)
}

/// `fcvt.w.d` (`signed`) / `fcvt.wu.d`.
pub fn d_to_int(a: u64, signed: bool, rm: Rm, flags: &mut Flags) -> u32 {
    convert::to_int::<F64>(a, signed, rm, flags)
}

/// `fcvt.s.w` (`signed`) / `fcvt.s.wu`.
pub fn int_to_s(v: u32, signed: bool, rm: Rm, flags: &mut Flags) -> u32 {
    convert::from_int::<F32>(v, signed, rm, flags) as u32
}

/// `fcvt.d.w` (`signed`) / `fcvt.d.wu` (always exact).
pub fn int_to_d(v: u32, signed: bool, flags: &mut Flags) -> u64 {
    convert::from_int::<F64>(v, signed, Rm::Rne, flags)
}

/// `fcvt.s.d`.
pub fn d_to_s(a: u64, rm: Rm, flags: &mut Flags) -> u32 {
    convert::f64_to_f32(a, rm, flags)
}

/// `fcvt.d.s` (exact; invalid only for a signalling NaN).
pub fn s_to_d(a: u32, flags: &mut Flags) -> u64 {
    convert::f32_to_f64(a, flags)
}

/// `feq.s`.
pub fn eq_s(a: u32, b: u32, flags: &mut Flags) -> bool {
    compare::eq::<F32>(u64::from(a), u64::from(b), flags)
}

/// `flt.s` (`or_equal` false) / `fle.s`.
pub fn less_s(a: u32, b: u32, or_equal: bool, flags: &mut Flags) -> bool {
    compare::less::<F32>(u64::from(a), u64::from(b), or_equal, flags)
}

/// `feq.d`.
pub fn eq_d(a: u64, b: u64, flags: &mut Flags) -> bool {
    compare::eq::<F64>(a, b, flags)
}

/// `flt.d` (`or_equal` false) / `fle.d`.
pub fn less_d(a: u64, b: u64, or_equal: bool, flags: &mut Flags) -> bool {
    compare::less::<F64>(a, b, or_equal, flags)
}

/// `fmin.s` (`max` false) / `fmax.s`.
pub fn min_max_s(a: u32, b: u32, max: bool, flags: &mut Flags) -> u32 {
    compare::min_max::<F32>(u64::from(a), u64::from(b), max, flags) as u32
}

/// `fmin.d` (`max` false) / `fmax.d`.
pub fn min_max_d(a: u64, b: u64, max: bool, flags: &mut Flags) -> u64 {
    compare::min_max::<F64>(a, b, max, flags)
}

/// `fclass.s`.
pub fn class_s(a: u32) -> u32 {
    compare::class::<F32>(u64::from(a))
}

/// `fclass.d`.
pub fn class_d(a: u64) -> u32 {
    compare::class::<F64>(a)
}
