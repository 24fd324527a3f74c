//! The Matrix Unit's datapath arithmetic, bit for bit as Tenstorrent's ttsim models it.
//!
//! MVMUL.md gives a float model and says to take it "as a rough guide"; notes/ttsim.md rules
//! that where a page leaves numbers open, ttsim's choice wins. ttsim (`src/tensix.cpp`,
//! `mvmul()`, `elwmul()`, `elwadd()`, `fpu_accum_normalize_encode()`; read for behaviour, this
//! is our own code) does:
//! * a product of a 5-bit SrcA slice and a 7-bit SrcB slice (the fidelity slices of MVMUL.md:
//!   phase bit 0 picks SrcA's implicit 1 + top 4 bits or the next 5, phase bit 1 SrcB's
//!   implicit 1 + top 6 or the next 4) with exponent `ea + eb + adj`;
//! * per group of 8 products, alignment to the group's largest exponent, rounding each
//!   product half away from zero at 1 bit below the group's unit, an integer sum;
//! * the two group sums and Dst aligned to the largest exponent (rounding half up), with
//!   13 low bits rounded away unless Dst is FP32, a sum, renormalisation and rounding.
//!
//! Datums are Src's 19-bit form sign[18] exp[17:10] man[9:0] and FP32 bit patterns for Dst.

/// A partial sum: sign, biased exponent, magnitude with its unit at bit 23.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Term {
    pub sign: u32,
    pub exp: i32,
    pub man: u32,
}

/// How results are kept: FP32 Dst, or 16-bit Dst with an 8-bit (BF16) or 5-bit (FP16)
/// exponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AccMode {
    pub fp32: bool,
    pub exp8: bool,
}

/// The exponent bias adjustment of a product: rebias, and the weight of the fidelity slices.
pub fn product_exp_adj(mode: AccMode, phase: u32) -> i32 {
    let mut adj = if mode.exp8 {
        -127
    } else if mode.fp32 {
        127 - 30
    } else {
        -15
    };
    if phase & 1 != 0 {
        adj -= 5;
    }
    if phase & 2 != 0 {
        adj -= 7;
    }
    adj
}

/// A Src datum is zero when its exponent field is zero (denormals flushed; MVMUL.md).
#[inline]
pub fn src_is_zero(x: u32) -> bool {
    x & 0x3ffff < 0x400
}

/// A Src operand decoded once for a whole MVMUL: sign, biased exponent, and its fidelity
/// slice (5 bits of SrcA's mantissa, 7 of SrcB's; MVMUL.md's SrcAFidelityBits and
/// SrcBFidelityBits: phase bit 0 picks SrcA's implicit 1 + top 4 bits or the next 5, phase
/// bit 1 SrcB's implicit 1 + top 6 or the next 4); `zero` when the exponent field is 0.
#[derive(Clone, Copy, Debug, Default)]
pub struct Operand {
    pub(super) sign: u32,
    pub(super) exp: i32,
    pub(super) slice: u32,
    pub(super) zero: bool,
}

impl Operand {
    #[inline]
    pub fn srca(x: u32, phase: u32) -> Operand {
        let m = (x & 0x3ff) | 0x400;
        let slice = if phase & 1 != 0 {
            (m >> 1) & 31
        } else {
            m >> 6
        };
        Operand::with(x, slice)
    }

    #[inline]
    pub fn srcb(x: u32, phase: u32) -> Operand {
        let m = (x & 0x3ff) | 0x400;
        let slice = if phase & 2 != 0 {
            (m & 15) << 3
        } else {
            m >> 4
        };
        Operand::with(x, slice)
    }

    #[inline]
    fn with(x: u32, slice: u32) -> Operand {
        Operand {
            sign: (x >> 18) & 1,
            exp: ((x >> 10) & 0xff) as i32,
            slice,
            zero: src_is_zero(x),
        }
    }
}

/// One product as (sign, exp, 12-bit magnitude with its unit at bit 10); a zero operand gives
/// a zero term at the clamped exponent.
#[inline(always)]
fn product(a: Operand, b: Operand, adj: i32) -> (u32, i32, u32) {
    if a.zero || b.zero {
        return (0, adj.max(0), 0);
    }
    (a.sign ^ b.sign, a.exp + b.exp + adj, a.slice * b.slice)
}

/// One output datum of MVMUL: `dst + Σ_k b[k]·a[k]` over the 16 k's.
pub fn dot16(a: &[u32; 16], b: &[u32; 16], dst: u32, mode: AccMode, phase: u32) -> u32 {
    let da = a.map(|x| Operand::srca(x, phase));
    let db = b.map(|x| Operand::srcb(x, phase));
    dot16_decoded(&da, &db, dst, mode, product_exp_adj(mode, phase))
}

/// [`dot16`] on operands decoded with [`Operand::srca`] / [`Operand::srcb`]; `adj` is
/// [`product_exp_adj`].
#[inline]
pub fn dot16_decoded(
    a: &[Operand; 16],
    b: &[Operand; 16],
    dst: u32,
    mode: AccMode,
    adj: i32,
) -> u32 {
    let mut groups = [Term::default(); 2];
    for (g, out) in groups.iter_mut().enumerate() {
        let mut p = [(0u32, 0i32, 0u32); 8];
        let mut exp = i32::MIN;
        for (i, slot) in p.iter_mut().enumerate() {
            *slot = product(a[8 * g + i], b[8 * g + i], adj);
            exp = exp.max(slot.1);
        }
        if exp <= 0 {
            continue;
        }
        let mut sum: i32 = 0;
        for &(s, e, m) in &p {
            let d = ((exp - e) as u32).min(30);
            // Round half away from zero at one bit below the group's unit.
            let r = (((m << 1) + (1 << d)) >> (d + 1)) as i32;
            sum += if s != 0 { -r } else { r };
        }
        let sign = u32::from(sum < 0);
        *out = Term {
            sign,
            exp,
            man: sum.unsigned_abs() << 13,
        };
    }
    accumulate(groups[0], groups[1], dst, mode)
}

/// One output datum of ELWMUL: `dst + a·b` (ELWMUL always accumulates).
pub fn mul1(a: u32, b: u32, dst: u32, mode: AccMode, phase: u32) -> u32 {
    let adj = product_exp_adj(mode, phase);
    let (s, e, m) = product(Operand::srca(a, phase), Operand::srcb(b, phase), adj);
    let t = if e <= 0 {
        Term {
            sign: 0,
            exp: adj.max(0),
            man: 0,
        }
    } else {
        Term {
            sign: s,
            exp: e,
            man: m << 13,
        }
    };
    accumulate(t, Term::default(), dst, mode)
}

/// One output datum of ELWADD (ELWSUB flips b's sign first): `a + b (+ dst)`.
pub fn add1(a: u32, b: u32, dst: u32, mode: AccMode) -> u32 {
    let (mut a, mut b) = (a, b);
    if a & 0x3ffff < b & 0x3ffff {
        std::mem::swap(&mut a, &mut b);
    }
    let (sa, sb) = (a >> 18 & 1, b >> 18 & 1);
    let ea = ((a >> 10) & 0xff) as i32;
    let eb = ((b >> 10) & 0xff) as i32;
    let ma = if a != 0 { (a & 0x3ff) | 0x400 } else { 0 };
    let mut mb = if b != 0 { (b & 0x3ff) | 0x400 } else { 0 };
    if eb < ea {
        let d = (ea - eb) as u32;
        // ttsim tensix.cpp:1276: the smaller operand is rounded while aligned.
        mb = if d < 12 {
            (mb + (1 << (d - 1))) >> d
        } else {
            0
        };
    }
    let man = if sa == sb { ma + mb } else { ma - mb } << 13;
    let mut exp = ea;
    if mode.fp32 && !mode.exp8 {
        exp = if exp != 0 { exp + 127 - 15 } else { 127 - 30 };
    }
    accumulate(Term { sign: sa, exp, man }, Term::default(), dst, mode)
}

/// Aligns `t` to `exp`, rounding half up (minus the sign bit, as ttsim does for terms).
#[inline]
fn align(man: u32, from: i32, to: i32, sign: u32) -> u32 {
    if from >= to {
        return man;
    }
    let d = (to - from) as u32;
    if d < 31 {
        ((man as u64 + (1u64 << (d - 1)) - u64::from(sign)) >> d) as u32
    } else {
        0
    }
}

/// Adds two terms to a Dst value (FP32 pattern), renormalises and rounds to the Dst format
/// (the result is an FP32 pattern whose low bits are zero for 16-bit Dst).
pub fn accumulate(t0: Term, t1: Term, dst: u32, mode: AccMode) -> u32 {
    let dsign = dst >> 31;
    let dexp = ((dst >> 23) & 0xff) as i32;
    let mut dman = if dexp == 0 {
        0
    } else {
        (dst & 0x7f_ffff) | 0x80_0000
    };
    let mut exp = t0.exp.max(t1.exp).max(dexp);
    if exp <= 0 {
        return 0;
    }
    let mut m0 = align(t0.man, t0.exp, exp, t0.sign);
    let mut m1 = align(t1.man, t1.exp, exp, t1.sign);
    dman = align(dman, dexp, exp, 0);
    if !mode.fp32 {
        m0 = (m0 + (1 << 12) - t0.sign) & !0x1fff;
        m1 = (m1 + (1 << 12) - t1.sign) & !0x1fff;
        dman = (dman + (1 << 12)) & !0x1fff;
    }
    let mut sign = dsign;
    let mut man = dman as i64;
    man += if t0.sign == sign {
        m0 as i64
    } else {
        -(m0 as i64)
    };
    man += if t1.sign == sign {
        m1 as i64
    } else {
        -(m1 as i64)
    };
    if man < 0 {
        man = -man;
        sign ^= 1;
    }
    if man == 0 {
        return 0;
    }
    let mut man = man as u32;
    let mut shift = man.leading_zeros() as i32 - 8;
    // Wormhole's leading-sign counter mis-normalises −1 (ttsim models it the same way).
    if sign != 0 && man == 1 {
        shift -= 27;
    }
    exp -= shift;
    let keep = if mode.exp8 { 16 } else { 13 };
    if !mode.fp32 {
        shift -= keep;
    }
    if shift < 0 {
        let s = (-shift) as u32;
        man = ((man as u64 + (1u64 << (s - 1))) >> s) as u32;
    } else {
        man <<= shift;
    }
    if !mode.fp32 {
        man <<= keep;
    }
    if man & 0x100_0000 != 0 {
        exp += 1;
    }
    man &= 0x7f_ffff;
    if exp <= 0 {
        0
    } else if mode.fp32 || mode.exp8 {
        if exp >= 255 {
            (sign << 31) | (255 << 23)
        } else {
            (sign << 31) | ((exp as u32) << 23) | man
        }
    } else if exp >= 32 {
        (sign << 31) | (31 << 23) | (0x3ff << 13)
    } else {
        (sign << 31) | ((exp as u32) << 23) | man
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FP32: AccMode = AccMode {
        fp32: true,
        exp8: true,
    };
    const BF16: AccMode = AccMode {
        fp32: false,
        exp8: true,
    };

    /// An FP32 value truncated to Src's TF32 form (UNPACR_Regular.md: FP32 → TF32 drops 13
    /// mantissa bits).
    fn src(x: f32) -> u32 {
        x.to_bits() >> 13
    }

    fn full_precision(a: &[u32; 16], b: &[u32; 16]) -> f32 {
        // HiFi4 sums all four phases into an FP32 Dst.
        let mut d = 0;
        for phase in 0..4 {
            d = dot16(a, b, d, FP32, phase);
        }
        f32::from_bits(d)
    }

    // MVMUL.md: single products of values with short mantissas are exact in every phase split.
    #[test]
    fn small_integer_dot_product_is_exact() {
        let mut a = [0u32; 16];
        let mut b = [0u32; 16];
        for k in 0..16 {
            a[k] = src(k as f32 + 1.0);
            b[k] = src(2.0 - k as f32 * 0.25);
        }
        let want: f32 = (0..16)
            .map(|k| (k as f32 + 1.0) * (2.0 - k as f32 * 0.25))
            .sum();
        assert_eq!(full_precision(&a, &b), want);
    }

    // MVMUL.md fidelity slices: LoFi keeps SrcA's implicit 1 + 4 bits and SrcB's implicit 1
    // + 6 bits, so 1.9375 (1.1111b) × 1.984375 (1.111111b) is exact in phase 0 alone, while
    // a SrcA bit below the top four only appears in phase 1.
    #[test]
    fn fidelity_phases_split_the_mantissas() {
        let mut a = [0u32; 16];
        let mut b = [0u32; 16];
        a[0] = src(1.9375);
        b[0] = src(1.984375);
        assert_eq!(f32::from_bits(dot16(&a, &b, 0, FP32, 0)), 1.9375 * 1.984375);
        a[0] = src(1.0 + 1.0 / 32.0);
        b[0] = src(1.0);
        assert_eq!(f32::from_bits(dot16(&a, &b, 0, FP32, 0)), 1.0);
        assert_eq!(f32::from_bits(dot16(&a, &b, 0, FP32, 1)), 1.0 / 32.0);
        // SrcB's 8th mantissa bit is in phase 2 (SrcB's second slice).
        a[0] = src(1.0);
        b[0] = src(1.0 + 1.0 / 128.0);
        assert_eq!(f32::from_bits(dot16(&a, &b, 0, FP32, 2)), 1.0 / 128.0);
    }

    // 16-bit Dst: the sum is rounded to BF16 (7 mantissa bits); accumulation reads Dst back.
    #[test]
    fn bf16_dst_rounds_to_seven_bits() {
        let mut a = [0u32; 16];
        let mut b = [0u32; 16];
        a[0] = src(1.0);
        b[0] = src(1.0);
        let d = dot16(&a, &b, 0x3f80_0000, BF16, 0);
        assert_eq!(d, 0x4000_0000);
        assert_eq!(d & 0xffff, 0);
    }

    // ELWADD.md / ttsim: a + b exactly when the sum fits; subtraction by a flipped sign.
    #[test]
    fn elementwise_add_and_mul() {
        assert_eq!(f32::from_bits(add1(src(1.5), src(2.25), 0, FP32)), 3.75);
        assert_eq!(
            f32::from_bits(add1(src(1.5), src(2.25) ^ (1 << 18), 0, FP32)),
            -0.75
        );
        assert_eq!(f32::from_bits(add1(src(3.0), src(-3.0), 0, FP32)), 0.0);
        let mut d = 0;
        for phase in 0..4 {
            d = mul1(src(1.5), src(-2.5), d, FP32, phase);
        }
        assert_eq!(f32::from_bits(d), -3.75);
    }
}
