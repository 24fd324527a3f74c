//! Template 0 of the MOP expander: the zero-mask loop (MOPExpander.md, `ExpandTemplate0`).
//!
//! Count1 + 1 iterations; iteration `i` looks at bit `i` of the 32-bit mask
//! `(MaskHi << 16) | MaskLo` (bits beyond 31 are zero, so iterations 32..127 all take the
//! unmasked path). Mask bit 0 emits `InsnA0`, then `InsnA1..3` if HasA123, then `InsnB` if
//! HasB; mask bit 1 emits `SkipA0`, then `SkipB` if HasB. Nothing is skipped for being a NOP.

use super::mop_cfg::MopCfg;
use crate::frontend::FrontendInsn;

#[derive(Clone, Debug)]
pub(super) struct Template0 {
    /// The mask bits not yet consumed; bit 0 belongs to the current iteration.
    mask: u32,
    /// Iterations not yet finished (Count1 + 1 at the start, so at most 128).
    iterations_left: u8,
    /// The current iteration's position in its sequence.
    pos: u8,
    unmasked: Sequence<5>,
    masked: Sequence<2>,
}

/// The instructions of one iteration.
#[derive(Clone, Debug)]
struct Sequence<const N: usize> {
    insns: [FrontendInsn; N],
    len: u8,
}

impl<const N: usize> Sequence<N> {
    fn new(items: impl IntoIterator<Item = FrontendInsn>) -> Self {
        let mut s = Sequence {
            insns: [FrontendInsn::default(); N],
            len: 0,
        };
        for (slot, insn) in s.insns.iter_mut().zip(items) {
            *slot = insn;
            s.len += 1;
        }
        s
    }
}

impl Template0 {
    /// Start an expansion with the current configuration.
    pub(super) fn start(cfg: &MopCfg, mask: u32, count1: u8) -> Self {
        let flags = cfg.value(1);
        let has_b = flags & 1 != 0;
        let has_a123 = flags & 2 != 0;
        let a123 = [cfg.insn(4), cfg.insn(5), cfg.insn(6)];
        let unmasked = std::iter::once(cfg.insn(3))
            .chain(a123.into_iter().filter(|_| has_a123))
            .chain(std::iter::once(cfg.insn(2)).filter(|_| has_b));
        let masked =
            std::iter::once(cfg.insn(7)).chain(std::iter::once(cfg.insn(8)).filter(|_| has_b));
        Template0 {
            mask,
            iterations_left: count1 + 1,
            pos: 0,
            unmasked: Sequence::new(unmasked),
            masked: Sequence::new(masked),
        }
    }

    /// The next instruction of the expansion, `None` once it is over.
    pub(super) fn next(&mut self) -> Option<FrontendInsn> {
        if self.iterations_left == 0 {
            return None;
        }
        let (insns, len): (&[FrontendInsn], u8) = if self.mask & 1 == 0 {
            (&self.unmasked.insns, self.unmasked.len)
        } else {
            (&self.masked.insns, self.masked.len)
        };
        let insn = insns[usize::from(self.pos)];
        self.pos += 1;
        if self.pos == len {
            self.pos = 0;
            self.mask >>= 1;
            self.iterations_left -= 1;
        }
        Some(insn)
    }
}
