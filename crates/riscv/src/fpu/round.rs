//! Rounding an exact (or sticky-jammed) result to a format, with the IEEE 754 flags as RISC-V
//! accumulates them (Unprivileged ISA, F chapter, "Floating-Point Control and Status Register"):
//! underflow is raised when the result is tiny *and* inexact, tininess being detected *after*
//! rounding (the RISC-V choice; IEEE 754-2008 §7.5 allows either).

use super::format::Format;
use super::{Flags, Rm};

/// Shift right, OR-ing every bit shifted out into bit 0 (the sticky bit).
#[inline]
pub(crate) fn shr_jam(x: u64, n: u32) -> u64 {
    if n == 0 {
        x
    } else if n < 64 {
        (x >> n) | u64::from(x & ((1 << n) - 1) != 0)
    } else {
        u64::from(x != 0)
    }
}

/// Shift right with sticky for 128-bit intermediates.
#[inline]
pub(crate) fn shr_jam128(x: u128, n: u32) -> u128 {
    if n == 0 {
        x
    } else if n < 128 {
        (x >> n) | u128::from(x & ((1 << n) - 1) != 0)
    } else {
        u128::from(x != 0)
    }
}

/// Normalise `x * 2^k` (x != 0) to the unpacked form: `(exp, sig)` with bit 62 of `sig` set and
/// value `sig * 2^(exp - 62)`, lower bits jammed into the sticky bit.
#[inline]
pub(crate) fn normalize128(x: u128, k: i32) -> (i32, u64) {
    let msb = 127 - x.leading_zeros() as i32;
    let sig = if msb > 62 {
        shr_jam128(x, (msb - 62) as u32) as u64
    } else {
        (x << (62 - msb)) as u64
    };
    (k + msb, sig)
}

/// Whether to add one unit in the last place, given the kept value's lowest bit, the
/// discarded bits `rem` and the half-way value `half` of their weight.
#[inline]
fn round_up(rm: Rm, sign: bool, lsb: bool, rem: u64, half: u64) -> bool {
    match rm {
        Rm::Rne => rem > half || (rem == half && lsb),
        Rm::Rtz => false,
        Rm::Rdn => sign && rem != 0,
        Rm::Rup => !sign && rem != 0,
        Rm::Rmm => rem >= half,
    }
}

/// The result of an overflow: infinity or the largest finite number, by rounding direction.
fn overflow<F: Format>(sign: bool, rm: Rm) -> u64 {
    let to_inf = match rm {
        Rm::Rne | Rm::Rmm => true,
        Rm::Rtz => false,
        Rm::Rdn => sign,
        Rm::Rup => !sign,
    };
    let mag = if to_inf { F::INF } else { F::MAX_FINITE };
    mag | if sign { F::SIGN } else { 0 }
}

/// Round `(-1)^sign * sig * 2^(exp - 62)` (bit 62 of `sig` set; bits below the format's
/// precision are round and sticky bits) to format `F`.
pub(crate) fn round_pack<F: Format>(
    sign: bool,
    exp: i32,
    sig: u64,
    rm: Rm,
    flags: &mut Flags,
) -> u64 {
    debug_assert!(sig >> 62 == 1);
    let sign_bit = if sign { F::SIGN } else { 0 };
    let shift = F::ROUND_BITS;
    let mask = (1u64 << shift) - 1;
    let half = 1u64 << (shift - 1);
    let be = exp + F::BIAS;
    if be >= 1 {
        let rem = sig & mask;
        let mut q = sig >> shift;
        if round_up(rm, sign, q & 1 != 0, rem, half) {
            q += 1;
        }
        let mut be = be as u64;
        if q >> (F::M + 1) != 0 {
            q >>= 1;
            be += 1;
        }
        if be >= F::EXP_MAX {
            flags.raise(Flags::OF | Flags::NX);
            return overflow::<F>(sign, rm);
        }
        if rem != 0 {
            flags.raise(Flags::NX);
        }
        return sign_bit | (be << F::M) | (q & F::FRAC_MASK);
    }
    // Below the normal range. Tiny after rounding unless rounding to the format's precision
    // with an unbounded exponent reaches 2^emin, which can only happen when be == 0.
    let tiny = be < 0 || {
        let rem = sig & mask;
        let q = (sig >> shift) + u64::from(round_up(rm, sign, (sig >> shift) & 1 != 0, rem, half));
        q >> (F::M + 1) == 0
    };
    let dsig = shr_jam(sig, (1 - be) as u32);
    let rem = dsig & mask;
    let mut q = dsig >> shift;
    if round_up(rm, sign, q & 1 != 0, rem, half) {
        q += 1;
    }
    if rem != 0 {
        flags.raise(Flags::NX);
        if tiny {
            flags.raise(Flags::UF);
        }
    }
    // A carry into bit M makes the smallest normal number: the packing below is then exact.
    sign_bit | q
}
