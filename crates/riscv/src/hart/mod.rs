//! One RV32 hart: its state, the pre-decoded block cache, and the run loop.
//!
//! A [`Hart`] owns its registers and CSRs but not memory: [`Hart::run`] borrows a
//! [`SparseMemory`] and an [`Mmio`] device, so several harts can share one memory (the Snitch
//! cluster) and a TRISC can put its frontend registers behind MMIO. It runs until an instruction
//! limit, a device asking to stop, or an exception the configured [`TrapMode`] hands back.

mod cache;
mod csr;
mod exec;
mod extension;
mod fp_exec;
mod fuse;
#[cfg(feature = "jit")]
mod jit;
#[cfg(not(feature = "jit"))]
#[path = "jit_off.rs"]
mod jit;
mod offload;
mod op;
mod state;
mod system;
mod tier;
mod trap;

pub use extension::{CsrAccess, CsrOp, ExtInsn, Extension, HartView, NoExtension};
pub use offload::{F_SCRATCH, FpClass, FpGroup, FpInsn, Operand, SCRATCH, X_SCRATCH};
pub use state::Priv;
pub use tier::{JitUnavailable, Tier};
pub use trap::{Cause, Exception};

use crate::isa::{BASE_TABLES, Isa, Table};
use crate::mmio::Mmio;
use crate::trace::Trace;
use cache::{BlockCache, MAX_BLOCK};
use exec::{Exit, Window};
use macrosim_core::SparseMemory;
use state::State;
use std::fmt;
use system::SysOutcome;

/// Where exceptions go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrapMode {
    /// To the machine-mode handler at `mtvec`, as hardware does (bare-metal programs).
    Machine,
    /// Back to the caller of [`Hart::run`] (Linux user programs: `ecall` is a system call for
    /// the host, any other exception ends the program).
    Host,
}

/// How a hart is built.
#[derive(Clone, Copy, Debug)]
pub struct HartConfig {
    /// `mhartid`.
    pub id: u32,
    pub isa: Isa,
    pub traps: TrapMode,
}

/// Why machine mode could not take a trap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unhandled {
    /// `mtvec` does not point at executable memory (0 at reset: no handler was installed).
    NoHandler { mtvec: u32 },
    /// The handler raised another exception before retiring a single instruction.
    TrapLoop { handler: u32 },
}

impl fmt::Display for Unhandled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unhandled::NoHandler { mtvec } => write!(
                f,
                "no trap handler: mtvec ({mtvec:#010x}) does not point at executable memory"
            ),
            Unhandled::TrapLoop { handler } => write!(
                f,
                "the trap handler at {handler:#010x} trapped again before retiring an instruction"
            ),
        }
    }
}

/// Why [`Hart::run`] returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The instruction limit given to `run` was reached.
    Limit,
    /// The MMIO device asked to stop (after the storing instruction retired).
    Mmio,
    /// In [`TrapMode::Host`]: the instruction at `pc` raised `exc` and did not retire. For an
    /// `ecall`, perform the call and continue with [`Hart::finish_ecall`].
    Exception {
        exc: Exception,
        pc: u32,
        /// The instruction word, unless it could not be fetched.
        word: Option<u32>,
    },
    /// The extension stalled the instruction at `pc` ([`HartView::stall`]): it did not retire;
    /// the next `run` executes it again.
    Stall { pc: u32 },
    /// In [`TrapMode::Machine`]: the exception could not be taken.
    Unhandled {
        exc: Exception,
        pc: u32,
        word: Option<u32>,
        why: Unhandled,
    },
}

/// An RV32 hart with optional extension `X`.
pub struct Hart<X: Extension = NoExtension> {
    s: State,
    cache: BlockCache,
    ext: X,
    traps: TrapMode,
    /// The retired count when the last trap was taken, to spot a handler that traps at once.
    last_trap: Option<u64>,
    /// The translation tier, when selected ([`Tier::Jit`]).
    jit: Option<Box<jit::Jit>>,
}

impl Hart<NoExtension> {
    /// A base hart (no extension).
    pub fn new(cfg: HartConfig) -> Self {
        Hart::with_extension(cfg, NoExtension)
    }
}

impl<X: Extension> Hart<X> {
    /// A hart whose decoder tries `ext`'s tables after the base tables of `cfg.isa`.
    pub fn with_extension(cfg: HartConfig, ext: X) -> Self {
        let mut tables: Vec<&'static Table> = BASE_TABLES
            .iter()
            .copied()
            .filter(|t| cfg.isa.has(t.extension))
            .collect();
        let base = tables.len();
        tables.extend(ext.tables());
        Hart {
            s: State::new(cfg.id, cfg.isa),
            cache: BlockCache::new(&tables, base),
            ext,
            traps: cfg.traps,
            last_trap: None,
            jit: None,
        }
    }

    /// Select the execution tier (the interpreter by default). Traced runs always interpret.
    pub fn set_tier(&mut self, tier: Tier) -> Result<(), JitUnavailable> {
        self.jit = match tier {
            Tier::Interp => None,
            Tier::Jit => Some(Box::new(jit::Jit::new()?)),
        };
        Ok(())
    }

    /// With [`Tier::Jit`]: translate a block once it has been entered `entries` times (default:
    /// the measured `jit::HOT`); tests use 1 to translate everything.
    pub fn set_jit_threshold(&mut self, entries: u32) {
        if let Some(jit) = &mut self.jit {
            jit.set_threshold(entries);
        }
    }

    pub fn tier(&self) -> Tier {
        if self.jit.is_some() {
            Tier::Jit
        } else {
            Tier::Interp
        }
    }

    /// The extension's state.
    pub fn extension(&self) -> &X {
        &self.ext
    }

    pub fn extension_mut(&mut self) -> &mut X {
        &mut self.ext
    }

    pub fn isa(&self) -> Isa {
        self.s.isa
    }

    pub fn id(&self) -> u32 {
        self.s.id
    }

    pub fn pc(&self) -> u32 {
        self.s.pc
    }

    pub fn set_pc(&mut self, pc: u32) {
        self.s.pc = pc;
    }

    /// Integer register `r` (x0 reads 0).
    pub fn x(&self, r: u32) -> u32 {
        self.s.x[(r & 31) as usize]
    }

    /// Write integer register `r`; writes to x0 are ignored.
    pub fn set_x(&mut self, r: u32, v: u32) {
        if r & 31 != 0 {
            self.s.x[(r & 31) as usize] = v;
        }
    }

    /// FP register `r` as raw bits (binary32 values NaN-boxed).
    pub fn f(&self, r: u32) -> u64 {
        self.s.f[(r & 31) as usize]
    }

    /// Write FP register `r` as raw bits (a debugger's register write).
    pub fn set_f(&mut self, r: u32, v: u64) {
        self.s.f[(r & 31) as usize] = v;
    }

    pub fn privilege(&self) -> Priv {
        self.s.prv
    }

    pub fn set_privilege(&mut self, p: Priv) {
        self.s.prv = p;
    }

    /// Back to the architectural state of a new hart (registers, CSRs, pc 0, privilege,
    /// retired count), keeping its decoded blocks (and translations): they are checked against
    /// the memory's code epoch on the next [`run`](Self::run), so they stay valid for as long
    /// as the hart runs on the same memory and its code pages are not rewritten.
    pub fn reset(&mut self) {
        self.s = State::new(self.s.id, self.s.isa);
        self.last_trap = None;
    }

    /// Instructions retired since reset.
    pub fn retired(&self) -> u64 {
        self.s.retired
    }

    /// Read a CSR as machine mode would (no privilege check); `None` if the hart lacks it.
    pub fn read_csr(&self, csr: u16) -> Option<u32> {
        self.s.csr_read(csr).ok()
    }

    /// Write a CSR as machine mode would (for setting a hart up); `false` if it has no such
    /// writable CSR.
    pub fn write_csr(&mut self, csr: u16, v: u32) -> bool {
        let save = self.s.prv;
        self.s.prv = Priv::Machine;
        let ok = self.s.csr_check(csr, true).is_ok() && self.s.csr_read(csr).is_ok();
        if ok {
            self.s.csr_write(csr, v);
        }
        self.s.prv = save;
        ok
    }

    /// Disassemble `word` at `pc` with this hart's tables.
    pub fn disassemble(&self, word: u32, pc: u32) -> String {
        self.cache.decoder().disassemble(word, pc)
    }

    /// Run until `max` more instructions have retired or something stops the hart.
    ///
    /// The fast path (`exec`) goes from block to block through chained successors (and the
    /// jump cache for computed targets), running fused ops when untraced; a store into decoded
    /// code ends the block after it, so the new code runs from the next instruction on.
    /// Everything else (first lookup, linking, decoding, system instructions, exceptions) is the
    /// slow path here. The last instructions before `max` (all of them when `max` is below a
    /// block's longest) run unfused, each block cut short after the instructions left.
    pub fn run<M: Mmio, T: Trace>(
        &mut self,
        mem: &mut SparseMemory,
        mmio: &mut M,
        t: &mut T,
        max: u64,
    ) -> Stop {
        let win = Window::of(mmio);
        let mut left = max;
        let mut link: Option<(u32, usize)> = None;
        // The translation tier stopped before an instruction only the interpreter runs.
        let mut interpret = false;
        loop {
            if left == 0 {
                return Stop::Limit;
            }
            let offload = X::OFFLOAD && self.ext.offloading();
            if self.cache.validate(mem, self.s.fs != 0, offload) {
                link = None;
            }
            let pc = self.s.pc;
            let found = if pc & 3 != 0 {
                // Only reachable from a misaligned entry point: jumps check their targets.
                Err(Exception::new(Cause::InstructionMisaligned, pc))
            } else {
                self.cache
                    .enter(pc, mem, link.take())
                    .map_err(|_| Exception::new(Cause::InstructionAccessFault, pc))
            };
            let b = match found {
                Ok(b) => b as usize,
                Err(exc) => match self.exception(exc, None, mem) {
                    Some(stop) => return stop,
                    None => continue,
                },
            };
            let before = self.s.retired;
            // Untraced, the rest of `max` of an idle loop retires at once: the state after it
            // is the state now plus the count (which saturates, as it would never get there).
            if !T::ENABLED && self.cache.ops[b].jumps_to_itself() {
                self.s.retired = self.s.retired.saturating_add(left);
                return Stop::Limit;
            }
            if !T::ENABLED
                && left >= MAX_BLOCK as u64
                && !std::mem::take(&mut interpret)
                && let Some(window) = win.single()
                && let Some(jit) = self.jit.as_deref_mut()
            {
                let ran = jit.run(&mut self.s, &self.cache, b, mem, window, before + left);
                if ran != jit::Ran::Cold {
                    left -= self.s.retired - before;
                    interpret = ran == jit::Ran::Interpret;
                    continue;
                }
            }
            // With the translation tier, the interpreter runs one block at a time once the tier
            // counts block entries, so that every entry passes its count above.
            let chain = self
                .jit
                .as_deref()
                .map_or(left, |jit| jit.interpret(left, self.s.retired));
            let arena = self.cache.ops.len();
            let (s, cache, ext) = (&mut self.s, &self.cache, &mut self.ext);
            let exit = if left < MAX_BLOCK as u64 {
                let end = arena.min(b + left as usize);
                s.exec::<M, X, T, false, false>(cache, b, end, left, mem, mmio, ext, win, t)
            } else if T::ENABLED {
                s.exec::<M, X, T, false, false>(cache, b, arena, left, mem, mmio, ext, win, t)
            } else if s.accrued_rne() {
                s.exec::<M, X, T, true, true>(cache, b, arena, chain, mem, mmio, ext, win, t)
            } else {
                s.exec::<M, X, T, true, false>(cache, b, arena, chain, mem, mmio, ext, win, t)
            };
            let replayed = match exit {
                Exit::Offloaded { replayed, .. } => replayed,
                _ => 0,
            };
            left -= self.s.retired - before - replayed;
            match exit {
                Exit::Next { link: l } => {
                    link = l;
                }
                Exit::Trap { at, exc } => {
                    self.s.pc = self.cache.ops[at].pc;
                    let word = self.cache.words[at];
                    if let Some(stop) = self.exception(exc, Some(word), mem) {
                        return stop;
                    }
                }
                Exit::System { at } => {
                    let (op, word) = (self.cache.ops[at], self.cache.words[at]);
                    self.s.pc = op.pc;
                    let outcome = self.s.system(&op, word, &mut self.ext, mem, t);
                    if let Some(stop) = self.settle(outcome, word, &mut left, mem) {
                        return stop;
                    }
                }
                // Already counted when it retired (an offload never flushes).
                Exit::Offloaded {
                    outcome: SysOutcome::Retired,
                    ..
                } => {}
                Exit::Offloaded { at, outcome, .. } => {
                    let word = self.cache.words[at];
                    if let Some(stop) = self.settle(outcome, word, &mut left, mem) {
                        return stop;
                    }
                }
                Exit::Stop { at } => {
                    self.s.pc = self.cache.ops[at].pc.wrapping_add(4);
                    return Stop::Mmio;
                }
            }
        }
    }

    /// Act on what the system op `word` at `self.s.pc` did (`left`: the instructions still to
    /// run); `Some` when `run` returns.
    fn settle(
        &mut self,
        outcome: SysOutcome,
        word: u32,
        left: &mut u64,
        mem: &SparseMemory,
    ) -> Option<Stop> {
        match outcome {
            SysOutcome::Retired => *left -= 1,
            SysOutcome::Stall => return Some(Stop::Stall { pc: self.s.pc }),
            SysOutcome::Flush => {
                *left -= 1;
                self.cache.flush();
            }
            SysOutcome::Exception(exc) => return self.exception(exc, Some(word), mem),
        }
        None
    }

    /// Deliver `exc` raised at `self.s.pc`: to the host, or into the machine-mode handler.
    fn exception(&mut self, exc: Exception, word: Option<u32>, mem: &SparseMemory) -> Option<Stop> {
        let pc = self.s.pc;
        if self.traps == TrapMode::Host {
            return Some(Stop::Exception { exc, pc, word });
        }
        let handler = self.s.mtvec & !3;
        let why = if self.last_trap == Some(self.s.retired) {
            Some(Unhandled::TrapLoop { handler })
        } else if mem.fetch_u32(u64::from(handler)).is_err() {
            Some(Unhandled::NoHandler {
                mtvec: self.s.mtvec,
            })
        } else {
            None
        };
        if let Some(why) = why {
            return Some(Stop::Unhandled { exc, pc, word, why });
        }
        self.s.take_trap(exc);
        self.last_trap = Some(self.s.retired);
        None
    }

    /// Complete an `ecall` handed back by [`run`](Self::run) in [`TrapMode::Host`]: write the
    /// result (if any) to a0, retire the instruction and move past it.
    pub fn finish_ecall<T: Trace>(&mut self, a0: Option<u32>, t: &mut T) {
        if T::ENABLED {
            t.begin(self.s.id, self.s.prv as u8, self.s.pc, 0x0000_0073);
        }
        if let Some(v) = a0 {
            self.s.x[10] = v;
            if T::ENABLED {
                t.x_write(10, v);
            }
        }
        self.s.pc = self.s.pc.wrapping_add(4);
        self.s.retired += 1;
        if T::ENABLED {
            t.commit();
        }
    }
}
