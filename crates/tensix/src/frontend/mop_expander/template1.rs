//! Template 1 of the MOP expander: the double loop (MOPExpander.md, `ExpandTemplate1`).
//!
//! OuterCount = MopCfg[0] & 127 iterations of: StartOp (unless it is NOP); InnerCount =
//! MopCfg[1] & 127 inner iterations; EndOp0 (unless NOP), then EndOp1 (unless NOP, and only
//! when EndOp0 was emitted). Only plain `NOP` (opcode 0x02) counts as NOP here: `DMANOP` and
//! `SFPNOP` are emitted like any other instruction.
//!
//! Inner iteration `i` of outer iteration `j` emits the current LoopOp, except the last inner
//! iteration, which emits Loop1Last, or Loop0Last when `j` is also the last outer iteration.
//! When LoopOp1 is not NOP the inner loop runs twice as many iterations and LoopOp alternates:
//! the documents XOR LoopOp with (LoopOp ^ LoopOp1) after every inner iteration, including the
//! last one, which is the same as switching between LoopOp and LoopOp1; we keep both
//! instructions and a switch (`odd`) that persists across outer iterations like the XORed
//! variable does.
//!
//! HARDWARE BUG (MOPExpander.md, Template 1; notes/tensix.md §2.1, TV7): when OuterCount == 1,
//! StartOp is NOP, InnerCount == 0 (after the doubling) and EndOp0 is not NOP, the hardware runs
//! 128 + 1 = 129 outer iterations, so EndOp0 (and EndOp1) come out 129 times. Reproduced here.
//!
//! The largest expansion is 127 × (1 + 254 + 2) = 32639 instructions.

use super::mop_cfg::MopCfg;
use crate::frontend::FrontendInsn;

#[derive(Clone, Debug)]
pub(super) struct Template1 {
    outer_count: u8,
    outer: u8,
    inner_count: u8,
    inner: u8,
    phase: Phase,
    start_op: Option<FrontendInsn>,
    end_op0: Option<FrontendInsn>,
    end_op1: Option<FrontendInsn>,
    loop_ops: [FrontendInsn; 2],
    /// Whether the loop op alternates (LoopOp1 is not NOP).
    alternate: bool,
    /// Which of `loop_ops` is current.
    odd: bool,
    loop0_last: FrontendInsn,
    loop1_last: FrontendInsn,
}

/// Where the expansion is within one outer iteration.
#[derive(Clone, Copy, Debug)]
enum Phase {
    Start,
    Inner,
    End0,
    End1,
}

impl Template1 {
    /// Start an expansion with the current configuration.
    pub(super) fn start(cfg: &MopCfg) -> Self {
        let mut outer_count = (cfg.value(0) & 127) as u8;
        let mut inner_count = (cfg.value(1) & 127) as u8;
        let non_nop = |i: usize| Some(cfg.insn(i)).filter(|insn| !insn.is_nop());
        let (start_op, end_op0) = (non_nop(2), non_nop(3));
        let alternate = !cfg.insn(6).is_nop();
        if alternate {
            inner_count *= 2;
        }
        // HARDWARE BUG (MOPExpander.md, Template 1): 129 outer iterations instead of 1.
        if outer_count == 1 && start_op.is_none() && inner_count == 0 && end_op0.is_some() {
            outer_count += 128;
        }
        Template1 {
            outer_count,
            outer: 0,
            inner_count,
            inner: 0,
            phase: Phase::Start,
            start_op,
            end_op0,
            end_op1: end_op0.and_then(|_| non_nop(4)),
            loop_ops: [cfg.insn(5), cfg.insn(6)],
            alternate,
            odd: false,
            loop0_last: cfg.insn(7),
            loop1_last: cfg.insn(8),
        }
    }

    /// The next instruction of the expansion, `None` once it is over.
    pub(super) fn next(&mut self) -> Option<FrontendInsn> {
        loop {
            match self.phase {
                Phase::Start => {
                    if self.outer == self.outer_count {
                        return None;
                    }
                    self.phase = Phase::Inner;
                    self.inner = 0;
                    if self.start_op.is_some() {
                        return self.start_op;
                    }
                }
                Phase::Inner => {
                    if self.inner < self.inner_count {
                        self.inner += 1;
                        let insn = if self.inner != self.inner_count {
                            self.loop_ops[usize::from(self.odd)]
                        } else if self.outer + 1 != self.outer_count {
                            self.loop1_last
                        } else {
                            self.loop0_last
                        };
                        self.odd ^= self.alternate;
                        return Some(insn);
                    }
                    self.phase = Phase::End0;
                }
                Phase::End0 => {
                    self.phase = Phase::End1;
                    if self.end_op0.is_some() {
                        return self.end_op0;
                    }
                }
                Phase::End1 => {
                    self.phase = Phase::Start;
                    self.outer += 1;
                    if self.end_op1.is_some() {
                        return self.end_op1;
                    }
                }
            }
        }
    }
}
