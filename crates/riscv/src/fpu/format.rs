//! IEEE 754 binary formats as parameters, and the unpacked form the soft-float works on.

/// A binary interchange format: `E` exponent bits, `M` stored fraction bits. Bit patterns are
/// held in the low bits of a `u64`.
pub(crate) trait Format {
    const E: u32;
    const M: u32;
    const BIAS: i32 = (1 << (Self::E - 1)) - 1;
    /// The all-ones biased exponent (infinity and NaN).
    const EXP_MAX: u64 = (1 << Self::E) - 1;
    const SIGN: u64 = 1 << (Self::E + Self::M);
    const FRAC_MASK: u64 = (1 << Self::M) - 1;
    const INF: u64 = Self::EXP_MAX << Self::M;
    /// The largest finite magnitude.
    const MAX_FINITE: u64 = Self::INF - 1;
    /// The RISC-V canonical NaN: positive, quiet, payload zero (Unprivileged ISA, F chapter,
    /// "NaN Generation and Propagation").
    const CANONICAL_NAN: u64 = Self::INF | (1 << (Self::M - 1));
    /// Bits below the `M + 1` significand bits in an unpacked significand (see [`Unpacked`]).
    const ROUND_BITS: u32 = 62 - Self::M;
}

/// binary32.
pub(crate) struct F32;
/// binary64.
pub(crate) struct F64;

impl Format for F32 {
    const E: u32 = 8;
    const M: u32 = 23;
}

impl Format for F64 {
    const E: u32 = 11;
    const M: u32 = 52;
}

/// What a bit pattern holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    Zero,
    Inf,
    /// A quiet NaN.
    QNaN,
    /// A signalling NaN (the fraction's top bit clear).
    SNaN,
    /// A finite non-zero number `sig * 2^(exp - 62)` with bit 62 of `sig` set.
    Finite {
        exp: i32,
        sig: u64,
    },
}

/// A sign and a [`Class`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Unpacked {
    pub sign: bool,
    pub class: Class,
}

pub(crate) fn unpack<F: Format>(bits: u64) -> Unpacked {
    let sign = bits & F::SIGN != 0;
    let be = (bits >> F::M) & F::EXP_MAX;
    let frac = bits & F::FRAC_MASK;
    let class = if be == F::EXP_MAX {
        if frac == 0 {
            Class::Inf
        } else if frac >> (F::M - 1) != 0 {
            Class::QNaN
        } else {
            Class::SNaN
        }
    } else if be == 0 {
        if frac == 0 {
            Class::Zero
        } else {
            // Subnormal: exponent emin, no hidden bit; normalise.
            let sig = frac << F::ROUND_BITS;
            let lz = sig.leading_zeros() - 1;
            Class::Finite {
                exp: 1 - F::BIAS - lz as i32,
                sig: sig << lz,
            }
        }
    } else {
        Class::Finite {
            exp: be as i32 - F::BIAS,
            sig: (frac | (1 << F::M)) << F::ROUND_BITS,
        }
    };
    Unpacked { sign, class }
}

pub(crate) fn is_nan<F: Format>(bits: u64) -> bool {
    bits & !F::SIGN > F::INF
}

pub(crate) fn is_snan<F: Format>(bits: u64) -> bool {
    is_nan::<F>(bits) && bits & (1 << (F::M - 1)) == 0
}

pub(crate) fn signed_zero<F: Format>(sign: bool) -> u64 {
    if sign { F::SIGN } else { 0 }
}

pub(crate) fn signed_inf<F: Format>(sign: bool) -> u64 {
    signed_zero::<F>(sign) | F::INF
}
