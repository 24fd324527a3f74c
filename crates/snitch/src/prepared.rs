//! An FP instruction prepared for the FP subsystem once, so that the sequencer can issue it
//! again and again without working anything out per repetition: its stagger offset applied
//! (`notes/snitch.md` §3.3), its SSR operands redirected to the scratch registers the popped
//! elements go to and its SSR result to the one a push takes it from (§2.1), its captured
//! integer operand put in place (§3.5).

use crate::frep::{LoopSpec, Node};
use macrosim_riscv::hart::{F_SCRATCH, FpClass, FpGroup, FpInsn, Operand, X_SCRATCH};

/// No SSR (in [`Prepared::push`]).
pub const NO_SSR: u8 = u8::MAX;

/// One FP instruction ready to issue.
#[derive(Clone, Copy, Debug)]
pub struct Prepared {
    /// The instruction with its operands redirected.
    pub insn: FpInsn,
    /// The integer operand to put in the integer scratch register (a captured one).
    pub x_value: Option<u32>,
    /// The SSRs it pops, in operand order (each once, §2.1), `pops[..npops]`.
    pub pops: [u8; 3],
    pub npops: u8,
    /// The SSR its result is pushed to, or [`NO_SSR`].
    pub push: u8,
    /// What the cycle model needs, worked out once.
    pub timed: Timed,
}

/// A source slot of [`Timed::srcs`] that names no register: the cycle model's register
/// ready times have an entry for it that is never written (always ready).
pub const NO_REG: u8 = 32;

/// An FP instruction as the cycle model sees it: fixed-size, so that the model's hazard check
/// is three reads and no loop.
#[derive(Clone, Copy, Debug)]
pub struct Timed {
    pub group: FpGroup,
    /// The FP registers (0..31) it waits for, the unused slots [`NO_REG`] (SSR operands are
    /// not among them: they wait for their stream).
    pub srcs: [u8; 3],
    /// The FP register (0..31) its result goes to, or [`NO_SSR`] (none, or an SSR).
    pub dst: u8,
    /// The integer core waits for its result (compares, `fmv.x.w`, conversions to integer).
    pub to_int: bool,
    /// An FP operation (not a load or store: what FPU utilization counts).
    pub is_op: bool,
}

impl Timed {
    fn of(insn: &FpInsn) -> Timed {
        let group = insn.group();
        let mut t = Timed {
            group,
            srcs: [NO_REG; 3],
            dst: NO_SSR,
            to_int: insn.class() == FpClass::ToInt,
            is_op: !matches!(group, FpGroup::Load | FpGroup::Store),
        };
        let mut n = 0;
        for &o in insn.f_sources() {
            let r = insn.reg(o);
            if r < 32 {
                t.srcs[n] = r;
                n += 1;
            }
        }
        if insn.writes_f() && insn.reg(Operand::Rd) < 32 {
            t.dst = insn.reg(Operand::Rd);
        }
        t
    }
}

impl Prepared {
    /// Prepare `insn` (already staggered); `ssr_of` maps an FP register to its SSR
    /// ([`NO_SSR`] = none), `None` while SSRs are disabled.
    pub fn new(mut insn: FpInsn, x_value: Option<u32>, ssr_of: Option<&[u8; 32]>) -> Prepared {
        if let (Some(_), Some(o)) = (x_value, insn.x_source()) {
            insn.set_reg(o, X_SCRATCH);
        }
        let mut p = Prepared {
            insn,
            x_value,
            pops: [NO_SSR; 3],
            npops: 0,
            push: NO_SSR,
            timed: Timed::of(&insn),
        };
        let Some(ssr_of) = ssr_of else {
            return p;
        };
        let mut popped = 0u32;
        for &o in insn.f_sources() {
            let k = ssr_of[usize::from(insn.reg(o) & 31)];
            if k == NO_SSR {
                continue;
            }
            if popped & 1 << k == 0 {
                popped |= 1 << k;
                p.pops[usize::from(p.npops)] = k;
                p.npops += 1;
            }
            p.insn.set_reg(o, F_SCRATCH + k);
        }
        if insn.writes_f() {
            let k = ssr_of[usize::from(insn.reg(Operand::Rd) & 31)];
            if k != NO_SSR {
                p.insn.set_reg(Operand::Rd, F_SCRATCH + 8 + k);
                p.push = k;
            }
        }
        p.timed = Timed::of(&p.insn);
        p
    }

    /// The SSRs popped.
    pub fn pops(&self) -> &[u8] {
        &self.pops[..usize::from(self.npops)]
    }
}

/// `insn` with stagger offset `s` added (mod 32) to the FP register fields `mask` selects
/// (bit 0 rd, 1 rs1, 2 rs2, 3 rs3; §3.3). Integer operands are captured, so staggering them
/// changes nothing.
pub fn staggered(mut insn: FpInsn, mask: u32, s: u8) -> FpInsn {
    if s == 0 || mask == 0 {
        return insn;
    }
    let ops = [Operand::Rd, Operand::Rs1, Operand::Rs2, Operand::Rs3];
    for (bit, o) in ops.into_iter().enumerate() {
        let is_f = if o == Operand::Rd {
            insn.writes_f()
        } else {
            insn.f_sources().contains(&o)
        };
        if mask >> bit & 1 == 1 && is_f {
            insn.set_reg(o, (insn.reg(o) + s) & 31);
        }
    }
    insn
}

/// A captured loop nest, prepared: each instruction once per stagger offset of its loop.
#[derive(Clone, Debug)]
pub enum Step {
    /// `variants[s]` is the instruction at stagger offset `s`.
    Insn(Vec<Prepared>),
    Loop(LoopSpec, Vec<Step>),
}

/// Prepare the body `nodes` of a loop `spec`.
pub fn prepare_body(spec: &LoopSpec, nodes: &[Node], ssr_of: Option<&[u8; 32]>) -> Vec<Step> {
    nodes
        .iter()
        .map(|n| match n {
            Node::Insn(c) => Step::Insn(
                (0..=spec.stagger_max)
                    .map(|s| {
                        let insn = staggered(c.insn, spec.stagger_mask, s as u8);
                        Prepared::new(insn, c.x_value, ssr_of)
                    })
                    .collect(),
            ),
            Node::Loop(sub, inner) => Step::Loop(*sub, prepare_body(sub, inner, ssr_of)),
        })
        .collect()
}
