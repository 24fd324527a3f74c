//! The memory-mapped registers of a cluster ([`PeriphSection`]) behind the hart's MMIO
//! windows: `tohost`, Banshee's scratch/wakeup/info registers and uart, the memory-mapped
//! barrier and SSR configuration. The device only records what happened; the cluster acts on
//! it between hart runs (a store that needs the cluster stops the hart after it retires).
//!
//! A load of the barrier register that must wait is refused (a load fault the cluster
//! recognises as "wait at the barrier", [`Periph::barrier_request`]); the hart runs it again
//! once the barrier opens.

use crate::config::{ExitKind, PeriphSection};
use macrosim_core::memory::FaultKind;
use macrosim_core::{Access, MemFault, SparseMemory};
use macrosim_riscv::mmio::{Mmio, MmioEffect, ToHost, plain_load, plain_store};

/// A memory-mapped SSR configuration write: (SSR, word, value).
pub type SsrWrite = (u32, u32, u32);

pub struct Periph {
    cfg: PeriphSection,
    exit: ExitKind,
    tohost: Option<ToHost>,
    harts: u32,
    tcdm: (u32, u32),
    /// The hart running now.
    pub hart: u32,
    pub scratch: u32,
    /// The running hart's barrier load must wait.
    pub barrier_request: bool,
    /// Harts whose barrier load may complete.
    pub barrier_pass: Vec<bool>,
    /// Wakeups stored: a hart index, or `u32::MAX` for all.
    pub wakes: Vec<u32>,
    /// Memory-mapped SSR configuration writes of the running hart.
    pub ssr_writes: Vec<SsrWrite>,
    uart_line: Vec<Vec<u8>>,
    /// Completed uart lines.
    pub output: String,
}

impl Periph {
    pub fn new(
        cfg: PeriphSection,
        exit: ExitKind,
        tohost: Option<u32>,
        harts: u32,
        tcdm: (u32, u32),
    ) -> Periph {
        Periph {
            cfg,
            exit,
            tohost: tohost.map(ToHost::new),
            harts,
            tcdm,
            hart: 0,
            scratch: 0,
            barrier_request: false,
            barrier_pass: vec![false; harts as usize],
            wakes: Vec::new(),
            ssr_writes: Vec::new(),
            uart_line: vec![Vec::new(); harts as usize],
            output: String::new(),
        }
    }

    /// The nonzero value stored to `tohost`.
    pub fn tohost_value(&self) -> Option<u32> {
        self.tohost.and_then(|t| t.value)
    }

    fn is(reg: Option<u32>, addr: u32) -> bool {
        reg == Some(addr)
    }

    fn info(&self, off: u32) -> Option<u32> {
        if !self.cfg.info {
            return None;
        }
        // Banshee src/configuration.rs: tcdm_start, tcdm_end, nr_cores, cluster_base_hartid,
        // cluster_num, cluster_id (notes/snitch.md §10).
        match off {
            0x00 => Some(self.tcdm.0),
            0x08 => Some(self.tcdm.0.wrapping_add(self.tcdm.1)),
            0x10 => Some(self.harts),
            0x40 => Some(0),
            0x48 => Some(1),
            0x50 => Some(0),
            _ => None,
        }
    }
}

impl Mmio for Periph {
    fn window(&self) -> (u32, u32) {
        let end = self.cfg.base.wrapping_add(self.cfg.size);
        match self.cfg.ssr_cfg {
            Some(s) if s < self.cfg.base => (s, end - s),
            _ => (self.cfg.base, self.cfg.size),
        }
    }

    const SECOND_WINDOW: bool = true;

    fn window2(&self) -> (u32, u32) {
        match (self.exit, self.tohost, self.cfg.uart) {
            (ExitKind::Tohost, Some(t), _) => t.window(),
            (_, _, Some(u)) => (u, 8),
            _ => (0, 0),
        }
    }

    fn load(&mut self, mem: &mut SparseMemory, addr: u32, size: u32) -> Result<u64, MemFault> {
        if Self::is(self.cfg.barrier, addr) {
            let h = self.hart as usize;
            if self.barrier_pass[h] {
                self.barrier_pass[h] = false;
                return Ok(0);
            }
            self.barrier_request = true;
            return Err(MemFault {
                addr: u64::from(addr),
                size: u64::from(size),
                access: Access::Read,
                kind: FaultKind::Unmapped,
            });
        }
        if Self::is(self.cfg.scratch, addr) {
            return Ok(u64::from(self.scratch));
        }
        if let Some(v) = self.info(addr.wrapping_sub(self.cfg.base)) {
            return Ok(u64::from(v));
        }
        plain_load(mem, addr, size)
    }

    fn store(
        &mut self,
        mem: &mut SparseMemory,
        addr: u32,
        size: u32,
        value: u64,
    ) -> Result<MmioEffect, MemFault> {
        if self.exit == ExitKind::Tohost
            && let Some(t) = &mut self.tohost
            && addr.wrapping_sub(t.addr) < 8
        {
            return t.store(mem, addr, size, value);
        }
        if Self::is(self.cfg.scratch, addr) {
            self.scratch = value as u32;
            return Ok(MmioEffect::Continue);
        }
        if Self::is(self.cfg.wakeup, addr) {
            self.wakes.push(value as u32);
            return Ok(MmioEffect::Stop);
        }
        if Self::is(self.cfg.cl_clint_set, addr) {
            let bits = value as u32;
            self.wakes
                .extend((0..self.harts.min(32)).filter(|h| bits >> h & 1 == 1));
            return Ok(MmioEffect::Stop);
        }
        if Self::is(self.cfg.cl_clint_clear, addr) {
            return Ok(MmioEffect::Continue);
        }
        if Self::is(self.cfg.uart, addr) {
            let line = &mut self.uart_line[self.hart as usize];
            if value as u8 == b'\n' {
                self.output.push_str(&String::from_utf8_lossy(line));
                self.output.push('\n');
                line.clear();
            } else {
                line.push(value as u8);
            }
            return Ok(MmioEffect::Continue);
        }
        if let Some(base) = self.cfg.ssr_cfg {
            let off = addr.wrapping_sub(base);
            if off < 0x300 {
                self.ssr_writes
                    .push((off / 0x100, off % 0x100 / 8, value as u32));
                return Ok(MmioEffect::Stop);
            }
        }
        plain_store(mem, addr, size, value).map(|()| MmioEffect::Continue)
    }
}
