//! Host-float fast paths, taken only where the host's IEEE 754 result and flags are provably
//! those of the soft-float (tested against it in `tests/fpu_fast_path.rs`; the soft-float itself
//! against Berkeley SoftFloat by `scripts/oracle/riscv-softfloat.sh`). Each returns `None` to fall
//! back. Conditions, all required:
//!
//! * rounding mode RNE (the host's mode; Rust never changes it);
//! * every operand normal or zero: no NaN (RISC-V NaN rules differ from the host's), no infinity,
//!   no subnormal;
//! * the result finite (a finite RNE result means no overflow) and not tiny: sums of normal
//!   numbers are exact when subnormal, other results must exceed the smallest normal number
//!   strictly, so that tininess after rounding cannot occur;
//! * inexact derived exactly: by Knuth's TwoSum error term for sums; for binary32 from the
//!   binary64 computation (a binary32 product, or quotient/root check, is exact in binary64, and
//!   binary64 is wide enough that rounding twice, first to binary64 then to binary32, gives the
//!   correctly rounded result for +, ×, ÷, √: Figueroa, "When is double rounding innocuous?",
//!   1995, p' >= 2p + 2); for binary64 products, quotients and roots from the exact residual
//!   computed by a fused multiply-add, valid while operands stay within 2^±900 (the residual is
//!   then representable). Binary32 FMA goes through binary64 with a TwoSum residual and falls
//!   back when the binary64 sum lands exactly half-way between binary32 numbers. Binary64 FMA
//!   is only fast when `inexact` is already set in the accrued flags (as QEMU does), since its
//!   residual is not a single number.

use super::{Flags, Rm};

/// Normal or zero binary32.
#[inline]
fn plain_s(b: u32) -> bool {
    let e = (b >> 23) & 0xff;
    e != 0xff && (e != 0 || b << 1 == 0)
}

/// Normal or zero binary64.
#[inline]
fn plain_d(b: u64) -> bool {
    let e = (b >> 52) & 0x7ff;
    e != 0x7ff && (e != 0 || b << 1 == 0)
}

/// Within 2^±900 (or zero): residuals of products, quotients and roots are representable.
#[inline]
fn moderate_d(x: f64) -> bool {
    let e = (x.to_bits() >> 52) & 0x7ff;
    x == 0.0 || (123..=1923).contains(&e)
}

#[inline]
fn has_nx(flags: &Flags) -> bool {
    flags.0 & Flags::NX != 0
}

/// Knuth's TwoSum error term: the exact `x + y - (x + y rounded)`.
#[inline]
fn two_sum_err_s(x: f32, y: f32, s: f32) -> f32 {
    let bp = s - x;
    let ap = s - bp;
    (x - ap) + (y - bp)
}

#[inline]
fn two_sum_err_d(x: f64, y: f64, s: f64) -> f64 {
    let bp = s - x;
    let ap = s - bp;
    (x - ap) + (y - bp)
}

#[inline]
pub(super) fn add_s(a: u32, b: u32, rm: Rm, flags: &mut Flags) -> Option<u32> {
    if rm != Rm::Rne || !plain_s(a) || !plain_s(b) {
        return None;
    }
    let (x, y) = (f32::from_bits(a), f32::from_bits(b));
    let s = x + y;
    if s.is_infinite() {
        return None;
    }
    if !has_nx(flags) && two_sum_err_s(x, y, s) != 0.0 {
        flags.raise(Flags::NX);
    }
    Some(s.to_bits())
}

#[inline]
pub(super) fn add_d(a: u64, b: u64, rm: Rm, flags: &mut Flags) -> Option<u64> {
    if rm != Rm::Rne || !plain_d(a) || !plain_d(b) {
        return None;
    }
    let (x, y) = (f64::from_bits(a), f64::from_bits(b));
    let s = x + y;
    if s.is_infinite() {
        return None;
    }
    if !has_nx(flags) && two_sum_err_d(x, y, s) != 0.0 {
        flags.raise(Flags::NX);
    }
    Some(s.to_bits())
}

#[inline]
pub(super) fn mul_s(a: u32, b: u32, rm: Rm, flags: &mut Flags) -> Option<u32> {
    if rm != Rm::Rne || !plain_s(a) || !plain_s(b) {
        return None;
    }
    let p = f64::from(f32::from_bits(a)) * f64::from(f32::from_bits(b));
    let r = p as f32;
    if p != 0.0 && !(p.abs() > f64::from(f32::MIN_POSITIVE) && r.is_finite()) {
        return None;
    }
    if f64::from(r) != p {
        flags.raise(Flags::NX);
    }
    Some(r.to_bits())
}

#[inline]
pub(super) fn mul_d(a: u64, b: u64, rm: Rm, flags: &mut Flags) -> Option<u64> {
    if rm != Rm::Rne || !plain_d(a) || !plain_d(b) {
        return None;
    }
    let (x, y) = (f64::from_bits(a), f64::from_bits(b));
    let r = x * y;
    if r == 0.0 {
        // A zero operand: the product is an exact zero (normal operands cannot underflow to 0
        // without a tiny nonzero exact product, which is excluded next).
        return (x == 0.0 || y == 0.0).then_some(r.to_bits());
    }
    if !(r.abs() > f64::MIN_POSITIVE && r.is_finite()) {
        return None;
    }
    if !has_nx(flags) {
        if !(moderate_d(x) && moderate_d(y) && moderate_d(r)) {
            return None;
        }
        if x.mul_add(y, -r) != 0.0 {
            flags.raise(Flags::NX);
        }
    }
    Some(r.to_bits())
}

#[inline]
pub(super) fn div_s(a: u32, b: u32, rm: Rm, flags: &mut Flags) -> Option<u32> {
    if rm != Rm::Rne || !plain_s(a) || !plain_s(b) || b << 1 == 0 {
        return None;
    }
    let (x, y) = (f64::from(f32::from_bits(a)), f64::from(f32::from_bits(b)));
    let q = (x / y) as f32;
    if x == 0.0 {
        return Some(q.to_bits());
    }
    if !(q.abs() > f32::MIN_POSITIVE && q.is_finite()) {
        return None;
    }
    if f64::from(q) * y != x {
        flags.raise(Flags::NX);
    }
    Some(q.to_bits())
}

#[inline]
pub(super) fn div_d(a: u64, b: u64, rm: Rm, flags: &mut Flags) -> Option<u64> {
    if rm != Rm::Rne || !plain_d(a) || !plain_d(b) || b << 1 == 0 {
        return None;
    }
    let (x, y) = (f64::from_bits(a), f64::from_bits(b));
    let q = x / y;
    if x == 0.0 {
        return Some(q.to_bits());
    }
    if !(q.abs() > f64::MIN_POSITIVE && q.is_finite()) {
        return None;
    }
    if !has_nx(flags) {
        if !(moderate_d(x) && moderate_d(y) && moderate_d(q)) {
            return None;
        }
        if q.mul_add(y, -x) != 0.0 {
            flags.raise(Flags::NX);
        }
    }
    Some(q.to_bits())
}

#[inline]
pub(super) fn sqrt_s(a: u32, rm: Rm, flags: &mut Flags) -> Option<u32> {
    if rm != Rm::Rne || !plain_s(a) || (a >> 31 != 0 && a << 1 != 0) {
        return None;
    }
    let x = f64::from(f32::from_bits(a));
    let r = x.sqrt() as f32;
    if f64::from(r) * f64::from(r) != x {
        flags.raise(Flags::NX);
    }
    Some(r.to_bits())
}

#[inline]
pub(super) fn sqrt_d(a: u64, rm: Rm, flags: &mut Flags) -> Option<u64> {
    if rm != Rm::Rne || !plain_d(a) || (a >> 63 != 0 && a << 1 != 0) {
        return None;
    }
    let x = f64::from_bits(a);
    let r = x.sqrt();
    if !has_nx(flags) {
        if !moderate_d(x) {
            return None;
        }
        if r.mul_add(r, -x) != 0.0 {
            flags.raise(Flags::NX);
        }
    }
    Some(r.to_bits())
}

#[inline]
pub(super) fn fma_s(a: u32, b: u32, c: u32, rm: Rm, flags: &mut Flags) -> Option<u32> {
    if rm != Rm::Rne || !plain_s(a) || !plain_s(b) || !plain_s(c) {
        return None;
    }
    let p = f64::from(f32::from_bits(a)) * f64::from(f32::from_bits(b));
    let z = f64::from(f32::from_bits(c));
    let s = p + z;
    let err = two_sum_err_d(p, z, s);
    // A binary64 sum exactly half-way between binary32 neighbours, made so by rounding, would
    // be rounded the wrong way: fall back.
    if err != 0.0 && s.to_bits() & 0x1fff_ffff == 0x1000_0000 {
        return None;
    }
    let r = s as f32;
    if s != 0.0 && !(r.abs() > f32::MIN_POSITIVE && r.is_finite()) {
        return None;
    }
    if err != 0.0 || f64::from(r) != s {
        flags.raise(Flags::NX);
    }
    Some(r.to_bits())
}

#[inline]
pub(super) fn fma_d(a: u64, b: u64, c: u64, rm: Rm, flags: &mut Flags) -> Option<u64> {
    if rm != Rm::Rne || !has_nx(flags) || !plain_d(a) || !plain_d(b) || !plain_d(c) {
        return None;
    }
    let r = f64::from_bits(a).mul_add(f64::from_bits(b), f64::from_bits(c));
    (r.abs() > f64::MIN_POSITIVE && r.is_finite()).then_some(r.to_bits())
}
