//! Host-float fast paths, taken only where the host's IEEE 754 result and flags are provably
//! those of the soft-float (tested against it by this module's tests; the soft-float itself
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
//!   first tries a cheap sufficient test of exactness (an exact product, by its residual, and
//!   an exact sum, by TwoSum: [`exact_fma_d`]), then derives inexact with Boldo and Muller's
//!   ErrFma (again within 2^±900);
//! * when `inexact` is already set in the accrued flags it need not be derived at all (QEMU's
//!   observation), which also lifts the 2^±900 limits. That case is the `hot_*` functions and,
//!   for a hart that has checked RNE and accrued inexact once for a whole run of blocks, the
//!   [`accrued`] functions, small enough to inline into the execute loop. They need no operand
//!   check at all: with RNE, every operand case that raises a flag other than inexact (an
//!   invalid operation or a NaN operand gives a NaN; an infinite operand, division by zero or
//!   overflow an infinity; underflow a result below the smallest normal number) gives a result
//!   that is not clear, and then they decline. Subnormal operands are exact inputs to the
//!   host's IEEE arithmetic (Rust never sets flush-to-zero or denormals-are-zero) and RISC-V
//!   has no denormal-operand flag.

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

/// A finite result above the smallest normal number: no overflow, no tininess.
#[inline(always)]
fn clear_d(r: f64) -> bool {
    (r.to_bits() & !(1 << 63)).wrapping_sub(f64::MIN_POSITIVE.to_bits() + 1)
        < f64::INFINITY.to_bits() - f64::MIN_POSITIVE.to_bits() - 1
}

#[inline(always)]
fn clear_s(r: f32) -> bool {
    (r.to_bits() & !(1 << 31)).wrapping_sub(f32::MIN_POSITIVE.to_bits() + 1)
        < f32::INFINITY.to_bits() - f32::MIN_POSITIVE.to_bits() - 1
}

/// RISC-V arithmetic in RNE with inexact already accrued (QEMU's "hardfloat" condition): the
/// host's result where it is clear, so that the soft-float would give the same bits and raise
/// at most inexact (see the module documentation), else `None`.
pub mod accrued {
    use super::{clear_d, clear_s};

    macro_rules! accrued {
        ($name:ident($($a:ident),+): $t:ty, $f:ty, $clear:ident, |$($x:ident),+| $e:expr) => {
            #[inline(always)]
            pub fn $name($($a: $t),+) -> Option<$t> {
                let ($($x,)+) = ($(<$f>::from_bits($a),)+);
                let r: $f = $e;
                $clear(r).then_some(r.to_bits())
            }
        };
    }

    accrued!(add_d(a, b): u64, f64, clear_d, |x, y| x + y);
    accrued!(sub_d(a, b): u64, f64, clear_d, |x, y| x - y);
    accrued!(mul_d(a, b): u64, f64, clear_d, |x, y| x * y);
    accrued!(div_d(a, b): u64, f64, clear_d, |x, y| x / y);
    accrued!(sqrt_d(a): u64, f64, clear_d, |x| x.sqrt());
    accrued!(fma_d(a, b, c): u64, f64, clear_d, |x, y, z| x.mul_add(y, z));
    accrued!(add_s(a, b): u32, f32, clear_s, |x, y| x + y);
    accrued!(sub_s(a, b): u32, f32, clear_s, |x, y| x - y);
    accrued!(mul_s(a, b): u32, f32, clear_s, |x, y| x * y);
    accrued!(div_s(a, b): u32, f32, clear_s, |x, y| x / y);
    accrued!(sqrt_s(a): u32, f32, clear_s, |x| x.sqrt());
    accrued!(fma_s(a, b, c): u32, f32, clear_s, |x, y, z| x.mul_add(y, z));
}

/// The `accrued` operation when the mode is RNE and inexact has accrued.
macro_rules! hot {
    ($name:ident($($a:ident),+): $t:ty, $accrued:ident) => {
        #[inline(always)]
        pub(super) fn $name($($a: $t,)+ rm: Rm, flags: &mut Flags) -> Option<$t> {
            if rm != Rm::Rne || !has_nx(flags) {
                return None;
            }
            accrued::$accrued($($a),+)
        }
    };
}

hot!(hot_add_d(a, b): u64, add_d);
hot!(hot_mul_d(a, b): u64, mul_d);
hot!(hot_div_d(a, b): u64, div_d);
hot!(hot_sqrt_d(a): u64, sqrt_d);
hot!(hot_add_s(a, b): u32, add_s);
hot!(hot_mul_s(a, b): u32, mul_s);
hot!(hot_div_s(a, b): u32, div_s);
hot!(hot_sqrt_s(a): u32, sqrt_s);
hot!(hot_fma_s(a, b, c): u32, fma_s);

/// The least magnitude of a rounded binary64 product `p = x * y` for which
/// [`exact_product_d`] may trust a zero residual: 2^-900.
pub(crate) const EXACT_PRODUCT_MIN: f64 = f64::from_bits(123 << 52);

/// Is `p`, the host's rounded `x * y`, the exact product? The fused multiply-add `x * y - p`
/// is then the residual, computed exactly: with |p| >= 2^-900 the exponents of x and y sum to
/// at least -902, so the residual is a multiple of 2^-1006, and it is below half an ulp of p,
/// so it needs at most 53 bits (Boldo and Daumas, "Representable correcting terms for possibly
/// underflowing floating point operations", ARITH 2003: representable once the exponents sum
/// to at least e_min + p - 1 = -970). The bound keeps a tiny residual from rounding to zero.
/// An infinite or NaN product fails: its residual is not zero, or the bound fails.
#[inline(always)]
pub(crate) fn exact_product_d(x: f64, y: f64, p: f64) -> bool {
    p.abs() >= EXACT_PRODUCT_MIN && x.mul_add(y, -p) == 0.0
}

/// Is `x * y + z` exactly representable, so that the host's fused multiply-add rounds
/// nothing? Sufficient: the product is exact ([`exact_product_d`]) and so is its sum with `z`
/// (Knuth's TwoSum error is exact for any finite operands, subnormal ones included, and NaN
/// or infinite once anything overflows). Integer and short fixed-point arithmetic, as in
/// matrix kernels on exact data, passes it. The translation tier computes the same test
/// (`hart::jit::float`).
#[inline(always)]
pub(crate) fn exact_fma_d(x: f64, y: f64, z: f64) -> bool {
    let p = x * y;
    exact_product_d(x, y, p) && two_sum_err_d(p, z, p + z) == 0.0
}

/// Also takes exact-valued arithmetic ([`exact_fma_d`]) when inexact has not accrued yet.
#[inline(always)]
pub(super) fn hot_fma_d(a: u64, b: u64, c: u64, rm: Rm, flags: &mut Flags) -> Option<u64> {
    if rm != Rm::Rne {
        return None;
    }
    // Without accrued inexact, only exact results.
    let (x, y, z) = (f64::from_bits(a), f64::from_bits(b), f64::from_bits(c));
    if !has_nx(flags) && !exact_fma_d(x, y, z) {
        return None;
    }
    accrued::fma_d(a, b, c)
}

/// Knuth's TwoSum error term: the exact `x + y - (x + y rounded)`.
#[inline]
fn two_sum_err_s(x: f32, y: f32, s: f32) -> f32 {
    let bp = s - x;
    let ap = s - bp;
    (x - ap) + (y - bp)
}

#[inline]
pub(crate) fn two_sum_err_d(x: f64, y: f64, s: f64) -> f64 {
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
    if rm != Rm::Rne || !plain_d(a) || !plain_d(b) || !plain_d(c) {
        return None;
    }
    let (x, y, z) = (f64::from_bits(a), f64::from_bits(b), f64::from_bits(c));
    let r = x.mul_add(y, z);
    if has_nx(flags) {
        return (r.abs() > f64::MIN_POSITIVE && r.is_finite()).then_some(r.to_bits());
    }
    // Boldo and Muller's ErrFma ("Exact and approximated error of the FMA", IEEE TC 60(2),
    // 2011): x*y + z = r + r2 + r3 exactly, with r2 + r3 = gamma + alpha2, provided nothing
    // underflows or overflows. With |x|, |y|, |z|, |x*y| within 2^±900 every intermediate is
    // representable, and the exact result, a multiple of 2^-1006, is either 0 or far above the
    // subnormal range, so r == 0 means an exact zero.
    if exact_fma_d(x, y, z) {
        return Some(r.to_bits());
    }
    let u1 = x * y;
    let moderate = moderate_d(x) && moderate_d(y) && moderate_d(z) && moderate_d(u1);
    if u1 == 0.0 || !moderate || !moderate_d(r) {
        return None;
    }
    let u2 = x.mul_add(y, -u1);
    let alpha1 = z + u2;
    let alpha2 = two_sum_err_d(z, u2, alpha1);
    let beta1 = u1 + alpha1;
    let beta2 = two_sum_err_d(u1, alpha1, beta1);
    let gamma = (beta1 - r) + beta2;
    if gamma + alpha2 != 0.0 {
        flags.raise(Flags::NX);
    }
    Some(r.to_bits())
}

#[cfg(test)]
mod tests {
    //! Every fast path against the soft-float, on operands built to hit exact and inexact
    //! results, both signs, and the edges of the fast paths' ranges.
    use super::super::arith;
    use super::super::format::{F32, F64};
    use super::*;
    use proptest::prelude::*;

    /// binary64 operands: random bits, small integers (exact results), powers of two, and
    /// short significands at every exponent.
    fn d() -> impl Strategy<Value = u64> {
        prop_oneof![
            any::<u64>(),
            (-64i32..64).prop_map(|i| f64::from(i).to_bits()),
            (-1100i32..1100, any::<bool>())
                .prop_map(|(e, s)| (if s { -1.0 } else { 1.0 } * 2f64.powi(e)).to_bits()),
            (any::<u8>(), 0u64..2047, any::<bool>())
                .prop_map(|(m, e, s)| { u64::from(s) << 63 | (e << 52) | u64::from(m) << 44 }),
        ]
    }

    fn s() -> impl Strategy<Value = u32> {
        prop_oneof![
            any::<u32>(),
            (-64i32..64).prop_map(|i| (i as f32).to_bits()),
            (-150i32..128).prop_map(|e| 2f32.powi(e).to_bits()),
            (any::<u8>(), 0u32..255, any::<bool>())
                .prop_map(|(m, e, s)| u32::from(s) << 31 | (e << 23) | u32::from(m) << 15),
        ]
    }

    /// Where the fast path answers, it agrees with the soft-float, from clear and set flags.
    fn same<R: PartialEq + std::fmt::Debug>(
        fast: impl Fn(&mut Flags) -> Option<R>,
        soft: impl Fn(&mut Flags) -> R,
    ) -> Result<bool, TestCaseError> {
        let mut taken = false;
        for start in [Flags(0), Flags(Flags::NX)] {
            let (mut f1, mut f2) = (start, start);
            if let Some(r) = fast(&mut f1) {
                taken = true;
                prop_assert_eq!(r, soft(&mut f2));
                prop_assert_eq!(f1, f2);
            }
        }
        Ok(taken)
    }

    /// Where an `accrued` operation answers, it agrees with the soft-float from accrued inexact
    /// and raises nothing new.
    fn same_accrued<R: PartialEq + std::fmt::Debug>(
        fast: Option<R>,
        soft: impl Fn(&mut Flags) -> R,
    ) -> Result<(), TestCaseError> {
        if let Some(r) = fast {
            let mut f = Flags(Flags::NX);
            prop_assert_eq!(r, soft(&mut f));
            prop_assert_eq!(f, Flags(Flags::NX));
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20000))]

        #[test]
        fn accrued_binary64(a in d(), b in d(), c in d()) {
            let neg = |x: u64| x ^ 1 << 63;
            same_accrued(accrued::add_d(a, b), |f| arith::add::<F64>(a, b, Rm::Rne, f))?;
            same_accrued(accrued::sub_d(a, b), |f| arith::add::<F64>(a, neg(b), Rm::Rne, f))?;
            same_accrued(accrued::mul_d(a, b), |f| arith::mul::<F64>(a, b, Rm::Rne, f))?;
            same_accrued(accrued::div_d(a, b), |f| arith::div::<F64>(a, b, Rm::Rne, f))?;
            same_accrued(accrued::sqrt_d(a), |f| arith::sqrt::<F64>(a, Rm::Rne, f))?;
            same_accrued(accrued::fma_d(a, b, c), |f| arith::fma::<F64>(a, b, c, Rm::Rne, f))?;
        }

        #[test]
        fn accrued_binary32(a in s(), b in s(), c in s()) {
            let w = u64::from;
            let neg = |x: u32| x ^ 1 << 31;
            same_accrued(accrued::add_s(a, b), |f| arith::add::<F32>(w(a), w(b), Rm::Rne, f) as u32)?;
            same_accrued(
                accrued::sub_s(a, b),
                |f| arith::add::<F32>(w(a), w(neg(b)), Rm::Rne, f) as u32,
            )?;
            same_accrued(accrued::mul_s(a, b), |f| arith::mul::<F32>(w(a), w(b), Rm::Rne, f) as u32)?;
            same_accrued(accrued::div_s(a, b), |f| arith::div::<F32>(w(a), w(b), Rm::Rne, f) as u32)?;
            same_accrued(accrued::sqrt_s(a), |f| arith::sqrt::<F32>(w(a), Rm::Rne, f) as u32)?;
            same_accrued(
                accrued::fma_s(a, b, c),
                |f| arith::fma::<F32>(w(a), w(b), w(c), Rm::Rne, f) as u32,
            )?;
        }

        #[test]
        fn binary64(a in d(), b in d(), c in d()) {
            same(|f| add_d(a, b, Rm::Rne, f), |f| arith::add::<F64>(a, b, Rm::Rne, f))?;
            same(|f| mul_d(a, b, Rm::Rne, f), |f| arith::mul::<F64>(a, b, Rm::Rne, f))?;
            same(|f| div_d(a, b, Rm::Rne, f), |f| arith::div::<F64>(a, b, Rm::Rne, f))?;
            same(|f| sqrt_d(a, Rm::Rne, f), |f| arith::sqrt::<F64>(a, Rm::Rne, f))?;
            same(|f| fma_d(a, b, c, Rm::Rne, f), |f| arith::fma::<F64>(a, b, c, Rm::Rne, f))?;
            same(|f| hot_add_d(a, b, Rm::Rne, f), |f| arith::add::<F64>(a, b, Rm::Rne, f))?;
            same(|f| hot_mul_d(a, b, Rm::Rne, f), |f| arith::mul::<F64>(a, b, Rm::Rne, f))?;
            same(|f| hot_div_d(a, b, Rm::Rne, f), |f| arith::div::<F64>(a, b, Rm::Rne, f))?;
            same(|f| hot_sqrt_d(a, Rm::Rne, f), |f| arith::sqrt::<F64>(a, Rm::Rne, f))?;
            same(|f| hot_fma_d(a, b, c, Rm::Rne, f), |f| arith::fma::<F64>(a, b, c, Rm::Rne, f))?;
        }

        /// Short significands whose products land around `EXACT_PRODUCT_MIN` and down into
        /// the subnormal range, where a residual can underflow.
        #[test]
        fn binary64_small_products(
            mx in 1u64..1 << 30, my in 1u64..1 << 30, ex in -580i32..-400, ey in -580i32..-400,
            c in d(),
        ) {
            let a = (mx as f64 * 2f64.powi(ex)).to_bits();
            let b = (my as f64 * 2f64.powi(ey)).to_bits();
            same(|f| hot_fma_d(a, b, c, Rm::Rne, f), |f| arith::fma::<F64>(a, b, c, Rm::Rne, f))?;
            same(|f| fma_d(a, b, c, Rm::Rne, f), |f| arith::fma::<F64>(a, b, c, Rm::Rne, f))?;
        }

        #[test]
        fn binary32(a in s(), b in s(), c in s()) {
            let w = u64::from;
            same(|f| add_s(a, b, Rm::Rne, f), |f| arith::add::<F32>(w(a), w(b), Rm::Rne, f) as u32)?;
            same(|f| mul_s(a, b, Rm::Rne, f), |f| arith::mul::<F32>(w(a), w(b), Rm::Rne, f) as u32)?;
            same(|f| div_s(a, b, Rm::Rne, f), |f| arith::div::<F32>(w(a), w(b), Rm::Rne, f) as u32)?;
            same(|f| sqrt_s(a, Rm::Rne, f), |f| arith::sqrt::<F32>(w(a), Rm::Rne, f) as u32)?;
            same(
                |f| fma_s(a, b, c, Rm::Rne, f),
                |f| arith::fma::<F32>(w(a), w(b), w(c), Rm::Rne, f) as u32,
            )?;
            same(|f| hot_add_s(a, b, Rm::Rne, f), |f| arith::add::<F32>(w(a), w(b), Rm::Rne, f) as u32)?;
            same(|f| hot_mul_s(a, b, Rm::Rne, f), |f| arith::mul::<F32>(w(a), w(b), Rm::Rne, f) as u32)?;
            same(|f| hot_div_s(a, b, Rm::Rne, f), |f| arith::div::<F32>(w(a), w(b), Rm::Rne, f) as u32)?;
            same(|f| hot_sqrt_s(a, Rm::Rne, f), |f| arith::sqrt::<F32>(w(a), Rm::Rne, f) as u32)?;
            same(
                |f| hot_fma_s(a, b, c, Rm::Rne, f),
                |f| arith::fma::<F32>(w(a), w(b), w(c), Rm::Rne, f) as u32,
            )?;
        }
    }

    /// The exactness test of fused multiply-adds: exact data passes, a rounded product or sum
    /// fails, and a product whose residual underflows fails although the host computes that
    /// residual as zero (the reason for `EXACT_PRODUCT_MIN`).
    #[test]
    fn exact_fma_d_needs_an_exact_product_and_sum() {
        assert!(exact_fma_d(3.0, -5.0, 7.0));
        assert!(exact_fma_d(0.75, 1024.0, 2f64.powi(-40)));
        assert!(!exact_fma_d(0.1, 3.0, 0.0));
        assert!(!exact_fma_d(3.0, 5.0, 2f64.powi(-60)));
        let (x, y) = (1.0 + f64::EPSILON, 2f64.powi(-1000) * (1.0 + f64::EPSILON));
        let p = x * y;
        assert_eq!(
            x.mul_add(y, -p),
            0.0,
            "the residual 2^-1104 underflows to zero"
        );
        assert!(!exact_product_d(x, y, p));
        let (x, y) = (1.0 + f64::EPSILON, 2f64.powi(-800) * (1.0 + f64::EPSILON));
        assert!(!exact_product_d(x, y, x * y));
        assert!(exact_product_d(
            2f64.powi(-450),
            2f64.powi(-450),
            2f64.powi(-900)
        ));
        assert!(!exact_product_d(f64::MAX, 2.0, f64::INFINITY));
        let mut f = Flags(0);
        assert_eq!(
            hot_fma_d(
                (1.0 + f64::EPSILON).to_bits(),
                2f64.powi(-1000).to_bits(),
                0,
                Rm::Rne,
                &mut f
            ),
            None
        );
    }

    #[test]
    fn fast_paths_are_taken_for_ordinary_operands() {
        let d = |x: f64| x.to_bits();
        let mut f = Flags(0);
        assert!(fma_d(d(1.5), d(3.25), d(0.1), Rm::Rne, &mut f).is_some());
        assert_eq!(f, Flags(Flags::NX));
        let mut f = Flags(0);
        assert!(fma_d(d(1.5), d(2.0), d(1.0), Rm::Rne, &mut f).is_some());
        assert_eq!(f, Flags(0));
        assert!(add_s(1f32.to_bits(), 2f32.to_bits(), Rm::Rne, &mut f).is_some());
        assert!(add_s(1f32.to_bits(), 2f32.to_bits(), Rm::Rtz, &mut f).is_none());
    }
}
