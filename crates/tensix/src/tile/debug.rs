//! The tile's cores as a debugger sees them (`tensix run --gdb`, issue 11): hart index = core
//! index ([`CORE_NAMES`](super::CORE_NAMES) order), each core seeing L1 and its own local
//! memory (mmio.rs's map; the MMIO registers are not memory to GDB).

use super::mmio::{LOCAL_BASE, LOCAL_SIZE};
use super::{Core, L1_SIZE};
use macrosim_core::SparseMemory;
use macrosim_riscv::gdb::{DebugView, Rv32Regs, hart_regs, read_sparse, set_hart_regs};

pub(super) struct TileView<'a> {
    pub cores: &'a mut [Option<Core>; 4],
    pub l1: &'a mut SparseMemory,
}

impl TileView<'_> {
    fn core(&self, i: usize) -> &Core {
        self.cores[i]
            .as_ref()
            .expect("GDB threads are the started cores")
    }

    /// The offset of `addr..addr + len` in local memory, if it lies there.
    fn local(addr: u32, len: usize) -> Option<usize> {
        let off = addr.checked_sub(LOCAL_BASE)? as usize;
        (off + len <= LOCAL_SIZE as usize).then_some(off)
    }
}

impl DebugView for TileView<'_> {
    fn pc(&self, hart: usize) -> u32 {
        self.cores[hart].as_ref().map_or(0, |c| c.hart.pc())
    }
    fn regs(&self, hart: usize) -> Rv32Regs {
        hart_regs(&self.core(hart).hart)
    }
    fn set_regs(&mut self, hart: usize, regs: &Rv32Regs) {
        if let Some(c) = &mut self.cores[hart] {
            set_hart_regs(&mut c.hart, regs);
        }
    }
    fn read(&mut self, hart: usize, addr: u32, buf: &mut [u8]) -> usize {
        if addr < L1_SIZE {
            let n = buf.len().min((L1_SIZE - addr) as usize);
            return read_sparse(self.l1, addr, &mut buf[..n]);
        }
        let Some(start) = Self::local(addr, 1) else {
            return 0;
        };
        let local = &self.core(hart).local;
        let n = buf.len().min(local.len() - start);
        buf[..n].copy_from_slice(&local[start..start + n]);
        n
    }
    fn write(&mut self, hart: usize, addr: u32, data: &[u8]) -> bool {
        if addr
            .checked_add(data.len() as u32)
            .is_some_and(|end| end <= L1_SIZE)
        {
            return self.l1.write_bytes(u64::from(addr), data).is_ok();
        }
        match (Self::local(addr, data.len()), &mut self.cores[hart]) {
            (Some(off), Some(c)) => {
                c.local[off..off + data.len()].copy_from_slice(data);
                true
            }
            _ => false,
        }
    }
}

impl super::Tile {
    /// The started cores (`CORE_NAMES` indices): the GDB threads.
    pub fn started_cores(&self) -> Vec<usize> {
        (0..4).filter(|&i| self.cores[i].is_some()).collect()
    }
}
