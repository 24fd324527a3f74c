//! Template 1 of the MOP expander: the double loop (MOPExpander.md, `ExpandTemplate1`).
//!
//! OuterCount = `MopCfg[0] & 127` iterations of: StartOp (unless it is NOP); InnerCount =
//! `MopCfg[1] & 127` inner iterations; EndOp0 (unless NOP), then EndOp1 (unless NOP, and only
//! when EndOp0 was emitted). Only plain `NOP` (opcode 0x02) counts as NOP here: `DMANOP` and
//! `SFPNOP` are emitted like any other instruction.
//!
//! Inner iteration `i` of outer iteration `j` emits the current LoopOp, except the last inner
//! iteration, which emits Loop1Last, or Loop0Last when `j` is also the last outer iteration.
//! When LoopOp1 is not NOP the inner loop runs twice as many iterations and LoopOp alternates:
//! the documents XOR LoopOp with (LoopOp ^ LoopOp1) after every inner iteration, including the
//! last one, which is the same as switching between LoopOp and LoopOp1.
//!
//! HARDWARE BUG (MOPExpander.md, Template 1; notes/tensix.md §2.1, TV7): when OuterCount == 1,
//! StartOp is NOP, InnerCount == 0 (after the doubling) and EndOp0 is not NOP, the hardware runs
//! 128 + 1 = 129 outer iterations, so EndOp0 (and EndOp1) come out 129 times. Reproduced here.
//!
//! The largest expansion is 127 × (1 + 254 + 2) = 32639 instructions.
//!
//! How it is computed: every outer iteration emits the same instructions except the last inner
//! one (Loop1Last, or Loop0Last in the last outer iteration). With alternation the inner count
//! is even, so the XORed LoopOp is back to LoopOp at the start of each outer iteration. So the
//! state holds one outer iteration's instructions (at most 257, built in place when a MOP starts
//! after MopCfg changed) and walks over them OuterCount times, patching the last inner slot in
//! the last pass; the bulk path copies them a slice at a time. The expansion itself is never
//! stored.

use super::mop_cfg::MopCfg;
use crate::frontend::FrontendInsn;
use crate::frontend::copy_run;

/// The most instructions one outer iteration emits: StartOp, 2 × 127 inner, EndOp0, EndOp1.
const MAX_BODY: usize = 1 + 2 * 127 + 2;
/// `body` has room for `copy_run` to read a block of 16 from any position of a body.
const BODY_SLOTS: usize = MAX_BODY + 15;

#[derive(Clone, Debug)]
pub(super) struct Template1 {
    /// One outer iteration's instructions, with Loop1Last in the last inner slot.
    body: [FrontendInsn; BODY_SLOTS],
    len: usize,
    /// Index in `body` of the last inner iteration's instruction (`usize::MAX` if none).
    last_inner: usize,
    loop0_last: FrontendInsn,
    /// OuterCount, after the hardware bug.
    outer_count: u8,
    /// Outer iterations still to come after the current one.
    outers_left: u8,
    /// Next index in `body` within the current outer iteration.
    pos: usize,
}

impl Default for Template1 {
    fn default() -> Self {
        Template1 {
            body: [FrontendInsn::default(); BODY_SLOTS],
            len: 0,
            last_inner: usize::MAX,
            loop0_last: FrontendInsn::default(),
            outer_count: 0,
            outers_left: 0,
            pos: 0,
        }
    }
}

impl Template1 {
    /// Take the configuration for the next expansions (in place: the state is large). The
    /// MOP expander does this when a template-1 MOP starts and MopCfg changed since last time.
    pub(super) fn configure(&mut self, cfg: &MopCfg) {
        let mut outer_count = (cfg.value(0) & 127) as u8;
        let mut inner_count = usize::from((cfg.value(1) & 127) as u8);
        let start_op = cfg.insn(2);
        let end_op0 = cfg.insn(3);
        let end_op1 = cfg.insn(4);
        let loop_ops = [cfg.insn(5), cfg.insn(6)];
        let alternate = !loop_ops[1].is_nop();
        if alternate {
            inner_count *= 2;
        }
        // HARDWARE BUG (MOPExpander.md, Template 1): 129 outer iterations instead of 1.
        if outer_count == 1 && start_op.is_nop() && inner_count == 0 && !end_op0.is_nop() {
            outer_count += 128;
        }

        let mut len = 0;
        let mut push = |insn| {
            self.body[len] = insn;
            len += 1;
        };
        if !start_op.is_nop() {
            push(start_op);
        }
        for i in 0..inner_count {
            // Alternation: LoopOp on even inner iterations, LoopOp1 on odd ones.
            push(loop_ops[i % 2 * usize::from(alternate)]);
        }
        if !end_op0.is_nop() {
            push(end_op0);
            if !end_op1.is_nop() {
                push(end_op1);
            }
        }
        self.last_inner = usize::MAX;
        if inner_count > 0 {
            let at = usize::from(!start_op.is_nop()) + inner_count - 1;
            self.body[at] = cfg.insn(8); // Loop1Last
            self.last_inner = at;
        }
        self.loop0_last = cfg.insn(7);
        self.len = len;
        self.outer_count = if len == 0 { 0 } else { outer_count };
        self.pos = self.len;
        self.outers_left = 0;
    }

    /// Start an expansion with the configuration taken last.
    pub(super) fn start(&mut self) {
        if self.outer_count == 0 {
            self.pos = self.len;
            self.outers_left = 0;
        } else {
            self.pos = 0;
            self.outers_left = self.outer_count - 1;
        }
    }

    /// Whether the expansion is over.
    pub(super) fn is_done(&self) -> bool {
        self.pos == self.len && self.outers_left == 0
    }

    /// The next instruction of the expansion, `None` once it is over.
    #[inline]
    pub(super) fn next(&mut self) -> Option<FrontendInsn> {
        if self.pos == self.len {
            if self.outers_left == 0 {
                return None;
            }
            self.outers_left -= 1;
            self.pos = 0;
        }
        let i = self.pos;
        self.pos += 1;
        Some(if i == self.last_inner && self.outers_left == 0 {
            self.loop0_last
        } else {
            self.body[i]
        })
    }

    /// Fill `out` with the next instructions of the expansion; returns how many (fewer than
    /// `out.len()` only when the expansion ends).
    #[inline]
    pub(super) fn fill(&mut self, out: &mut [FrontendInsn]) -> usize {
        let mut n = 0;
        while n < out.len() {
            if self.pos == self.len {
                if self.outers_left == 0 {
                    break;
                }
                self.outers_left -= 1;
                self.pos = 0;
            }
            let run = (self.len - self.pos).min(out.len() - n);
            copy_run::<_, 16>(&mut out[n..], &self.body[self.pos..], run);
            if self.outers_left == 0 && (self.pos..self.pos + run).contains(&self.last_inner) {
                out[n + self.last_inner - self.pos] = self.loop0_last;
            }
            self.pos += run;
            n += run;
        }
        n
    }
}
