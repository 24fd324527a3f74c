//! Conversions: SFPCAST (SFPCAST.md) and SFP_STOCH_RND (SFPSTOCHRND_FloatFloat.md,
//! SFPSTOCHRND_FloatInt.md, SFPSTOCHRND_IntInt.md), with the PRNG of VectorUnit.md.

use super::{Insn, LANES, Sfpu};
use crate::backend::ExecResult;

/// SFPCAST.md for one lane: sign-magnitude integer → FP32, round to nearest even, or
/// stochastically with seven PRNG bits (`prng` is called only then).
pub fn cast1(c: u32, stochastic: bool, prng: impl FnOnce() -> u32) -> u32 {
    let sign = c & 0x8000_0000;
    let mag = c & 0x7fff_ffff;
    let lz = if mag != 0 { mag.leading_zeros() } else { 157 };
    let norm = mag << (lz & 31);
    let mut d = sign.wrapping_add((157 - lz) << 23).wrapping_add(norm >> 8);
    let up = if stochastic {
        (norm & 0xfe) > ((prng() >> 9) & 0xfe)
    } else {
        norm & 0x80 != 0 && norm & 0x17f != 0
    };
    if up {
        d = d.wrapping_add(1);
    }
    d
}

/// SFPCAST. Blackhole (BlackholeA0 SFPCAST.md) looks at Mod1 & 3 (its "current silicon
/// behavior" for Mod1 > 3): 0 and 1 are Wormhole's conversion (SFPCAST_IntFloat.md), 2 the
/// two's complement absolute value (SFPCAST_IntAbs.md), 3 the two's complement ↔
/// sign-magnitude conversion (SFPCAST_IntInt.md).
pub fn cast(s: &mut Sfpu, i: &Insn) -> ExecResult {
    let vc = i.vc_or_vd();
    let mode = if s.blackhole { i.mode & 3 } else { i.mode & 1 };
    let active = s.active_lanes(i);
    for lane in 0..LANES {
        if active >> lane & 1 == 0 {
            continue;
        }
        let c = s.lregs[vc][lane];
        let sign = c & 0x8000_0000;
        let d = match mode {
            2 => {
                if sign != 0 {
                    c.wrapping_neg()
                } else {
                    c
                }
            }
            3 => sign | if sign != 0 { c.wrapping_neg() } else { c },
            _ => cast1(c, mode == 1, || s.advance_prng(lane)),
        };
        s.write(i.vd, lane, d);
    }
    Ok(())
}

/// One lane of SFP_STOCH_RND: `mod1` (3 bits), the shift for the IntInt modes, the PRNG bits
/// (`0x400000` when rounding to nearest, the pages' deterministic mode; Blackhole's toward
/// zero `0x7fffff`), and whether it is Blackhole's FloatFloat comparison
/// (BlackholeA0 SFPSTOCHRND_FloatFloat.md: `Discarded >= PRNGBits >> Keep` where Wormhole has
/// `Discarded << Keep >= PRNGBits`).
#[inline(always)]
pub fn stoch_rnd1(mod1: u32, c: u32, shift: u32, prng_bits: u32, bh: bool) -> u32 {
    match mod1 {
        // FloatFloat: FP16A keeps 10 mantissa bits, FP16B 7.
        0 | 1 => {
            let exp = (c >> 23) & 0xff;
            if exp == 0 {
                0
            } else if exp == 255 {
                c & 0xff80_0000
            } else {
                let (mask, keep) = if mod1 == 0 { (0x1fff, 10) } else { (0xffff, 7) };
                let discarded = c & mask;
                let x = c - discarded;
                let up = if bh {
                    discarded >= prng_bits >> keep
                } else {
                    discarded << keep >= prng_bits
                };
                if up { x + mask + 1 } else { x }
            }
        }
        // IntInt: sign-magnitude shifted right, rounded, clamped to 255 / ±127.
        4 | 5 => {
            let mut sign = c & 0x8000_0000;
            let mag = (u64::from(c & 0x7fff_ffff) << 23) >> shift;
            let mut mag = (mag >> 23) + u64::from(mag & 0x7f_ffff >= u64::from(prng_bits));
            if mod1 == 4 {
                mag = mag.min(255);
                sign = 0;
            } else {
                mag = mag.min(127);
                if mag == 0 {
                    sign = 0;
                }
            }
            sign + mag as u32
        }
        // FloatInt: UINT8 2, INT8 3, UINT16 6, INT16 7.
        _ => {
            let (keep_sign, max) = match mod1 {
                2 => (false, 255),
                3 => (true, 127),
                6 => (false, 65535),
                _ => (true, 32767),
            };
            let mut sign = if keep_sign { c & 0x8000_0000 } else { 0 };
            let exp = ((c >> 23) & 0xff) as i32 - 127;
            let mag: u64 = if exp < -1 {
                sign = 0;
                0
            } else if exp >= 16 {
                max
            } else {
                let m = u64::from(0x80_0000 | (c & 0x7f_ffff));
                let m = if exp >= 0 { m << exp } else { m >> -exp };
                let m = ((m >> 23) + u64::from(m & 0x7f_ffff >= u64::from(prng_bits))).min(max);
                if m == 0 {
                    sign = 0;
                }
                m
            };
            sign + mag as u32
        }
    }
}

pub fn stoch_rnd(s: &mut Sfpu, i: &Insn) -> ExecResult {
    match i.mode & 7 {
        0 => stoch_rnd_lanes::<0>(s, i),
        1 => stoch_rnd_lanes::<1>(s, i),
        2 => stoch_rnd_lanes::<2>(s, i),
        3 => stoch_rnd_lanes::<3>(s, i),
        4 => stoch_rnd_lanes::<4>(s, i),
        5 => stoch_rnd_lanes::<5>(s, i),
        6 => stoch_rnd_lanes::<6>(s, i),
        _ => stoch_rnd_lanes::<7>(s, i),
    }
}

/// SFP_STOCH_RND's lanes, compiled per `MOD1` (`i.mode & 7`) so that the lane loop carries
/// no dispatch on it.
fn stoch_rnd_lanes<const MOD1: u32>(s: &mut Sfpu, i: &Insn) -> ExecResult {
    let (vb, vc) = (i.vb_or_vd(), i.vc_or_vd());
    let active = s.active_lanes(i);
    for lane in 0..LANES {
        if active >> lane & 1 == 0 {
            continue;
        }
        // The Wormhole pages advance the PRNG only when rounding stochastically (ttsim also
        // advances it in the deterministic mode, notes/ttsim.md item 5; macrosim follows the
        // pages). The Blackhole pages advance it in every mode, then replace the bits:
        // RND_NEAREST (0) 0x400000, RND_ZERO (2) 0x7fffff; 1 and the unnamed 3 keep them.
        let prng_bits = if s.blackhole {
            let bits = s.advance_prng(lane) & 0x7f_ffff;
            match i.rnd_mode {
                0 => 0x40_0000,
                2 => 0x7f_ffff,
                _ => bits,
            }
        } else if i.rnd_mode & 1 != 0 {
            s.advance_prng(lane) & 0x7f_ffff
        } else {
            0x40_0000
        };
        let shift = if i.mode & 8 != 0 {
            i.imm
        } else {
            s.lregs[vb][lane] & 31
        };
        let d = stoch_rnd1(MOD1, s.lregs[vc][lane], shift, prng_bits, s.blackhole);
        s.write(i.vd, lane, d);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    // SFPCAST.md: exact for |x| < 2^24, ties to even above, 0 → +0, −0 → −0 (sign kept).
    #[test]
    fn cast_round_to_nearest() {
        let rne = |c: u32| cast1(c, false, || unreachable!());
        assert_eq!(rne(5), 5.0f32.to_bits());
        assert_eq!(rne(0x8000_0007), (-7.0f32).to_bits());
        assert_eq!(rne(0), 0);
        assert_eq!(rne(0x8000_0000), 0x8000_0000);
        assert_eq!(
            rne((1 << 24) + 1),
            16_777_216f32.to_bits(),
            "tie to even (down)"
        );
        assert_eq!(
            rne((1 << 24) + 3),
            16_777_220f32.to_bits(),
            "tie to even (up)"
        );
        assert_eq!(rne(0x7fff_ffff), 2_147_483_648f32.to_bits());
    }

    // SFPCAST.md stochastic mode: round up when the discarded 7 bits exceed PRNG bits 15:9.
    #[test]
    fn cast_stochastic() {
        let x = (1 << 24) + 1; // Norm's low byte 0x80 → discarded bits 0x80 & 0xfe
        assert_eq!(cast1(x, true, || 0x7f << 9), 16_777_218f32.to_bits());
        assert_eq!(cast1(x, true, || 0x80 << 9), 16_777_216f32.to_bits());
        let mut s = Sfpu {
            prng: [1; LANES],
            ..Default::default()
        };
        set(&mut s, 1, |_| 3);
        ok(&mut s, "SFPCAST 1, 2, 1");
        assert_eq!(s.prng[0], 0, "advanced once");
        assert_eq!(s.lregs[2][0], 3.0f32.to_bits());
    }

    // SFPSTOCHRND_FloatFloat.md: to BF16/FP16-precision FP32, zero/denormal → 0, Inf/NaN → ±Inf.
    #[test]
    fn float_float() {
        let n = 0x40_0000;
        assert_eq!(
            stoch_rnd1(1, 0x3f80_8000, 0, n, false),
            0x3f81_0000,
            "half rounds up"
        );
        assert_eq!(stoch_rnd1(1, 0x3f80_7fff, 0, n, false), 0x3f80_0000);
        assert_eq!(stoch_rnd1(0, 0x3f80_1000, 0, n, false), 0x3f80_2000);
        assert_eq!(stoch_rnd1(0, 0x3f80_0fff, 0, n, false), 0x3f80_0000);
        assert_eq!(stoch_rnd1(0, 0x8000_0001, 0, n, false), 0);
        assert_eq!(stoch_rnd1(1, 0xffc0_0001, 0, n, false), 0xff80_0000);
        assert_eq!(
            stoch_rnd1(1, 0x3f80_0001, 0, 0x80, false),
            0x3f81_0000,
            "stochastic: 0x80 ≤ 1 << 7"
        );
    }

    // SFPSTOCHRND_FloatInt.md: |x| < 0.5 → 0, ≥ 2^16 → max, clamps, sign kept for INT modes.
    #[test]
    fn float_int() {
        let n = 0x40_0000;
        let f = |x: f32| x.to_bits();
        assert_eq!(stoch_rnd1(2, f(2.5), 0, n, false), 3);
        assert_eq!(
            stoch_rnd1(2, f(-2.5), 0, n, false),
            3,
            "UINT8 drops the sign"
        );
        assert_eq!(stoch_rnd1(3, f(-2.5), 0, n, false), 0x8000_0003);
        assert_eq!(stoch_rnd1(3, f(-0.3), 0, n, false), 0);
        assert_eq!(stoch_rnd1(3, f(-300.0), 0, n, false), 0x8000_007f);
        assert_eq!(stoch_rnd1(2, f(300.0), 0, n, false), 255);
        assert_eq!(stoch_rnd1(6, f(1e9), 0, n, false), 65535);
        assert_eq!(stoch_rnd1(7, f(-40000.0), 0, n, false), 0x8000_7fff);
        assert_eq!(stoch_rnd1(7, f(0.5), 0, n, false), 1);
        assert_eq!(stoch_rnd1(6, f32::NAN.to_bits(), 0, n, false), 65535);
    }

    // SFPSTOCHRND_IntInt.md: shift right by VB % 32 or Imm5, round, clamp.
    #[test]
    fn int_int() {
        let mut s = Sfpu::default();
        set(&mut s, 1, |_| 0x8000_0000 | 1000);
        set(&mut s, 2, |_| 35); // 35 % 32 = 3
        ok(&mut s, "SFP_STOCH_RND 0, 0, 2, 1, 3, 5"); // INT8, shift by LReg[2]
        assert_eq!(s.lregs[3][0], 0x8000_007d, "−1000 >> 3 = −125");
        ok(&mut s, "SFP_STOCH_RND 0, 2, 0, 1, 3, 12"); // UINT8 with Imm5 = 2
        assert_eq!(s.lregs[3][0], 250);
        ok(&mut s, "SFP_STOCH_RND 0, 1, 0, 1, 3, 13"); // INT8, Imm5 = 1: clamps
        assert_eq!(s.lregs[3][0], 0x8000_007f);
        assert_eq!(
            stoch_rnd1(5, 0x8000_0001, 2, 0x40_0000, false),
            0,
            "−0.25 → +0"
        );
    }

    // The PRNG advances once per enabled lane in the stochastic mode only (the pages).
    #[test]
    fn prng_use() {
        let mut s = Sfpu {
            prng: [0x1234_5678; LANES],
            ..Default::default()
        };
        set(&mut s, 1, |_| 1.5f32.to_bits());
        ok(&mut s, "SFP_STOCH_RND 0, 0, 0, 1, 3, 1");
        assert_eq!(s.prng[0], 0x1234_5678);
        ok(&mut s, "SFP_STOCH_RND 1, 0, 0, 1, 3, 1");
        assert_eq!(s.prng[0], 0x091a_2b3c);
    }

    // SFPSTOCHRND_FloatFloat.md with VectorUnit.md's PRNG from fixed per-lane seeds: FP16B
    // rounding of 1 + f·2^-7 goes up with probability ≈ f (here f = 0x4ccd / 2^16 ≈ 0.3), and
    // the mean of the rounded values is the unrounded value within the sampling error.
    #[test]
    fn stochastic_rounding_distribution() {
        let mut s = Sfpu {
            prng: std::array::from_fn(|l| (l as u32 + 1).wrapping_mul(0x9e37_79b9)),
            ..Default::default()
        };
        let x = 0x3f80_4ccd;
        set(&mut s, 1, |_| x);
        let (mut up, n) = (0u32, 2000);
        for _ in 0..n {
            ok(&mut s, "SFP_STOCH_RND 1, 0, 0, 1, 2, 1");
            up += s.lregs[2].iter().filter(|&&v| v == 0x3f81_0000).count() as u32;
            assert!(
                s.lregs[2]
                    .iter()
                    .all(|&v| v == 0x3f81_0000 || v == 0x3f80_0000)
            );
        }
        let p = f64::from(up) / f64::from(n * LANES as u32);
        let want = f64::from(0x4ccd << 7) / f64::from(1u32 << 23);
        assert!((p - want).abs() < 0.01, "P(up) = {p}, page {want}");
    }
}

#[cfg(test)]
mod blackhole_tests {
    use super::super::test_util::*;
    use super::*;

    fn bh() -> Sfpu {
        Sfpu {
            blackhole: true,
            ..Sfpu::default()
        }
    }

    // BlackholeA0 SFPCAST_IntAbs.md (Mod1 2): two's complement |x|, −2^31 stays;
    // SFPCAST_IntInt.md (Mod1 3): two's complement ↔ sign-magnitude, −2^31 ↔ −0;
    // Mod1 > 3 runs as Mod1 & 3; Mod1 0 is Wormhole's SFPCAST. Wormhole: Mod1 2 is the
    // round-to-nearest conversion (only bit 0, RND_STOCH, is looked at).
    #[test]
    fn cast_modes() {
        let mut s = bh();
        let cases: [(u32, u32, u32); 8] = [
            (2, (-5i32) as u32, 5),
            (2, 7, 7),
            (2, 0x8000_0000, 0x8000_0000),
            (3, (-5i32) as u32, 0x8000_0005),
            (3, 0x8000_0005, (-5i32) as u32),
            (3, 0x8000_0000, 0x8000_0000),
            (7, 0x8000_0005, (-5i32) as u32),
            (0, 0x8000_0005, (-5.0f32).to_bits()),
        ];
        for (mode, c, want) in cases {
            set(&mut s, 1, |_| c);
            ok(&mut s, &format!("SFPCAST 1, 2, {mode}"));
            assert_eq!(s.lregs[2][0], want, "Mod1 {mode} of {c:#x}");
        }
        s.blackhole = false;
        set(&mut s, 1, |_| 0x8000_0005);
        ok(&mut s, "SFPCAST 1, 2, 2");
        assert_eq!(s.lregs[2][0], (-5.0f32).to_bits());
    }

    // BlackholeA0 SFPSTOCHRND_*.md: RND_ZERO (RoundingMode 2) uses PRNGBits 0x7fffff, with the
    // documented bugs (FloatFloat: 0.9999999403954 = 0x3f7fffff still rounds up under FP16B;
    // FloatInt: 0.9999998807907 goes to 1); FloatFloat compares Discarded ≥ PRNGBits >> Keep.
    #[test]
    fn stoch_rnd_round_to_zero_and_prng() {
        let mut s = bh();
        s.prng = [0x1234_5678; LANES];
        for (insn, c, want) in [
            (
                "SFP_STOCH_RND 2, 0, 0, 1, 2, 1",
                1.75f32.to_bits() | 0x1234,
                0x3fe0_0000,
            ),
            ("SFP_STOCH_RND 2, 0, 0, 1, 2, 1", 0x3f7f_ffff, 0x3f80_0000),
            ("SFP_STOCH_RND 2, 0, 0, 1, 2, 0", 0x3f7f_fffe, 0x3f7f_e000),
            (
                "SFP_STOCH_RND 2, 0, 0, 1, 2, 3",
                (-2.9f32).to_bits(),
                0x8000_0002,
            ),
            ("SFP_STOCH_RND 2, 0, 0, 1, 2, 3", 0x3f7f_fffe, 1),
            ("SFP_STOCH_RND 2, 0, 0, 1, 2, 7", 0x3f7f_fffd, 0),
            (
                "SFP_STOCH_RND 0, 0, 0, 1, 2, 3",
                (-2.5f32).to_bits(),
                0x8000_0003,
            ),
            ("SFP_STOCH_RND 2, 4, 0, 1, 2, 13", 0x8000_001f, 0x8000_0001),
        ] {
            set(&mut s, 1, |_| c);
            ok(&mut s, insn);
            assert_eq!(s.lregs[2][0], want, "{insn} of {c:#x}");
        }
        // Every mode advanced the PRNG once per lane (8 instructions).
        let mut w = Sfpu {
            prng: [0x1234_5678; LANES],
            ..Sfpu::default()
        };
        for _ in 0..8 {
            w.advance_prng(0);
        }
        assert_eq!(s.prng[0], w.prng[0]);
        // Discarded == PRNGBits >> 7 rounds up on Blackhole, not on Wormhole.
        assert_eq!(stoch_rnd1(1, 0x3f80_0001, 0, 0xff, true), 0x3f81_0000);
        assert_eq!(stoch_rnd1(1, 0x3f80_0001, 0, 0xff, false), 0x3f80_0000);
    }
}
