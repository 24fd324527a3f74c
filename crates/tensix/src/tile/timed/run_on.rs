//! Letting a core's run-ahead chunk go on past a push (issue 10's speed).
//!
//! The cycle model ([`super`]) stops a core's chunk at each store to a Tensix device and does
//! the store in its cycle; after a push the next chunk starts in the cycle after it, and that
//! chunk's loads read the tile's state of that cycle. Most pushes are followed by more pushes
//! and register arithmetic, so stopping at each one costs a chunk per push.
//!
//! Proof rule (conservative): a push may be queued with its cycle and the core run on when
//! 1. it is surely taken in its cycle: FIFO A only fills from this core's pushes (no other core
//!    pushes to the thread), so its level in that cycle is at most its level when the chunk
//!    started plus the pushes queued since, and that is below its depth; and its cycle is not
//!    before the chunk's (so it is done exactly then, as a held push would be);
//! 2. what the core runs after it is known not to read or write anything outside the core:
//!    [`safe_steps`] admits only register arithmetic, loads and stores to the core's local
//!    memory at addresses computed from registers not yet written in the stretch, pushes that
//!    rule 1 admits (at an address known the same way), and branches and jumps to aligned
//!    targets (each ends a stretch; the next one is checked from where it went). These give the
//!    same results whenever they run, and the core's clock counts them the same way; each
//!    push starts a new chunk's count of [`CHUNK`] instructions, as a held push would.
//!
//! The first instruction outside the rule (a load or store to L1 or a device, a CSR access,
//! a push rule 1 does not admit, anything else) is not run: the core waits for the cycle in
//! which the chunk after the last queued push would have started and goes on from there with
//! what was left of that chunk's instructions, so it reads what it would have read.

use super::CHUNK;
use crate::tile::mmio::{INSTRN_BUF_BASE, LOCAL_BASE, LOCAL_SIZE, TileMmio};
use macrosim_core::{MemFault, SparseMemory};
use macrosim_riscv::Hart;
use macrosim_riscv::hart::Extension;
use macrosim_riscv::mmio::{Mmio, MmioEffect};
use std::collections::VecDeque;

/// How a stretch ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// With a branch or jump: checking goes on from where it went.
    Branch,
    /// Before an instruction outside the rule.
    Outside,
    /// Its chunk's [`CHUNK`] instructions are used up.
    Chunk,
}

/// What [`safe_steps`] found from the hart's pc.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stretch {
    /// Instructions that may run (the branch that ends the stretch included).
    pub steps: u64,
    /// Pushes among them.
    pub pushes: usize,
    /// Instructions of the current chunk after the stretch (since its last push, or `since`
    /// plus its steps when it has none).
    pub since: u64,
    pub end: End,
}

/// The instructions from `hart`'s pc that the proof rule admits, with `since` instructions of
/// the current chunk already run and at most `room` pushes.
pub fn safe_steps<X: Extension>(
    l1: &SparseMemory,
    hart: &Hart<X>,
    mut since: u64,
    room: usize,
) -> Stretch {
    let mut pc = hart.pc();
    let mut written = 0u32;
    let mut steps = 0;
    let mut pushes = 0;
    // The value of a source register, unless an earlier instruction of the stretch wrote it.
    let known = |written: u32, r: u32| (written & (1 << r) == 0).then(|| hart.x(r));
    let end = loop {
        if since == CHUNK {
            break End::Chunk;
        }
        let Ok(word) = l1.read_u32(u64::from(pc)) else {
            break End::Outside;
        };
        let rd = (word >> 7) & 31;
        let f3 = (word >> 12) & 7;
        let f7 = word >> 25;
        let rs1 = (word >> 15) & 31;
        let imm_i = (word as i32 >> 20) as u32;
        let imm_s = ((word as i32 >> 25) << 5) as u32 | ((word >> 7) & 31);
        match word & 0x7f {
            // LUI, AUIPC.
            0x37 | 0x17 => written |= 1 << rd,
            // OP-IMM: the shifts need their funct7 (SLLI 0, SRLI 0, SRAI 0x20).
            0x13 if f3 == 1 && f7 != 0 => break End::Outside,
            0x13 if f3 == 5 && f7 != 0 && f7 != 0x20 => break End::Outside,
            0x13 => written |= 1 << rd,
            // OP: RV32I (funct7 0, or 0x20 for SUB and SRA) and RV32M (funct7 1).
            0x33 if f7 == 0 || f7 == 1 || (f7 == 0x20 && (f3 == 0 || f3 == 5)) => {
                written |= 1 << rd;
            }
            // LB, LH, LW, LBU, LHU from local memory.
            0x03 => {
                let size = match f3 {
                    0 | 4 => 1,
                    1 | 5 => 2,
                    2 => 4,
                    _ => break End::Outside,
                };
                match known(written, rs1) {
                    Some(base) if local(base.wrapping_add(imm_i), size) => written |= 1 << rd,
                    _ => break End::Outside,
                }
            }
            // SB, SH, SW to local memory; SW to the instruction buffer (a push).
            0x23 => {
                let size = match f3 {
                    0 => 1,
                    1 => 2,
                    2 => 4,
                    _ => break End::Outside,
                };
                let Some(base) = known(written, rs1) else {
                    break End::Outside;
                };
                let addr = base.wrapping_add(imm_s);
                if size == 4 && addr == INSTRN_BUF_BASE {
                    if pushes == room {
                        break End::Outside;
                    }
                    pushes += 1;
                    steps += 1;
                    since = 0;
                    pc = pc.wrapping_add(4);
                    continue;
                }
                if !local(addr, size) {
                    break End::Outside;
                }
            }
            // Branches (not funct3 2, 3) and JAL with an aligned offset; JALR to a known
            // aligned target.
            0x63 | 0x6f | 0x67 => {
                let aligned = match word & 0x7f {
                    0x63 => f3 != 2 && f3 != 3 && (word >> 8) & 1 == 0,
                    0x6f => (word >> 21) & 1 == 0,
                    _ => {
                        f3 == 0
                            && known(written, rs1).is_some_and(|b| b.wrapping_add(imm_i) & 2 == 0)
                    }
                };
                if !aligned {
                    break End::Outside;
                }
                steps += 1;
                since += 1;
                break End::Branch;
            }
            _ => break End::Outside,
        }
        steps += 1;
        since += 1;
        pc = pc.wrapping_add(4);
    };
    Stretch {
        steps,
        pushes,
        since,
        end,
    }
}

/// Whether `size` bytes at `addr` lie in the core's local memory, aligned.
fn local(addr: u32, size: u32) -> bool {
    let off = addr.wrapping_sub(LOCAL_BASE);
    addr.is_multiple_of(size) && off < LOCAL_SIZE && off + size <= LOCAL_SIZE
}

/// The core's map while it runs a stretch: each push is queued (its cycle, which the core's
/// clock knows, filled in after the run) instead of held.
pub struct RunOnMmio<'a, 'b> {
    pub inner: &'a mut TileMmio<'b>,
    pub queue: &'a mut VecDeque<(u64, u32)>,
}

impl Mmio for RunOnMmio<'_, '_> {
    fn window(&self) -> (u32, u32) {
        self.inner.window()
    }

    fn load(&mut self, mem: &mut SparseMemory, addr: u32, size: u32) -> Result<u64, MemFault> {
        self.inner.load(mem, addr, size)
    }

    fn store(
        &mut self,
        mem: &mut SparseMemory,
        addr: u32,
        size: u32,
        value: u64,
    ) -> Result<MmioEffect, MemFault> {
        let effect = self.inner.store(mem, addr, size, value)?;
        if let Some((INSTRN_BUF_BASE, word)) = self.inner.deferred.take() {
            self.queue.push_back((0, word));
            return Ok(MmioEffect::Continue);
        }
        Ok(effect)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::mmio::SEMAPHORE_BASE;
    use macrosim_core::Perm;
    use macrosim_riscv::{HartConfig, Isa, TrapMode};

    const A1: u32 = 11;
    const A4: u32 = 14;
    const A5: u32 = 15;

    fn lui(rd: u32, upper: u32) -> u32 {
        (upper << 12) | (rd << 7) | 0x37
    }
    fn addi(rd: u32, rs1: u32, imm: u32) -> u32 {
        ((imm & 0xfff) << 20) | (rs1 << 15) | (rd << 7) | 0x13
    }
    fn lw(rd: u32, rs1: u32, imm: u32) -> u32 {
        (imm << 20) | (rs1 << 15) | (2 << 12) | (rd << 7) | 0x03
    }
    fn sw(rs2: u32, rs1: u32, imm: u32) -> u32 {
        ((imm >> 5) << 25) | (rs2 << 20) | (rs1 << 15) | (2 << 12) | ((imm & 31) << 7) | 0x23
    }

    /// The stretch of `code` placed at 0x6000, with a5 = the instruction buffer, a1 = `a1`,
    /// `since` instructions of the chunk run and room for `room` pushes.
    fn stretch(code: &[u32], a1: u32, since: u64, room: usize) -> Stretch {
        let mut l1 = SparseMemory::new();
        l1.map(0, 0x10000, Perm::RWX);
        let bytes: Vec<u8> = code.iter().flat_map(|w| w.to_le_bytes()).collect();
        l1.write_bytes(0x6000, &bytes).unwrap();
        let mut hart = Hart::<macrosim_riscv::hart::NoExtension>::new(HartConfig {
            id: 1,
            isa: Isa::RV32IM,
            traps: TrapMode::Host,
        });
        hart.set_pc(0x6000);
        hart.set_x(A5, INSTRN_BUF_BASE);
        hart.set_x(A1, a1);
        safe_steps(&l1, &hart, since, room)
    }

    fn ends(steps: u64, pushes: usize, since: u64, end: End) -> Stretch {
        Stretch {
            steps,
            pushes,
            since,
            end,
        }
    }

    #[test]
    fn arithmetic_local_memory_and_pushes_run_while_the_fifo_has_room() {
        let code = [
            lui(A4, 0xa4000),
            addi(A4, A4, 4),
            sw(A4, A1, 8),
            lw(A4, A1, 8),
            sw(A4, A5, 0),
            lui(A4, 0),
            sw(A4, A5, 0),
            addi(A4, A4, 1),
            0xffff_ffff,
        ];
        assert_eq!(
            stretch(&code, LOCAL_BASE, 0, 2),
            ends(8, 2, 1, End::Outside)
        );
        // No room for the second push: the chunk after the first goes on to it.
        assert_eq!(
            stretch(&code, LOCAL_BASE, 0, 1),
            ends(6, 1, 1, End::Outside)
        );
        // The chunk's instructions end before the first push.
        assert_eq!(
            stretch(&code, LOCAL_BASE, CHUNK - 3, 2),
            ends(3, 0, CHUNK, End::Chunk)
        );
    }

    #[test]
    fn a_load_or_store_outside_the_core_is_not_run() {
        // An L1 load (what a packer may have written), a semaphore load, an L1 store.
        for (code, a1) in [
            ([addi(A4, A4, 1), lw(A4, A1, 0)], 0x2_0000),
            ([addi(A4, A4, 1), lw(A4, A1, 0)], SEMAPHORE_BASE),
            ([addi(A4, A4, 1), sw(A4, A1, 0)], 0x2_0000),
        ] {
            assert_eq!(stretch(&code, a1, 0, 8), ends(1, 0, 1, End::Outside));
        }
        // A store through a register the stretch wrote: its address is not known here.
        let code = [lui(A5, 0xffe40), sw(A4, A5, 0)];
        assert_eq!(stretch(&code, 0, 0, 8), ends(1, 0, 1, End::Outside));
        // A CSR read (the status CSRs change with the frontends).
        let csrr = (0xbc0 << 20) | (2 << 12) | (A4 << 7) | 0x73;
        assert_eq!(stretch(&[csrr], 0, 5, 8), ends(0, 0, 5, End::Outside));
    }

    #[test]
    fn a_branch_ends_a_stretch_that_goes_on_from_its_target() {
        let beq_plus_8 = (4 << 8) | 0x63;
        assert_eq!(
            stretch(&[addi(A4, A4, 1), beq_plus_8], 0, 0, 8),
            ends(2, 0, 2, End::Branch)
        );
        // A misaligned target (offset 2) would fault: not run.
        let beq_plus_2 = (1 << 8) | 0x63;
        assert_eq!(stretch(&[beq_plus_2], 0, 0, 8), ends(0, 0, 0, End::Outside));
    }
}
