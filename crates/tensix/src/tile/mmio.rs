//! The MMIO map one TRISC sees above 0xFFB00000 (notes/tensix.md §1.7, BabyRISCV/README.md,
//! PushTensixInstruction.md, TTSync.md, PCBufs.md): local memory, MopCfg, instruction push,
//! PC_BUF sync words and semaphores, the GPRs at REGFILE_BASE, the config space, the
//! mailboxes between the cores ([`super::mailbox`]). BRISC sees the same map, minus PC_BUF
//! (its side of PCBufs.md is not modelled); its pushes go to T0's thread.

use super::mailbox::{MailboxWait, Mailboxes};
use crate::backend::Backend;
use crate::backend::config::CFG_WORDS;
use crate::frontend::{FrontendInput, FrontendInsn, MopCfgIndex, OPCODE_MOP};
use macrosim_core::{Access, MemFault, SparseMemory};
use macrosim_riscv::mmio::{Mmio, MmioEffect};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

pub const LOCAL_BASE: u32 = 0xFFB0_0000;
/// TRISC local memory (contract: at most 2 KiB used; notes §1.7 give 4 KiB for T cores).
pub const LOCAL_SIZE: u32 = 4 * 1024;
pub const MOP_CFG_BASE: u32 = 0xFFB8_0000;
pub const REGFILE_BASE: u32 = 0xFFE0_0000;
pub const INSTRN_BUF_BASE: u32 = 0xFFE4_0000;
pub const PC_BUF_BASE: u32 = 0xFFE8_0000;
pub const SEMAPHORE_BASE: u32 = PC_BUF_BASE + 4 * 8;
pub const CFG_BASE: u32 = 0xFFEF_0000;
/// BRISC's index among the tile's cores (`CORE_NAMES`).
pub const BRISC: usize = 3;

/// The queue in front of a thread's MOP expander, shared between the push path and the
/// frontend that pulls from it.
pub type InputQueue = Rc<RefCell<VecDeque<FrontendInput>>>;

/// Why a core's hart is held after its last instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Block {
    /// Its push found the MOP FIFO full (PushTensixInstruction.md).
    FifoFull,
    /// A store to PC_BUF word 1: until the thread has nothing in flight (TTSync.md).
    CoprocessorDone,
    /// A store to PC_BUF word 2: until no MOP is queued or expanding (TTSync.md).
    MopDone,
    /// A mailbox load or store that cannot complete yet (Mailboxes.md); it did not retire
    /// and runs again once the mailbox allows it.
    Mailbox(MailboxWait),
}

/// A fault the device reports (the hart sees an access fault; the tile names the address).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unmapped {
    pub addr: u32,
    pub store: bool,
}

pub struct TileMmio<'a> {
    /// The core (`CORE_NAMES` index) and the thread its pushes go to.
    pub core: usize,
    pub thread: usize,
    pub mailboxes: &'a mut Mailboxes,
    pub local: &'a mut [u8],
    pub queue: &'a InputQueue,
    pub fifo_depth: usize,
    pub backend: &'a mut Backend,
    pub block: Option<Block>,
    pub pushes: u64,
    pub unmapped: Option<Unmapped>,
    /// The cycle model's mode (issue 10): a store outside local memory is not done but kept in
    /// [`TileMmio::deferred`] and the hart stops, so that the tile does it at the store's cycle.
    pub defer: bool,
    pub deferred: Option<(u32, u32)>,
}

impl TileMmio<'_> {
    /// Whether this core's 32-bit store of `v` to `addr` reaches a device of this map (the
    /// checks of [`Mmio::store`] below, without doing it).
    fn store_target(&self, addr: u32, v: u32) -> bool {
        let trisc = self.core != BRISC;
        Mailboxes::peer(addr).is_some()
            || (addr == INSTRN_BUF_BASE && (trisc || v >> 24 != u32::from(OPCODE_MOP)))
            || (trisc && Self::word_index(addr, MOP_CFG_BASE, 9).is_some())
            || Self::word_index(addr, SEMAPHORE_BASE, 8).is_some()
            || (trisc && matches!(Self::word_index(addr, PC_BUF_BASE, 8), Some(1 | 2)))
            || Self::word_index(addr, REGFILE_BASE, 64).is_some()
            || Self::word_index(addr, CFG_BASE, CFG_WORDS).is_some()
    }

    fn fault(&mut self, addr: u32, store: bool) -> MemFault {
        self.unmapped = Some(Unmapped { addr, store });
        MemFault {
            addr: u64::from(addr),
            size: 4,
            access: if store { Access::Write } else { Access::Read },
            kind: macrosim_core::memory::FaultKind::Unmapped,
        }
    }

    /// A mailbox access that must wait: the instruction faults without retiring and the
    /// tile holds the core until [`Mailboxes::ready`].
    fn wait(&mut self, w: MailboxWait, addr: u32) -> MemFault {
        self.block = Some(Block::Mailbox(w));
        MemFault {
            addr: u64::from(addr),
            size: 4,
            access: if w.write { Access::Write } else { Access::Read },
            kind: macrosim_core::memory::FaultKind::Unmapped,
        }
    }

    fn word_index(addr: u32, base: u32, n: usize) -> Option<usize> {
        let off = addr.wrapping_sub(base);
        (off & 3 == 0 && ((off / 4) as usize) < n).then_some((off / 4) as usize)
    }
}

impl Mmio for TileMmio<'_> {
    fn window(&self) -> (u32, u32) {
        (LOCAL_BASE, 0u32.wrapping_sub(LOCAL_BASE))
    }

    fn load(&mut self, _mem: &mut SparseMemory, addr: u32, size: u32) -> Result<u64, MemFault> {
        let off = addr.wrapping_sub(LOCAL_BASE) as usize;
        if off + size as usize <= self.local.len() {
            let mut v = 0u64;
            for i in (0..size as usize).rev() {
                v = (v << 8) | u64::from(self.local[off + i]);
            }
            return Ok(v);
        }
        let t = self.thread;
        if size == 4 {
            if Mailboxes::peer(addr).is_some() {
                let core = self.core;
                return match self.mailboxes.read(core, addr) {
                    Ok(v) => Ok(u64::from(v)),
                    Err(w) => Err(self.wait(w, addr)),
                };
            }
            if let Some(i) = Self::word_index(addr, SEMAPHORE_BASE, 8) {
                return Ok(u64::from(self.backend.sync.sems[i].value));
            }
            if self.core != BRISC && Self::word_index(addr, PC_BUF_BASE, 8).is_some() {
                // The store before it already held the core until the check passed.
                return Ok(0);
            }
            if let Some(i) = Self::word_index(addr, REGFILE_BASE, 64) {
                return Ok(u64::from(self.backend.gpr[t][i]));
            }
            if let Some(i) = Self::word_index(addr, CFG_BASE, CFG_WORDS) {
                return Ok(u64::from(self.backend.cfg.banks()[0][i]));
            }
        }
        Err(self.fault(addr, false))
    }

    fn store(
        &mut self,
        _mem: &mut SparseMemory,
        addr: u32,
        size: u32,
        value: u64,
    ) -> Result<MmioEffect, MemFault> {
        let off = addr.wrapping_sub(LOCAL_BASE) as usize;
        if off + size as usize <= self.local.len() {
            for i in 0..size as usize {
                self.local[off + i] = (value >> (8 * i)) as u8;
            }
            return Ok(MmioEffect::Continue);
        }
        let t = self.thread;
        let v = value as u32;
        if size != 4 {
            return Err(self.fault(addr, true));
        }
        if self.defer {
            if !self.store_target(addr, v) {
                return Err(self.fault(addr, true));
            }
            self.deferred = Some((addr, v));
            return Ok(MmioEffect::Stop);
        }
        if Mailboxes::peer(addr).is_some() {
            let core = self.core;
            return match self.mailboxes.write(core, addr, v) {
                Ok(()) => Ok(MmioEffect::Continue),
                Err(w) => Err(self.wait(w, addr)),
            };
        }
        if addr == INSTRN_BUF_BASE {
            // RISCV B's pushes join T0's stream after the MOP expander (notes/tensix.md §0.3, §2.1),
            // so B cannot push MOP.
            if self.core == BRISC && v >> 24 == u32::from(OPCODE_MOP) {
                return Err(self.fault(addr, true));
            }
            let mut q = self.queue.borrow_mut();
            q.push_back(FrontendInput::Push(FrontendInsn::decode(v)));
            self.pushes += 1;
            if q.len() >= self.fifo_depth {
                self.block = Some(Block::FifoFull);
                return Ok(MmioEffect::Stop);
            }
            return Ok(MmioEffect::Continue);
        }
        if let Some(i) = Self::word_index(addr, MOP_CFG_BASE, 9).filter(|_| self.core != BRISC) {
            let index = MopCfgIndex::new(i as u64).ok_or_else(|| self.fault(addr, true))?;
            self.queue
                .borrow_mut()
                .push_back(FrontendInput::WriteMopCfg { index, value: v });
            return Ok(MmioEffect::Continue);
        }
        if let Some(i) = Self::word_index(addr, SEMAPHORE_BASE, 8) {
            self.backend.sync.riscv_write(i, v);
            return Ok(MmioEffect::Continue);
        }
        if let Some(i) = Self::word_index(addr, PC_BUF_BASE, 8).filter(|_| self.core != BRISC) {
            self.block = match i {
                1 => Some(Block::CoprocessorDone),
                2 => Some(Block::MopDone),
                _ => return Err(self.fault(addr, true)),
            };
            return Ok(MmioEffect::Stop);
        }
        if let Some(i) = Self::word_index(addr, REGFILE_BASE, 64) {
            self.backend.gpr[t][i] = v;
            return Ok(MmioEffect::Continue);
        }
        if let Some(i) = Self::word_index(addr, CFG_BASE, CFG_WORDS) {
            // BackendConfiguration.md: RISC-V writes land in bank 0 (tensix.h says so too).
            self.backend.cfg.banks_mut()[0][i] = v;
            return Ok(MmioEffect::Continue);
        }
        Err(self.fault(addr, true))
    }
}
