//! The MOP expander: the first stage of a Tensix thread's frontend (tt-isa-documentation
//! `WormholeB0/TensixTile/TensixCoprocessor/MOPExpander.md`; seeds 000 and 001).
//!
//! It consumes `MOP_CFG` (which sets MaskHi) and `MOP` (which it replaces by the expansion of
//! template 0 or template 1, see [`template0`] and [`template1`]), and passes every other
//! instruction through unchanged. Its configuration, [`MopCfg`], is written from outside.
//!
//! The expander is a pull-based state machine with explicit state: one MOP can yield 32639
//! instructions, produced one at a time ([`MopExpander::pull`]) or a buffer at a time
//! ([`MopExpander::fill`]), never collected. It always knows whether another expanded
//! instruction is pending ([`MopExpander::is_expanding`]), which the cycle model uses (the
//! hardware "resolves as much control flow as necessary to find the next yield", so control
//! flow costs no cycles; MOPExpander.md, "Performance").
//!
//! The functional model reads MopCfg when an expansion starts; the hardware reads it during the
//! expansion, and software must not change it meanwhile (MOPExpander.md, "Configuration").
//! We take the functional model's reading: writes during an expansion affect the next one.
//!
//! Blackhole: tt-llk's Blackhole assembly.yaml describes the MOP immediate as overriding the
//! template-1 loop counts when non-zero (`{Outer[9:6]}` in Count1, `{Outer[5:0], Inner[9:0]}` in
//! MaskLo; notes/tensix.md §2.4). That description leaves open whether each count is
//! overridden separately, how an override meets the LoopOp1 doubling and the hardware-bug
//! condition, and what bits 22:20 do; the ISA documentation does not describe it and ttsim
//! rejects non-zero template-1 immediates as unimplemented. We cannot state it precisely, so
//! Blackhole uses these Wormhole rules (the immediate of a template-1 MOP is ignored), and
//! [`crate::program::Program::warnings`] flags programs that depend on it.

mod mop_cfg;
pub mod template0;
pub mod template1;

pub use mop_cfg::{MopCfg, MopCfgIndex};

use super::{FrontendInput, FrontendInsn, FrontendKind, Mop};
use template0::Template0;
use template1::Template1;

/// One thread's MOP expander.
#[derive(Clone, Debug, Default)]
pub struct MopExpander {
    cfg: MopCfg,
    /// Set by `MOP_CFG`; the high half of template 0's mask. Zero at reset.
    mask_hi: u16,
    active: Active,
    template0: Template0,
    /// Reused by every template-1 MOP (its state holds one outer iteration, built in place).
    template1: Template1,
    /// Whether each template has taken the current MopCfg (cleared by every write).
    configured: [bool; 2],
}

/// Which expansion is in progress.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Active {
    #[default]
    Idle,
    Template0,
    Template1,
}

impl MopExpander {
    pub fn new() -> Self {
        Self::default()
    }

    /// The configuration.
    pub fn cfg(&self) -> &MopCfg {
        &self.cfg
    }

    /// A RISC-V store of `value` to `MopCfg[index]`.
    pub fn write_cfg(&mut self, index: MopCfgIndex, value: u32) {
        self.cfg.write(index, value);
        self.configured = [false; 2];
    }

    /// The MaskHi set by the last `MOP_CFG`.
    pub fn mask_hi(&self) -> u16 {
        self.mask_hi
    }

    /// Whether an expansion has instructions left to emit.
    #[inline]
    pub fn is_expanding(&self) -> bool {
        match self.active {
            Active::Idle => false,
            Active::Template0 => !self.template0.is_done(),
            Active::Template1 => !self.template1.is_done(),
        }
    }

    /// Ingest one incoming instruction; only while not expanding. Returns the instruction to
    /// pass on if it is neither `MOP` nor `MOP_CFG`; a `MOP` starts an expansion whose
    /// instructions come from [`MopExpander::next_expanded`].
    #[inline]
    pub fn accept(&mut self, insn: FrontendInsn) -> Option<FrontendInsn> {
        debug_assert!(!self.is_expanding(), "MopExpander::accept while expanding");
        match insn.kind() {
            FrontendKind::MopCfg { mask_hi } => {
                self.mask_hi = mask_hi;
                None
            }
            FrontendKind::Mop(mop) => {
                self.start(mop);
                None
            }
            _ => Some(insn),
        }
    }

    fn start(&mut self, mop: Mop) {
        if mop.template1 {
            if !self.configured[1] {
                self.template1.configure(&self.cfg);
                self.configured[1] = true;
            }
            self.template1.start();
            self.active = Active::Template1;
        } else {
            if !self.configured[0] {
                self.template0.configure(&self.cfg);
                self.configured[0] = true;
            }
            let mask = (u32::from(self.mask_hi) << 16) | u32::from(mop.mask_lo);
            self.template0.start(mask, mop.count1);
            self.active = Active::Template0;
        }
    }

    /// The next instruction of the current expansion, if any.
    #[inline]
    pub fn next_expanded(&mut self) -> Option<FrontendInsn> {
        let next = match self.active {
            Active::Idle => None,
            Active::Template0 => self.template0.next(),
            Active::Template1 => self.template1.next(),
        };
        if next.is_none() {
            self.active = Active::Idle;
        }
        next
    }

    /// The next instructions of the current expansion into `out`; returns how many.
    #[inline]
    fn fill_expanded(&mut self, out: &mut [FrontendInsn]) -> usize {
        let n = match self.active {
            Active::Idle => 0,
            Active::Template0 => self.template0.fill(out),
            Active::Template1 => self.template1.fill(out),
        };
        if n < out.len() {
            self.active = Active::Idle;
        }
        n
    }

    /// The next instruction this expander emits, pulling from `input` as needed; `None` once
    /// `input` is exhausted and no expansion is pending. MopCfg writes in `input` take effect
    /// when reached, that is after every earlier MOP has been expanded.
    #[inline]
    pub fn pull(
        &mut self,
        input: &mut impl FnMut() -> Option<FrontendInput>,
    ) -> Option<FrontendInsn> {
        loop {
            if let Some(insn) = self.next_expanded() {
                return Some(insn);
            }
            match input()? {
                FrontendInput::WriteMopCfg { index, value } => self.write_cfg(index, value),
                FrontendInput::Push(insn) => {
                    if let Some(out) = self.accept(insn) {
                        return Some(out);
                    }
                }
            }
        }
    }

    /// Fill `out` with the next instructions this expander emits, pulling from `input` as
    /// needed. Returns how many were written: `out.len()` unless `input` ran out. Gives the
    /// same stream as repeated [`MopExpander::pull`], without a call per instruction.
    #[inline]
    pub fn fill(
        &mut self,
        input: &mut impl FnMut() -> Option<FrontendInput>,
        out: &mut [FrontendInsn],
    ) -> usize {
        let mut n = 0;
        while n < out.len() {
            if self.active != Active::Idle {
                n += self.fill_expanded(&mut out[n..]);
                continue;
            }
            match input() {
                None => break,
                Some(FrontendInput::WriteMopCfg { index, value }) => self.write_cfg(index, value),
                Some(FrontendInput::Push(insn)) => {
                    if let Some(insn) = self.accept(insn) {
                        out[n] = insn;
                        n += 1;
                    }
                }
            }
        }
        n
    }
}
