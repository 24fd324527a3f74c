//! Which registers a micro-op reads and writes: the GPR masks of the block timing model
//! ([`crate::engine::rob`]) and the FENTRY/FEXIT register ranges.

use crate::exec::op::{Desc, Ea, Op, R, Template, Wb, Wide};

/// Bit `r` for GPR codes 1..=23 (hand codes and `zero` are block-local or constant).
#[inline]
fn gpr(code: R) -> u32 {
    if (1..=23).contains(&code) {
        1 << code
    } else {
        0
    }
}

impl Op {
    /// (GPRs read, GPRs written) by this micro-op, for the block timing model. Template
    /// blocks and memory templates report their register operands; the FENTRY/FEXIT ranges
    /// are expanded.
    pub fn gpr_use(&self) -> (u32, u32) {
        let ea = |e: &Ea| gpr(e.base) | gpr(e.index);
        match *self {
            Op::Rr { rd, a, b, .. } => (gpr(a) | gpr(b), gpr(rd)),
            Op::Ri { rd, a, .. } | Op::CmpI { rd, a, .. } => (gpr(a), gpr(rd)),
            Op::Li { rd, .. } => (0, gpr(rd)),
            Op::Cmp { rd, a, b, .. } => (gpr(a) | gpr(b), gpr(rd)),
            Op::Setc { a, b, .. } => (gpr(a) | gpr(b), 0),
            Op::SetcI { a, .. } | Op::SetcTgt { a } | Op::Assert { a } => (gpr(a), 0),
            Op::Setret { .. } => (0, gpr(crate::state::regs::REG_RA)),
            Op::Bits { rd, a, .. } => (gpr(a), gpr(rd)),
            Op::Bfi { rd, a, b, .. } => (gpr(a) | gpr(b), gpr(rd)),
            Op::Csel { rd, p, a, b, .. } => (gpr(p) | gpr(a) | gpr(b), gpr(rd)),
            Op::Madd { rd, a, b, c, .. } => (gpr(a) | gpr(b) | gpr(c), gpr(rd)),
            Op::Miadd { rd, a, b, .. } => (gpr(a) | gpr(b), gpr(rd)),
            Op::Wide {
                f,
                rd0,
                rd1,
                a,
                b,
                d,
            } => {
                let d = if matches!(f, Wide::Ccat | Wide::CcatW) {
                    0
                } else {
                    gpr(d)
                };
                (gpr(a) | gpr(b) | d, gpr(rd0) | gpr(rd1))
            }
            Op::Load { rd, ea: e, wb, .. } => {
                let extra = match wb {
                    Wb::Pre(r) | Wb::Post(r) | Wb::Pair(r) => gpr(r),
                    Wb::None => 0,
                };
                (ea(&e), gpr(rd) | extra)
            }
            Op::Store { src, ea: e, wb, .. } => match wb {
                Wb::Pair(s) => (ea(&e) | gpr(src) | gpr(s), 0),
                Wb::Pre(r) | Wb::Post(r) => (ea(&e) | gpr(src), gpr(r)),
                Wb::None => (ea(&e) | gpr(src), 0),
            },
            Op::Lea { rd, ea: e } => (ea(&e), gpr(rd)),
            Op::Lr { rd, addr, .. } => (gpr(addr), gpr(rd)),
            Op::Sc { rd, src, addr, .. } | Op::Amo { rd, addr, src, .. } => {
                (gpr(addr) | gpr(src), gpr(rd))
            }
            Op::Cas {
                rd,
                addr,
                expect,
                new,
                ..
            } => (gpr(addr) | gpr(expect) | gpr(new), gpr(rd)),
            Op::Fp { rd, a, b, c, .. } => (gpr(a) | gpr(b) | gpr(c), gpr(rd)),
            Op::Fcvt { rd, a, .. } => (gpr(a), gpr(rd)),
            Op::SsrGet { rd, .. } => (0, gpr(rd)),
            Op::SsrSet { a, .. } => (gpr(a), 0),
            Op::SsrSwap { rd, a, .. } => (gpr(a), gpr(rd)),
            // A system call reads a0..a5 and a7 and writes a0.
            Op::Acrc { .. } => (0b10_1111_1100, 0b100),
            Op::Template { t, a, b, c, .. } => match t {
                Template::Fentry => (range(a, b) | gpr(1), gpr(1)),
                Template::Fexit | Template::FretRa | Template::FretStk => (
                    gpr(1) | gpr(crate::state::regs::REG_RA),
                    range(a, b) | gpr(1),
                ),
                _ => (gpr(a) | gpr(b) | gpr(c), 0),
            },
            Op::Desc(Desc::Ior { srcs, dst }) => {
                (gpr(srcs[0]) | gpr(srcs[1]) | gpr(srcs[2]), gpr(dst))
            }
            Op::Desc(Desc::Dim { reg, .. }) => (gpr(reg), 0),
            Op::Branch { a, b, .. } => (gpr(a) | gpr(b), 0),
            Op::JumpReg { a, .. } => (gpr(a), 0),
            _ => (0, 0),
        }
    }
}

/// The FENTRY/FEXIT register sequence `begin ..= end`, wrapping from 23 back to 2 (skipping
/// `zero` and `sp`; notes §3.2), as a GPR mask.
fn range(begin: R, end: R) -> u32 {
    template_regs(begin, end).iter().fold(0, |m, &r| m | gpr(r))
}

/// The registers a FENTRY/FEXIT range names, in save order.
pub fn template_regs(begin: R, end: R) -> Vec<R> {
    let mut regs = Vec::new();
    let mut r = begin;
    for _ in 0..crate::state::regs::NUM_GPRS {
        regs.push(r);
        if r == end {
            break;
        }
        r = if r >= 23 { 2 } else { r + 1 };
    }
    regs
}

impl Op {
    /// The register code the micro-op writes its main result to (GPR or hand push), if any.
    pub fn dst(&self) -> Option<R> {
        let rd = match *self {
            Op::Rr { rd, .. }
            | Op::Ri { rd, .. }
            | Op::Li { rd, .. }
            | Op::Cmp { rd, .. }
            | Op::CmpI { rd, .. }
            | Op::Bits { rd, .. }
            | Op::Bfi { rd, .. }
            | Op::Csel { rd, .. }
            | Op::Madd { rd, .. }
            | Op::Miadd { rd, .. }
            | Op::Load { rd, .. }
            | Op::Lea { rd, .. }
            | Op::Lr { rd, .. }
            | Op::Sc { rd, .. }
            | Op::Amo { rd, .. }
            | Op::Cas { rd, .. }
            | Op::Fp { rd, .. }
            | Op::Fcvt { rd, .. }
            | Op::SsrGet { rd, .. }
            | Op::SsrSwap { rd, .. } => rd,
            Op::Wide { rd0, .. } => rd0,
            Op::Setret { .. } => crate::state::regs::REG_RA,
            _ => return None,
        };
        (rd != 0).then_some(rd)
    }
}
