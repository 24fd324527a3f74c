//! Conditional execution (VectorUnit.md "Lane Predication Masks"): SFPSETCC, SFPENCC,
//! SFPPUSHC, SFPPOPC, SFPCOMPC.

use super::{FLAG_STACK_DEPTH, FlagStackEntry, Insn, LANES, Sfpu};
use crate::backend::ExecResult;

pub fn execute(s: &mut Sfpu, i: &Insn) -> ExecResult {
    // BlackholeA0 SFPPUSHC.md: Mod1 ≠ 0 replaces or mutates the top instead of pushing.
    let push = i.opcode == 0x87 && (i.mode == 0 || !s.blackhole);
    if push && s.flag_stack.iter().any(|f| f.len >= FLAG_STACK_DEPTH) {
        return Err(
            "SFPPUSHC with a full flag stack (8 entries) is undefined (SFPPUSHC.md)".into(),
        );
    }
    if i.opcode == 0x87 && !push && s.flag_stack.iter().any(|f| f.len == 0) {
        return Err(
            "SFPPUSHC Mod1 ≠ 0 with an empty flag stack is undefined (BlackholeA0 SFPPUSHC.md)"
                .into(),
        );
    }
    if i.opcode == 0x88 && i.mode == 0 && s.flag_stack.iter().any(|f| f.len == 0) {
        return Err("SFPPOPC Mod1 0 with an empty flag stack is undefined (SFPPOPC.md)".into());
    }
    for lane in 0..LANES {
        if !s.guard(i, lane) {
            continue;
        }
        match i.opcode {
            0x7b => setcc(s, i, lane),
            0x8a => encc(s, i.mode, i.imm, lane),
            0x87 if !push => mutate_top(s, i.mode, lane),
            0x87 => {
                let st = &mut s.flag_stack[lane];
                st.entries[st.len] = FlagStackEntry {
                    lane_flags: s.lane_flags[lane],
                    use_lane_flags: s.use_lane_flags[lane],
                };
                st.len += 1;
            }
            0x88 => popc(s, i.mode, lane),
            _ => compc(s, lane),
        }
    }
    Ok(())
}

/// SFPSETCC.md.
fn setcc(s: &mut Sfpu, i: &Insn, lane: usize) {
    if !s.lane_enabled(lane) {
        return;
    }
    let c = s.lregs[i.vc_or_vd()][lane] as i32;
    s.lane_flags[lane] = if !s.use_lane_flags[lane] || i.mode & 8 != 0 {
        false
    } else if i.mode & 1 != 0 {
        i.imm & 1 != 0
    } else {
        match i.mode {
            0 => c < 0,
            2 => c != 0,
            4 => c >= 0,
            6 => c == 0,
            _ => s.lane_flags[lane], // the page's switch has no other case
        }
    };
}

/// SFPENCC.md: EC = 1 inverts, EI = 2 sets UseLaneFlagsForLaneEnable from Imm bit 0;
/// RI = 8 sets LaneFlags from Imm bit 1, otherwise LaneFlags = true.
fn encc(s: &mut Sfpu, mod1: u32, imm: u32, lane: usize) {
    if mod1 & 2 != 0 {
        s.use_lane_flags[lane] = imm & 1 != 0;
    } else if mod1 & 1 != 0 {
        s.use_lane_flags[lane] = !s.use_lane_flags[lane];
    }
    s.lane_flags[lane] = if mod1 & 8 != 0 { imm & 2 != 0 } else { true };
}

/// SFPPOPC.md `BooleanOp`.
fn boolean_op(mod1: u32, a: bool, b: bool) -> bool {
    match mod1 {
        1 => b,
        2 => !b,
        3 => a && b,
        4 => a || b,
        5 => a && !b,
        6 => a || !b,
        7 => !a && b,
        8 => !a || b,
        9 => !a && !b,
        10 => !a || !b,
        11 => a != b,
        _ => a == b,
    }
}

/// BlackholeA0 SFPPUSHC.md, Mod1 ≠ 0: the stack top takes the current state mutated by
/// `BooleanOp` (1..=12), the inverted flags (13, which also inverts `LaneFlags`), or constants.
fn mutate_top(s: &mut Sfpu, mod1: u32, lane: usize) {
    let st = &mut s.flag_stack[lane];
    let top = &mut st.entries[st.len - 1];
    let (flags, use_flags) = (&mut s.lane_flags[lane], s.use_lane_flags[lane]);
    *top = match mod1 {
        1..=12 => FlagStackEntry {
            lane_flags: boolean_op(mod1, top.lane_flags, *flags),
            use_lane_flags: use_flags,
        },
        13 => {
            *flags = !*flags;
            FlagStackEntry {
                lane_flags: *flags,
                use_lane_flags: use_flags,
            }
        }
        14 => FlagStackEntry {
            lane_flags: true,
            use_lane_flags: true,
        },
        _ => FlagStackEntry {
            lane_flags: false,
            use_lane_flags: true,
        },
    };
}

/// SFPPOPC.md, including Wormhole's hardware bug that overwrites the bottom entry of a full
/// stack (BlackholeA0 SFPPOPC.md: fixed in Blackhole).
fn popc(s: &mut Sfpu, mod1: u32, lane: usize) {
    let st = &mut s.flag_stack[lane];
    let top = if st.len == 0 {
        FlagStackEntry::default()
    } else {
        st.entries[st.len - 1]
    };
    if mod1 == 0 {
        st.len -= 1;
    } else if st.len == FLAG_STACK_DEPTH && !s.blackhole {
        st.entries[0] = top;
    }
    let (flags, use_flags) = (&mut s.lane_flags[lane], &mut s.use_lane_flags[lane]);
    match mod1 {
        0 => (*use_flags, *flags) = (top.use_lane_flags, top.lane_flags),
        1..=12 => {
            *use_flags = top.use_lane_flags;
            *flags = boolean_op(mod1, *flags, top.lane_flags);
        }
        13 => *flags = !*flags,
        14 => (*use_flags, *flags) = (true, true),
        _ => (*use_flags, *flags) = (true, false),
    }
}

/// SFPCOMPC.md: the `else` of a SIMT `if`, subject to the stack top.
fn compc(s: &mut Sfpu, lane: usize) {
    let st = &s.flag_stack[lane];
    let top = if st.len == 0 {
        FlagStackEntry {
            lane_flags: true,
            use_lane_flags: true,
        }
    } else {
        st.entries[st.len - 1]
    };
    s.lane_flags[lane] = if top.use_lane_flags && s.use_lane_flags[lane] {
        top.lane_flags && !s.lane_flags[lane]
    } else {
        false
    };
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
        s.lane_flags = [true; LANES];
        ok(&mut s, "SFPSETCC 0, 1, 0, 0");
        assert!(
            s.lane_flags.iter().all(|f| !f),
            "flags false while not in use"
        );
        for (mode, pred) in [
            (0, (|v: i32| v < 0) as fn(i32) -> bool),
            (2, |v| v != 0),
            (4, |v| v >= 0),
            (6, |v| v == 0),
        ] {
            s.use_lane_flags = [true; LANES];
            s.lane_flags = [true; LANES];
            ok(&mut s, &format!("SFPSETCC 0, 1, 0, {mode}"));
            for lane in 0..LANES {
                assert_eq!(
                    s.lane_flags[lane],
                    pred(lane as i32 - 16),
                    "mode {mode} lane {lane}"
                );
            }
        }
        s.lane_flags = [true; LANES];
        ok(&mut s, "SFPSETCC 0, 1, 0, 1");
        assert!(s.lane_flags.iter().all(|f| !f), "IMM_BIT0 with Imm1 = 0");
        ok(&mut s, "SFPENCC 0, 0, 0, 0"); // flags = true
        ok(&mut s, "SFPSETCC 1, 1, 0, 1");
        assert!(s.lane_flags.iter().all(|f| *f), "IMM_BIT0 with Imm1 = 1");
        ok(&mut s, "SFPSETCC 1, 1, 0, 9");
        assert!(s.lane_flags.iter().all(|f| !f), "CLEAR");
        // A disabled lane keeps its flag.
        s.lane_flags = [true; LANES];
        s.lane_flags[3] = false;
        ok(&mut s, "SFPSETCC 0, 1, 0, 4");
        assert!(!s.lane_flags[3] && s.lane_flags[20] && !s.lane_flags[2]);
    }

    // SFPENCC.md: EI sets, EC toggles UseLaneFlagsForLaneEnable; RI sets flags from Imm bit 1.
    #[test]
    fn encc_modes() {
        let mut s = Sfpu::default();
        ok(&mut s, "SFPENCC 1, 0, 0, 2");
        assert!(s.use_lane_flags[0] && s.lane_flags[0]);
        ok(&mut s, "SFPENCC 0, 0, 0, 8");
        assert!(s.use_lane_flags[0] && !s.lane_flags[0]);
        ok(&mut s, "SFPENCC 2, 0, 0, 9");
        assert!(!s.use_lane_flags[0] && s.lane_flags[0]);
        ok(&mut s, "SFPENCC 0, 0, 0, 1");
        assert!(s.use_lane_flags[0]);
        ok(&mut s, "SFPENCC 0, 0, 0, 10");
        assert!(!s.use_lane_flags[0]);
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
            assert!(s.lane_flags[lane] && s.use_lane_flags[lane]);
        }
        assert!(s.flag_stack.iter().all(|f| f.len == 0));
    }

    // SFPPUSHC.md: 8 entries; a 9th push is a fault. SFPPOPC.md: Mod1 0 on empty is a fault;
    // Mod1 ≠ 0 peeks (and on a full stack copies the top to the bottom); BooleanOp; 13..15.
    #[test]
    fn stack_depth_and_popc_modes() {
        let mut s = Sfpu::default();
        ok(&mut s, "SFPENCC 3, 0, 0, 10"); // use flags, flags = true
        for depth in 0..8 {
            s.lane_flags = [depth % 2 == 0; LANES];
            ok(&mut s, "SFPPUSHC 0, 0, 0, 0");
        }
        assert!(run(&mut s, "SFPPUSHC 0, 0, 0, 0").is_err(), "9th push");
        // Full stack, top = false (depth 7): Mod1 1 (flags = top) peeks and copies to bottom.
        s.lane_flags = [true; LANES];
        ok(&mut s, "SFPPOPC 0, 0, 0, 1");
        assert!(!s.lane_flags[0]);
        assert_eq!(s.flag_stack[0].len, 8);
        assert!(
            !s.flag_stack[0].entries[0].lane_flags,
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
            s.lane_flags = [a; LANES];
            ok(&mut s, &format!("SFPPOPC 0, 0, 0, {mode}"));
            assert_eq!(s.lane_flags[5], want, "BooleanOp {mode} A = {a}, B = false");
        }
        let before = s.lane_flags[0];
        ok(&mut s, "SFPPOPC 0, 0, 0, 13");
        assert_eq!(s.lane_flags[0], !before);
        ok(&mut s, "SFPPOPC 0, 0, 0, 14");
        assert!(s.lane_flags[0] && s.use_lane_flags[0]);
        ok(&mut s, "SFPPOPC 0, 0, 0, 15");
        assert!(!s.lane_flags[0] && s.use_lane_flags[0]);
        for _ in 0..8 {
            ok(&mut s, "SFPPOPC 0, 0, 0, 0");
        }
        assert!(
            run(&mut s, "SFPPOPC 0, 0, 0, 0").is_err(),
            "pop of an empty stack"
        );
        // Empty stack: peek gives Top = {false, false}; SFPCOMPC's Top = {true, true}.
        s.lane_flags = [true; LANES];
        ok(&mut s, "SFPPOPC 0, 0, 0, 1");
        assert!(!s.lane_flags[0] && !s.use_lane_flags[0]);
        ok(&mut s, "SFPENCC 1, 0, 0, 2");
        s.lane_flags[4] = false;
        ok(&mut s, "SFPCOMPC 0, 0, 0, 0");
        assert!(s.lane_flags[4] && !s.lane_flags[5]);
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
            s.lane_flags = [depth % 2 == 0; LANES];
            ok(&mut s, "SFPPUSHC 0, 0, 0, 0");
        }
        ok(&mut s, "SFPPOPC 0, 0, 0, 1");
        assert!(s.flag_stack[0].entries[0].lane_flags, "bottom kept");
        let top = |s: &Sfpu| s.flag_stack[9].entries[s.flag_stack[9].len - 1];
        // Full stack, top = false: Mod1 ≠ 0 does not push, so it is defined here.
        for (mode, a, b, want) in [
            (1, false, true, true),  // B (the current flags)
            (3, true, true, true),   // A && B
            (7, true, false, false), // !A && B
            (11, true, false, true), // A != B
            (12, false, false, true),
        ] {
            s.flag_stack[9].entries[7].lane_flags = a;
            s.lane_flags[9] = b;
            s.use_lane_flags[9] = false;
            ok(&mut s, &format!("SFPPUSHC 0, 0, 0, {mode}"));
            assert_eq!(s.flag_stack[9].len, 8, "Mod1 {mode} does not push");
            assert_eq!(
                top(&s).lane_flags,
                want,
                "BooleanOp {mode} A = {a}, B = {b}"
            );
            assert!(!top(&s).use_lane_flags, "takes the current UseLaneFlags");
        }
        s.lane_flags[9] = true;
        ok(&mut s, "SFPPUSHC 0, 0, 0, 13");
        assert!(
            !s.lane_flags[9] && !top(&s).lane_flags,
            "13 inverts, then copies"
        );
        ok(&mut s, "SFPPUSHC 0, 0, 0, 14");
        assert!(top(&s).lane_flags && top(&s).use_lane_flags);
        ok(&mut s, "SFPPUSHC 0, 0, 0, 15");
        assert!(!top(&s).lane_flags && top(&s).use_lane_flags);
        // Wormhole B0: Mod1 is not looked at; a push on a full stack is still a fault.
        s.blackhole = false;
        assert!(run(&mut s, "SFPPUSHC 0, 0, 0, 3").is_err(), "WH pushes");
    }
}
