//! Wormhole B0's SFPMAD datapath on all 32 lanes at once: the arithmetic of
//! [`super::arith::mad_model`] (SFPMAD.md, with ttsim's product cut and semi-sticky alignment)
//! written without data-dependent branches, so that the compiler turns each step into vector
//! instructions (as MVMUL's row kernel, `fpu/lanes.rs`). Every intermediate of the finite path
//! fits 32 bits: the cut product is below 2^28, the aligned sum below 2^29. Lanes with a NaN or
//! infinite operand ("the usual IEEE754 rules") take the per-lane model.

// The lane loops index several arrays by the same lane, the form the vectorizer takes.
#![allow(clippy::needless_range_loop)]

use super::LANES;
use super::arith::mad_model;

/// `v >> s` with ttsim's semi-sticky bit (`arith.rs` `semi_sticky_shift`) for `v < 2^29` and
/// `s <= 31`: a shift of 29 or more leaves 0, as the per-lane model's does.
#[inline(always)]
fn semi_sticky(v: u32, s: u32) -> u32 {
    let r = v >> s;
    r | u32::from(r != 0 && (r << s) != v)
}

/// (biased exponent, significand with its hidden bit; 0 for a zero or denormal).
#[inline(always)]
fn parts(x: u32) -> (i32, u32) {
    let e = ((x >> 23) & 0xff) as i32;
    let m = if e == 0 { 0 } else { x & 0x7f_ffff | 0x80_0000 };
    (e, m)
}

/// One lane of the finite path: `mad_model(a, b, c, false)` whenever no operand's exponent
/// field is 255. Each `if` below is a select on computed values, not a branch.
#[inline(always)]
fn finite(a: u32, b: u32, c: u32) -> u32 {
    let ((ea, ma), (eb, mb), (ez, mz)) = (parts(a), parts(b), parts(c));
    let (p_sign, z_sign) = ((a ^ b) & 0x8000_0000, c & 0x8000_0000);
    // The exact product m_a·m_b < 2^48, kept as in the model: (p << 3) >> 23 plus a sticky bit.
    let prod = u64::from(ma) * u64::from(mb);
    let p_m = (prod >> 20) as u32 | u32::from(prod & 0xf_ffff != 0);
    let p_e = ea + eb - 127;
    let r_e = p_e.max(ez);
    let p_m = semi_sticky(p_m, (r_e - p_e).min(31) as u32);
    let z_m = semi_sticky(mz << 3, (r_e - ez).min(31) as u32);
    let r_sign = if p_m >= z_m { p_sign } else { z_sign };
    let r_m = if p_sign == z_sign {
        p_m + z_m
    } else {
        p_m.abs_diff(z_m)
    };
    // Leading one to bit 26: n in -27..=2 (−27 only for r_m = 0, whose result is chosen below).
    let n = 5 - r_m.leading_zeros() as i32;
    let r_e = r_e + n;
    let left = (-n).max(0) as u32;
    let right = n.max(0) as u32;
    let r_m = ((r_m << left) >> right) | (r_m & u32::from(n > 0));
    let r = ((r_e as u32) << 23).wrapping_add((r_m >> 3) & 0x7f_ffff);
    let r = r.wrapping_add(u32::from((r_m & 7) + (r & 1) > 4));
    if mb == 0 || ma == 0 {
        if mz != 0 { c } else { 0 }
    } else if r_m == 0 {
        0
    } else if r_e >= 255 {
        r_sign | 0x7f80_0000
    } else if r_e < 0 || r >> 23 == 0 {
        0
    } else {
        r_sign | r
    }
}

#[inline(always)]
fn mad_generic(a: &[u32; LANES], b: &[u32; LANES], c: &[u32; LANES]) -> [u32; LANES] {
    let mut d = [0u32; LANES];
    let mut special = [false; LANES];
    for l in 0..LANES {
        d[l] = finite(a[l], b[l], c[l]);
        let inf_nan = |x: u32| x & 0x7f80_0000 == 0x7f80_0000;
        special[l] = inf_nan(a[l]) | inf_nan(b[l]) | inf_nan(c[l]);
    }
    for l in 0..LANES {
        if special[l] {
            d[l] = mad_model(a[l], b[l], c[l], false);
        }
    }
    d
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn mad_avx2(a: &[u32; LANES], b: &[u32; LANES], c: &[u32; LANES]) -> [u32; LANES] {
    mad_generic(a, b, c)
}

/// Wormhole B0's SFPMAD `a·b + c` on 32 lanes, on this host's widest vectors.
pub fn mad_wh(a: &[u32; LANES], b: &[u32; LANES], c: &[u32; LANES]) -> [u32; LANES] {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: mad_avx2 only needs AVX2, which the host has (checked just above).
        #[allow(unsafe_code)]
        unsafe {
            return mad_avx2(a, b, c);
        }
    }
    mad_generic(a, b, c)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_rng::step as next;

    /// An FP32 operand of every kind the datapath distinguishes: zeros of both signs, denormals,
    /// NaN/Inf, the extreme exponents, exponents near each other (cancellation, ties) and far
    /// apart (alignment past the sticky bit), significands near a power of two.
    fn operand(x: &mut u64, near: u32) -> u32 {
        let v = next(x);
        let sign = (v as u32) & 0x8000_0000;
        let man = match (v >> 32) % 4 {
            0 => 0,
            1 => 0x7f_ffff,
            2 => (v >> 8) as u32 & 0x7f_ffff & !0xff,
            _ => (v >> 8) as u32 & 0x7f_ffff,
        };
        let exp = match (v >> 40) % 10 {
            0 => 0,
            1 => 255,
            2 => 1 + (v >> 48) as u32 % 8,
            3 => 247 + (v >> 48) as u32 % 8,
            4..=6 => (near + (v >> 48) as u32 % 9)
                .saturating_sub(4)
                .clamp(1, 254),
            _ => 1 + (v >> 48) as u32 % 254,
        };
        sign | exp << 23 | man
    }

    // The vector datapath gives the per-lane model's bits (the model is checked against the
    // numpy reference and ttsim) on operands of every kind, product exponents both near c's
    // (cancellation) and far from it, and every lane position.
    #[test]
    fn equals_the_per_lane_model() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for round in 0..40_000 {
            let near = 1 + (round % 254) as u32;
            let a: [u32; LANES] = std::array::from_fn(|_| operand(&mut x, near / 2 + 64));
            let b: [u32; LANES] = std::array::from_fn(|_| operand(&mut x, near / 2 + 63));
            let c: [u32; LANES] = std::array::from_fn(|_| operand(&mut x, near));
            let d = mad_wh(&a, &b, &c);
            for l in 0..LANES {
                let want = mad_model(a[l], b[l], c[l], false);
                assert_eq!(d[l], want, "{:#010x}·{:#010x} + {:#010x}", a[l], b[l], c[l]);
            }
        }
    }

    // Products that cancel c exactly or nearly (the leading-zero normalisation over its whole
    // range), and c = ±0 (SFPMUL's case).
    #[test]
    fn cancellation_and_zero_addend() {
        let mut x = 0x1234_5678_9abc_def1u64;
        for _ in 0..20_000 {
            let a: [u32; LANES] = std::array::from_fn(|_| operand(&mut x, 127));
            let b: [u32; LANES] = std::array::from_fn(|_| operand(&mut x, 127));
            let c: [u32; LANES] = std::array::from_fn(|l| {
                let p = f32::from_bits(a[l]) * f32::from_bits(b[l]);
                match l % 4 {
                    0 => (-p).to_bits(),
                    1 => (-p).to_bits() ^ (next(&mut x) as u32 & 0x7),
                    2 => 0,
                    _ => 0x8000_0000,
                }
            });
            let d = mad_wh(&a, &b, &c);
            for l in 0..LANES {
                assert_eq!(
                    d[l],
                    mad_model(a[l], b[l], c[l], false),
                    "{:#010x}·{:#010x} + {:#010x}",
                    a[l],
                    b[l],
                    c[l]
                );
            }
        }
    }
}
