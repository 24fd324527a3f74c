//! Instructions that move data across lanes or registers: SFPSWAP (SFPSWAP.md), SFPSHFT2
//! (SFPSHFT2.md) and SFPTRANSP (SFPTRANSP.md).

use super::simple::shift;
use super::{Insn, LANES, LaneConfig, Sfpu};
use crate::backend::ExecResult;

/// SFPSWAP.md `SignMagIsSmaller`: the total order −NaN < −Inf < … < −0 < +0 < … < +NaN.
pub(super) fn sign_mag_is_smaller(c: u32, d: u32) -> bool {
    let key = |x: u32| (x ^ (((x as i32) >> 30) as u32 >> 1)) as i32;
    key(c) < key(d)
}

/// SFPSWAP.md: Mod1 0 swaps; 1..=8 put the minimum in VD in the lanes of `VDGetsMin` and the
/// maximum elsewhere; LaneConfig EXCHANGE_SRCB_SRCC inverts, ENABLE_DEST_INDEX does argmin/max.
pub fn swap(s: &mut Sfpu, i: &Insn) -> ExecResult {
    let (vc, vd) = (i.vc_or_vd(), i.vd);
    let vd_gets_min: u32 = match i.mode {
        0 | 1 => u32::MAX,
        2 => 0x0000_ffff,
        3 => 0x00ff_00ff,
        4 => 0xff00_00ff,
        5 => 0x0000_00ff,
        6 => 0x0000_ff00,
        7 => 0x00ff_0000,
        8 => 0xff00_0000,
        m => return Err(format!("SFPSWAP Mod1 {m} is undefined (SFPSWAP.md)")),
    };
    for lane in 0..LANES {
        if !s.guard(i, lane) || !s.lane_enabled(lane) {
            continue;
        }
        let cfg = LaneConfig(s.lane_config[lane]);
        let (c, d) = (s.lregs[vc][lane], s.lregs[vd][lane]);
        let should_swap = i.mode == 0 || {
            let smaller = sign_mag_is_smaller(c, d);
            let want = if vd_gets_min >> lane & 1 != 0 {
                smaller
            } else {
                !smaller
            };
            want != cfg.exchange_srcb_srcc()
        };
        if !should_swap {
            continue;
        }
        if cfg.enable_dest_index() {
            if vc < 4 {
                s.lregs[vc][lane] = d;
            }
            if vd < 4 {
                s.lregs[vd][lane] = c;
            }
            let (ca, da) = (4 + (vc & 3), 4 + (vd & 3));
            let (cav, dav) = (s.lregs[ca][lane], s.lregs[da][lane]);
            s.lregs[ca][lane] = dav;
            s.lregs[da][lane] = cav;
        } else {
            if vc < 8 {
                s.lregs[vc][lane] = d;
            }
            if vd < 8 {
                s.lregs[vd][lane] = c;
            }
        }
    }
    Ok(())
}

/// Lane `lane` of SFPSHFT2's "rotate right by one within each group of eight lanes".
#[inline]
fn ror1(v: &[u32; LANES], lane: usize) -> u32 {
    if lane & 7 != 0 {
        v[lane - 1]
    } else {
        v[lane + 7]
    }
}

/// SFPSHFT2.md, every Mod1 including the SHFLSHR1 hardware bug (lane 0 of each group takes
/// `vc0[Lane + 7]`, the register most recently seen by a ROR1 mode).
pub fn shft2(s: &mut Sfpu, i: &Insn) -> ExecResult {
    let (vc, vd) = (i.vc_or_vd(), i.vd);
    let copy4 = |s: &mut Sfpu, lane: usize, l3: u32| {
        for r in 0..3 {
            s.lregs[r][lane] = s.lregs[r + 1][lane];
        }
        s.lregs[3][lane] = l3;
    };
    match i.mode {
        0 | 1 => {
            let v0 = s.lregs[0];
            for lane in 0..LANES {
                if s.guard(i, lane) && s.lane_enabled(lane) {
                    let l3 = if i.mode == 1 && lane < 24 {
                        v0[lane + 8]
                    } else {
                        0
                    };
                    copy4(s, lane, l3);
                }
            }
        }
        2 | 3 => {
            if !s.guard(i, 0) {
                return Ok(()); // the page tests the guard once, outside the lane loop
            }
            let v = s.lregs[vc];
            s.shfl_vc0 = v;
            for lane in 0..LANES {
                if !s.lane_enabled(lane) {
                    continue;
                }
                if i.mode == 2 {
                    copy4(s, lane, ror1(&v, lane));
                } else {
                    s.write(vd, lane, ror1(&v, lane));
                }
            }
        }
        4 => {
            let v = s.lregs[vc];
            for lane in 0..LANES {
                if s.lane_enabled(lane) {
                    let x = if lane & 7 != 0 {
                        v[lane - 1]
                    } else {
                        s.shfl_vc0[lane + 7]
                    };
                    s.write(vd, lane, x);
                }
            }
        }
        5 | 6 => {
            for lane in 0..LANES {
                if !s.lane_enabled(lane) {
                    continue;
                }
                let (vb, amount) = if i.mode == 5 {
                    (i.vb_or_vd(), s.lregs[vc][lane] as i32)
                } else {
                    (i.vb.unwrap_or((i.imm & 15) as usize), i.imm12_signed())
                };
                let x = shift(s.lregs[vb][lane], amount);
                s.write(vd, lane, x);
            }
        }
        m => return Err(format!("SFPSHFT2 Mod1 {m} is undefined (SFPSHFT2.md)")),
    }
    Ok(())
}

/// SFPTRANSP.md: within each column of the 4×8 lane grid, transpose LReg[0..4] and LReg[4..8].
pub fn transp(s: &mut Sfpu, i: &Insn) -> ExecResult {
    if !s.guard(i, 0) {
        return Ok(());
    }
    for base in [0, 4] {
        for col in 0..8 {
            for a in 0..4 {
                for b in 0..a {
                    let (la, lb) = (b * 8 + col, a * 8 + col);
                    let ij = s.lregs[base + a][la];
                    let ji = s.lregs[base + b][lb];
                    if s.lane_enabled(la) {
                        s.lregs[base + a][la] = ji;
                    }
                    if s.lane_enabled(lb) {
                        s.lregs[base + b][lb] = ij;
                    }
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    // SFPSWAP.md: total order on sign-magnitude / FP32 bit patterns.
    #[test]
    fn total_order() {
        let order = [
            0xffc0_0000u32,
            0xff80_0000,
            0xbf80_0000,
            0x8000_0000,
            0,
            1,
            0x3f80_0000,
            0x7f80_0000,
            0x7fc0_0000,
        ];
        for (k, &a) in order.iter().enumerate() {
            for &b in &order[k + 1..] {
                assert!(
                    sign_mag_is_smaller(a, b) && !sign_mag_is_smaller(b, a),
                    "{a:#x} < {b:#x}"
                );
            }
        }
    }

    // SFPSWAP.md: swap, min/max in all lanes, the sub-vector patterns, EXCHANGE_SRCB_SRCC and
    // ENABLE_DEST_INDEX (argmin/argmax through LReg[4..8]).
    #[test]
    fn swap_modes() {
        let mut s = Sfpu::default();
        let c = |l: usize| (l as f32 - 16.0).to_bits();
        let d = |_| 0.5f32.to_bits();
        for mode in 0..=8u32 {
            set(&mut s, 1, c);
            set(&mut s, 2, d);
            ok(&mut s, &format!("SFPSWAP 0, 1, 2, {mode}"));
            let mask: u32 = [
                u32::MAX,
                u32::MAX,
                0xffff,
                0x00ff_00ff,
                0xff00_00ff,
                0xff,
                0xff00,
                0xff_0000,
                0xff00_0000,
            ][mode as usize];
            for lane in 0..LANES {
                let (x, y) = (f32::from_bits(c(lane)), 0.5f32);
                let (want_d, want_c) = if mode == 0 {
                    (x, y)
                } else if mask >> lane & 1 != 0 {
                    (x.min(y), x.max(y))
                } else {
                    (x.max(y), x.min(y))
                };
                assert_eq!(
                    f32::from_bits(s.lregs[2][lane]),
                    want_d,
                    "mode {mode} lane {lane}"
                );
                assert_eq!(
                    f32::from_bits(s.lregs[1][lane]),
                    want_c,
                    "mode {mode} lane {lane}"
                );
            }
        }
        assert!(run(&mut s, "SFPSWAP 0, 1, 2, 9").is_err());
        // EXCHANGE_SRCB_SRCC: VD gets the max.
        s.lane_config = [1 << 8; LANES];
        set(&mut s, 1, |_| 1);
        set(&mut s, 2, |_| 2);
        ok(&mut s, "SFPSWAP 0, 1, 2, 1");
        assert_eq!((s.lregs[2][0], s.lregs[1][0]), (2, 1));
        // ENABLE_DEST_INDEX: values in LReg[0..4], indices swapped alongside in LReg[4..8].
        s.lane_config = [1 << 2; LANES];
        set(&mut s, 1, |_| 5);
        set(&mut s, 2, |_| 9);
        set(&mut s, 5, |_| 105);
        set(&mut s, 6, |_| 106);
        ok(&mut s, "SFPSWAP 0, 1, 2, 1"); // VD = min: swap
        assert_eq!((s.lregs[2][0], s.lregs[1][0]), (5, 9));
        assert_eq!((s.lregs[6][0], s.lregs[5][0]), (105, 106));
    }

    // SFPSHFT2.md cross-lane modes on lane numbers, and the SHFLSHR1 bug.
    #[test]
    fn shft2_modes() {
        let mut s = Sfpu::default();
        let init = |s: &mut Sfpu| {
            for r in 0..4 {
                set(s, r, |l| (r * 100 + l) as u32);
            }
        };
        init(&mut s);
        ok(&mut s, "SFPSHFT2 0, 0, 0, 0"); // COPY4
        assert_eq!((s.lregs[0][5], s.lregs[2][5], s.lregs[3][5]), (105, 305, 0));
        init(&mut s);
        ok(&mut s, "SFPSHFT2 0, 0, 0, 1"); // CHAINED_COPY4: L3 = old L0 from lane + 8
        assert_eq!((s.lregs[3][5], s.lregs[3][25]), (13, 0));
        init(&mut s);
        set(&mut s, 6, |l| 600 + l as u32);
        ok(&mut s, "SFPSHFT2 0, 6, 0, 2"); // SHFLROR1_AND_COPY4
        assert_eq!(
            (s.lregs[0][9], s.lregs[3][9], s.lregs[3][8]),
            (109, 608, 615)
        );
        ok(&mut s, "SFPSHFT2 0, 6, 4, 3"); // SHFLROR1
        assert_eq!((s.lregs[4][17], s.lregs[4][16]), (616, 623));
        set(&mut s, 5, |l| 500 + l as u32);
        ok(&mut s, "SFPSHFT2 0, 5, 4, 4"); // SHFLSHR1: lane 0 of a group gets vc0[lane + 7]
        assert_eq!((s.lregs[4][17], s.lregs[4][16]), (516, 623));
        ok(&mut s, "SFPSHFT2 0, 9, 9, 3"); // VC = VD = 9 clears vc0 (the page's workaround)
        ok(&mut s, "SFPSHFT2 0, 5, 4, 4");
        assert_eq!(s.lregs[4][16], 0);
        // SHFT_LREG: VB = Imm field, amount LReg[VC]; SHFT_IMM: VB = Imm12 & 15, amount Imm12.
        set(&mut s, 1, |_| 0x10);
        set(&mut s, 2, |_| (-2i32) as u32);
        ok(&mut s, "SFPSHFT2 1, 2, 3, 5");
        assert_eq!(s.lregs[3][0], 4);
        ok(&mut s, "SFPSHFT2 0xff1, 0, 3, 6"); // −15: VB = 1, shift right 15
        assert_eq!(s.lregs[3][0], 0x10 >> 15);
        ok(&mut s, "SFPSHFT2 0x021, 0, 3, 6"); // 33: VB = 1, shift left 1
        assert_eq!(s.lregs[3][0], 0x20);
    }

    // SFPTRANSP.md: LReg[r][row·8 + col] ↔ LReg[row][r·8 + col] within 0..4 and 4..8.
    #[test]
    fn transp() {
        let mut s = Sfpu::default();
        for r in 0..8 {
            set(&mut s, r, |l| (r * 100 + l) as u32);
        }
        ok(&mut s, "SFPTRANSP 0, 0, 0, 0");
        for r in 0..8 {
            for l in 0..LANES {
                let (base, row, col) = (r & 4, l / 8, l % 8);
                let want = ((base + row) * 100 + (r & 3) * 8 + col) as u32;
                assert_eq!(s.lregs[r][l], want, "LReg[{r}][{l}]");
            }
        }
    }
}
