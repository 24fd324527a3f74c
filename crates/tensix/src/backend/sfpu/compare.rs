//! Blackhole's vector comparisons SFPGT and SFPLE (BlackholeA0/TensixTile/TensixCoprocessor/
//! SFPGT.md, SFPLE.md; new in Blackhole): `VD > VC` / `VD <= VC` on sign-magnitude integers
//! (or FP32 in its total order), written to VD and/or LaneFlags and/or the top of the flag
//! stack. Wormhole B0 has neither (its table has no opcode 0x96 / 0x97).

use super::lanes::sign_mag_is_smaller;
use super::{Insn, LANES, Sfpu};
use crate::backend::ExecResult;

const SET_CC: u32 = 1;
const MUTATE_STACK: u32 = 2;
const MUTATE_OR: u32 = 4;
const SET_VD: u32 = 8;

pub fn gt_le(s: &mut Sfpu, i: &Insn) -> ExecResult {
    let (vc, vd) = (i.vc_or_vd(), i.vd);
    let (lanes, mut results) = (s.guarded_lanes(i), 0u32);
    for lane in 0..LANES {
        if lanes >> lane & 1 == 0 {
            continue;
        }
        let c_smaller = sign_mag_is_smaller(s.lregs[vc][lane], s.lregs[vd][lane]);
        // SFPGT: VC < VD; SFPLE: its negation, VC >= VD.
        let r = if i.opcode == 0x97 {
            c_smaller
        } else {
            !c_smaller
        };
        if s.lane_enabled(lane) {
            if i.mode & SET_VD != 0 {
                s.write(vd, lane, if r { u32::MAX } else { 0 });
            }
            if i.mode & SET_CC != 0 {
                s.set_flag(lane, r);
            }
        }
        results |= u32::from(r) << lane;
    }
    if i.mode & MUTATE_STACK != 0 {
        // the top's LaneFlags of the lanes with a non-empty stack
        let (top, uses) = s.flag_stack.top();
        let top = if i.mode & MUTATE_OR != 0 {
            top | results
        } else {
            top & results
        };
        s.flag_stack.set_top(lanes, top, uses);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    // SFPGT.md / SFPLE.md: VD > VC and VD <= VC in the total order -NaN < -Inf < .. < -0 < +0 <
    // .. < +Inf < +NaN; SET_VD writes -1 / 0, SET_CC the flags, MUTATE_STACK the stack's top.
    #[test]
    fn gt_and_le_modes() {
        let d = [1.0f32, -0.0, 2.0, f32::NEG_INFINITY];
        let c = [0.5f32, 0.0, 2.0, -1.0];
        let mut s = Sfpu {
            blackhole: true,
            ..Sfpu::default()
        };
        set(&mut s, 0, |l| d[l % 4].to_bits());
        set(&mut s, 1, |l| c[l % 4].to_bits());
        ok(&mut s, "SFPGT 0, 1, 0, 9"); // SET_VD | SET_CC
        let gt = [true, false, false, false];
        for lane in 0..8 {
            assert_eq!(
                s.lregs[0][lane],
                if gt[lane % 4] { u32::MAX } else { 0 },
                "lane {lane}"
            );
            assert_eq!(s.flag(lane), gt[lane % 4], "lane {lane}");
        }
        set(&mut s, 0, |l| d[l % 4].to_bits());
        ok(&mut s, "SFPLE 0, 1, 0, 1"); // SET_CC only: VD unchanged
        assert_eq!(s.lregs[0][0], 1.0f32.to_bits());
        for lane in 0..8 {
            assert_eq!(s.flag(lane), !gt[lane % 4], "lane {lane}");
        }
        // MUTATE_STACK with AND, then OR, on a pushed entry of all-true / all-false flags
        s.flag_stack.occupied[0] = u32::MAX;
        s.flag_stack.lane_flags[0] = u32::MAX;
        ok(&mut s, "SFPGT 0, 1, 0, 2");
        for lane in 0..8 {
            assert_eq!(s.flag_stack.entry(lane, 0).lane_flags, gt[lane % 4]);
        }
        s.flag_stack.lane_flags[0] = 0;
        ok(&mut s, "SFPLE 0, 1, 0, 6");
        for lane in 0..8 {
            assert_eq!(s.flag_stack.entry(lane, 0).lane_flags, !gt[lane % 4]);
        }
    }
}
