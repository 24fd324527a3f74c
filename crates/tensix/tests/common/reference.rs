//! The reference model: an eager transcription of the functional models in tt-isa-documentation
//! `WormholeB0/TensixTile/TensixCoprocessor/MOPExpander.md` (MOPExpander, ExpandTemplate0,
//! ExpandTemplate1, IsNop) and `REPLAY.md` (ReplayExpander), written separately from the
//! crate's state machines: it works on raw words, builds whole vectors, runs the two stages one
//! after the other, and does the LoopOp alternation with the documents' XOR.

use macrosim_tensix::program::{Program, ProgramOp};

/// The words that reach the Wait Gate.
pub fn expand(program: &Program) -> Vec<u32> {
    replay_stage(&mop_stage(program))
}

fn is_nop(word: u32) -> bool {
    word >> 24 == 0x02
}

fn mop_stage(program: &Program) -> Vec<u32> {
    let mut cfg = [0u32; 9];
    let mut mask_hi = 0u32;
    let mut out = Vec::new();
    for item in program.items() {
        match item.op {
            ProgramOp::WriteMopCfg { index, value } => cfg[index.get()] = value,
            ProgramOp::Push(word) => match word >> 24 {
                0x03 => mask_hi = word & 0xFFFF,
                0x01 if (word >> 23) & 1 == 0 => {
                    let mask = (mask_hi << 16) | (word & 0xFFFF);
                    template0(&cfg, mask, (word >> 16) & 0x7F, &mut out);
                }
                0x01 => template1(&cfg, &mut out),
                _ => out.push(word),
            },
        }
    }
    out
}

fn template0(cfg: &[u32; 9], mut mask: u32, count1: u32, out: &mut Vec<u32>) {
    let has_b = cfg[1] & 1 != 0;
    let has_a123 = cfg[1] & 2 != 0;
    for _ in 0..=count1 {
        if mask & 1 == 0 {
            out.push(cfg[3]);
            if has_a123 {
                out.extend([cfg[4], cfg[5], cfg[6]]);
            }
            if has_b {
                out.push(cfg[2]);
            }
        } else {
            out.push(cfg[7]);
            if has_b {
                out.push(cfg[8]);
            }
        }
        mask >>= 1;
    }
}

fn template1(cfg: &[u32; 9], out: &mut Vec<u32>) {
    let mut outer_count = cfg[0] & 127;
    let mut inner_count = cfg[1] & 127;
    let [
        _,
        _,
        start_op,
        end_op0,
        end_op1,
        mut loop_op,
        loop_op1,
        loop0_last,
        loop1_last,
    ] = *cfg;
    let flip = if is_nop(loop_op1) {
        0
    } else {
        inner_count *= 2;
        loop_op ^ loop_op1
    };
    if outer_count == 1 && is_nop(start_op) && inner_count == 0 && !is_nop(end_op0) {
        outer_count += 128;
    }
    for j in 0..outer_count {
        if !is_nop(start_op) {
            out.push(start_op);
        }
        for i in 0..inner_count {
            out.push(if i != inner_count - 1 {
                loop_op
            } else if j != outer_count - 1 {
                loop1_last
            } else {
                loop0_last
            });
            loop_op ^= flip;
        }
        if !is_nop(end_op0) {
            out.push(end_op0);
            if !is_nop(end_op1) {
                out.push(end_op1);
            }
        }
    }
}

fn replay_stage(input: &[u32]) -> Vec<u32> {
    let mut buffer = [0u32; 32];
    let mut out = Vec::new();
    let mut words = input.iter().copied();
    while let Some(word) = words.next() {
        if word >> 24 != 0x04 {
            out.push(word);
            continue;
        }
        let index = (word >> 14) & 0x1F;
        let count = match (word >> 4) & 0x3F {
            0 => 64,
            c => c,
        };
        let exec = (word >> 1) & 1 != 0;
        if word & 1 != 0 {
            for i in 0..count {
                let Some(recorded) = words.next() else { break };
                buffer[((index + i) % 32) as usize] = recorded;
                if exec {
                    out.push(recorded);
                }
            }
        } else {
            for i in 0..count {
                out.push(buffer[((index + i) % 32) as usize]);
            }
        }
    }
    out
}
