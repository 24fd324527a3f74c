//! The MAD sub-unit: SFPMAD / SFPADD / SFPMUL / SFPMULI / SFPADDI / SFPLUT / SFPLUTFP32
//! (their pages; the arithmetic of all of them is SFPMAD.md's).
//!
//! SFPMAD.md: denormal inputs act as zero; the product is kept "in higher precision than FP32,
//! but not infinite"; one rounding, to nearest with ties to even; a denormal or −0 result
//! becomes +0; NaN results have the mantissa's lowest bit set. Where the page leaves the
//! product's precision open we take ttsim's (notes/ttsim.md, fma.cpp `fma_model_wh`): the
//! exact 48-bit product is cut to its top 24–25 bits plus three more bits and a sticky bit,
//! then added to c and rounded once. Where the page is explicit and ttsim differs (ttsim drops
//! a product below the normal range and turns an overflowing product into an infinity before
//! the add), macrosim follows the page: such a product takes part in the sum like any other.

use super::mad_lanes::mad_wh;
use super::{Insn, LANES, Sfpu};
use crate::backend::ExecResult;

/// Denormal → signed zero (SFPMAD.md: denormal inputs are treated as zero).
#[inline]
fn flush(x: u32) -> u32 {
    if x & 0x7f80_0000 == 0 {
        x & 0x8000_0000
    } else {
        x
    }
}

/// (biased exponent, significand with its hidden bit; 0 for zero) of a flushed FP32.
#[inline]
fn parts(x: u32) -> (i32, u64) {
    let e = ((x >> 23) & 0xff) as i32;
    (
        e,
        if e == 0 {
            0
        } else {
            u64::from(x & 0x7f_ffff | 0x80_0000)
        },
    )
}

/// `v >> s`, setting the lowest bit if bits were lost and the result is non-zero (the
/// "semi-sticky" alignment of ttsim's datapath, fma.cpp).
fn semi_sticky_shift(v: u64, s: i32) -> u64 {
    if s >= 64 {
        return 0;
    }
    let r = v >> s;
    if r != 0 {
        r | u64::from(r << s != v)
    } else {
        0
    }
}

/// One lane of Wormhole B0's SFPMAD: `a · b + c`.
pub fn mad1(a: u32, b: u32, c: u32) -> u32 {
    mad_model(a, b, c, false)
}

/// One lane of SFPMAD, Wormhole B0's or (`bh`) Blackhole's.
///
/// The datapath (ttsim's, fma.cpp `fma_model_wh` / `fma_model_bh`, re-expressed): significands
/// with three extra low bits; the 48-bit product cut to its top bits plus a sticky bit; both
/// terms aligned to the larger exponent with a semi-sticky shift; the sum normalised with the
/// same sticky rule; one rounding to nearest, ties to even. Wormhole B0 (SFPMAD.md): results
/// below the normal range and −0 give +0; a NaN has its lowest mantissa bit set. Blackhole
/// (BlackholeA0 SFPMAD.md): an exact zero keeps IEEE's sign (−0 only from −0 + −0 or a negative
/// zero product plus −0), a result rounded at denormal precision that stays below the normal
/// range becomes a zero of its sign, and a NaN is always 0x7fc00000.
pub fn mad_model(a: u32, b: u32, c: u32, bh: bool) -> u32 {
    let (a, b, c) = (flush(a), flush(b), flush(c));
    let special = |x: u32| x & 0x7f80_0000 == 0x7f80_0000;
    if special(a) || special(b) || special(c) {
        // "NaN or ±Infinity, following the usual IEEE754 rules".
        let d = f32::from_bits(a).mul_add(f32::from_bits(b), f32::from_bits(c));
        return match (d.is_nan(), bh) {
            (true, true) => 0x7fc0_0000,
            (true, false) => d.to_bits() | 1,
            _ => d.to_bits(),
        };
    }
    let ((ea, ma), (eb, mb), (ez, mz)) = (parts(a), parts(b), parts(c));
    let (p_sign, z_sign) = ((a ^ b) & 0x8000_0000, c & 0x8000_0000);
    // The sign of an exact zero result: Blackhole's IEEE rule, Wormhole's +0.
    let zero = if bh { p_sign & z_sign } else { 0 };
    // Both terms as m · 2^(e − 153): bit 26 of m is the units bit at exponent e.
    let p = (ma * mb) << 3;
    let mut p_m = (p >> 23) | u64::from(p & 0x7f_ffff != 0);
    let p_e = ea + eb - 127;
    let mut z_m = mz << 3;
    if p_m == 0 {
        return if mz != 0 { c } else { zero };
    }
    // The page, not ttsim: a product below or above FP32's exponent range is not dropped or
    // made infinite; it is aligned and added like any other (see the module comment).
    let mut r_e = p_e.max(ez);
    if p_e < r_e {
        p_m = semi_sticky_shift(p_m, r_e - p_e);
    }
    if ez < r_e {
        z_m = semi_sticky_shift(z_m, r_e - ez);
    }
    let r_sign = if p_m >= z_m { p_sign } else { z_sign };
    let mut r_m = if p_sign == z_sign {
        p_m + z_m
    } else {
        p_m.abs_diff(z_m)
    };
    if r_m == 0 {
        return zero;
    }
    let mut n = 37 - r_m.leading_zeros() as i32; // leading one to bit 26
    r_e += n;
    if r_e >= 255 {
        return r_sign | 0x7f80_0000;
    }
    if r_e < 0 || (bh && r_e == 0) {
        if !bh {
            return 0;
        }
        // Blackhole rounds at denormal precision (exponent field 0, one more bit shifted out)
        // and flushes what stays denormal to a zero of its sign.
        n += 1 - r_e;
        r_e = 0;
    }
    r_m = if n <= 0 {
        r_m << -n
    } else if n >= 64 {
        u64::from(r_m != 0)
    } else {
        (r_m >> n) | u64::from(r_m & ((1 << n) - 1) != 0 && bh) | (r_m & 1)
    };
    let mut r = ((r_e as u32) << 23) + ((r_m >> 3) as u32 & 0x7f_ffff);
    r += u32::from((r_m & 7) as u32 + (r & 1) > 4);
    if r >> 23 == 0 {
        if bh { r_sign } else { 0 }
    } else {
        r_sign | r
    }
}

/// SFPMAD.md `SFPMAD_MOD1_INDIRECT_VD`: the result register, possibly from LReg[7].
#[inline]
fn dest(s: &Sfpu, i: &Insn, lane: usize) -> usize {
    if i.mode & 8 != 0 && i.vd != 16 {
        (s.lregs[7][lane] & 15) as usize
    } else {
        i.vd
    }
}

/// SFPMAD.md / SFPADD.md / SFPMUL.md (the same function of VA, VB, VC) and SFPMULI.md /
/// SFPADDI.md (BF16 immediate times LReg[VC] plus 0, or times 1.0 plus LReg[VC]).
pub fn mad(s: &mut Sfpu, i: &Insn) -> ExecResult {
    let bh = s.blackhole;
    if i.mode & 3 != 0 && !bh {
        return Err(format!(
            "Mod1 {:#x}: bits 0–1 are not defined on Wormhole B0 (SFPMAD.md)",
            i.mode
        ));
    }
    let imm = i.imm << 16;
    // BlackholeA0 SFPMAD.md: Mod1 1 negates VA, Mod1 2 negates VC (SFPMULI/SFPADDI share
    // SFPMAD's Mod1; the BH pages of those two define only INDIRECT_VD, so bits 0-1 are
    // read as SFPMAD's there too).
    let neg_a = if bh && i.mode & 1 != 0 {
        0x8000_0000
    } else {
        0
    };
    let neg_c = if bh && i.mode & 2 != 0 {
        0x8000_0000
    } else {
        0
    };
    // Operands of every lane first (a lane reads and writes only its own LReg entries, so the
    // order is the per-lane loop's), then the 32 lanes' arithmetic at once.
    let l = &s.lregs;
    let (a, b, c) = match i.opcode {
        0x74 => ([imm; LANES], l[i.vc_or_vd()], [0; LANES]),
        0x75 => ([imm; LANES], [1.0f32.to_bits(); LANES], l[i.vc_or_vd()]),
        _ => {
            let a = if i.mode & 4 != 0 {
                std::array::from_fn(|lane| l[(l[7][lane] & 15) as usize][lane])
            } else {
                l[i.va]
            };
            (a, l[i.vb_or_vd()], l[i.vc_or_vd()])
        }
    };
    let d = if bh {
        std::array::from_fn(|l| mad_model(a[l] ^ neg_a, b[l], c[l] ^ neg_c, true))
    } else {
        mad_wh(&a, &b, &c)
    };
    let active = s.active_lanes(i);
    for (lane, &x) in d.iter().enumerate() {
        if active >> lane & 1 != 0 {
            let vd = dest(s, i, lane);
            s.write(vd, lane, x);
        }
    }
    Ok(())
}

/// Blackhole's SFPMUL24 (BlackholeA0 SFPMUL24.md): the low (Mod1 0) or high (Mod1 1) 23 bits of
/// a 23 × 23-bit product, with SFPMAD's indirect VA/VD. A non-zero `LReg[VC]` adds the page's
/// `NonContractualBehavior` shift/add, which is not architecturally guaranteed: refused.
pub fn mul24(s: &mut Sfpu, i: &Insn) -> ExecResult {
    let active = s.active_lanes(i);
    for lane in 0..LANES {
        if active >> lane & 1 == 0 {
            continue;
        }
        let r = |k: usize| s.lregs[k][lane];
        if r(i.vc_or_vd()) != 0 {
            return Err(format!(
                "LReg[{}] is not zero in lane {lane}: SFPMUL24's result is then not \
                 architecturally defined (SFPMUL24.md: use VC = 9)",
                i.vc_or_vd()
            ));
        }
        let va = if i.mode & 4 != 0 {
            (r(7) & 15) as usize
        } else {
            i.va
        };
        let (a, b) = (
            u64::from(r(va) & 0x7f_ffff),
            u64::from(r(i.vb_or_vd()) & 0x7f_ffff),
        );
        let d = if i.mode & 1 != 0 {
            (a * b) >> 23
        } else {
            u64::from(r(va).wrapping_mul(r(i.vb_or_vd())) & 0x7f_ffff)
        };
        let vd = dest(s, i, lane);
        s.write(vd, lane, d as u32);
    }
    Ok(())
}

/// SFPLUT.md `Lut8ToFp32`.
fn lut8(x: u32) -> u32 {
    if x == 0xff {
        return 0;
    }
    (x >> 7) << 31 | (127 - ((x >> 4) & 7)) << 23 | (x & 0xf) << 19
}

/// SFPLUTFP32.md `Lut16ToFp32`.
fn lut16(x: u32) -> u32 {
    let e = (x >> 10) & 0x1f;
    (x >> 15 & 1) << 31 | (if e == 0x1f { 0 } else { 112 + e }) << 23 | (x & 0x3ff) << 13
}

/// The table index of SFPLUT.md / SFPLUTFP32.md: 0, 1 or 2 as |LReg[3]| < 1, < 2, ≥ 2.
fn range(b: f32) -> usize {
    if b < 1.0 {
        0
    } else if b < 2.0 {
        1
    } else {
        2
    }
}

/// The common tail of SFPLUT and SFPLUTFP32: `d = a·|l3| + c`, SGN_RETAIN (4), INDIRECT_VD.
fn lut_tail(s: &mut Sfpu, i: &Insn, lane: usize, a: u32, c: u32) {
    let l3 = s.lregs[3][lane];
    let mut d = mad1(a, l3 & 0x7fff_ffff, c);
    if i.mode & 4 != 0 {
        d = d & 0x7fff_ffff | l3 & 0x8000_0000;
    }
    let vd = dest(s, i, lane);
    s.write(vd, lane, d);
}

/// SFPLUT.md: coefficients as two 8-bit Lut8 values in LReg[0..=2].
pub fn lut(s: &mut Sfpu, i: &Insn) -> ExecResult {
    let active = s.active_lanes(i);
    for lane in 0..LANES {
        if active >> lane & 1 == 0 {
            continue;
        }
        let b = f32::from_bits(s.lregs[3][lane]).abs();
        let coeffs = s.lregs[range(b)][lane];
        lut_tail(s, i, lane, lut8((coeffs >> 8) & 0xff), lut8(coeffs & 0xff));
    }
    Ok(())
}

/// SFPLUTFP32.md: FP32 3-entry table (Mod1 0), FP16 3-entry (bits 3 and 1), FP16 6-entry
/// tables 1 and 2 (Mod1 & 3 = 2, 3).
pub fn lutfp32(s: &mut Sfpu, i: &Insn) -> ExecResult {
    let m = i.mode;
    let active = s.active_lanes(i);
    for lane in 0..LANES {
        if active >> lane & 1 == 0 {
            continue;
        }
        let b = f32::from_bits(s.lregs[3][lane]).abs();
        let k = range(b);
        let r = |n: usize| s.lregs[n][lane];
        let (a, c) = if m & 2 != 0 {
            if m & 10 == 10 {
                (lut16(r(k) >> 16), lut16(r(k) & 0xffff))
            } else {
                let cut = if m & 1 != 0 { 4.0 } else { 3.0 };
                let j = if b < 0.5 || (1.0..1.5).contains(&b) || (2.0..cut).contains(&b) {
                    0
                } else {
                    16
                };
                (lut16((r(k) >> j) & 0xffff), lut16((r(4 + k) >> j) & 0xffff))
            }
        } else {
            (r(k), r(4 + k))
        };
        lut_tail(s, i, lane, a, c);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    fn f(x: f32) -> u32 {
        x.to_bits()
    }

    // SFPMAD.md: one rounding of a·b + c; denormal inputs as zero; −0 and denormal results +0;
    // NaN has its lowest mantissa bit set; a·b beyond FP32's range still takes part (the page).
    #[test]
    fn mad_rounding_and_flushing() {
        assert_eq!(mad1(f(1.5), f(2.0), f(0.25)), f(3.25));
        // (1 + 2^-23)·(1 − 2^-23) − 1 = −2^-46 exactly; the product kept to its top bits and a
        // sticky bit, aligned to c's exponent with one more sticky bit, gives −2^-26.
        let one_up = f32::from_bits(0x3f80_0001);
        let one_down = f32::from_bits(0x3f7f_fffe);
        assert_eq!(mad1(f(one_up), f(one_down), f(-1.0)), f(-(2f32.powi(-26))));
        assert_eq!(
            mad1(0x0000_0001, f(1.0), f(2.0)),
            f(2.0),
            "denormal input is zero"
        );
        assert_eq!(mad1(f(-1.0), f(0.0), f(0.0)), 0, "−0 becomes +0");
        assert_eq!(mad1(f(1e-30), f(1e-10), 0), 0, "denormal result becomes +0");
        assert_eq!(
            mad1(f(-3.0e38), f(2.0), f(3.0e38)),
            f(-3.0e38),
            "overflowing product"
        );
        let c = 2f32.powi(-125);
        let want = (1e-20f64 as f32 as f64 * (1.07e-19f32 as f64) + c as f64) as f32;
        assert_ne!(want, c);
        assert_eq!(
            mad1(f(1e-20), f(1.07e-19), f(c)),
            f(want),
            "a product below FP32's range counts"
        );
        assert_eq!(
            mad1(f(f32::INFINITY), 0, 0) & 0x7fc0_0001,
            0x7fc0_0001,
            "Inf·0 is NaN"
        );
        assert_eq!(mad1(f(f32::INFINITY), f(2.0), f(1.0)), f(f32::INFINITY));
        assert_eq!(mad1(f(3.0e38), f(2.0), 0), f(f32::INFINITY), "overflow");
        // Ties to even at the final rounding: 1 + 2^-24 → 1, (1 + 2^-23) + 2^-24 → 1 + 2^-22.
        assert_eq!(mad1(f(1.0), f(1.0), f(2f32.powi(-24))), f(1.0));
        assert_eq!(mad1(f(one_up), f(1.0), f(2f32.powi(-24))), 0x3f80_0002);
    }

    // SFPMAD.md indirect forms: Mod1 & 4 takes VA from LReg[7], Mod1 & 8 VD (unless VD is 16).
    // SFPADD/SFPMUL compute the same function; SFPMULI/SFPADDI use the BF16 immediate.
    #[test]
    fn mad_forms() {
        let mut s = Sfpu::default();
        set(&mut s, 0, |_| f(2.0));
        set(&mut s, 1, |_| f(3.0));
        set(&mut s, 2, |_| f(0.5));
        set(&mut s, 7, |l| if l < 16 { 1 } else { 2 });
        ok(&mut s, "SFPMAD 0, 1, 2, 4, 0");
        assert_eq!(s.lregs[4][0], f(6.5));
        ok(&mut s, "SFPMAD 0, 1, 2, 4, 4"); // VA = LReg[LReg7]
        assert_eq!((s.lregs[4][0], s.lregs[4][31]), (f(9.5), f(2.0)));
        set(&mut s, 7, |l| if l < 16 { 5 } else { 6 });
        ok(&mut s, "SFPMAD 0, 1, 2, 4, 8"); // VD = LReg[LReg7]
        assert_eq!((s.lregs[5][0], s.lregs[6][31]), (f(6.5), f(6.5)));
        ok(&mut s, "SFPADD 10, 1, 2, 3, 0");
        assert_eq!(s.lregs[3][9], f(3.5));
        ok(&mut s, "SFPMUL 0, 1, 9, 3, 0");
        assert_eq!(s.lregs[3][9], f(6.0));
        ok(&mut s, "SFPMULI 0x4040, 3, 0"); // ×3.0
        assert_eq!(s.lregs[3][9], f(18.0));
        ok(&mut s, "SFPADDI 0xbf80, 3, 0"); // −1.0
        assert_eq!(s.lregs[3][9], f(17.0));
        // Indirect VD: LReg[7] holds 5/6 (as FP32 a denormal, so 0); VC = VD = 7.
        ok(&mut s, "SFPADDI 0x3f80, 7, 8");
        assert_eq!((s.lregs[5][0], s.lregs[6][31]), (f(1.0), f(1.0)));
        assert!(run(&mut s, "SFPMAD 0, 1, 2, 4, 1").is_err());
    }

    // SFPLUT.md: the coefficient pair by |LReg[3]| (< 1, < 2, else), Lut8ToFp32 (0xff = 0),
    // SGN_RETAIN, INDIRECT_VD.
    #[test]
    fn lut() {
        let mut s = Sfpu::default();
        // Lut8: sign 0, exp 1 (→ 2^-1), man 8 → 0.5·1.5 = 0.75; 0x00 → 1.0; 0x9f → −0.5·1.9375.
        set(&mut s, 0, |_| 0x18_00); // a = 0.75, c = 1.0
        set(&mut s, 1, |_| 0x00_9f); // a = 1.0, c = −0.96875
        set(&mut s, 2, |_| 0xff_ff); // a = 0, c = 0
        set(&mut s, 3, |l| f([-0.5, 1.5, 7.0, -3.0][l % 4]));
        ok(&mut s, "SFPLUT 4, 0, 0");
        assert_eq!(s.lregs[4][0], f(0.75 * 0.5 + 1.0));
        assert_eq!(s.lregs[4][1], f(1.5 - 0.96875));
        assert_eq!(s.lregs[4][2], 0);
        ok(&mut s, "SFPLUT 4, 4, 0");
        assert_eq!(s.lregs[4][0], f(-(0.75 * 0.5 + 1.0)), "SGN_RETAIN");
        assert_eq!(s.lregs[4][3], 0x8000_0000, "copysign keeps −0");
        set(&mut s, 7, |_| 6);
        ok(&mut s, "SFPLUT 4, 8, 0");
        assert_eq!(s.lregs[6][1], f(1.5 - 0.96875), "INDIRECT_VD");
    }

    // SFPLUTFP32.md: FP32 table, FP16 3-entry (Mod1 10), FP16 6-entry tables 1/2 with the
    // half-selection j; Lut16ToFp32 maps exponent 31 to 0 and exponent 0 to 2^-15.
    #[test]
    fn lutfp32() {
        let mut s = Sfpu::default();
        set(&mut s, 0, |_| f(2.0));
        set(&mut s, 4, |_| f(0.25));
        set(&mut s, 3, |_| f(-0.5));
        ok(&mut s, "SFPLUTFP32 2, 0");
        assert_eq!(s.lregs[2][0], f(1.25));
        set(&mut s, 0, |_| 0x4000_3c00); // a = 2.0 (hi), c = 1.0 (lo)
        set(&mut s, 7, |_| 2); // FP16_3ENTRY_TABLE (10) includes INDIRECT_VD (8)
        ok(&mut s, "SFPLUTFP32 5, 14"); // FP16 3-entry + SGN_RETAIN (10 | 4)
        assert_eq!(s.lregs[2][0], f(-2.0));
        // 6-entry: |x| = 0.75 → i = 0, j = 16 (the high halves).
        set(&mut s, 3, |_| f(0.75));
        set(&mut s, 0, |_| 0x3800_4000); // hi 0.5, lo 2.0
        set(&mut s, 4, |_| 0x7c00_0000); // hi exp 31 → 0, lo Lut16(0) = 2^-15
        ok(&mut s, "SFPLUTFP32 2, 2");
        assert_eq!(s.lregs[2][0], f(0.375));
        set(&mut s, 3, |_| f(0.25)); // j = 0: a = 2.0, c = 2^-15
        ok(&mut s, "SFPLUTFP32 2, 2");
        assert_eq!(s.lregs[2][0], f(0.5 + 2f32.powi(-15)));
        // |x| = 3.5: table 1 (cut 3.0) → j = 16, table 2 (cut 4.0) → j = 0; i = 2.
        set(&mut s, 3, |_| f(3.5));
        set(&mut s, 2, |_| 0x3c00_0000); // hi 1.0, lo Lut16(0) = 2^-15
        set(&mut s, 6, |_| 0x0000_3c00); // hi 2^-15, lo 1.0
        ok(&mut s, "SFPLUTFP32 1, 2");
        assert_eq!(s.lregs[1][0], f(3.5 + 2f32.powi(-15)));
        ok(&mut s, "SFPLUTFP32 1, 3");
        assert_eq!(s.lregs[1][0], mad1(f(2f32.powi(-15)), f(3.5), f(1.0)));
    }

    // BlackholeA0 SFPMAD.md: NEGATE_VA / NEGATE_VC, the canonical NaN, IEEE's signed zeros, and
    // results below the normal range flushed to a zero of their sign (Wormhole: +0).
    #[test]
    fn blackhole_mad() {
        let bh = |a: u32, b: u32, c: u32| mad_model(a, b, c, true);
        assert_eq!(bh(f(f32::INFINITY), f(0.0), f(1.0)), 0x7fc0_0000);
        assert_eq!(bh(f(-1.0), f(0.0), f(-0.0)), 0x8000_0000, "−0 + −0");
        assert_eq!(mad1(f(-1.0), f(0.0), f(-0.0)), 0, "Wormhole: +0");
        assert_eq!(bh(f(1.0), f(1.0), f(-1.0)), 0, "x − x is +0");
        assert_eq!(bh(f(-1e-30), f(1e-10), 0), 0x8000_0000, "denormal → −0");
        assert_eq!(mad1(f(-1e-30), f(1e-10), 0), 0);
        // (1 − 2^-24) · 2^-126 is a tie at denormal precision: to even, 2^-126
        assert_eq!(bh(0x3f7f_ffff, 0x0080_0000, 0), 0x0080_0000);
        assert_eq!(bh(f(1.5), f(2.0), f(0.25)), f(3.25));

        let mut s = Sfpu {
            blackhole: true,
            ..Sfpu::default()
        };
        set(&mut s, 0, |l| f(l as f32));
        set(&mut s, 1, |_| f(2.0));
        set(&mut s, 2, |_| f(0.5));
        ok(&mut s, "SFPMAD 0, 1, 2, 3, 1"); // −a·b + c
        ok(&mut s, "SFPMAD 0, 1, 2, 4, 2"); // a·b − c
        ok(&mut s, "SFPMAD 0, 1, 2, 5, 3"); // −a·b − c
        for lane in 0..LANES {
            let x = lane as f32;
            assert_eq!(s.lregs[3][lane], f(-x * 2.0 + 0.5), "lane {lane}");
            assert_eq!(s.lregs[4][lane], f(x * 2.0 - 0.5), "lane {lane}");
            assert_eq!(s.lregs[5][lane], f(-x * 2.0 - 0.5), "lane {lane}");
        }
        // the same Mod1 bits are undefined on Wormhole B0
        assert!(run(&mut Sfpu::default(), "SFPMAD 0, 1, 2, 3, 1").is_err());
    }

    // BlackholeA0 SFPMUL24.md: low and high 23 bits of a 23 × 23-bit product; VC must be LReg 9.
    #[test]
    fn blackhole_mul24() {
        let mut s = Sfpu {
            blackhole: true,
            ..Sfpu::default()
        };
        set(&mut s, 0, |l| 0x7f_ffff - l as u32);
        set(&mut s, 1, |l| 0x12_3456 + 0x1000 * l as u32);
        ok(&mut s, "SFPMUL24 0, 1, 9, 2, 0");
        ok(&mut s, "SFPMUL24 0, 1, 9, 3, 1");
        for lane in 0..LANES {
            let p =
                u64::from(0x7f_ffff - lane as u32) * u64::from(0x12_3456 + 0x1000 * lane as u32);
            assert_eq!(u64::from(s.lregs[2][lane]), p & 0x7f_ffff, "lane {lane}");
            assert_eq!(u64::from(s.lregs[3][lane]), p >> 23, "lane {lane}");
        }
        assert!(
            run(&mut s, "SFPMUL24 0, 1, 10, 2, 0").is_err(),
            "VC = 1.0 refused"
        );
        // and Wormhole B0 has no SFPMUL24 (opcode 0x98)
        let mut b = crate::backend::Backend::new(crate::Arch::WormholeB0.table());
        let mut l1 = macrosim_core::SparseMemory::new();
        assert!(b.issue(1, 0x9800_0000 | 9 << 8 | 2 << 4, &mut l1).is_err());
    }
}
