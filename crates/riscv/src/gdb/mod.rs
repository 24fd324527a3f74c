//! The GDB remote-protocol server (`--gdb ADDR:PORT`, issue 11), through the `gdbstub` crate,
//! for every run loop that has RISC-V harts: `riscv run`, a Tensix tile's TRISC/BRISC cores and
//! a Snitch cluster's harts. Every hart is one GDB thread (thread id = hart index + 1).
//!
//! Two threads. The protocol runs on its own thread ([`remote`]), whose gdbstub target forwards
//! every register, memory and resume request over a channel. The simulation keeps its own
//! schedule and asks the [`Debugger`] before each hart's turn how many instructions that hart
//! may run ([`TurnHook::turn`]); when the debugger must stop (a breakpoint at that hart's pc, a
//! finished single step, a watchpoint hit by the last instruction, GDB's Ctrl-C) the call does
//! not return until GDB resumes, and meanwhile serves GDB's requests through the run loop's
//! [`DebugView`] of its harts and of the memory each sees. A run loop therefore only needs a
//! hook call per turn and a view; without a debugger it is given [`NoHook`], which compiles away.
//!
//! Breakpoints (software and hardware alike) are kept in a list and checked before each
//! instruction, memory is never patched; watchpoints are checked on the memory accesses each
//! instruction reports through the [`Trace`] hooks ([`Debugger::trace`]), after it retires (the
//! stop GDB expects for a write watchpoint).

mod arch;
mod debugger;
mod remote;

pub use arch::{Rv32, Rv32RegId, Rv32Regs};
pub use debugger::{Debugger, WatchTrace};

use crate::hart::{Extension, Hart};
use arch::{CSRS, FP_CSRS};
use macrosim_core::SparseMemory;

/// Asked by a run loop before each hart's turn.
pub trait TurnHook {
    /// How many instructions hart `hart` may run now (0: it skips this turn; `u64::MAX`: as
    /// many as the schedule likes). May block while GDB looks at the harts through `view`.
    fn turn(&mut self, hart: usize, view: &mut dyn DebugView) -> u64;
}

/// No debugger: every turn as long as the schedule likes.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoHook;

impl TurnHook for NoHook {
    #[inline(always)]
    fn turn(&mut self, _: usize, _: &mut dyn DebugView) -> u64 {
        u64::MAX
    }
}

/// A run loop's harts and the memory each of them sees, as GDB reads and writes them.
pub trait DebugView {
    fn pc(&self, hart: usize) -> u32;
    fn regs(&self, hart: usize) -> Rv32Regs;
    fn set_regs(&mut self, hart: usize, regs: &Rv32Regs);
    /// Copy memory at `addr` as hart `hart` sees it into `buf`; the number of bytes readable
    /// from `addr` on (0: none).
    fn read(&mut self, hart: usize, addr: u32, buf: &mut [u8]) -> usize;
    /// Write `data` at `addr` as hart `hart` sees memory; false when some byte is not memory.
    fn write(&mut self, hart: usize, addr: u32, data: &[u8]) -> bool;
}

/// Harts that all see one memory (`riscv run`'s one hart, a Snitch cluster).
pub struct SharedMemoryView<'a, X: Extension> {
    pub harts: &'a mut [Hart<X>],
    pub mem: &'a mut SparseMemory,
}

impl<X: Extension> DebugView for SharedMemoryView<'_, X> {
    fn pc(&self, hart: usize) -> u32 {
        self.harts[hart].pc()
    }
    fn regs(&self, hart: usize) -> Rv32Regs {
        hart_regs(&self.harts[hart])
    }
    fn set_regs(&mut self, hart: usize, regs: &Rv32Regs) {
        set_hart_regs(&mut self.harts[hart], regs);
    }
    fn read(&mut self, _: usize, addr: u32, buf: &mut [u8]) -> usize {
        read_sparse(self.mem, addr, buf)
    }
    fn write(&mut self, _: usize, addr: u32, data: &[u8]) -> bool {
        self.mem.load_bytes(u64::from(addr), data).is_ok()
    }
}

/// A hart's registers in GDB's layout (CSRs the hart lacks are unavailable).
pub fn hart_regs<X: Extension>(h: &Hart<X>) -> Rv32Regs {
    let mut regs = Rv32Regs::default();
    for r in 0..32 {
        regs.x[r] = h.x(r as u32);
        regs.f[r] = h.f(r as u32);
    }
    regs.pc = h.pc();
    for (v, &c) in regs.fp_csrs.iter_mut().zip(&FP_CSRS) {
        *v = h.read_csr(c);
    }
    for (v, &c) in regs.csrs.iter_mut().zip(&CSRS) {
        *v = h.read_csr(c);
    }
    regs
}

/// Write GDB's registers into a hart (CSRs only where they changed, so that read-only
/// counters GDB sends back unchanged are not written).
pub fn set_hart_regs<X: Extension>(h: &mut Hart<X>, regs: &Rv32Regs) {
    for r in 0..32 {
        h.set_x(r as u32, regs.x[r]);
        h.set_f(r as u32, regs.f[r]);
    }
    h.set_pc(regs.pc);
    for (v, &c) in regs
        .fp_csrs
        .iter()
        .zip(&FP_CSRS)
        .chain(regs.csrs.iter().zip(&CSRS))
    {
        if let Some(v) = *v
            && h.read_csr(c) != Some(v)
        {
            h.write_csr(c, v);
        }
    }
}

/// Copy mapped bytes from `addr` on into `buf`; how many were mapped before the first hole.
pub fn read_sparse(mem: &SparseMemory, addr: u32, buf: &mut [u8]) -> usize {
    for (i, byte) in buf.iter_mut().enumerate() {
        let a = u64::from(addr.wrapping_add(i as u32));
        match mem.page(a) {
            Some((page, _)) => *byte = page[(a % macrosim_core::memory::PAGE_SIZE) as usize],
            None => return i,
        }
    }
    buf.len()
}

/// Why a debug session could not start or ended badly.
#[derive(Debug, thiserror::Error)]
pub enum GdbError {
    #[error("--gdb {addr}: cannot listen: {source} (is the port in use?)")]
    Listen {
        addr: String,
        source: std::io::Error,
    },
    #[error("--gdb {addr}: no GDB connected within {secs} s")]
    NoClient { addr: String, secs: u64 },
    #[error("--gdb: the GDB client went away ({0}); the program was stopped")]
    ClientGone(String),
    #[error("--gdb: protocol error: {0}")]
    Protocol(String),
}

/// How GDB left a session before the program ended.
#[derive(Debug)]
pub enum Ended {
    /// GDB detached: the program runs on without it.
    Detached,
    /// GDB killed the program.
    Killed,
    /// The connection broke or the protocol failed: the program was stopped.
    Failed(GdbError),
}

/// How the program ended, as GDB is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Exit status (`W` packet).
    Code(u8),
    /// Ended by a signal or a fault (`X` packet), e.g. SIGILL for a simulator error.
    Signal(u8),
}
