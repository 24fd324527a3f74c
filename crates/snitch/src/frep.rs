//! The FP repetition sequencer (`notes/snitch.md` §3): FREP.O repeats a body of offloaded FP
//! instructions, FREP.I repeats each instruction (old Snitch only), register staggering, and
//! nested FREP (snitch_cluster's sequencer).
//!
//! Functional model (§3.5): after an FREP the sequencer captures the next `max_inst + 1`
//! offloaded FP instructions with their integer operands (load/store base, moved integer) as
//! they were at offload; integer instructions in between run once on the integer core. When
//! the outermost body is complete the whole loop nest runs. A nested FREP opens a loop inside
//! the body; its instructions count toward every enclosing body too (test `frep3d_1`, §3.4).

use macrosim_riscv::hart::FpInsn;

/// One loop's parameters (from the FREP word and rs1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoopSpec {
    /// Repetitions (rs1's low 16 bits + 1).
    pub reps: u32,
    /// Body length in FP instructions (max_inst + 1).
    pub insns: u32,
    pub stagger_max: u32,
    pub stagger_mask: u32,
    /// FREP.O (outer) or FREP.I (inner).
    pub outer: bool,
}

/// A captured instruction: the instruction and its integer operand at offload.
#[derive(Clone, Copy, Debug)]
pub struct Captured {
    pub insn: FpInsn,
    pub x_value: Option<u32>,
}

/// A body element.
#[derive(Clone, Debug)]
pub enum Node {
    Insn(Captured),
    Loop(LoopSpec, Vec<Node>),
}

#[derive(Clone, Debug)]
struct Frame {
    spec: LoopSpec,
    nodes: Vec<Node>,
    /// FP instructions still to capture for this body.
    left: u32,
}

/// Why an FREP cannot be sequenced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrepFault {
    /// FREP.I on a sequencer without it (snitch_cluster).
    NoInner,
    /// More nested loops than the sequencer has.
    TooDeep { depth: u32 },
    /// A body longer than the buffer.
    TooLong { insns: u32, depth: u32 },
    /// A nested body longer than what is left of the enclosing one.
    NestOverrun { insns: u32, left: u32 },
    /// FREP.I nested in a body, or a body holding FREP.I.
    InnerNested,
    /// The stream-control form (bit 31, sparse intersection), not modelled.
    StreamControl,
}

impl std::fmt::Display for FrepFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FrepFault::NoInner => f.write_str("FREP.I does not exist on this core (only FREP.O)"),
            FrepFault::TooDeep { depth } => {
                write!(
                    f,
                    "FREP nesting depth {depth} exceeds the sequencer's loops"
                )
            }
            FrepFault::TooLong { insns, depth } => write!(
                f,
                "FREP body of {insns} instructions exceeds the sequencer buffer ({depth})"
            ),
            FrepFault::NestOverrun { insns, left } => write!(
                f,
                "nested FREP body of {insns} instructions is longer than the {left} left in the enclosing body"
            ),
            FrepFault::InnerNested => f.write_str("FREP.I cannot be nested"),
            FrepFault::StreamControl => f.write_str(
                "FREP with stream control (bit 31, sparse intersection) is not modelled",
            ),
        }
    }
}

/// The sequencer's configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SequencerConfig {
    /// Instruction buffer entries.
    pub depth: u32,
    /// Loop nest depth (1 = no nesting).
    pub nest: u32,
    /// Whether FREP.I exists (old Snitch).
    pub inner: bool,
}

/// The sequencer: idle, or capturing a body.
#[derive(Clone, Debug)]
pub struct FrepSequencer {
    pub config: SequencerConfig,
    stack: Vec<Frame>,
    /// Instructions issued by the sequencer beyond the first pass (FREP repetitions).
    pub repeated: u64,
}

/// What capturing one instruction led to.
pub enum Captures {
    /// Still capturing.
    More,
    /// FREP.I: issue this instruction `reps` times with stagger.
    Inner(Captured, LoopSpec),
    /// The outermost body is complete: run the nest.
    Complete(LoopSpec, Vec<Node>),
}

impl FrepSequencer {
    pub fn new(config: SequencerConfig) -> FrepSequencer {
        FrepSequencer {
            config,
            stack: Vec::new(),
            repeated: 0,
        }
    }

    /// Is a body being captured?
    pub fn capturing(&self) -> bool {
        !self.stack.is_empty()
    }

    /// Start a loop (an FREP instruction).
    pub fn start(&mut self, spec: LoopSpec) -> Result<(), FrepFault> {
        if !spec.outer && !self.config.inner {
            return Err(FrepFault::NoInner);
        }
        let depth = self.stack.len() as u32 + 1;
        if depth > self.config.nest {
            return Err(FrepFault::TooDeep { depth });
        }
        if !spec.outer && depth > 1 || self.stack.iter().any(|f| !f.spec.outer) {
            return Err(FrepFault::InnerNested);
        }
        if spec.insns > self.config.depth {
            return Err(FrepFault::TooLong {
                insns: spec.insns,
                depth: self.config.depth,
            });
        }
        if let Some(parent) = self.stack.last()
            && spec.insns > parent.left
        {
            return Err(FrepFault::NestOverrun {
                insns: spec.insns,
                left: parent.left,
            });
        }
        self.stack.push(Frame {
            spec,
            nodes: Vec::new(),
            left: spec.insns,
        });
        Ok(())
    }

    /// Capture an offloaded FP instruction.
    pub fn capture(&mut self, c: Captured) -> Captures {
        for f in &mut self.stack {
            f.left -= 1;
        }
        let top = self.stack.last_mut().expect("capture only while capturing");
        if !top.spec.outer {
            let spec = top.spec;
            if top.left == 0 {
                self.stack.pop();
            }
            return Captures::Inner(c, spec);
        }
        top.nodes.push(Node::Insn(c));
        // Close every body that is now complete.
        while self.stack.last().is_some_and(|f| f.left == 0) {
            let done = self.stack.pop().expect("checked");
            match self.stack.last_mut() {
                Some(parent) => parent.nodes.push(Node::Loop(done.spec, done.nodes)),
                None => return Captures::Complete(done.spec, done.nodes),
            }
        }
        Captures::More
    }

    /// Abandon a capture (after an error).
    pub fn reset(&mut self) {
        self.stack.clear();
    }
}

/// Why the code after an FREP cannot form its body (found by reading ahead, §3.4): the
/// instruction at `pc` is a branch, a jump, a system/CSR instruction, or an FP instruction with
/// an integer result (they bypass the sequencer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsequenceable {
    pub pc: u32,
    pub word: u32,
    pub what: &'static str,
}

/// Classify `word` for a body: `Ok(true)` an offloaded FP instruction, `Ok(false)` an integer
/// instruction that runs once, `Err` something that cannot be in a body.
pub fn body_class(word: u32) -> Result<bool, &'static str> {
    match word & 0x7f {
        0x07 | 0x27 | 0x43 | 0x47 | 0x4b | 0x4f => Ok(true),
        0x53 => match word >> 25 {
            0x50 | 0x51 => Err("an FP compare"),
            0x60 | 0x61 => Err("an FP-to-integer conversion"),
            0x70 | 0x71 => Err("fmv.x/fclass (an integer result)"),
            _ => Ok(true),
        },
        0x63 => Err("a branch"),
        0x6f | 0x67 => Err("a jump"),
        0x73 => Err("a system or CSR instruction"),
        _ => Ok(false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn body_classes() {
        assert_eq!(body_class(0x0220_f1d3), Ok(true)); // fadd.d ft3,ft1,ft2
        assert_eq!(body_class(0x0005_3007), Ok(true)); // fld ft0,0(a0)
        assert_eq!(body_class(0x00a5_0513), Ok(false)); // addi a0,a0,10
        assert!(body_class(0xa200_2553).is_err()); // feq.d a0,ft0,ft2
        assert!(body_class(0xe200_0553).is_err()); // fmv.x.d-class (funct7 0x71)
        assert!(body_class(0x7c00_2073).is_err()); // csrr
        assert!(body_class(0x00b5_0463).is_err()); // beq
    }
}
