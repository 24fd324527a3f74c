//! Template 0 of the MOP expander: the zero-mask loop (MOPExpander.md, `ExpandTemplate0`).
//!
//! Count1 + 1 iterations; iteration `i` looks at bit `i` of the 32-bit mask
//! `(MaskHi << 16) | MaskLo` (bits beyond 31 are zero, so iterations 32..127 all take the
//! unmasked path). Mask bit 0 emits `InsnA0`, then `InsnA1..3` if HasA123, then `InsnB` if
//! HasB; mask bit 1 emits `SkipA0`, then `SkipB` if HasB. Nothing is skipped for being a NOP.

use super::mop_cfg::MopCfg;
use crate::frontend::FrontendInsn;
use crate::frontend::copy_run;

#[derive(Clone, Debug, Default)]
pub(super) struct Template0 {
    /// The mask bits not yet consumed; bit 0 belongs to the current iteration.
    mask: u32,
    /// Iterations not yet finished (Count1 + 1 at the start, so at most 128).
    iterations_left: u8,
    /// The current iteration's position in its sequence.
    pos: u8,
    unmasked: Sequence,
    masked: Sequence,
}

/// The instructions of one iteration: at most 5 (A0, A1, A2, A3, B), kept in 8 slots so that
/// they copy as one block.
#[derive(Clone, Debug, Default)]
struct Sequence {
    insns: [FrontendInsn; 8],
    len: u8,
}

impl Sequence {
    fn new(items: impl IntoIterator<Item = FrontendInsn>) -> Self {
        let mut s = Sequence::default();
        for (slot, insn) in s.insns.iter_mut().zip(items) {
            *slot = insn;
            s.len += 1;
        }
        s
    }
}

impl Template0 {
    /// Take the configuration for the next expansions. The MOP expander does this when a
    /// template-0 MOP starts and MopCfg changed since last time.
    pub(super) fn configure(&mut self, cfg: &MopCfg) {
        let flags = cfg.value(1);
        let has_b = flags & 1 != 0;
        let has_a123 = flags & 2 != 0;
        let a123 = [cfg.insn(4), cfg.insn(5), cfg.insn(6)];
        let unmasked = std::iter::once(cfg.insn(3))
            .chain(a123.into_iter().filter(|_| has_a123))
            .chain(std::iter::once(cfg.insn(2)).filter(|_| has_b));
        let masked =
            std::iter::once(cfg.insn(7)).chain(std::iter::once(cfg.insn(8)).filter(|_| has_b));
        self.unmasked = Sequence::new(unmasked);
        self.masked = Sequence::new(masked);
        self.iterations_left = 0;
    }

    /// Start an expansion of Count1 + 1 iterations over `mask`.
    pub(super) fn start(&mut self, mask: u32, count1: u8) {
        self.mask = mask;
        self.iterations_left = count1 + 1;
        self.pos = 0;
    }

    /// Whether the expansion is over.
    pub(super) fn is_done(&self) -> bool {
        self.iterations_left == 0
    }

    /// The current iteration's instructions (all 8 slots) and how many of them count.
    #[inline]
    fn current(&self) -> (&[FrontendInsn; 8], usize) {
        let seq = if self.mask & 1 == 0 {
            &self.unmasked
        } else {
            &self.masked
        };
        (&seq.insns, usize::from(seq.len))
    }

    /// Move past `taken` instructions of the current iteration.
    #[inline]
    fn advance(&mut self, taken: usize, iteration_len: usize) {
        self.pos += taken as u8;
        if usize::from(self.pos) == iteration_len {
            self.pos = 0;
            self.mask >>= 1;
            self.iterations_left -= 1;
        }
    }

    /// The next instruction of the expansion, `None` once it is over.
    #[inline]
    pub(super) fn next(&mut self) -> Option<FrontendInsn> {
        if self.iterations_left == 0 {
            return None;
        }
        let (insns, len) = self.current();
        let insn = insns[usize::from(self.pos)];
        self.advance(1, len);
        Some(insn)
    }

    /// Fill `out` with the next instructions of the expansion; returns how many (fewer than
    /// `out.len()` only when the expansion ends).
    #[inline]
    pub(super) fn fill(&mut self, out: &mut [FrontendInsn]) -> usize {
        let mut n = 0;
        while n < out.len() && self.iterations_left > 0 {
            let (insns, len) = self.current();
            let pos = usize::from(self.pos);
            let run = (len - pos).min(out.len() - n);
            copy_run::<_, 8>(&mut out[n..], &insns[pos..], run);
            n += run;
            self.advance(run, len);
        }
        n
    }
}
