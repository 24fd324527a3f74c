//! The Wait Gate of each thread (STALLWAIT.md, SEMWAIT.md, notes/tensix.md §1.6) and the Sync
//! Unit instructions that latch waits or touch semaphores and mutexes.

use super::{Backend, ExecResult, Unit};

/// A latched STALLWAIT or SEMWAIT.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Latched {
    pub block_mask: u32,
    pub condition_mask: u32,
    /// Non-zero for SEMWAIT.
    pub semaphore_mask: u32,
    pub semwait: bool,
}

#[derive(Clone, Copy, Debug, Default)]
pub struct WaitGate {
    pub latched: Option<Latched>,
}

/// Why an instruction did not leave the Wait Gate this cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stall {
    /// Held by a latched STALLWAIT/SEMWAIT.
    Latched(Latched),
    /// An FPU instruction waiting for SrcA/SrcB to be handed to the Matrix Unit.
    SrcNotValid,
    /// An UNPACR waiting for its Src bank to be handed back to the unpackers.
    SrcNotFree { unpacker: usize },
    /// ATGETM waiting for a mutex held by another thread.
    Mutex { index: usize, holder: usize },
    /// ATCAS (ATCAS.md) retrying: the L1 word at `addr` holds `value`, not `want`.
    L1Compare { addr: u32, value: u32, want: u32 },
    /// FLUSHDMA (FLUSHDMA.md) waiting while one of these condition bits (C0–C3) holds.
    FlushDma { conditions: u32 },
}

impl std::fmt::Display for Stall {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stall::Latched(l) if l.semwait => write!(
                f,
                "SEMWAIT on semaphores {:#04x} (condition {:#x})",
                l.semaphore_mask, l.condition_mask
            ),
            Stall::Latched(l) => write!(
                f,
                "STALLWAIT (block {:#05x}, conditions {:#06x})",
                l.block_mask, l.condition_mask
            ),
            Stall::SrcNotValid => f.write_str("FPU waiting for SrcA/SrcB data valid"),
            Stall::SrcNotFree { unpacker } => write!(
                f,
                "unpacker {unpacker} waiting for its Src bank to be released by the FPU"
            ),
            Stall::Mutex { index, holder } => {
                write!(f, "ATGETM {index} held by thread T{holder}")
            }
            Stall::L1Compare { addr, value, want } => write!(
                f,
                "ATCAS waiting for L1 word {addr:#x} to hold {want} (it holds {value:#x})"
            ),
            Stall::FlushDma { conditions } => {
                write!(f, "FLUSHDMA waiting on conditions {conditions:#x}")
            }
        }
    }
}

impl Backend {
    /// True while condition bit `c` of STALLWAIT.md says "keep waiting". In the functional
    /// model every unit finishes its instruction when it is issued, so the busy conditions
    /// (C0–C7, C12–C14) never hold; the Src ownership conditions C8–C11 do.
    /// With a cycle model attached, the busy conditions come from it ([`Backend::busy_conditions`]).
    fn condition_holds(&self, c: u32) -> bool {
        match c {
            8 => !self.srca.unpacker_ready(),
            9 => !self.srcb.unpacker_ready(),
            10 => !self.srca.fpu_ready(),
            11 => !self.srcb.fpu_ready(),
            _ => self.busy_conditions >> c & 1 != 0,
        }
    }

    /// The latched wait of thread `t` that applies to an instruction of `unit`, if any, and
    /// whether its conditions still hold (no state changes).
    #[inline]
    pub fn latch_on(&self, t: usize, unit: Unit) -> Option<(Latched, bool)> {
        let l = self.gates[t].latched?;
        if l.block_mask & unit.block_bits() == 0 || (unit == Unit::Nop && l.block_mask != 0x1ff) {
            return None;
        }
        let waiting = if l.semwait {
            !self.sync.semwait_met(l.semaphore_mask, l.condition_mask)
        } else {
            (0..15).any(|c| l.condition_mask >> c & 1 != 0 && self.condition_holds(c))
        };
        Some((l, waiting))
    }

    /// The latched wait of thread `t` against an instruction of `unit`: stall, or clear the
    /// latch once its conditions are all met.
    pub(super) fn gate_check(&mut self, t: usize, unit: Unit) -> Option<super::Stall> {
        let (l, waiting) = self.latch_on(t, unit)?;
        if waiting {
            return Some(Stall::Latched(l));
        }
        self.gates[t].latched = None;
        None
    }

    /// The waits an instruction does on its own operands (MVMUL.md, UNPACR_Regular.md,
    /// ATGETM.md).
    pub(super) fn operand_wait(&self, t: usize, opcode: u8, word: u32) -> Option<Stall> {
        match opcode {
            // MVMUL, ELWMUL, ELWADD, ELWSUB, GMPOOL, GAPOOL, DOTPV, MOVA2D, MOVB2D.
            0x26 | 0x27 | 0x28 | 0x29 | 0x30 | 0x33 | 0x34 => {
                (!self.srca.fpu_ready() || !self.srcb.fpu_ready()).then_some(Stall::SrcNotValid)
            }
            0x12 => (!self.srca.fpu_ready()).then_some(Stall::SrcNotValid),
            // MOVB2D, TRNSPSRCB, SHIFTXB.
            0x13 | 0x16 | 0x18 => (!self.srcb.fpu_ready()).then_some(Stall::SrcNotValid),
            // UNPACR to SrcA / SrcB.
            0x42 => {
                let which = (word >> 23) & 1;
                let src = if which == 0 { &self.srca } else { &self.srcb };
                (!src.unpacker_ready()).then_some(Stall::SrcNotFree {
                    unpacker: which as usize,
                })
            }
            // ATGETM
            0xa0 => {
                let index = (word & 7) as usize;
                match self.sync.mutex[index] {
                    Some(holder) if holder != t => Some(Stall::Mutex { index, holder }),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}

/// SEMINIT, SEMPOST, SEMGET, SEMWAIT, STALLWAIT, ATGETM, ATRELM.
pub(super) fn execute_sync(b: &mut Backend, t: usize, opcode: u8, w: u32) -> ExecResult {
    let sem_mask = (w >> 2) & 0xff;
    match opcode {
        0xa0 | 0xa1 => {
            let index = (w & 0xff_ffff) as usize;
            if index == 1 || index > 7 {
                // ATGETM.md: an invalid index waits forever; we stop instead.
                return Err(format!(
                    "mutex index {index} does not exist (0 and 2..7 do)"
                ));
            }
            if opcode == 0xa0 {
                b.sync.mutex[index] = Some(t);
            } else if b.sync.mutex[index] == Some(t) {
                b.sync.mutex[index] = None;
            }
        }
        0xa2 => {
            let cond = w & 0x7fff;
            let block = (w >> 15) & 0x1ff;
            b.gates[t].latched = Some(Latched {
                block_mask: if block == 0 { 1 << 6 } else { block },
                condition_mask: if cond == 0 { 0x7f } else { cond },
                semaphore_mask: 0,
                semwait: false,
            });
        }
        0xa3 => b.sync.seminit(sem_mask, (w >> 20) & 15, (w >> 16) & 15),
        0xa4 => b.sync.sempost(sem_mask),
        0xa5 => b.sync.semget(sem_mask),
        0xa6 => {
            let cond = w & 3;
            let block = (w >> 15) & 0x1ff;
            b.gates[t].latched = Some(Latched {
                block_mask: if block == 0 { 1 << 6 } else { block },
                condition_mask: if cond == 0 { 0x7f } else { cond },
                semaphore_mask: if cond == 0 { 0 } else { sem_mask },
                semwait: cond != 0,
            });
        }
        _ => return Err("not an instruction of this model".into()),
    }
    Ok(())
}
