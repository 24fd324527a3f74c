//! Conversions between the formats and 32-bit integers (Unprivileged ISA, F chapter,
//! "Single-Precision Floating-Point Conversion and Move Instructions", and D chapter).
//!
//! Float to integer rounds first, then checks the range: a result that does not fit raises
//! invalid (not inexact) and saturates to the nearest representable integer; NaN gives the
//! largest positive integer (the manual's table "Domains of float-to-integer conversions").

use super::format::{Class, F32, F64, Format, is_snan, unpack};
use super::round::{normalize128, round_pack};
use super::{Flags, Rm};

/// Round the magnitude `sig * 2^(exp - 62)` to an integer: (magnitude, inexact). Magnitudes of
/// 2^63 and more come back as `u64::MAX`, which every caller's range check refuses.
fn round_to_int(sign: bool, exp: i32, sig: u64, rm: Rm) -> (u64, bool) {
    if exp >= 62 {
        return (if exp == 62 { sig } else { u64::MAX }, false);
    }
    // Discard `shift` bits; past 127 the value is far below one half anyway.
    let shift = (62 - exp).min(127) as u32;
    let wide = u128::from(sig);
    let int = (wide >> shift) as u64;
    let rem = wide & ((1u128 << shift) - 1);
    let half = 1u128 << (shift - 1);
    let up = match rm {
        Rm::Rne => rem > half || (rem == half && int & 1 != 0),
        Rm::Rtz => false,
        Rm::Rdn => sign && rem != 0,
        Rm::Rup => !sign && rem != 0,
        Rm::Rmm => rem >= half,
    };
    (int + u64::from(up), rem != 0)
}

/// `fcvt.w.*` (`signed`) and `fcvt.wu.*`.
pub(crate) fn to_int<F: Format>(bits: u64, signed: bool, rm: Rm, flags: &mut Flags) -> u32 {
    let u = unpack::<F>(bits);
    let (max, min) = if signed {
        (i32::MAX as u32, i32::MIN as u32)
    } else {
        (u32::MAX, 0)
    };
    let invalid = |flags: &mut Flags, v: u32| {
        flags.raise(Flags::NV);
        v
    };
    match u.class {
        Class::QNaN | Class::SNaN => invalid(flags, max),
        Class::Inf => invalid(flags, if u.sign { min } else { max }),
        Class::Zero => 0,
        Class::Finite { exp, sig } => {
            let (mag, inexact) = round_to_int(u.sign, exp, sig, rm);
            let result = match (signed, u.sign) {
                (true, false) if mag <= i32::MAX as u64 => Some(mag as u32),
                (true, true) if mag <= 1 << 31 => Some((mag as u32).wrapping_neg()),
                (false, false) if mag <= u64::from(u32::MAX) => Some(mag as u32),
                (false, true) if mag == 0 => Some(0),
                _ => None,
            };
            match result {
                Some(v) => {
                    if inexact {
                        flags.raise(Flags::NX);
                    }
                    v
                }
                None => invalid(flags, if u.sign { min } else { max }),
            }
        }
    }
}

/// `fcvt.*.w` (`signed`) and `fcvt.*.wu`.
pub(crate) fn from_int<F: Format>(v: u32, signed: bool, rm: Rm, flags: &mut Flags) -> u64 {
    let (sign, mag) = if signed && (v as i32) < 0 {
        (true, u64::from((v as i32).unsigned_abs()))
    } else {
        (false, u64::from(v))
    };
    if mag == 0 {
        return 0;
    }
    let (e, sig) = normalize128(u128::from(mag), 0);
    round_pack::<F>(sign, e, sig, rm, flags)
}

/// `fcvt.s.d`: round a binary64 to binary32.
pub(crate) fn f64_to_f32(bits: u64, rm: Rm, flags: &mut Flags) -> u32 {
    let u = unpack::<F64>(bits);
    let sign = if u.sign { F32::SIGN } else { 0 };
    let r = match u.class {
        Class::QNaN | Class::SNaN => {
            if is_snan::<F64>(bits) {
                flags.raise(Flags::NV);
            }
            F32::CANONICAL_NAN
        }
        Class::Inf => sign | F32::INF,
        Class::Zero => sign,
        Class::Finite { exp, sig } => round_pack::<F32>(u.sign, exp, sig, rm, flags),
    };
    r as u32
}

/// `fcvt.d.s`: widen a binary32 to binary64 (exact).
pub(crate) fn f32_to_f64(bits: u32, flags: &mut Flags) -> u64 {
    let bits = u64::from(bits);
    let u = unpack::<F32>(bits);
    let sign = if u.sign { F64::SIGN } else { 0 };
    match u.class {
        Class::QNaN | Class::SNaN => {
            if is_snan::<F32>(bits) {
                flags.raise(Flags::NV);
            }
            F64::CANONICAL_NAN
        }
        Class::Inf => sign | F64::INF,
        Class::Zero => sign,
        Class::Finite { exp, sig } => {
            // Every binary32 value is a binary64 value: the rounding cannot be inexact.
            round_pack::<F64>(u.sign, exp, sig, Rm::Rne, flags)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(x: f32, signed: bool, rm: Rm) -> (u32, u8) {
        let mut fl = Flags::default();
        let r = to_int::<F32>(u64::from(x.to_bits()), signed, rm, &mut fl);
        (r, fl.0)
    }

    #[test]
    fn riscv_tests_fcvt_w_cases() {
        // The cases of riscv-tests isa/rv64uf/fcvt_w.S (value, flags), written from the spec.
        assert_eq!(w(-1.1, true, Rm::Rtz), (-1i32 as u32, Flags::NX));
        assert_eq!(w(-1.0, true, Rm::Rtz), (-1i32 as u32, 0));
        assert_eq!(w(-0.9, true, Rm::Rtz), (0, Flags::NX));
        assert_eq!(w(-3e9, true, Rm::Rtz), (i32::MIN as u32, Flags::NV));
        assert_eq!(w(3e9, true, Rm::Rtz), (i32::MAX as u32, Flags::NV));
        assert_eq!(w(-3.0, false, Rm::Rtz), (0, Flags::NV));
        assert_eq!(w(-0.9, false, Rm::Rtz), (0, Flags::NX));
        assert_eq!(w(3e9, false, Rm::Rtz), (3_000_000_000, 0));
        assert_eq!(w(f32::NAN, true, Rm::Rne), (i32::MAX as u32, Flags::NV));
        assert_eq!(w(f32::NAN, false, Rm::Rne), (u32::MAX, Flags::NV));
        assert_eq!(w(f32::NEG_INFINITY, false, Rm::Rne), (0, Flags::NV));
        assert_eq!(w(-2147483648.0, true, Rm::Rne), (i32::MIN as u32, 0));
        assert_eq!(w(2.5, true, Rm::Rne), (2, Flags::NX));
        assert_eq!(w(2.5, true, Rm::Rmm), (3, Flags::NX));
        assert_eq!(w(-2.5, true, Rm::Rdn), (-3i32 as u32, Flags::NX));
        assert_eq!(w(1e-30, true, Rm::Rup), (1, Flags::NX));
    }

    #[test]
    fn int_to_float_rounds() {
        let mut fl = Flags::default();
        let r = from_int::<F32>(16_777_217, true, Rm::Rne, &mut fl);
        assert_eq!((r as u32, fl.0), (16_777_216f32.to_bits(), Flags::NX));
        let mut fl = Flags::default();
        let r = from_int::<F64>(i32::MIN as u32, true, Rm::Rne, &mut fl);
        assert_eq!((r, fl.0), ((-2147483648f64).to_bits(), 0));
        let r = from_int::<F64>(u32::MAX, false, Rm::Rne, &mut fl);
        assert_eq!(r, 4294967295f64.to_bits());
    }

    #[test]
    fn narrowing_and_widening() {
        let mut fl = Flags::default();
        assert_eq!(
            f64_to_f32(1e300f64.to_bits(), Rm::Rne, &mut fl),
            f32::INFINITY.to_bits()
        );
        assert_eq!(fl.0, Flags::OF | Flags::NX);
        let mut fl = Flags::default();
        assert_eq!(
            f64_to_f32(1e300f64.to_bits(), Rm::Rtz, &mut fl),
            f32::MAX.to_bits()
        );
        let mut fl = Flags::default();
        assert_eq!(
            f32_to_f64(1e-45f32.to_bits(), &mut fl),
            f64::from(1e-45f32).to_bits()
        );
        assert_eq!(fl.0, 0);
        assert_eq!(f32_to_f64(0x7f80_0001, &mut fl), F64::CANONICAL_NAN);
        assert_eq!(fl.0, Flags::NV);
    }
}
