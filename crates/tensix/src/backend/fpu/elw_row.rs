//! One Dst row of ELWMUL (ELWMUL.md) at a time: the steps of the per-datum model
//! [`arith::mul1`] — the product of the two fidelity slices at exponent `ea + eb + adj`, one
//! term accumulated into Dst — written without branches so that the 16 columns vectorize.
//! `arith::mul1` stays the reference (the randomised test below).

use super::arith::{self, AccMode, Operand};
use super::lanes::{self, Terms};

/// `dst[j] += a[j]·b[j]` for the 16 columns (Src datums already masked to their format,
/// FP32 patterns in Dst), as [`arith::mul1`] computes each.
#[inline(always)]
fn mul_row_generic(a: &[u32; 16], b: &[u32; 16], dst: &mut [u32; 16], mode: AccMode, phase: u32) {
    let adj = arith::product_exp_adj(mode, phase);
    let mut t = Terms {
        sign: [0; 16],
        exp: [0; 16],
        man: [0; 16],
    };
    for j in 0..16 {
        let (x, y) = (Operand::srca(a[j], phase), Operand::srcb(b[j], phase));
        let e = x.exp + y.exp + adj;
        // A zero operand or a product below the exponent range is the zero term at the
        // clamped adjustment (arith::mul1).
        let live = !(x.zero | y.zero) && e > 0;
        t.sign[j] = if live { x.sign ^ y.sign } else { 0 };
        t.exp[j] = if live { e } else { adj.max(0) };
        t.man[j] = if live { (x.slice * y.slice) << 13 } else { 0 };
    }
    let none = Terms {
        sign: [0; 16],
        exp: [0; 16],
        man: [0; 16],
    };
    lanes::accumulate(&t, &none, dst, mode);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn mul_row_avx2(a: &[u32; 16], b: &[u32; 16], dst: &mut [u32; 16], mode: AccMode, phase: u32) {
    mul_row_generic(a, b, dst, mode, phase)
}

/// One Dst row of ELWMUL ([`mul_row_generic`]) on this host's widest vectors.
pub fn mul_row(a: &[u32; 16], b: &[u32; 16], dst: &mut [u32; 16], mode: AccMode, phase: u32) {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: mul_row_avx2 only needs AVX2, which the host has (checked just above).
        #[allow(unsafe_code)]
        unsafe {
            return mul_row_avx2(a, b, dst, mode, phase);
        }
    }
    mul_row_generic(a, b, dst, mode, phase)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The test stream's next 32 bits, for Src datums of every kind (zeros, tiny and huge
    /// exponents, both signs) and Dst values of the accumulation format.
    fn next(x: &mut u64) -> u32 {
        crate::test_rng::step(x) as u32
    }

    fn src(x: &mut u64) -> u32 {
        let v = next(x);
        match v & 7 {
            0 => 0,
            1 => v & (1 << 18),
            2 => (v & 0x4_03ff) | (((v >> 20) & 0xf) << 10),
            3 => (v & 0x4_03ff) | ((245 + (v >> 28) % 11) << 10),
            _ => (v & 0x4_03ff) | ((100 + ((v >> 20) & 63)) << 10),
        }
    }

    // ELWMUL's row kernel gives the per-datum model's bits (arith::mul1) in the four Dst
    // modes and the four fidelity phases, on zero, tiny, huge and ordinary operands and Dst.
    #[test]
    fn mul_rows_match_the_per_datum_model() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for (fp32, exp8) in [(true, true), (false, true), (false, false), (true, false)] {
            let mode = AccMode { fp32, exp8 };
            for phase in 0..4 {
                for _ in 0..500 {
                    let a: [u32; 16] = std::array::from_fn(|_| src(&mut seed));
                    let b: [u32; 16] = std::array::from_fn(|_| src(&mut seed));
                    let keep = if fp32 { u32::MAX } else { 0xffff_e000 };
                    let d: [u32; 16] = std::array::from_fn(|_| match next(&mut seed) % 4 {
                        0 => 0,
                        _ => next(&mut seed) & keep,
                    });
                    let mut got = d;
                    mul_row(&a, &b, &mut got, mode, phase);
                    for j in 0..16 {
                        let want = arith::mul1(a[j], b[j], d[j], mode, phase);
                        assert_eq!(
                            got[j], want,
                            "{mode:?} phase {phase}: {:#x} * {:#x} + {:#x}",
                            a[j], b[j], d[j]
                        );
                    }
                }
            }
        }
    }
}
