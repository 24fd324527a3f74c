//! The MOP expander: the first stage of a Tensix thread's frontend (tt-isa-documentation
//! `WormholeB0/TensixTile/TensixCoprocessor/MOPExpander.md`; seeds 000 and 001).
//!
//! It consumes `MOP_CFG` (which sets MaskHi) and `MOP` (which it replaces by the expansion of
//! template 0 or template 1, see [`template0`] and [`template1`]), and passes every other
//! instruction through unchanged. Its configuration, [`MopCfg`], is written from outside.
//!
//! The expander is a pull-based state machine with explicit state: one MOP can yield 32639
//! instructions, produced one at a time, never collected. It always knows whether another
//! expanded instruction is pending ([`MopExpander::is_expanding`]), which the cycle model uses
//! (the hardware "resolves as much control flow as necessary to find the next yield", so control
//! flow costs no cycles; MOPExpander.md, "Performance").
//!
//! The functional model reads MopCfg when an expansion starts; the hardware reads it during the
//! expansion, and software must not change it meanwhile (MOPExpander.md, "Configuration").
//! We take the functional model's reading: writes during an expansion affect the next one.
//!
//! Blackhole: tt-llk's Blackhole assembly.yaml describes the MOP immediate as overriding the
//! template-1 loop counts when non-zero ({Outer[9:6]} in Count1, {Outer[5:0], Inner[9:0]} in
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
    expansion: Expansion,
    /// The next instruction of the current expansion (`None` when not expanding).
    pending: Option<FrontendInsn>,
}

#[derive(Clone, Debug, Default)]
enum Expansion {
    #[default]
    Idle,
    Template0(Template0),
    Template1(Template1),
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
    }

    /// The MaskHi set by the last `MOP_CFG`.
    pub fn mask_hi(&self) -> u16 {
        self.mask_hi
    }

    /// Whether an expansion has instructions left to emit.
    pub fn is_expanding(&self) -> bool {
        self.pending.is_some()
    }

    /// Ingest one incoming instruction; only while not expanding. Returns the instruction to
    /// pass on if it is neither `MOP` nor `MOP_CFG`; a `MOP` starts an expansion whose
    /// instructions come from [`MopExpander::next_expanded`].
    pub fn accept(&mut self, insn: FrontendInsn) -> Option<FrontendInsn> {
        debug_assert!(!self.is_expanding(), "MopExpander::accept while expanding");
        match insn.kind {
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
        self.expansion = if mop.template1 {
            Expansion::Template1(Template1::start(&self.cfg))
        } else {
            let mask = (u32::from(self.mask_hi) << 16) | u32::from(mop.mask_lo);
            Expansion::Template0(Template0::start(&self.cfg, mask, mop.count1))
        };
        self.pending = self.advance();
    }

    /// The next instruction of the current expansion, if any.
    pub fn next_expanded(&mut self) -> Option<FrontendInsn> {
        let insn = self.pending?;
        self.pending = self.advance();
        Some(insn)
    }

    fn advance(&mut self) -> Option<FrontendInsn> {
        let next = match &mut self.expansion {
            Expansion::Idle => None,
            Expansion::Template0(t) => t.next(),
            Expansion::Template1(t) => t.next(),
        };
        if next.is_none() {
            self.expansion = Expansion::Idle;
        }
        next
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
}
