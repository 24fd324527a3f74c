//! Comparisons, minimum/maximum and classification (Unprivileged ISA, F chapter,
//! "Single-Precision Floating-Point Compare Instructions" and "Classify Instruction";
//! fmin/fmax follow IEEE 754-2019 minimumNumber/maximumNumber as of ISA version 2.2).

use super::Flags;
use super::format::{Format, is_nan, is_snan};

/// A total-order key for non-NaN bit patterns in which -0 and +0 are equal.
fn key<F: Format>(bits: u64) -> i128 {
    let mag = i128::from(bits & !F::SIGN);
    if bits & F::SIGN != 0 { -mag } else { mag }
}

/// `feq`: quiet, invalid only for a signalling NaN.
pub(crate) fn eq<F: Format>(a: u64, b: u64, flags: &mut Flags) -> bool {
    if is_nan::<F>(a) || is_nan::<F>(b) {
        if is_snan::<F>(a) || is_snan::<F>(b) {
            flags.raise(Flags::NV);
        }
        return false;
    }
    key::<F>(a) == key::<F>(b)
}

/// `flt` (`or_equal` false) and `fle`: signalling, invalid for any NaN.
pub(crate) fn less<F: Format>(a: u64, b: u64, or_equal: bool, flags: &mut Flags) -> bool {
    if is_nan::<F>(a) || is_nan::<F>(b) {
        flags.raise(Flags::NV);
        return false;
    }
    let (ka, kb) = (key::<F>(a), key::<F>(b));
    if or_equal { ka <= kb } else { ka < kb }
}

/// `fmin` (`max` false) and `fmax`: a NaN operand loses to a number; two NaNs give the
/// canonical NaN; a signalling NaN raises invalid either way; -0 is less than +0.
pub(crate) fn min_max<F: Format>(a: u64, b: u64, max: bool, flags: &mut Flags) -> u64 {
    if is_snan::<F>(a) || is_snan::<F>(b) {
        flags.raise(Flags::NV);
    }
    match (is_nan::<F>(a), is_nan::<F>(b)) {
        (true, true) => return F::CANONICAL_NAN,
        (true, false) => return b,
        (false, true) => return a,
        _ => {}
    }
    // Signed-zero aware: compare as sign-magnitude with -0 below +0.
    let order = |x: u64| {
        let mag = i128::from(x & !F::SIGN);
        if x & F::SIGN != 0 { -mag - 1 } else { mag }
    };
    let a_smaller = order(a) < order(b);
    if a_smaller != max { a } else { b }
}

/// `fclass`: one bit set, by the manual's table "Format of result of FCLASS instruction".
pub(crate) fn class<F: Format>(bits: u64) -> u32 {
    let sign = bits & F::SIGN != 0;
    let be = (bits >> F::M) & F::EXP_MAX;
    let frac = bits & F::FRAC_MASK;
    let bit = if be == F::EXP_MAX {
        if frac == 0 {
            if sign { 0 } else { 7 }
        } else if is_snan::<F>(bits) {
            8
        } else {
            9
        }
    } else if be == 0 {
        match (frac == 0, sign) {
            (true, true) => 3,
            (true, false) => 4,
            (false, true) => 2,
            (false, false) => 5,
        }
    } else if sign {
        1
    } else {
        6
    };
    1 << bit
}

#[cfg(test)]
mod tests {
    use super::super::format::F32;
    use super::*;

    fn b(x: f32) -> u64 {
        u64::from(x.to_bits())
    }

    #[test]
    fn min_max_rules() {
        let mut fl = Flags::default();
        assert_eq!(min_max::<F32>(b(-0.0), b(0.0), false, &mut fl), b(-0.0));
        assert_eq!(min_max::<F32>(b(0.0), b(-0.0), false, &mut fl), b(-0.0));
        assert_eq!(min_max::<F32>(b(-0.0), b(0.0), true, &mut fl), b(0.0));
        assert_eq!(min_max::<F32>(b(f32::NAN), b(2.0), false, &mut fl), b(2.0));
        assert_eq!(fl, Flags::default());
        let snan = 0x7f80_0001;
        assert_eq!(min_max::<F32>(snan, b(2.0), true, &mut fl), b(2.0));
        assert_eq!(fl, Flags(Flags::NV));
        assert_eq!(
            min_max::<F32>(snan, b(f32::NAN), true, &mut fl),
            F32::CANONICAL_NAN
        );
        assert_eq!(min_max::<F32>(b(-3.0), b(-2.0), false, &mut fl), b(-3.0));
    }

    #[test]
    fn compare_signalling_rules() {
        let mut fl = Flags::default();
        assert!(eq::<F32>(b(-0.0), b(0.0), &mut fl));
        assert!(!eq::<F32>(b(f32::NAN), b(f32::NAN), &mut fl));
        assert_eq!(fl, Flags::default());
        assert!(!less::<F32>(b(f32::NAN), b(1.0), true, &mut fl));
        assert_eq!(fl, Flags(Flags::NV));
        let mut fl = Flags::default();
        assert!(less::<F32>(b(-1.0), b(-0.5), false, &mut fl));
        assert!(!less::<F32>(b(0.0), b(-0.0), false, &mut fl));
        assert!(less::<F32>(b(0.0), b(-0.0), true, &mut fl));
    }

    #[test]
    fn classes() {
        let cases = [
            (b(f32::NEG_INFINITY), 1 << 0),
            (b(-1.0), 1 << 1),
            (0x8000_0001, 1 << 2),
            (b(-0.0), 1 << 3),
            (b(0.0), 1 << 4),
            (0x0000_0001, 1 << 5),
            (b(1.0), 1 << 6),
            (b(f32::INFINITY), 1 << 7),
            (0x7f80_0001, 1 << 8),
            (0x7fc0_0000, 1 << 9),
        ];
        for (bits, want) in cases {
            assert_eq!(class::<F32>(bits), want, "{bits:#x}");
        }
    }
}
