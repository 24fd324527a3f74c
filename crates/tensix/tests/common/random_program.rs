//! Random programs for differential tests: MopCfg writes (single, and whole template
//! configurations, including hardware-bug ones, with NOP, DMANOP and SFPNOP in the skippable
//! slots), MOPs of both templates, MOP_CFG, REPLAY (record with and without Exec, playback,
//! Count 0, indices that wrap) and plain words.

use macrosim_tensix::frontend::MopCfgIndex;
use macrosim_tensix::program::{Item, Program, ProgramOp};

/// SplitMix64: small, seedable, good enough to pick test cases.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn u32(&mut self) -> u32 {
        self.next_u64() as u32
    }

    /// Uniform in 0..n.
    pub fn below(&mut self, n: u32) -> u32 {
        (self.next_u64() % u64::from(n)) as u32
    }

    /// True with probability `percent` / 100.
    pub fn percent(&mut self, percent: u32) -> bool {
        self.below(100) < percent
    }
}

pub const NOP: u32 = 0x0200_0000;
pub const DMANOP: u32 = 0x6000_0000;
pub const SFPNOP: u32 = 0x8F00_0000;

fn replay(index: u32, count: u32, exec: u32, load: u32) -> u32 {
    0x0400_0000 | (index << 14) | (count << 4) | (exec << 1) | load
}

/// A count for MopCfg[0] or [1]: mostly small, sometimes the maximum, sometimes with junk above
/// bit 6 (only the low 7 bits are used).
fn count(r: &mut Rng) -> u32 {
    match r.below(20) {
        0 => 127,
        1 => r.u32(),
        2 => 128 + r.below(4),
        _ => r.below(5),
    }
}

/// A plain instruction: never MOP, MOP_CFG or REPLAY.
fn plain(r: &mut Rng) -> u32 {
    loop {
        let w = match r.below(6) {
            0 => NOP | (r.u32() & 0xFF),
            1 => DMANOP,
            2 => SFPNOP,
            3 => 0x2600_0000 | (r.below(4) << 15),
            _ => r.u32(),
        };
        if !matches!(w >> 24, 0x01 | 0x03 | 0x04) {
            return w;
        }
    }
}

/// A word for an instruction slot of MopCfg.
fn slot(r: &mut Rng) -> u32 {
    match r.below(10) {
        0 | 1 => NOP,
        2 => DMANOP,
        3 => SFPNOP,
        4 | 5 => replay(r.below(32), r.below(9), 0, 0),
        // A recording REPLAY in MOP output records the MOP's next words.
        6 if r.percent(30) => replay(r.below(32), 1 + r.below(3), r.below(2), 1),
        // MOP and MOP_CFG words in MOP output pass through as plain instructions.
        7 if r.percent(20) => 0x0100_0000 | (r.u32() & 0x00FF_FFFF),
        _ => plain(r),
    }
}

/// The random program number `seed`.
pub fn random_program(seed: u64) -> Program {
    let mut r = Rng::new(seed);
    let mut items = Vec::new();
    let write = |items: &mut Vec<Item>, index: u64, value: u32| {
        let index = MopCfgIndex::new(index).expect("index below 9");
        items.push(Item {
            line: items.len() + 1,
            op: ProgramOp::WriteMopCfg { index, value },
        });
    };
    let push = |items: &mut Vec<Item>, word: u32| {
        items.push(Item {
            line: items.len() + 1,
            op: ProgramOp::Push(word),
        });
    };
    for _ in 0..1 + r.below(20) {
        match r.below(100) {
            0..=19 => {
                let index = r.below(9);
                let value = if index < 2 {
                    count(&mut r)
                } else {
                    slot(&mut r)
                };
                write(&mut items, u64::from(index), value);
            }
            20..=29 => {
                // A whole template-1 configuration.
                let mut cfg = [0; 9].map(|_| slot(&mut r));
                cfg[0] = count(&mut r);
                cfg[1] = count(&mut r);
                if r.percent(25) {
                    // HARDWARE BUG configuration: OuterCount 1, StartOp NOP, InnerCount 0,
                    // EndOp0 not NOP (possibly DMANOP or SFPNOP).
                    cfg[0] = 1 + 128 * r.below(2);
                    cfg[1] = 128 * r.below(2);
                    cfg[2] = NOP | (r.u32() & 0x00FF_FFFF);
                    cfg[3] = [DMANOP, SFPNOP, plain(&mut r)][r.below(3) as usize];
                }
                for (i, v) in cfg.into_iter().enumerate() {
                    write(&mut items, i as u64, v);
                }
            }
            30..=34 => {
                // A whole template-0 configuration.
                let mut cfg = [0; 9].map(|_| slot(&mut r));
                cfg[1] = r.u32() & 3 | (r.u32() & !3 & if r.percent(20) { !0 } else { 0 });
                for (i, v) in cfg.into_iter().enumerate() {
                    write(&mut items, i as u64, v);
                }
            }
            35..=49 => push(&mut items, 0x0180_0000 | (r.u32() & 0x007F_FFFF)), // MOP template 1
            50..=59 => {
                // MOP template 0: Count1 mostly small.
                let count1 = if r.percent(10) {
                    r.below(128)
                } else {
                    r.below(8)
                };
                push(
                    &mut items,
                    0x0100_0000 | (count1 << 16) | (r.u32() & 0xFFFF),
                );
            }
            60..=64 => push(&mut items, 0x0300_0000 | (r.u32() & 0x00FF_FFFF)), // MOP_CFG
            65..=79 => {
                // REPLAY: all 24 payload bits random, so high index and count bits, the bits
                // above Exec, Count 0 and every index (wrapping) all occur.
                let mut word = 0x0400_0000 | (r.u32() & 0x00FF_FFFF);
                if r.percent(50) {
                    word &= !(0x3F << 4);
                    word |= r.below(9) << 4;
                }
                push(&mut items, word);
            }
            _ => {
                let word = plain(&mut r);
                push(&mut items, word);
            }
        }
    }
    Program::from_items(items)
}
