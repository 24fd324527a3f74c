//! A per-lane transcription of the conditional-execution pages (VectorUnit.md "Lane
//! Predication Masks", SFPSETCC.md, SFPENCC.md, SFPPUSHC.md, SFPPOPC.md, SFPCOMPC.md and
//! BlackholeA0's SFPPUSHC.md / SFPPOPC.md), one lane at a time with a `Vec` per lane's
//! stack, as the reference for [`super::cond`]'s bit-plane version: random instruction
//! sequences with random lane configurations (ROW_MASK, DISABLE_BACKDOOR_LOAD with VD ≥ 12,
//! so that lanes' stacks differ in depth) must leave both in the same state.

use super::{FLAG_STACK_DEPTH, Insn, LANES, LaneConfig, Sfpu, cond, flags::bit};

/// The pages' per-lane state.
#[derive(Clone, Debug, PartialEq)]
struct Lanes {
    flags: [bool; LANES],
    uses: [bool; LANES],
    /// (LaneFlags, UseLaneFlagsForLaneEnable), bottom first.
    stacks: Vec<Vec<(bool, bool)>>,
}

impl Lanes {
    fn of(s: &Sfpu) -> Lanes {
        Lanes {
            flags: std::array::from_fn(|l| bit(s.lane_flags, l)),
            uses: std::array::from_fn(|l| bit(s.use_lane_flags, l)),
            stacks: (0..LANES)
                .map(|l| {
                    (0..s.flag_stack.len(l))
                        .map(|k| {
                            let e = s.flag_stack.entry(l, k);
                            (e.lane_flags, e.use_lane_flags)
                        })
                        .collect()
                })
                .collect(),
        }
    }
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

/// One instruction on the per-lane state; `Err` where the pages call it undefined.
fn step(x: &mut Lanes, s: &Sfpu, i: &Insn) -> Result<(), ()> {
    let push = i.opcode == 0x87 && (i.mode == 0 || !s.blackhole);
    let full = x.stacks.iter().any(|st| st.len() == FLAG_STACK_DEPTH);
    let empty = x.stacks.iter().any(Vec::is_empty);
    if (push && full) || (i.opcode == 0x87 && !push && empty) {
        return Err(());
    }
    if i.opcode == 0x88 && i.mode == 0 && empty {
        return Err(());
    }
    let c = s.lregs[i.vc_or_vd()];
    for (l, &cl) in c.iter().enumerate() {
        let lc = LaneConfig(s.lane_config[l]);
        // The pages' `VD < 12 || DISABLE_BACKDOOR_LOAD` guard.
        if !(i.vd < 12 || lc.disable_backdoor_load()) {
            continue;
        }
        let row_off = LaneConfig(s.lane_config[l & 7]).row_mask() >> (l / 8) & 1 != 0;
        let enabled = !row_off && (!x.uses[l] || x.flags[l]);
        let (f, u, st) = (&mut x.flags[l], &mut x.uses[l], &mut x.stacks[l]);
        match i.opcode {
            0x7b if enabled => {
                let v = cl as i32;
                *f = if !*u || i.mode & 8 != 0 {
                    false
                } else if i.mode & 1 != 0 {
                    i.imm & 1 != 0
                } else {
                    match i.mode {
                        0 => v < 0,
                        2 => v != 0,
                        4 => v >= 0,
                        _ => v == 0,
                    }
                };
            }
            0x7b => {}
            0x8a => {
                if i.mode & 2 != 0 {
                    *u = i.imm & 1 != 0;
                } else if i.mode & 1 != 0 {
                    *u = !*u;
                }
                *f = if i.mode & 8 != 0 {
                    i.imm & 2 != 0
                } else {
                    true
                };
            }
            0x87 if push => st.push((*f, *u)),
            0x87 => {
                let top = st.last_mut().expect("checked above");
                *top = match i.mode {
                    1..=12 => (boolean_op(i.mode, top.0, *f), *u),
                    13 => {
                        *f = !*f;
                        (*f, *u)
                    }
                    14 => (true, true),
                    _ => (false, true),
                };
            }
            0x88 => {
                let top = st.last().copied().unwrap_or((false, false));
                if i.mode == 0 {
                    st.pop();
                } else if st.len() == FLAG_STACK_DEPTH && !s.blackhole {
                    st[0] = top;
                }
                match i.mode {
                    0 => (*f, *u) = top,
                    1..=12 => {
                        *u = top.1;
                        *f = boolean_op(i.mode, *f, top.0);
                    }
                    13 => *f = !*f,
                    14 => (*f, *u) = (true, true),
                    _ => (*f, *u) = (false, true),
                }
            }
            _ => {
                let top = st.last().copied().unwrap_or((true, true));
                *f = top.1 && *u && top.0 && !*f;
            }
        }
    }
    Ok(())
}

#[test]
fn bit_planes_equal_the_per_lane_pages() {
    let mut rnd = crate::test_rng::xorshift(0x2545_f491_4f6c_dd1du64);
    for trial in 0..400 {
        let mut s = Sfpu {
            blackhole: trial % 2 == 1,
            ..Sfpu::default()
        };
        // A few lanes with a ROW_MASK bit or DISABLE_BACKDOOR_LOAD, the rest plain.
        for l in 0..LANES {
            if rnd().is_multiple_of(4) {
                s.lane_config[l] = rnd() & (15 << 12 | 2);
            }
        }
        for _ in 0..60 {
            for r in 0..8 {
                s.lregs[r] = std::array::from_fn(|_| match rnd() % 3 {
                    0 => 0,
                    _ => rnd(),
                });
            }
            let opcode = [0x7b, 0x8a, 0x87, 0x88, 0x8b, 0x87][rnd() as usize % 6];
            let vd = if rnd().is_multiple_of(5) {
                12 + rnd() % 4
            } else {
                rnd() % 8
            };
            let w =
                opcode << 24 | (rnd() & 0xfff) << 12 | (rnd() % 8) << 8 | vd << 4 | (rnd() % 16);
            let i = Insn::decode(opcode as u8, w).unwrap();
            let mut want = Lanes::of(&s);
            let expect = step(&mut want, &s, &i);
            let got = cond::execute(&mut s, &i);
            assert_eq!(got.is_ok(), expect.is_ok(), "{w:#010x}: {got:?}");
            if got.is_err() {
                continue;
            }
            assert_eq!(Lanes::of(&s), want, "trial {trial}, {w:#010x}");
        }
    }
}
