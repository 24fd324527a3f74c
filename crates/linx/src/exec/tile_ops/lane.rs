//! TEPL lane arithmetic: one element of one operation (notes linx-tiles §4.4, from QEMU v0.58
//! `linx_tile_operation_binary_word` / `_unary_word`; the v0.4 documents give no lane rules
//! except TDIV's integer results, `state/engine_ops.json`).
//!
//! * FP32 and FP64: IEEE binary32/binary64 arithmetic, round-to-nearest-even, no flags (QEMU
//!   uses host C `float`/`double`; Rust's `f32`/`f64` are the same IEEE operations).
//! * FP16 and BF16: QEMU uses softfloat with RNE. Here the operation is computed in binary64
//!   and rounded once to the narrow type: for +, -, *, / and sqrt of binary16/bfloat16 operands
//!   binary64 has more than 2p + 2 bits, so that double rounding is innocuous (the result is the
//!   correctly rounded one softfloat gives).
//! * Every NaN result is the type's canonical quiet NaN ([`Dt::default_nan`]).
//! * TMAX/TMIN (FP32/FP64): a NaN operand is ignored (both NaN: NaN); between zeros TMAX gives
//!   +0 and TMIN -0. FP16/BF16 (softfloat `float16_max`/`min`): any NaN operand gives NaN, same
//!   zero rule.
//! * Integers: modular TADD/TSUB/TMUL; TDIV by zero gives 0 (v0.4 `engine_ops.json`
//!   `div_by_zero_result`, agreeing with QEMU) and the signed overflow `MIN / -1` gives 0
//!   (v0.4 `div_overflow_result`; QEMU gives MIN: v0.4 wins); signed or unsigned TMAX/TMIN by
//!   the type; TSHL/TSHR shift by `rhs & 31` (`& 63` for 64-bit lanes, the mask is 31 even for
//!   8/16-bit lanes), TSHR arithmetic for signed types, logical for unsigned.

use crate::exec::tile_ops::dtype::Dt;
use rustc_apfloat::ieee::{BFloat, Double, Half};
use rustc_apfloat::{Float, FloatConvert, Round};

/// Two-operand lane operations (tile-tile and tile-scalar forms share them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bin {
    Add,
    Sub,
    Mul,
    Div,
    Max,
    Min,
    And,
    Or,
    Xor,
    Shl,
    Shr,
}

/// One-operand lane operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Un {
    Relu,
    Exp,
    Log,
    Sqrt,
    Rsqrt,
    Recip,
}

impl Bin {
    /// Bitwise and shift operations exist for integer types only (H58 §4.2).
    pub fn integer_only(self) -> bool {
        matches!(self, Bin::And | Bin::Or | Bin::Xor | Bin::Shl | Bin::Shr)
    }
}

impl Un {
    /// The types the operation has numerics for (H58 `linx_tile_operation_impl_dtype_supported`):
    /// TRELU FP64, FP32 and the signed integers; the transcendental ones FP64 and FP32 only.
    pub fn supports(self, dt: Dt) -> bool {
        match self {
            Un::Relu => matches!(dt, Dt::F64 | Dt::F32 | Dt::S(_)),
            _ => matches!(dt, Dt::F64 | Dt::F32),
        }
    }
}

/// `binary16`/`bfloat16` bits -> f64 (exact).
pub fn narrow_to_f64(dt: Dt, v: u64) -> f64 {
    let mut lost = false;
    let d: Double = match dt {
        Dt::F16 => Half::from_bits(u128::from(v)).convert(&mut lost).value,
        _ => BFloat::from_bits(u128::from(v)).convert(&mut lost).value,
    };
    f64::from_bits(d.to_bits() as u64)
}

/// f64 -> `binary16`/`bfloat16` bits, rounded to nearest even, NaN canonical.
pub fn f64_to_narrow(dt: Dt, x: f64) -> u64 {
    if x.is_nan() {
        return dt.default_nan();
    }
    let d = Double::from_bits(u128::from(x.to_bits()));
    let mut lost = false;
    let bits = match dt {
        Dt::F16 => {
            let h: Half = d.convert_r(Round::NearestTiesToEven, &mut lost).value;
            h.to_bits()
        }
        _ => {
            let h: BFloat = d.convert_r(Round::NearestTiesToEven, &mut lost).value;
            h.to_bits()
        }
    };
    bits as u64
}

/// Host floating point behind the FP lanes.
trait HostFloat:
    Copy
    + PartialOrd
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Div<Output = Self>
{
    const ZERO: Self;
    fn is_nan(self) -> bool;
    fn neg_zero() -> Self;
}

impl HostFloat for f32 {
    const ZERO: Self = 0.0;
    fn is_nan(self) -> bool {
        f32::is_nan(self)
    }
    fn neg_zero() -> Self {
        -0.0
    }
}

impl HostFloat for f64 {
    const ZERO: Self = 0.0;
    fn is_nan(self) -> bool {
        f64::is_nan(self)
    }
    fn neg_zero() -> Self {
        -0.0
    }
}

/// TMAX/TMIN of FP32/FP64 (H58 §4.4): a NaN operand is ignored; zeros give +0 (max) / -0 (min).
fn max_min<F: HostFloat>(max: bool, a: F, b: F) -> F {
    if a.is_nan() {
        return b;
    }
    if b.is_nan() {
        return a;
    }
    if a == F::ZERO && b == F::ZERO {
        return if max { F::ZERO } else { F::neg_zero() };
    }
    if (a > b) == max { a } else { b }
}

fn float_bin<F: HostFloat>(op: Bin, a: F, b: F) -> F {
    match op {
        Bin::Add => a + b,
        Bin::Sub => a - b,
        Bin::Mul => a * b,
        Bin::Div => a / b,
        Bin::Max => max_min(true, a, b),
        _ => max_min(false, a, b),
    }
}

/// One lane of a two-operand operation (`op` must be legal for `dt`).
pub fn binary(op: Bin, dt: Dt, a: u64, b: u64) -> u64 {
    match dt {
        Dt::F32 => {
            let r = float_bin(op, f32::from_bits(a as u32), f32::from_bits(b as u32));
            canon32(r)
        }
        Dt::F64 => canon64(float_bin(op, f64::from_bits(a), f64::from_bits(b))),
        Dt::F16 | Dt::Bf16 => {
            let (x, y) = (narrow_to_f64(dt, a), narrow_to_f64(dt, b));
            if matches!(op, Bin::Max | Bin::Min) && (x.is_nan() || y.is_nan()) {
                return dt.default_nan();
            }
            f64_to_narrow(dt, float_bin(op, x, y))
        }
        Dt::S(_) | Dt::U(_) => int_binary(op, dt, a, b) & dt.mask(),
    }
}

fn canon32(r: f32) -> u64 {
    if r.is_nan() {
        Dt::F32.default_nan()
    } else {
        u64::from(r.to_bits())
    }
}

fn canon64(r: f64) -> u64 {
    if r.is_nan() {
        Dt::F64.default_nan()
    } else {
        r.to_bits()
    }
}

fn int_binary(op: Bin, dt: Dt, a: u64, b: u64) -> u64 {
    let signed = dt.is_signed_int();
    let (sa, sb) = (dt.sext(a), dt.sext(b));
    let shift = (b & if dt.bits() == 64 { 63 } else { 31 }) as u32;
    match op {
        Bin::Add => a.wrapping_add(b),
        Bin::Sub => a.wrapping_sub(b),
        Bin::Mul => a.wrapping_mul(b),
        Bin::Div if b & dt.mask() == 0 => 0,
        Bin::Div if signed => sa.checked_div(sb).map_or(0, |q| {
            // MIN / -1 overflows the element width too (e.g. INT8 -128 / -1 = 128).
            if dt.sext(q as u64) == q { q as u64 } else { 0 }
        }),
        Bin::Div => (a & dt.mask()) / (b & dt.mask()),
        Bin::Max | Bin::Min => {
            let a_larger = if signed { sa > sb } else { a > b };
            if a_larger == (op == Bin::Max) { a } else { b }
        }
        Bin::And => a & b,
        Bin::Or => a | b,
        Bin::Xor => a ^ b,
        Bin::Shl => a.checked_shl(shift).unwrap_or(0),
        Bin::Shr if signed => (sa >> shift) as u64,
        Bin::Shr => (a & dt.mask()) >> shift,
    }
}

/// One lane of a one-operand operation (`op` must be legal for `dt`, see [`Un::supports`]).
pub fn unary(op: Un, dt: Dt, a: u64) -> u64 {
    match dt {
        Dt::F32 => canon32(float_unary(op, f32::from_bits(a as u32))),
        Dt::F64 => canon64(float_unary(op, f64::from_bits(a))),
        // TRELU on signed integers: negative -> 0.
        _ => {
            if dt.sext(a) < 0 {
                0
            } else {
                a
            }
        }
    }
}

fn float_unary<F: Transcendental>(op: Un, x: F) -> F {
    match op {
        Un::Relu => relu(x),
        Un::Exp => x.exp(),
        Un::Log => log(x),
        Un::Sqrt => x.sqrt(),
        Un::Rsqrt => rsqrt(x),
        Un::Recip => recip(x),
    }
}

/// TRELU: `a > 0 ? a : +0` (NaN and -0 give +0).
fn relu<F: HostFloat>(x: F) -> F {
    if x > F::ZERO { x } else { F::ZERO }
}

/// TLOG: `a > 0 ? log(a) : -inf` (negatives, zeros and NaN give -inf).
fn log<F: Transcendental>(x: F) -> F {
    if x > F::ZERO { x.ln() } else { F::NEG_INF }
}

/// TRSQRT: `a > 0 ? 1/sqrt(a) : 0`.
fn rsqrt<F: Transcendental>(x: F) -> F {
    if x > F::ZERO {
        F::ONE / x.sqrt()
    } else {
        F::ZERO
    }
}

/// TRECIP: `a == 0 ? 0 : 1/a` (±0 give +0).
fn recip<F: Transcendental>(x: F) -> F {
    if x == F::ZERO { F::ZERO } else { F::ONE / x }
}

trait Transcendental: HostFloat {
    const ONE: Self;
    const NEG_INF: Self;
    fn ln(self) -> Self;
    fn sqrt(self) -> Self;
    fn exp(self) -> Self;
}

impl Transcendental for f32 {
    const ONE: Self = 1.0;
    const NEG_INF: Self = f32::NEG_INFINITY;
    fn ln(self) -> Self {
        f32::ln(self)
    }
    fn sqrt(self) -> Self {
        f32::sqrt(self)
    }
    fn exp(self) -> Self {
        f32::exp(self)
    }
}

impl Transcendental for f64 {
    const ONE: Self = 1.0;
    const NEG_INF: Self = f64::NEG_INFINITY;
    fn ln(self) -> Self {
        f64::ln(self)
    }
    fn sqrt(self) -> Self {
        f64::sqrt(self)
    }
    fn exp(self) -> Self {
        f64::exp(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const F: Dt = Dt::F32;
    fn f(x: f32) -> u64 {
        u64::from(x.to_bits())
    }

    #[test]
    fn fp32_max_min_ignore_nan_and_order_zeros() {
        // Notes §4.4 (QEMU v0.58 TMAX/TMIN).
        let nan = 0x7fc0_0001;
        assert_eq!(binary(Bin::Max, F, nan, f(2.0)), f(2.0));
        assert_eq!(binary(Bin::Min, F, f(-3.0), nan), f(-3.0));
        assert_eq!(binary(Bin::Max, F, nan, nan), F.default_nan());
        assert_eq!(binary(Bin::Max, F, f(-0.0), f(0.0)), f(0.0));
        assert_eq!(binary(Bin::Min, F, f(0.0), f(-0.0)), f(-0.0));
        // FP16 (softfloat max): a NaN operand gives NaN.
        assert_eq!(binary(Bin::Max, Dt::F16, 0x7e01, 0x3c00), 0x7e00);
    }

    #[test]
    fn fp32_division_by_zero_is_ieee_and_nan_is_canonical() {
        assert_eq!(binary(Bin::Div, F, f(1.0), f(-0.0)), f(f32::NEG_INFINITY));
        assert_eq!(binary(Bin::Div, F, f(0.0), f(0.0)), 0x7fc0_0000);
    }

    #[test]
    fn integer_division_by_zero_and_overflow_give_zero() {
        // v0.4 engine_ops.json TDIV: div_by_zero_result 0, div_overflow_result 0.
        assert_eq!(binary(Bin::Div, Dt::S(32), 7, 0), 0);
        assert_eq!(binary(Bin::Div, Dt::S(32), 0x8000_0000, 0xffff_ffff), 0);
        assert_eq!(binary(Bin::Div, Dt::S(8), 0x80, 0xff), 0);
        assert_eq!(
            binary(Bin::Div, Dt::S(16), 0xfff9, 2),
            0xfffd,
            "-7/2 truncates to -3"
        );
        assert_eq!(binary(Bin::Div, Dt::U(8), 0xff, 2), 0x7f);
    }

    #[test]
    fn shifts_mask_the_amount_with_31_even_for_narrow_lanes() {
        assert_eq!(binary(Bin::Shl, Dt::U(8), 1, 33), 2, "33 & 31 = 1");
        assert_eq!(
            binary(Bin::Shl, Dt::U(8), 1, 8),
            0,
            "shifted out of the byte"
        );
        assert_eq!(
            binary(Bin::Shr, Dt::S(8), 0x80, 1),
            0xc0,
            "arithmetic for signed"
        );
        assert_eq!(
            binary(Bin::Shr, Dt::U(8), 0x80, 1),
            0x40,
            "logical for unsigned"
        );
        assert_eq!(binary(Bin::Shl, Dt::U(64), 1, 63), 1 << 63);
    }

    #[test]
    fn unary_edge_rules() {
        assert_eq!(unary(Un::Relu, F, 0x7fc0_0000), f(0.0), "NaN -> +0");
        assert_eq!(unary(Un::Relu, F, f(-0.0)), f(0.0));
        assert_eq!(unary(Un::Log, F, f(-1.0)), f(f32::NEG_INFINITY));
        assert_eq!(unary(Un::Rsqrt, F, f(0.0)), f(0.0));
        assert_eq!(unary(Un::Recip, F, f(-0.0)), f(0.0));
        assert_eq!(unary(Un::Sqrt, F, f(-0.0)), f(-0.0));
        assert_eq!(unary(Un::Sqrt, F, f(-1.0)), F.default_nan());
        assert_eq!(unary(Un::Relu, Dt::S(8), 0x80), 0);
    }
}
