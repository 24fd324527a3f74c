//! The simple sub-unit's lanewise instructions: SFPLOADI, SFPMOV, SFPIADD, the bitwise ops,
//! shifts, field manipulation, SFPABS and SFPLZ (each page's functional model).

use super::{Insn, LANES, Sfpu};
use crate::backend::ExecResult;

/// SFPLOADI.md: VD < 8 only.
pub fn loadi(s: &mut Sfpu, i: &Insn) -> ExecResult {
    let (vd, imm) = (i.vd, i.imm);
    if !matches!(i.mode, 0 | 1 | 2 | 4 | 8 | 10) {
        return Err(format!(
            "SFPLOADI Mod0 {} is undefined (SFPLOADI.md)",
            i.mode
        ));
    }
    if vd >= 8 {
        return Ok(());
    }
    // The new value as (bits kept from the old value, bits set).
    let (keep, set) = match i.mode {
        0 => (0, imm << 16),
        // FP16toFP32: widen and rebias the exponent, no special cases.
        1 => (
            0,
            (imm >> 15) << 31 | (((imm >> 10) & 0x1f) + 112) << 23 | (imm & 0x3ff) << 13,
        ),
        2 => (0, imm),
        4 => (0, imm as u16 as i16 as i32 as u32),
        8 => (0xffff, imm << 16),
        _ => (0xffff_0000, imm),
    };
    let active = s.enabled_lanes();
    for (lane, x) in s.lregs[vd].iter_mut().enumerate() {
        if active >> lane & 1 != 0 {
            *x = (*x & keep) | set;
        }
    }
    Ok(())
}

/// SFPIADD.md: VD = VC ± VD or VC + Imm12, with the sign of the result as flags.
pub fn iadd(s: &mut Sfpu, i: &Insn) -> ExecResult {
    let (vc, vb, vd, m) = (i.vc_or_vd(), i.vb_or_vd(), i.vd, i.mode);
    if !(vd < 8 || vd == 16) {
        return Ok(());
    }
    let active = s.enabled_lanes();
    for lane in 0..LANES {
        if active >> lane & 1 == 0 {
            continue;
        }
        let c = s.lregs[vc][lane];
        let d = if m & 1 != 0 {
            c.wrapping_add(i.imm12_signed() as u32)
        } else if m & 2 != 0 {
            c.wrapping_sub(s.lregs[vb][lane])
        } else {
            c.wrapping_add(s.lregs[vb][lane])
        };
        s.lregs[vd][lane] = d;
        if vd < 8 {
            if m & 4 == 0 {
                s.set_flag(lane, (d as i32) < 0);
            }
            if m & 8 != 0 {
                s.lane_flags ^= 1 << lane;
            }
        }
    }
    Ok(())
}

/// One lane of the instructions whose result is a function of LReg[VB], LReg[VC] (and Imm);
/// SFPLZ and SFPEXEXP also return the flag update they make. `OP` is `i.opcode`, a constant
/// so that each instruction's lane loop is compiled without the dispatch.
#[inline(always)]
fn lane_op<const OP: u8>(
    s: &mut Sfpu,
    i: &Insn,
    lane: usize,
) -> Result<(u32, Option<bool>), String> {
    debug_assert_eq!(i.opcode, OP);
    let c = s.lregs[i.vc_or_vd()][lane];
    let b = s.lregs[i.vb_or_vd()][lane];
    let (m, imm) = (i.mode, i.imm);
    let (sign, exp, man) = (c >> 31, (c >> 23) & 0xff, c & 0x7f_ffff);
    let fp = |sign: u32, exp: u32, man: u32| sign << 31 | (exp & 0xff) << 23 | man;
    Ok(match OP {
        // BlackholeA0 SFPAND.md / SFPOR.md: Mod1 & 1 (USE_VB) takes VB from Imm12's low bits
        // (where the BH encoding puts it) instead of `VB = VD`.
        0x7e | 0x7f if s.blackhole && m & 1 != 0 => {
            let b = s.lregs[(imm & 15) as usize][lane];
            (if i.opcode == 0x7e { b & c } else { b | c }, None)
        }
        0x7e => (b & c, None),
        0x7f => (b | c, None),
        0x8d => (b ^ c, None),
        0x80 => (!c, None),
        // SFPSHFT.md: amount from Imm12 (Mod1 & 1) or LReg[VC]; negative shifts right.
        0x7a if !s.blackhole => {
            let amount = if m & 1 != 0 {
                i.imm12_signed()
            } else {
                c as i32
            };
            (shift(b, amount), None)
        }
        0x7a => (shft_blackhole(m, b, c, i.imm12_signed()), None),
        // SFPDIVP2.md: Mod1 & 1 adds Imm8 to the exponent (wrapping; Inf/NaN unchanged).
        0x76 => {
            let e = if m & 1 == 0 {
                imm & 0xff
            } else if exp == 255 {
                exp
            } else {
                exp + imm
            };
            (fp(sign, e, man), None)
        }
        // SFPEXEXP.md: NODEBIAS = 1, SET_CC_SGN_EXP = 2, SET_CC_COMP_EXP = 8.
        0x77 => {
            let d = exp.wrapping_sub(if m & 1 != 0 { 0 } else { 127 });
            let mut flag = None;
            if m & 2 != 0 {
                flag = Some((d as i32) < 0);
            }
            if m & 8 != 0 {
                flag = Some(!flag.unwrap_or(s.flag(lane)));
            }
            (d, flag)
        }
        // SFPEXMAN.md: PAD9 = 1 drops the hidden bit.
        0x78 => ((if m & 1 != 0 { 0 } else { 1 << 23 }) + man, None),
        // SFPSETEXP.md: ARG_IMM = 1, ARG_EXPONENT = 2, else VB's low 8 bits.
        0x82 => {
            let e = if m & 1 != 0 {
                imm & 0xff
            } else if m & 2 != 0 {
                (b >> 23) & 0xff
            } else {
                b & 0xff
            };
            (fp(sign, e, man), None)
        }
        // SFPSETMAN.md: ARG_IMM = 1 takes Imm12 << 11.
        0x83 => {
            let mn = if m & 1 != 0 { imm << 11 } else { b & 0x7f_ffff };
            (fp(sign, exp, mn), None)
        }
        // SFPSETSGN.md: ARG_IMM = 1 takes Imm1.
        0x89 => {
            let sg = if m & 1 != 0 { imm & 1 } else { b >> 31 };
            (fp(sg, exp, man), None)
        }
        0x7d => (abs(c, m & 1 != 0), None),
        // SFPLZ.md: CC_NE0 = 2, NOSGN_MASK = 4, CC_COMP = 8.
        0x81 => {
            let c = if m & 4 != 0 { c & 0x7fff_ffff } else { c };
            let mut flag = None;
            if m & 2 != 0 {
                flag = Some(c != 0);
            }
            if m & 8 != 0 {
                flag = Some(!flag.unwrap_or(s.flag(lane)));
            }
            (c.leading_zeros(), flag)
        }
        0x7c => (mov(s, i, lane), None),
        op => return Err(format!("opcode {op:#04x} is not a simple SFPU operation")),
    })
}

/// SFPSHFT.md / SFPSHFT2.md: left by `amount & 31`, or right by `-amount & 31` when negative.
pub fn shift(x: u32, amount: i32) -> u32 {
    if amount >= 0 {
        x << (amount & 31)
    } else {
        x >> (amount.wrapping_neg() & 31)
    }
}

/// BlackholeA0 SFPSHFT.md for one lane: ARG_IMM = 1 (amount Imm12), ARITHMETIC = 2 (signed
/// right shifts), ARG_IMM_USE_VC = 4 (with ARG_IMM: shift LReg[VC] rather than LReg[VD]).
/// Reserved Mod1 values run as the page's "current silicon behavior": 4 and 6 lose bit 2,
/// values above 7 keep their low three bits.
fn shft_blackhole(mod1: u32, vd: u32, vc: u32, imm12: i32) -> u32 {
    let m = if mod1 == 4 || mod1 == 6 {
        mod1 & !4
    } else {
        mod1 & 7
    };
    let (x, amount) = match (m & 1 != 0, m & 4 != 0) {
        (false, _) => (vd, vc as i32),
        (true, false) => (vd, imm12),
        (true, true) => (vc, imm12),
    };
    if amount < 0 && m & 2 != 0 {
        ((x as i32) >> (amount.wrapping_neg() & 31)) as u32
    } else {
        shift(x, amount)
    }
}

/// SFPABS.md. Floating-point mode keeps NaNs with the sign bit set. The page's code tests
/// `x >= 0xff800000`, which also keeps −Inf, but its own comment ("Value is -NaN") and
/// VectorUnit.md's summary ("VD = VC when VC is NaN") keep only NaN, as ttsim does
/// (notes/ttsim.md item 3): macrosim follows the summary, so |−Inf| = +Inf.
fn abs(x: u32, float: bool) -> u32 {
    if x < 0x8000_0000 {
        x
    } else if float {
        if x > 0xff80_0000 { x } else { x & 0x7fff_ffff }
    } else {
        x.wrapping_neg()
    }
}

/// SFPMOV.md: Mod1 8 reads the special registers (LoadMacroConfig, PRNG, LaneConfig), 1
/// negates.
fn mov(s: &mut Sfpu, i: &Insn, lane: usize) -> u32 {
    let vc = i.vc_or_vd();
    if i.mode & 8 != 0 {
        let m = &s.macro_config[lane];
        match vc {
            0..=3 => m.instruction_template[vc],
            4..=7 => m.sequence[vc - 4],
            8 => m.misc,
            9 => s.advance_prng(lane),
            15 => s.lane_config[lane],
            _ => 0,
        }
    } else if i.mode & 1 != 0 {
        s.lregs[vc][lane] ^ 0x8000_0000
    } else {
        s.lregs[vc][lane]
    }
}

/// The lanewise instructions of [`lane_op`]: `if (VD < 8 || VD == 16) lanewise { if
/// (LaneEnabled) ... }`; SFPMOV has the backdoor guard and its all-lanes mode (Mod1 == 2).
pub fn execute(s: &mut Sfpu, i: &Insn) -> ExecResult {
    let is_mov = i.opcode == 0x7c;
    if !(is_mov || i.vd < 8 || i.vd == 16) {
        return Ok(());
    }
    // SFPMOV has the backdoor guard and ignores LaneEnabled in its all-lanes mode.
    let active = match (is_mov, i.mode) {
        (true, 2) => s.guarded_lanes(i),
        (true, _) => s.active_lanes(i),
        _ => s.enabled_lanes(),
    };
    macro_rules! dispatch {
        ($($op:literal)*) => {
            match i.opcode {
                $($op => lanewise::<$op>(s, i, active),)*
                op => Err(format!("opcode {op:#04x} is not a simple SFPU operation")),
            }
        };
    }
    dispatch!(0x76 0x77 0x78 0x7a 0x7c 0x7d 0x7e 0x7f 0x80 0x81 0x82 0x83 0x89 0x8d)
}

/// [`lane_op`] on the `active` lanes, with its result and flag writes.
fn lanewise<const OP: u8>(s: &mut Sfpu, i: &Insn, active: u32) -> ExecResult {
    for lane in 0..LANES {
        if active >> lane & 1 == 0 {
            continue;
        }
        let (d, flag) = lane_op::<OP>(s, i, lane)?;
        s.write(i.vd, lane, d);
        if let (Some(f), true) = (flag, i.vd < 8) {
            s.set_flag(lane, f);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    fn one(s: &mut Sfpu, text: &str, c: u32, d: u32) -> u32 {
        set(s, 1, |_| c);
        set(s, 2, |_| d);
        ok(s, text);
        s.lregs[2][0]
    }

    /// Runs each `(instruction, LReg[1], LReg[2], expected LReg[2])` case.
    fn cases(s: &mut Sfpu, cases: &[(&str, u32, u32, u32)]) {
        for &(text, c, d, want) in cases {
            assert_eq!(one(s, text, c, d), want, "{text} on {c:#x}, {d:#x}");
        }
    }

    // SFPAND/SFPOR/SFPXOR.md: VD op= VC; SFPNOT.md: VD = ~VC.
    #[test]
    fn bitwise() {
        let (c, d) = (0xff00_ff00, 0x0ff0_0ff0);
        cases(
            &mut Sfpu::default(),
            &[
                ("SFPAND 0, 1, 2, 0", c, d, 0x0f00_0f00),
                ("SFPOR 0, 1, 2, 0", c, d, 0xfff0_fff0),
                ("SFPXOR 0, 1, 2, 0", c, d, 0xf0f0_f0f0),
                ("SFPNOT 0, 1, 2, 0", c, 0, 0x00ff_00ff),
            ],
        );
    }

    // SFPIADD.md: VC + VD, VC − VD, VC + SignExtend(Imm12); flags = result < 0 unless
    // CC_NONE (4), inverted by CC_GTE0 (8).
    #[test]
    fn iadd_modes_and_flags() {
        let mut s = Sfpu::default();
        assert_eq!(one(&mut s, "SFPIADD 0, 1, 2, 0", 5, 7), 12);
        assert!(!s.flag(0));
        assert_eq!(one(&mut s, "SFPIADD 0, 1, 2, 2", 5, 7), (-2i32) as u32);
        assert!(s.flag(0));
        assert_eq!(one(&mut s, "SFPIADD 0xfff, 1, 2, 1", 5, 0), 4, "Imm12 −1");
        assert!(!s.flag(0));
        assert_eq!(
            one(&mut s, "SFPIADD 0x800, 1, 2, 9", 5, 0),
            (5 - 2048i32) as u32
        );
        assert!(!s.flag(0), "CC_GTE0 inverts: result < 0 → false");
        s.lane_flags = u32::MAX;
        assert_eq!(one(&mut s, "SFPIADD 3, 1, 2, 5", 5, 0), 8);
        assert!(s.flag(0), "CC_NONE keeps flags");
        assert_eq!(one(&mut s, "SFPIADD 0, 1, 2, 12", 5, 7), 12);
        assert!(!s.flag(0), "CC_NONE | CC_GTE0 toggles");
        assert_eq!(one(&mut s, "SFPIADD 0, 1, 2, 0", u32::MAX, 1), 0, "wraps");
    }

    // SFPSHFT.md: by LReg[VC] or Imm12, left when ≥ 0, right (logical) when < 0, mod 32;
    // Wormhole B0 has no arithmetic mode (Mod1 2 shifts logically).
    #[test]
    fn shft() {
        let m4 = (-4i32) as u32;
        cases(
            &mut Sfpu::default(),
            &[
                ("SFPSHFT 0, 1, 2, 0", 4, 0x8000_0001, 0x10),
                ("SFPSHFT 0, 1, 2, 0", m4, 0x8000_0010, 0x0800_0001),
                ("SFPSHFT 0, 1, 2, 0", 33, 3, 6),
                ("SFPSHFT 0xffc, 1, 2, 1", 0, 0x100, 0x10),
                ("SFPSHFT 5, 1, 2, 1", 0, 1, 32),
                ("SFPSHFT 0, 1, 2, 2", m4, 0x8000_0010, 0x0800_0001),
            ],
        );
    }

    // BlackholeA0 SFPSHFT.md: ARITHMETIC (2) shifts right with the sign, ARG_IMM_USE_VC (4)
    // with ARG_IMM shifts LReg[VC] by Imm12; reserved 4 and 6 drop bit 2 (4 runs as 0, 6 as
    // 2), values above 7 keep their low 3 bits (13 runs as 5).
    #[test]
    fn shft_blackhole_modes() {
        let m4 = (-4i32) as u32;
        let mut s = Sfpu {
            blackhole: true,
            ..Sfpu::default()
        };
        cases(
            &mut s,
            &[
                ("SFPSHFT 0, 1, 2, 2", m4, 0x8000_0010, 0xf800_0001),
                ("SFPSHFT 0, 1, 2, 0", m4, 0x8000_0010, 0x0800_0001),
                ("SFPSHFT 9, 1, 2, 2", 3, 0x8000_0001, 0x0000_0008),
                ("SFPSHFT 0xffc, 1, 2, 3", 0, 0x8000_0010, 0xf800_0001),
                ("SFPSHFT 3, 1, 2, 5", 0x11, 0x100, 0x88),
                ("SFPSHFT 0xfff, 1, 2, 7", 0x8000_0000, 0, 0xc000_0000),
                ("SFPSHFT 3, 1, 2, 4", m4, 0x10, 0x1),
                ("SFPSHFT 3, 1, 2, 6", m4, 0xf000_0000, 0xff00_0000),
                ("SFPSHFT 3, 1, 2, 13", 0x11, 0, 0x88),
            ],
        );
    }

    // BlackholeA0 SFPAND.md / SFPOR.md: USE_VB (Mod1 1) reads LReg[VB] (Imm12's low 4 bits)
    // instead of LReg[VD]; Wormhole ignores Mod1.
    #[test]
    fn and_or_use_vb_blackhole() {
        let (c, d) = (0xff00_ff00, 0x0ff0_0ff0);
        let mut s = Sfpu::default();
        set(&mut s, 3, |_| 0x0000_ffff);
        cases(&mut s, &[("SFPAND 3, 1, 2, 1", c, d, 0x0f00_0f00)]);
        s.blackhole = true;
        cases(
            &mut s,
            &[
                ("SFPAND 3, 1, 2, 1", c, d, 0x0000_ff00),
                ("SFPOR 3, 1, 2, 1", 0xff00_0000, d, 0xff00_ffff),
                ("SFPOR 3, 1, 2, 0", 0xff00_0000, d, 0xfff0_0ff0),
            ],
        );
    }

    // SFPEXEXP.md, SFPEXMAN.md, SFPSETEXP.md, SFPSETMAN.md, SFPSETSGN.md, SFPDIVP2.md.
    #[test]
    fn field_manipulation() {
        let mut s = Sfpu::default();
        let x = (-6.5f32).to_bits(); // sign 1, exp 129, man 0x500000
        assert_eq!(one(&mut s, "SFPEXEXP 0, 1, 2, 0", x, 0), 2);
        assert_eq!(one(&mut s, "SFPEXEXP 0, 1, 2, 1", x, 0), 129);
        assert_eq!(
            one(&mut s, "SFPEXEXP 0, 1, 2, 2", 0.25f32.to_bits(), 0),
            (-2i32) as u32
        );
        assert!(s.flag(0), "SET_CC_SGN_EXP");
        one(&mut s, "SFPEXEXP 0, 1, 2, 10", 0.25f32.to_bits(), 0);
        assert!(!s.flag(0), "SET_CC_COMP_EXP");
        assert_eq!(one(&mut s, "SFPEXMAN 0, 1, 2, 0", x, 0), 0xd0_0000);
        assert_eq!(one(&mut s, "SFPEXMAN 0, 1, 2, 1", x, 0), 0x50_0000);
        assert_eq!(
            one(&mut s, "SFPSETEXP 127, 1, 2, 1", x, 0),
            (-1.625f32).to_bits()
        );
        assert_eq!(
            one(&mut s, "SFPSETEXP 0, 1, 2, 0", x, 0x1234_5680),
            (-1.625f32 * 2f32.powi(1)).to_bits()
        );
        assert_eq!(
            one(&mut s, "SFPSETEXP 0, 1, 2, 2", x, 1.0f32.to_bits()),
            (-1.625f32).to_bits()
        );
        assert_eq!(
            one(&mut s, "SFPSETMAN 0x800, 1, 2, 1", x, 0),
            (-6.0f32).to_bits()
        );
        assert_eq!(
            one(&mut s, "SFPSETMAN 0, 1, 2, 0", x, 1.75f32.to_bits()),
            (-7.0f32).to_bits()
        );
        assert_eq!(one(&mut s, "SFPSETSGN 0, 1, 2, 1", x, 0), 6.5f32.to_bits());
        assert_eq!(
            one(&mut s, "SFPSETSGN 0, 1, 2, 0", 2f32.to_bits(), 0x8000_0000),
            (-2f32).to_bits()
        );
        assert_eq!(
            one(&mut s, "SFPDIVP2 0xfe, 1, 2, 1", x, 0),
            (-1.625f32).to_bits(),
            "add −2"
        );
        assert_eq!(
            one(&mut s, "SFPDIVP2 127, 1, 2, 0", x, 0),
            (-1.625f32).to_bits(),
            "set"
        );
        assert_eq!(
            one(&mut s, "SFPDIVP2 3, 1, 2, 1", f32::INFINITY.to_bits(), 0),
            f32::INFINITY.to_bits()
        );
        assert_eq!(
            one(&mut s, "SFPDIVP2 200, 1, 2, 1", 2f32.to_bits(), 0),
            72 << 23,
            "wraps"
        );
    }

    // SFPABS.md: integer negation (−2^31 stays), float clears the sign except NaN; SFPLZ.md.
    #[test]
    fn abs_and_lz() {
        let mut s = Sfpu::default();
        assert_eq!(one(&mut s, "SFPABS 0, 1, 2, 0", (-5i32) as u32, 0), 5);
        assert_eq!(
            one(&mut s, "SFPABS 0, 1, 2, 0", 0x8000_0000, 0),
            0x8000_0000
        );
        assert_eq!(
            one(&mut s, "SFPABS 0, 1, 2, 1", (-2.5f32).to_bits(), 0),
            2.5f32.to_bits()
        );
        assert_eq!(
            one(&mut s, "SFPABS 0, 1, 2, 1", 0xffc0_0001, 0),
            0xffc0_0001,
            "−NaN kept"
        );
        assert_eq!(
            one(&mut s, "SFPABS 0, 1, 2, 1", 0xff80_0000, 0),
            0x7f80_0000,
            "|−Inf|"
        );
        assert_eq!(one(&mut s, "SFPLZ 0, 1, 2, 0", 0x0001_0000, 0), 15);
        assert_eq!(one(&mut s, "SFPLZ 0, 1, 2, 0", 0, 0), 32);
        assert_eq!(
            one(&mut s, "SFPLZ 0, 1, 2, 6", 0x8000_0000, 0),
            32,
            "NOSGN_MASK"
        );
        assert!(!s.flag(0), "CC_NE0 on 0");
        one(&mut s, "SFPLZ 0, 1, 2, 10", 0x8000_0000, 0);
        assert!(!s.flag(0), "CC_NE0 | CC_COMP on non-zero");
    }

    // SFPMOV.md: copy, negate, all lanes (ignores the flags), special registers.
    #[test]
    fn mov_modes() {
        let mut s = Sfpu::default();
        assert_eq!(
            one(&mut s, "SFPMOV 0, 1, 2, 1", 3.0f32.to_bits(), 0),
            (-3.0f32).to_bits()
        );
        s.use_lane_flags = u32::MAX;
        s.lane_flags = 0;
        assert_eq!(one(&mut s, "SFPMOV 0, 1, 2, 0", 9, 1), 1, "disabled lane");
        assert_eq!(
            one(&mut s, "SFPMOV 0, 1, 2, 2", 9, 1),
            9,
            "ALL_LANES_ENABLED"
        );
        s.use_lane_flags = 0;
        s.prng[0] = 0x1234_5678;
        s.lane_config[0] = 0x2_0042;
        s.macro_config[0].instruction_template[3] = 0xdead;
        s.macro_config[0].sequence[2] = 0xbeef;
        s.macro_config[0].misc = 0xabc;
        assert_eq!(one(&mut s, "SFPMOV 0, 9, 2, 8", 0, 0), 0x1234_5678);
        assert_eq!(s.prng[0], 0x091a_2b3c, "advanced");
        assert_eq!(one(&mut s, "SFPMOV 0, 15, 2, 8", 0, 0), 0x2_0042);
        assert_eq!(one(&mut s, "SFPMOV 0, 3, 2, 8", 0, 0), 0xdead);
        assert_eq!(one(&mut s, "SFPMOV 0, 6, 2, 8", 0, 0), 0xbeef);
        assert_eq!(one(&mut s, "SFPMOV 0, 8, 2, 8", 0, 0), 0xabc);
        assert_eq!(one(&mut s, "SFPMOV 0, 12, 2, 8", 0, 7), 0);
    }

    // SFPLOADI.md: BF16, FP16 (rebias only), zero/sign extension, upper/lower halves.
    #[test]
    fn loadi_modes() {
        let mut s = Sfpu::default();
        set(&mut s, 4, |_| 0x1111_2222);
        for (text, want) in [
            ("SFPLOADI 4, 0, 0x3fc0", 0x3fc0_0000),
            ("SFPLOADI 4, 1, 0x3c00", 1.0f32.to_bits()),
            ("SFPLOADI 4, 1, 0x0001", 112 << 23 | 1 << 13),
            ("SFPLOADI 4, 2, 0x8001", 0x8001),
            ("SFPLOADI 4, 4, 0x8001", 0xffff_8001),
            ("SFPLOADI 4, 8, 0xabcd", 0xabcd_8001),
            ("SFPLOADI 4, 10, 0x1234", 0xabcd_1234),
        ] {
            ok(&mut s, text);
            assert_eq!(s.lregs[4][31], want, "{text}");
        }
        assert!(run(&mut s, "SFPLOADI 4, 3, 0").is_err());
        ok(&mut s, "SFPLOADI 12, 0, 0x3f80");
        assert_eq!(s.lregs[12][0], 0, "VD ≥ 8 not writable");
    }
}
