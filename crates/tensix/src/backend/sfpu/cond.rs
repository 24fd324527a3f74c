//! Conditional execution (VectorUnit.md "Lane Predication Masks"): SFPSETCC, SFPENCC,
//! SFPPUSHC, SFPPOPC, SFPCOMPC.

use super::flags::put;
use super::{Insn, LANES, Sfpu};
use crate::backend::ExecResult;

// Every function below applies its page's per-lane model to the lanes of a mask at once, on
// the bit planes of `super::flags` (bit `lane` of a word is that lane's value).

pub fn execute(s: &mut Sfpu, i: &Insn) -> ExecResult {
    // BlackholeA0 SFPPUSHC.md: Mod1 ≠ 0 replaces or mutates the top instead of pushing.
    let push = i.opcode == 0x87 && (i.mode == 0 || !s.blackhole);
    let stack = &s.flag_stack;
    if push && stack.full() != 0 {
        return Err(
            "SFPPUSHC with a full flag stack (8 entries) is undefined (SFPPUSHC.md)".into(),
        );
    }
    if i.opcode == 0x87 && !push && stack.empty() != 0 {
        return Err(
            "SFPPUSHC Mod1 ≠ 0 with an empty flag stack is undefined (BlackholeA0 SFPPUSHC.md)"
                .into(),
        );
    }
    if i.opcode == 0x88 && i.mode == 0 && stack.empty() != 0 {
        return Err("SFPPOPC Mod1 0 with an empty flag stack is undefined (SFPPOPC.md)".into());
    }
    let lanes = s.guarded_lanes(i);
    match i.opcode {
        0x7b => setcc(s, i, lanes),
        0x8a => encc(s, i.mode, i.imm, lanes),
        0x87 if !push => mutate_top(s, i.mode, lanes),
        0x87 => s.flag_stack.push(lanes, s.lane_flags, s.use_lane_flags),
        0x88 => popc(s, i.mode, lanes),
        _ => compc(s, lanes),
    }
    Ok(())
}

/// SFPSETCC.md.
fn setcc(s: &mut Sfpu, i: &Insn, lanes: u32) {
    let lanes = lanes & s.enabled_lanes();
    let c = &s.lregs[i.vc_or_vd()];
    let test =
        |f: fn(i32) -> bool| (0..LANES).fold(0u32, |m, l| m | u32::from(f(c[l] as i32)) << l);
    let value = if i.mode & 8 != 0 {
        0
    } else if i.mode & 1 != 0 {
        0u32.wrapping_sub(i.imm & 1)
    } else {
        match i.mode {
            0 => test(|c| c < 0),
            2 => test(|c| c != 0),
            4 => test(|c| c >= 0),
            6 => test(|c| c == 0),
            _ => s.lane_flags, // the page's switch has no other case
        }
    };
    // A lane that does not use its flags gets false.
    put(&mut s.lane_flags, lanes, value & s.use_lane_flags);
}

/// SFPENCC.md: EC = 1 inverts, EI = 2 sets UseLaneFlagsForLaneEnable from Imm bit 0;
/// RI = 8 sets LaneFlags from Imm bit 1, otherwise LaneFlags = true.
fn encc(s: &mut Sfpu, mod1: u32, imm: u32, lanes: u32) {
    if mod1 & 2 != 0 {
        put(&mut s.use_lane_flags, lanes, 0u32.wrapping_sub(imm & 1));
    } else if mod1 & 1 != 0 {
        s.use_lane_flags ^= lanes;
    }
    let flags = if mod1 & 8 != 0 { imm & 2 != 0 } else { true };
    put(
        &mut s.lane_flags,
        lanes,
        0u32.wrapping_sub(u32::from(flags)),
    );
}

/// SFPPOPC.md `BooleanOp`, on every lane's bits of `a` and `b`.
fn boolean_op(mod1: u32, a: u32, b: u32) -> u32 {
    match mod1 {
        1 => b,
        2 => !b,
        3 => a & b,
        4 => a | b,
        5 => a & !b,
        6 => a | !b,
        7 => !a & b,
        8 => !a | b,
        9 => !a & !b,
        10 => !a | !b,
        11 => a ^ b,
        _ => !(a ^ b),
    }
}

/// BlackholeA0 SFPPUSHC.md, Mod1 ≠ 0: the stack top takes the current state mutated by
/// `BooleanOp` (1..=12), the inverted flags (13, which also inverts `LaneFlags`), or constants.
fn mutate_top(s: &mut Sfpu, mod1: u32, lanes: u32) {
    let (top, _) = s.flag_stack.top();
    let (flags, uses) = match mod1 {
        1..=12 => (boolean_op(mod1, top, s.lane_flags), s.use_lane_flags),
        13 => {
            s.lane_flags ^= lanes;
            (s.lane_flags, s.use_lane_flags)
        }
        14 => (u32::MAX, u32::MAX),
        _ => (0, u32::MAX),
    };
    s.flag_stack.set_top(lanes, flags, uses);
}

/// SFPPOPC.md, including Wormhole's hardware bug that overwrites the bottom entry of a full
/// stack (BlackholeA0 SFPPOPC.md: fixed in Blackhole). An empty stack's top reads as
/// `{false, false}`.
fn popc(s: &mut Sfpu, mod1: u32, lanes: u32) {
    let (top_flags, top_uses) = s.flag_stack.top();
    if mod1 == 0 {
        s.flag_stack.pop(lanes);
    } else if !s.blackhole {
        s.flag_stack
            .set_bottom(lanes & s.flag_stack.full(), top_flags, top_uses);
    }
    let (uses, flags) = (&mut s.use_lane_flags, &mut s.lane_flags);
    match mod1 {
        0 => {
            put(uses, lanes, top_uses);
            put(flags, lanes, top_flags);
        }
        1..=12 => {
            put(uses, lanes, top_uses);
            let f = boolean_op(mod1, *flags, top_flags);
            put(flags, lanes, f);
        }
        13 => *flags ^= lanes,
        14 => {
            put(uses, lanes, u32::MAX);
            put(flags, lanes, u32::MAX);
        }
        _ => {
            put(uses, lanes, u32::MAX);
            put(flags, lanes, 0);
        }
    }
}

/// SFPCOMPC.md: the `else` of a SIMT `if`, subject to the stack top (`{true, true}` on an
/// empty stack).
fn compc(s: &mut Sfpu, lanes: u32) {
    let (top_flags, top_uses) = s.flag_stack.top();
    let empty = s.flag_stack.empty();
    let (top_flags, top_uses) = (top_flags | empty, top_uses | empty);
    let f = top_uses & s.use_lane_flags & top_flags & !s.lane_flags;
    put(&mut s.lane_flags, lanes, f);
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    fn values(s: &mut Sfpu) {
        // LReg[1]: lane i holds i − 16 (negative in lanes 0..15, zero in lane 16).
        set(s, 1, |l| (l as i32 - 16) as u32);
    }

    // SFPSETCC.md: the four comparisons, IMM_BIT0, CLEAR, and no effect on flags while
    // UseLaneFlagsForLaneEnable is false (flags forced false).
    #[test]
    fn setcc_modes() {
        let mut s = Sfpu::default();
        values(&mut s);
        s.lane_flags = u32::MAX;
        ok(&mut s, "SFPSETCC 0, 1, 0, 0");
        assert!(s.lane_flags == 0, "flags false while not in use");
        for (mode, pred) in [
            (0, (|v: i32| v < 0) as fn(i32) -> bool),
            (2, |v| v != 0),
            (4, |v| v >= 0),
            (6, |v| v == 0),
        ] {
            s.use_lane_flags = u32::MAX;
            s.lane_flags = u32::MAX;
            ok(&mut s, &format!("SFPSETCC 0, 1, 0, {mode}"));
            for lane in 0..LANES {
                assert_eq!(
                    s.flag(lane),
                    pred(lane as i32 - 16),
                    "mode {mode} lane {lane}"
                );
            }
        }
        s.lane_flags = u32::MAX;
        ok(&mut s, "SFPSETCC 0, 1, 0, 1");
        assert!(s.lane_flags == 0, "IMM_BIT0 with Imm1 = 0");
        ok(&mut s, "SFPENCC 0, 0, 0, 0"); // flags = true
        ok(&mut s, "SFPSETCC 1, 1, 0, 1");
        assert!(s.lane_flags == u32::MAX, "IMM_BIT0 with Imm1 = 1");
        ok(&mut s, "SFPSETCC 1, 1, 0, 9");
        assert!(s.lane_flags == 0, "CLEAR");
        // A disabled lane keeps its flag.
        s.lane_flags = u32::MAX;
        s.set_flag(3, false);
        ok(&mut s, "SFPSETCC 0, 1, 0, 4");
        assert!(!s.flag(3) && s.flag(20) && !s.flag(2));
    }

    // SFPENCC.md: EI sets, EC toggles UseLaneFlagsForLaneEnable; RI sets flags from Imm bit 1.
    #[test]
    fn encc_modes() {
        let mut s = Sfpu::default();
        ok(&mut s, "SFPENCC 1, 0, 0, 2");
        assert!(s.use_lane_flags & s.lane_flags & 1 != 0);
        ok(&mut s, "SFPENCC 0, 0, 0, 8");
        assert!(s.use_lane_flags & !s.lane_flags & 1 != 0);
        ok(&mut s, "SFPENCC 2, 0, 0, 9");
        assert!(!s.use_lane_flags & s.lane_flags & 1 != 0);
        ok(&mut s, "SFPENCC 0, 0, 0, 1");
        assert!(s.use_lane_flags & 1 != 0);
        ok(&mut s, "SFPENCC 0, 0, 0, 10");
        assert!(s.use_lane_flags & 1 == 0);
    }

    // VectorUnit.md / SFPPUSHC / SFPCOMPC / SFPPOPC: a nested SIMT if/else
    //   if (x < 0) { a = 1; if (x < -8) { a = 2 } else { a = 3 } } else { a = 4 }
    // mapped onto the stack as compilers are encouraged to.
    #[test]
    fn nested_if_else() {
        let mut s = Sfpu::default();
        values(&mut s);
        set(&mut s, 2, |l| (l as i32 - 8) as u32); // x + 8
        ok(&mut s, "SFPENCC 1, 0, 0, 2"); // enable predication, all flags true
        ok(&mut s, "SFPPUSHC 0, 0, 0, 0");
        ok(&mut s, "SFPSETCC 0, 1, 0, 0"); // if x < 0
        ok(&mut s, "SFPLOADI 0, 2, 1");
        ok(&mut s, "SFPPUSHC 0, 0, 0, 0");
        ok(&mut s, "SFPSETCC 0, 2, 0, 0"); //   if x + 8 < 0
        ok(&mut s, "SFPLOADI 0, 2, 2");
        ok(&mut s, "SFPCOMPC 0, 0, 0, 0"); //   else
        ok(&mut s, "SFPLOADI 0, 2, 3");
        ok(&mut s, "SFPPOPC 0, 0, 0, 0");
        ok(&mut s, "SFPCOMPC 0, 0, 0, 0"); // else
        ok(&mut s, "SFPLOADI 0, 2, 4");
        ok(&mut s, "SFPPOPC 0, 0, 0, 0");
        for lane in 0..LANES {
            let x = lane as i32 - 16;
            let want = if x < 0 { if x < -8 { 2 } else { 3 } } else { 4 };
            assert_eq!(s.lregs[0][lane], want, "lane {lane}");
            assert!(s.flag(lane) && s.use_lane_flags >> lane & 1 != 0);
        }
        assert_eq!(s.flag_stack.empty(), u32::MAX);
    }

    // SFPPUSHC.md: 8 entries; a 9th push is a fault. SFPPOPC.md: Mod1 0 on empty is a fault;
    // Mod1 ≠ 0 peeks (and on a full stack copies the top to the bottom); BooleanOp; 13..15.
    #[test]
    fn stack_depth_and_popc_modes() {
        let mut s = Sfpu::default();
        ok(&mut s, "SFPENCC 3, 0, 0, 10"); // use flags, flags = true
        for depth in 0..8 {
            s.lane_flags = if depth % 2 == 0 { u32::MAX } else { 0 };
            ok(&mut s, "SFPPUSHC 0, 0, 0, 0");
        }
        assert!(run(&mut s, "SFPPUSHC 0, 0, 0, 0").is_err(), "9th push");
        // Full stack, top = false (depth 7): Mod1 1 (flags = top) peeks and copies to bottom.
        s.lane_flags = u32::MAX;
        ok(&mut s, "SFPPOPC 0, 0, 0, 1");
        assert!(!s.flag(0));
        assert_eq!(s.flag_stack.len(0), 8);
        assert!(
            !s.flag_stack.entry(0, 0).lane_flags,
            "bottom overwritten by the top"
        );
        for (mode, a, want) in [
            (2, false, true),
            (3, true, false),
            (4, true, true),
            (5, true, true),
            (6, false, true),
            (7, false, false),
            (8, false, true),
            (9, false, true),
            (10, true, true),
            (11, true, true),
            (12, true, false),
        ] {
            s.lane_flags = if a { u32::MAX } else { 0 };
            ok(&mut s, &format!("SFPPOPC 0, 0, 0, {mode}"));
            assert_eq!(s.flag(5), want, "BooleanOp {mode} A = {a}, B = false");
        }
        let before = s.flag(0);
        ok(&mut s, "SFPPOPC 0, 0, 0, 13");
        assert_eq!(s.flag(0), !before);
        ok(&mut s, "SFPPOPC 0, 0, 0, 14");
        assert!(s.lane_flags & s.use_lane_flags & 1 != 0);
        ok(&mut s, "SFPPOPC 0, 0, 0, 15");
        assert!(!s.lane_flags & s.use_lane_flags & 1 != 0);
        for _ in 0..8 {
            ok(&mut s, "SFPPOPC 0, 0, 0, 0");
        }
        assert!(
            run(&mut s, "SFPPOPC 0, 0, 0, 0").is_err(),
            "pop of an empty stack"
        );
        // Empty stack: peek gives Top = {false, false}; SFPCOMPC's Top = {true, true}.
        s.lane_flags = u32::MAX;
        ok(&mut s, "SFPPOPC 0, 0, 0, 1");
        assert!(!s.lane_flags & !s.use_lane_flags & 1 != 0);
        ok(&mut s, "SFPENCC 1, 0, 0, 2");
        s.set_flag(4, false);
        ok(&mut s, "SFPCOMPC 0, 0, 0, 0");
        assert!(s.flag(4) && !s.flag(5));
    }

    // BlackholeA0 SFPPOPC.md: the full-stack peek no longer overwrites the bottom entry.
    // BlackholeA0 SFPPUSHC.md: Mod1 ≠ 0 rewrites the top (BooleanOp of top and current flags,
    // 13 inverts the flags first, 14/15 constants) without pushing; on an empty stack it is
    // undefined. Wormhole pushes whatever Mod1.
    #[test]
    fn blackhole_pushc_modes_and_popc_fix() {
        let mut s = Sfpu {
            blackhole: true,
            ..Sfpu::default()
        };
        ok(&mut s, "SFPENCC 3, 0, 0, 10");
        assert!(run(&mut s, "SFPPUSHC 0, 0, 0, 3").is_err(), "empty stack");
        for depth in 0..8 {
            s.lane_flags = if depth % 2 == 0 { u32::MAX } else { 0 };
            ok(&mut s, "SFPPUSHC 0, 0, 0, 0");
        }
        ok(&mut s, "SFPPOPC 0, 0, 0, 1");
        assert!(s.flag_stack.entry(0, 0).lane_flags, "bottom kept");
        let top = |s: &Sfpu| s.flag_stack.entry(9, s.flag_stack.len(9) - 1);
        // Full stack, top = false: Mod1 ≠ 0 does not push, so it is defined here.
        for (mode, a, b, want) in [
            (1, false, true, true),  // B (the current flags)
            (3, true, true, true),   // A && B
            (7, true, false, false), // !A && B
            (11, true, false, true), // A != B
            (12, false, false, true),
        ] {
            let e = s.flag_stack.entry(9, 7);
            s.flag_stack
                .set_entry(9, 7, super::super::FlagStackEntry { lane_flags: a, ..e });
            s.set_flag(9, b);
            s.use_lane_flags &= !(1 << 9);
            ok(&mut s, &format!("SFPPUSHC 0, 0, 0, {mode}"));
            assert_eq!(s.flag_stack.len(9), 8, "Mod1 {mode} does not push");
            assert_eq!(
                top(&s).lane_flags,
                want,
                "BooleanOp {mode} A = {a}, B = {b}"
            );
            assert!(!top(&s).use_lane_flags, "takes the current UseLaneFlags");
        }
        s.set_flag(9, true);
        ok(&mut s, "SFPPUSHC 0, 0, 0, 13");
        assert!(!s.flag(9) && !top(&s).lane_flags, "13 inverts, then copies");
        ok(&mut s, "SFPPUSHC 0, 0, 0, 14");
        assert!(top(&s).lane_flags && top(&s).use_lane_flags);
        ok(&mut s, "SFPPUSHC 0, 0, 0, 15");
        assert!(!top(&s).lane_flags && top(&s).use_lane_flags);
        // Wormhole B0: Mod1 is not looked at; a push on a full stack is still a fault.
        s.blackhole = false;
        assert!(run(&mut s, "SFPPUSHC 0, 0, 0, 3").is_err(), "WH pushes");
    }
}
