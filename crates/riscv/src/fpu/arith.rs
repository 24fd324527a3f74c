//! The correctly rounded operations of IEEE 754-2008 §5.4.1 (addition, multiplication,
//! division, square root, fused multiply-add) on bit patterns, with RISC-V's NaN rule: every
//! NaN result is the canonical NaN, and the invalid flag is raised for signalling NaN operands
//! and the invalid operations (∞ − ∞, 0 × ∞, 0/0, ∞/∞, √negative). Special to RISC-V: a fused
//! multiply-add of ∞ × 0 raises invalid even when the addend is a quiet NaN (Unprivileged ISA,
//! F chapter, "Single-Precision Floating-Point Computational Instructions").

use super::format::{Class, Format, is_nan, is_snan, signed_inf, signed_zero, unpack};
use super::round::{normalize128, round_pack, shr_jam, shr_jam128};
use super::{Flags, Rm};

/// The canonical NaN, raising invalid if `nv`.
fn nan<F: Format>(nv: bool, flags: &mut Flags) -> u64 {
    if nv {
        flags.raise(Flags::NV);
    }
    F::CANONICAL_NAN
}

/// The sign of an exact zero sum of operands with different signs (IEEE 754-2008 §6.3).
fn zero_sum_sign(rm: Rm) -> bool {
    rm == Rm::Rdn
}

pub(crate) fn add<F: Format>(a: u64, b: u64, rm: Rm, flags: &mut Flags) -> u64 {
    if is_nan::<F>(a) || is_nan::<F>(b) {
        return nan::<F>(is_snan::<F>(a) || is_snan::<F>(b), flags);
    }
    let (ua, ub) = (unpack::<F>(a), unpack::<F>(b));
    match (ua.class, ub.class) {
        (Class::Inf, Class::Inf) if ua.sign != ub.sign => nan::<F>(true, flags),
        (Class::Inf, _) => a,
        (_, Class::Inf) => b,
        (Class::Zero, Class::Zero) => signed_zero::<F>(if ua.sign == ub.sign {
            ua.sign
        } else {
            zero_sum_sign(rm)
        }),
        (Class::Zero, _) => b,
        (_, Class::Zero) => a,
        (Class::Finite { exp: ea, sig: sa }, Class::Finite { exp: eb, sig: sb }) => {
            // Order by magnitude; align the smaller (62 - M >= 10 guard bits plus sticky suffice:
            // a subtraction of operands more than one binade apart cancels at most one bit).
            let ((sign, e, big), (small_sign, es, small)) = if (ea, sa) >= (eb, sb) {
                ((ua.sign, ea, sa), (ub.sign, eb, sb))
            } else {
                ((ub.sign, eb, sb), (ua.sign, ea, sa))
            };
            let small = shr_jam(small, (e - es).min(64) as u32);
            if sign == small_sign {
                let sum = big + small;
                let (e, sig) = if sum >> 63 != 0 {
                    (e + 1, shr_jam(sum, 1))
                } else {
                    (e, sum)
                };
                round_pack::<F>(sign, e, sig, rm, flags)
            } else {
                let diff = big - small;
                if diff == 0 {
                    return signed_zero::<F>(zero_sum_sign(rm));
                }
                let lz = diff.leading_zeros() - 1;
                round_pack::<F>(sign, e - lz as i32, diff << lz, rm, flags)
            }
        }
        _ => unreachable!("NaNs were handled first"),
    }
}

pub(crate) fn mul<F: Format>(a: u64, b: u64, rm: Rm, flags: &mut Flags) -> u64 {
    if is_nan::<F>(a) || is_nan::<F>(b) {
        return nan::<F>(is_snan::<F>(a) || is_snan::<F>(b), flags);
    }
    let (ua, ub) = (unpack::<F>(a), unpack::<F>(b));
    let sign = ua.sign != ub.sign;
    match (ua.class, ub.class) {
        (Class::Inf, Class::Zero) | (Class::Zero, Class::Inf) => nan::<F>(true, flags),
        (Class::Inf, _) | (_, Class::Inf) => signed_inf::<F>(sign),
        (Class::Zero, _) | (_, Class::Zero) => signed_zero::<F>(sign),
        (Class::Finite { exp: ea, sig: sa }, Class::Finite { exp: eb, sig: sb }) => {
            let (e, sig) = normalize128(u128::from(sa) * u128::from(sb), ea + eb - 124);
            round_pack::<F>(sign, e, sig, rm, flags)
        }
        _ => unreachable!("NaNs were handled first"),
    }
}

pub(crate) fn div<F: Format>(a: u64, b: u64, rm: Rm, flags: &mut Flags) -> u64 {
    if is_nan::<F>(a) || is_nan::<F>(b) {
        return nan::<F>(is_snan::<F>(a) || is_snan::<F>(b), flags);
    }
    let (ua, ub) = (unpack::<F>(a), unpack::<F>(b));
    let sign = ua.sign != ub.sign;
    match (ua.class, ub.class) {
        (Class::Inf, Class::Inf) | (Class::Zero, Class::Zero) => nan::<F>(true, flags),
        // Division by zero is signalled for a finite nonzero dividend only (IEEE 754-2008 §7.3).
        (Class::Inf, _) => signed_inf::<F>(sign),
        (_, Class::Zero) => {
            flags.raise(Flags::DZ);
            signed_inf::<F>(sign)
        }
        (_, Class::Inf) | (Class::Zero, _) => signed_zero::<F>(sign),
        (Class::Finite { exp: ea, sig: sa }, Class::Finite { exp: eb, sig: sb }) => {
            let num = u128::from(sa) << 64;
            let den = u128::from(sb);
            let q = num / den;
            let sticky = u128::from(num % den != 0);
            let (e, sig) = normalize128(q << 1 | sticky, ea - eb - 65);
            round_pack::<F>(sign, e, sig, rm, flags)
        }
        _ => unreachable!("NaNs were handled first"),
    }
}

/// Integer square root of a u128: (root, remainder != 0).
fn isqrt128(n: u128) -> (u128, bool) {
    // Digit-by-digit (base 2) method: one result bit per step, exact.
    let mut rem = n;
    let mut root: u128 = 0;
    let mut bit: u128 = 1 << 126;
    while bit > n {
        bit >>= 2;
    }
    while bit != 0 {
        if rem >= root + bit {
            rem -= root + bit;
            root = (root >> 1) + bit;
        } else {
            root >>= 1;
        }
        bit >>= 2;
    }
    (root, rem != 0)
}

pub(crate) fn sqrt<F: Format>(a: u64, rm: Rm, flags: &mut Flags) -> u64 {
    if is_nan::<F>(a) {
        return nan::<F>(is_snan::<F>(a), flags);
    }
    let ua = unpack::<F>(a);
    match ua.class {
        Class::Zero => a,
        _ if ua.sign => nan::<F>(true, flags),
        Class::Inf => a,
        Class::Finite { exp, sig } => {
            // value = sig * 2^(exp - 62); make the power of two even, then widen by 2^64.
            let (m, e2) = if (exp - 62) % 2 != 0 {
                (u128::from(sig) << 1, exp - 63)
            } else {
                (u128::from(sig), exp - 62)
            };
            let (root, inexact) = isqrt128(m << 64);
            let (e, s) = normalize128(root << 1 | u128::from(inexact), (e2 - 64) / 2 - 1);
            round_pack::<F>(false, e, s, rm, flags)
        }
        _ => unreachable!("NaNs were handled first"),
    }
}

/// `a * b + c` with one rounding. The negated forms (fmsub, fnmsub, fnmadd) flip sign bits of
/// the operands before calling this, which is exact.
pub(crate) fn fma<F: Format>(a: u64, b: u64, c: u64, rm: Rm, flags: &mut Flags) -> u64 {
    let (ua, ub, uc) = (unpack::<F>(a), unpack::<F>(b), unpack::<F>(c));
    let inf_times_zero = matches!(
        (ua.class, ub.class),
        (Class::Inf, Class::Zero) | (Class::Zero, Class::Inf)
    );
    if is_nan::<F>(a) || is_nan::<F>(b) || is_nan::<F>(c) {
        let nv = is_snan::<F>(a) || is_snan::<F>(b) || is_snan::<F>(c) || inf_times_zero;
        return nan::<F>(nv, flags);
    }
    if inf_times_zero {
        return nan::<F>(true, flags);
    }
    let psign = ua.sign != ub.sign;
    match (ua.class, ub.class, uc.class) {
        (Class::Inf, _, Class::Inf) | (_, Class::Inf, Class::Inf) if psign != uc.sign => {
            nan::<F>(true, flags)
        }
        (Class::Inf, _, _) | (_, Class::Inf, _) => signed_inf::<F>(psign),
        (_, _, Class::Inf) => c,
        (Class::Zero, _, Class::Zero) | (_, Class::Zero, Class::Zero) => {
            signed_zero::<F>(if psign == uc.sign {
                psign
            } else {
                zero_sum_sign(rm)
            })
        }
        (Class::Zero, _, _) | (_, Class::Zero, _) => c,
        (Class::Finite { exp: ea, sig: sa }, Class::Finite { exp: eb, sig: sb }, cc) => {
            // The exact product, with its most significant bit moved to bit 125.
            let p = u128::from(sa) * u128::from(sb);
            let pm = 127 - p.leading_zeros() as i32;
            let (px, pk) = (p << (125 - pm), ea + eb - 124 - (125 - pm));
            let Class::Finite { exp: ec, sig: sc } = cc else {
                // c is zero: the rounded product.
                let (e, sig) = normalize128(px, pk);
                return round_pack::<F>(psign, e, sig, rm, flags);
            };
            // c's significand with its msb at bit 125 too.
            let (cx, ck) = (u128::from(sc) << 63, ec - 62 - 63);
            let ((sign, k, big), (small_sign, ks, small)) = if (pk, px) >= (ck, cx) {
                ((psign, pk, px), (uc.sign, ck, cx))
            } else {
                ((uc.sign, ck, cx), (psign, pk, px))
            };
            let small = shr_jam128(small, (k - ks).min(128) as u32);
            let (sum, sign) = if sign == small_sign {
                (big + small, sign)
            } else {
                let d = big - small;
                if d == 0 {
                    return signed_zero::<F>(zero_sum_sign(rm));
                }
                (d, sign)
            };
            let (e, sig) = normalize128(sum, k);
            round_pack::<F>(sign, e, sig, rm, flags)
        }
        _ => unreachable!("NaNs and zero/infinite products were handled above"),
    }
}

#[cfg(test)]
mod tests {
    use super::super::format::{F32, F64};
    use super::*;

    fn add32(a: f32, b: f32) -> (f32, Flags) {
        let mut fl = Flags::default();
        let r = add::<F32>(
            u64::from(a.to_bits()),
            u64::from(b.to_bits()),
            Rm::Rne,
            &mut fl,
        );
        (f32::from_bits(r as u32), fl)
    }

    #[test]
    fn exact_and_inexact_sums() {
        assert_eq!(add32(1.0, 2.0), (3.0, Flags::default()));
        let (r, fl) = add32(1.0, 1e-10);
        assert_eq!((r, fl), (1.0, Flags(Flags::NX)));
        let (r, fl) = add32(f32::MAX, f32::MAX);
        assert_eq!((r, fl), (f32::INFINITY, Flags(Flags::OF | Flags::NX)));
        let (r, _) = add32(1.0, -1.0);
        assert!(r == 0.0 && r.is_sign_positive());
    }

    #[test]
    fn exact_zero_sum_is_negative_when_rounding_down() {
        let mut fl = Flags::default();
        let r = add::<F64>(1f64.to_bits(), (-1f64).to_bits(), Rm::Rdn, &mut fl);
        assert_eq!(r, (-0f64).to_bits());
    }

    #[test]
    fn tininess_is_detected_after_rounding() {
        // The largest binary32 number below 2^-126 times (1 + 2^-24) rounds (RNE) to 2^-126
        // with an unbounded exponent: not tiny, so no underflow, though the result is inexact.
        let below = f32::from_bits(0x007f_ffff); // 2^-126 - 2^-149
        let mut fl = Flags::default();
        let r = mul::<F32>(
            u64::from(below.to_bits()),
            u64::from((1.0f32 + f32::EPSILON).to_bits()),
            Rm::Rne,
            &mut fl,
        );
        assert_eq!(r, 0x0080_0000);
        assert_eq!(fl, Flags(Flags::NX));
        // Rounding toward zero keeps it subnormal: tiny and inexact.
        let mut fl = Flags::default();
        let r = mul::<F32>(
            u64::from(below.to_bits()),
            u64::from((1.0f32 + f32::EPSILON).to_bits()),
            Rm::Rtz,
            &mut fl,
        );
        assert_eq!(r, 0x007f_ffff);
        assert_eq!(fl, Flags(Flags::UF | Flags::NX));
    }

    #[test]
    fn sqrt_and_div_match_the_host_in_rne() {
        for &x in &[2.0f64, 3.0, 1e-310, 0.1, 1e300, 5e-324] {
            let mut fl = Flags::default();
            assert_eq!(
                sqrt::<F64>(x.to_bits(), Rm::Rne, &mut fl),
                x.sqrt().to_bits(),
                "sqrt {x}"
            );
            for &y in &[3.0f64, 7.0, 1e-300, 0.3] {
                assert_eq!(
                    div::<F64>(x.to_bits(), y.to_bits(), Rm::Rne, &mut fl),
                    (x / y).to_bits(),
                    "{x}/{y}"
                );
            }
        }
    }

    #[test]
    fn fma_is_fused() {
        // (1 + 2^-52) * (1 - 2^-52) - 1 = -2^-104 exactly; unfused it would be 0.
        let a = 1.0 + f64::EPSILON;
        let b = 1.0 - f64::EPSILON;
        let mut fl = Flags::default();
        let r = fma::<F64>(
            a.to_bits(),
            b.to_bits(),
            (-1.0f64).to_bits(),
            Rm::Rne,
            &mut fl,
        );
        assert_eq!(f64::from_bits(r), a.mul_add(b, -1.0));
        assert_eq!(f64::from_bits(r), -(2f64.powi(-104)));
        assert_eq!(fl, Flags::default());
    }

    #[test]
    fn inf_times_zero_plus_qnan_is_invalid() {
        let mut fl = Flags::default();
        let r = fma::<F32>(
            u64::from(f32::INFINITY.to_bits()),
            0,
            u64::from(f32::NAN.to_bits()),
            Rm::Rne,
            &mut fl,
        );
        assert_eq!(r, F32::CANONICAL_NAN);
        assert_eq!(fl, Flags(Flags::NV));
    }
}
