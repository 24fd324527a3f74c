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
//! 2. what the core runs after it cannot tell: while it runs on, the core's map
//!    ([`RunOnMmio`]) refuses every access outside the core's registers and local memory
//!    before it is done (a load or store to L1, through a second window over L1, or a load
//!    from a device), and the status CSRs are stale (a read stalls, as at any chunk's start).
//!    Register arithmetic, branches and local memory give the same results whenever they run,
//!    and the core's clock counts them the same way; each push starts a new chunk's count of
//!    [`CHUNK`](super::CHUNK) instructions, as a held push would, and a store to a device
//!    other than such a push is held as at the end of any chunk.
//!
//! A refused access (or a fault) did not retire: the core waits for the cycle in which the
//! chunk after its last queued push would have started and runs that access there, with what
//! was left of that chunk's instructions, so it reads and writes what it would have.

use crate::tile::L1_SIZE;
use crate::tile::mmio::{INSTRN_BUF_BASE, LOCAL_BASE, LOCAL_SIZE, TileMmio};
use macrosim_core::memory::FaultKind;
use macrosim_core::{Access, MemFault, SparseMemory};
use macrosim_riscv::mmio::{Mmio, MmioEffect};
use std::collections::VecDeque;

/// The core's map while it runs on past a queued push (rule 2).
pub struct RunOnMmio<'a, 'b> {
    pub inner: &'a mut TileMmio<'b>,
    /// The queued pushes: each push taken is added with cycle 0 (the core's clock, in
    /// `CoreTrace::push_cycles`, has its cycle).
    pub queue: &'a mut VecDeque<(u64, u32)>,
    /// Pushes FIFO A surely has room for (rule 1).
    pub room: usize,
}

impl RunOnMmio<'_, '_> {
    /// The fault that keeps an access outside the core from retiring.
    fn refuse(addr: u32, size: u32, access: Access) -> MemFault {
        MemFault {
            addr: u64::from(addr),
            size: u64::from(size),
            access,
            kind: FaultKind::Unmapped,
        }
    }
}

/// Whether `size` bytes at `addr` lie in the core's local memory.
fn local(addr: u32, size: u32) -> bool {
    let off = addr.wrapping_sub(LOCAL_BASE);
    off < LOCAL_SIZE && off + size <= LOCAL_SIZE
}

impl Mmio for RunOnMmio<'_, '_> {
    const SECOND_WINDOW: bool = true;

    fn window(&self) -> (u32, u32) {
        self.inner.window()
    }

    /// L1, so that its loads and stores come here to be refused.
    fn window2(&self) -> (u32, u32) {
        (0, L1_SIZE)
    }

    fn load(&mut self, mem: &mut SparseMemory, addr: u32, size: u32) -> Result<u64, MemFault> {
        if local(addr, size) {
            return self.inner.load(mem, addr, size);
        }
        Err(Self::refuse(addr, size, Access::Read))
    }

    fn store(
        &mut self,
        mem: &mut SparseMemory,
        addr: u32,
        size: u32,
        value: u64,
    ) -> Result<MmioEffect, MemFault> {
        if addr < L1_SIZE {
            return Err(Self::refuse(addr, size, Access::Write));
        }
        let effect = self.inner.store(mem, addr, size, value)?;
        if self.room > 0
            && let Some((INSTRN_BUF_BASE, word)) = self.inner.deferred
        {
            self.inner.deferred = None;
            self.queue.push_back((0, word));
            self.room -= 1;
            return Ok(MmioEffect::Continue);
        }
        Ok(effect)
    }
}
