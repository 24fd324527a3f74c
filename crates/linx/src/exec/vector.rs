//! Vector (`V.*`) instructions of SIMT bodies (MPAR/MSEQ/VPAR/VSEQ).
//!
//! Operands are RegId10 codes (manual `05b_regid10_operand_encoding.adoc`; the index
//! assignment is `isa::regs::Reg10`'s): class 0 the vector hands `vt/vu/vm/vn` (a destination
//! index 0..3 pushes onto that hand), class 1 the imported scalars `ri0..ri11` and the scalar
//! hands, class 2 `lb0..2`, `lc0..2`, the tile bases `ta..td/to/ts`, `p` and `zero`. A source's
//! width and signedness (bits 9:7) give its type: it is sign- or zero-extended from that
//! width before use.
//!
//! This model replays the body one lane at a time ([`crate::engine::decoupled`]), so a vector
//! instruction computes one lane's element. The seed's Check 3 gives the vector hands depth 4;
//! RegId10 can name `#1..#8`, and reading `#5..#8` returns what was pushed that many pushes ago
//! (the hands are kept 8 deep), a value code generation must not rely on.

use crate::exec::alu;
use crate::exec::op::{Cc, Fpu, VOp};
use crate::exec::scalar::compare;
use crate::isa::Form;
use crate::isa::regs::Reg10;
use crate::state::error::Fault;

/// One lane's private state.
#[derive(Clone, Debug, Default)]
pub struct Lane {
    /// Vector hands `vt, vu, vm, vn`, newest first.
    pub v: [[u64; 8]; 4],
    /// Lane counters lc0..lc2.
    pub lc: [u64; 3],
    /// The EXEC mask (this lane's bit is `lc0 % 64`).
    pub p: u64,
}

impl Lane {
    fn bit(&self) -> u64 {
        1 << (self.lc[0] % 64)
    }

    /// Is this lane active under `p`?
    pub fn active(&self) -> bool {
        self.p & self.bit() != 0
    }
}

/// What a kernel body sees besides its lane: the header's imports and bounds.
#[derive(Clone, Debug, Default)]
pub struct KernelEnv {
    /// `ri0..ri11`, bound from the B.IOR sources in header order.
    pub ri: [u64; 12],
    pub lb: [u64; 3],
}

/// A value operand of a vector instruction.
pub fn read(code: u16, lane: &Lane, env: &KernelEnv, scalar: &dyn Fn(u8) -> u64) -> u64 {
    let r = Reg10::from_code(code);
    let raw = match r.class {
        0 | 3 => lane.v[usize::from(r.index / 8)][usize::from(r.index % 8)],
        1 => match r.index {
            0..=11 => env.ri[usize::from(r.index)],
            i => scalar(i),
        },
        _ => match r.index {
            0..=2 => env.lb[usize::from(r.index)],
            3..=5 => lane.lc[usize::from(r.index - 3)],
            30 => lane.p,
            _ => 0,
        },
    };
    typed(raw, r)
}

/// Extend a raw value from the operand's width and signedness.
fn typed(raw: u64, r: Reg10) -> u64 {
    let bits = u32::from(r.width) * 8;
    if r.signed {
        alu::sext(raw, bits)
    } else {
        raw & alu::mask(bits)
    }
}

/// Where a vector result goes.
pub enum Dest {
    /// Push onto vector hand 0..3.
    Vector(u8),
    /// A scalar register code (t/u push, GPR) for reductions.
    Scalar(u8),
    /// The EXEC mask.
    Mask,
    None,
}

pub fn dest(code: u16) -> Dest {
    let r = Reg10::from_code(code);
    match (r.class, r.index) {
        (0, i @ 0..=3) => Dest::Vector(i),
        (1, i) if i >= 24 => Dest::Scalar(i),
        (2, 30) => Dest::Mask,
        (2, 31) => Dest::None,
        _ => Dest::None,
    }
}

impl Lane {
    /// Push `v` onto vector hand `h`.
    pub fn push(&mut self, h: u8, v: u64) {
        let hand = &mut self.v[usize::from(h % 4)];
        hand.copy_within(0..7, 1);
        hand[0] = v;
    }
}

/// The result of a lane-wise integer operation, or `None` if `op` is not one.
pub fn alu(
    op: &VOp,
    lane: &Lane,
    env: &KernelEnv,
    scalar: &dyn Fn(u8) -> u64,
) -> Result<Option<u64>, Fault> {
    let a = read(op.a, lane, env, scalar);
    let b_reg = read(op.b, lane, env, scalar);
    let signed = Reg10::from_code(op.a).signed;
    let imm = op.imm as i64 as u64;
    let rb = |logic: bool| {
        let v = if !op.invert {
            b_reg
        } else if logic {
            !b_reg
        } else {
            b_reg.wrapping_neg()
        };
        v.wrapping_shl(u32::from(op.shamt))
    };
    let cmp = |cc: Cc, b: u64| {
        let cc = match (cc, signed) {
            (Cc::Lt, false) => Cc::Ltu,
            (Cc::Ge, false) => Cc::Geu,
            (c, _) => c,
        };
        u64::from(compare(cc, a, b))
    };
    Ok(Some(match op.form {
        Form::VAdd => a.wrapping_add(rb(false)),
        Form::VSub => a.wrapping_sub(rb(false)),
        Form::VAnd => a & rb(true),
        Form::VOr => a | rb(true),
        Form::VXor => a ^ rb(true),
        Form::VAddi => a.wrapping_add(imm),
        Form::VSubi => a.wrapping_sub(imm),
        Form::VAndi => a & imm,
        Form::VOri => a | imm,
        Form::VXori => a ^ imm,
        Form::VSll => a.wrapping_shl(b_reg as u32 & 63),
        Form::VSrl => a.wrapping_shr(b_reg as u32 & 63),
        Form::VSra => ((a as i64).wrapping_shr(b_reg as u32 & 63)) as u64,
        Form::VSlli => a.wrapping_shl(u32::from(op.shamt)),
        Form::VSrli => a.wrapping_shr(u32::from(op.shamt)),
        Form::VSrai => ((a as i64).wrapping_shr(u32::from(op.shamt))) as u64,
        Form::VMul => a.wrapping_mul(b_reg),
        Form::VMadd => a
            .wrapping_mul(b_reg)
            .wrapping_add(read(op.d, lane, env, scalar)),
        Form::VDiv if signed => alu::div_s(a as i64, b_reg as i64) as u64,
        Form::VDiv => alu::div_u(a, b_reg),
        Form::VRem if signed => alu::rem_s(a as i64, b_reg as i64) as u64,
        Form::VRem => alu::rem_u(a, b_reg),
        Form::VMax if signed => (a as i64).max(b_reg as i64) as u64,
        Form::VMax => a.max(b_reg),
        Form::VMin if signed => (a as i64).min(b_reg as i64) as u64,
        Form::VMin => a.min(b_reg),
        Form::VCmpEq => cmp(Cc::Eq, b_reg),
        Form::VCmpNe => cmp(Cc::Ne, b_reg),
        Form::VCmpLt => cmp(Cc::Lt, b_reg),
        Form::VCmpLtu => cmp(Cc::Ltu, b_reg),
        Form::VCmpGe => cmp(Cc::Ge, b_reg),
        Form::VCmpGeu => cmp(Cc::Geu, b_reg),
        Form::VCmpAnd => cmp(Cc::And, b_reg),
        Form::VCmpOr => cmp(Cc::Or, b_reg),
        Form::VCmpEqi => cmp(Cc::Eq, imm),
        Form::VCmpNei => cmp(Cc::Ne, imm),
        Form::VCmpLti => cmp(Cc::Lt, imm),
        Form::VCmpLtui => cmp(Cc::Ltu, imm),
        Form::VCmpGei => cmp(Cc::Ge, imm),
        Form::VCmpGeui => cmp(Cc::Geu, imm),
        Form::VCmpAndi => cmp(Cc::And, imm),
        Form::VCmpOri => cmp(Cc::Or, imm),
        _ => return Ok(None),
    }))
}

/// Reductions `V.RD*`: the lane value folded into the destination.
/// The FP function of a `V.F*` element-wise form or a `V.RDF*` reduction (manual 05b: the
/// element type is the source's RegId10 width, `fd/fs/fh`).
pub fn fp_fn(form: Form) -> Option<Fpu> {
    Some(match form {
        Form::VFadd | Form::VRdfadd => Fpu::Add,
        Form::VFsub => Fpu::Sub,
        Form::VFmul => Fpu::Mul,
        Form::VFdiv => Fpu::Div,
        Form::VFsqrt => Fpu::Sqrt,
        Form::VFabs => Fpu::Abs,
        Form::VFrecip => Fpu::Recip,
        Form::VFexp => Fpu::Exp,
        Form::VFmadd => Fpu::Madd,
        Form::VFmsub => Fpu::Msub,
        Form::VFnmadd => Fpu::Nmadd,
        Form::VFnmsub => Fpu::Nmsub,
        Form::VFeq => Fpu::Eq,
        Form::VFne => Fpu::Ne,
        Form::VFlt => Fpu::Lt,
        Form::VFge => Fpu::Ge,
        Form::VFeqs => Fpu::EqS,
        Form::VFnes => Fpu::NeS,
        Form::VFlts => Fpu::LtS,
        Form::VFges => Fpu::GeS,
        Form::VFmax | Form::VRdfmax => Fpu::Max,
        Form::VFmin | Form::VRdfmin => Fpu::Min,
        _ => return None,
    })
}

/// The `V.RDF*` reductions (folded into a scalar destination like `V.RD*`).
pub fn is_fp_reduction(form: Form) -> bool {
    matches!(form, Form::VRdfadd | Form::VRdfmax | Form::VRdfmin)
}

pub fn reduce(form: Form, acc: u64, v: u64) -> Option<u64> {
    Some(match form {
        Form::VRdadd => acc.wrapping_add(v),
        Form::VRdand => acc & v,
        Form::VRdor => acc | v,
        Form::VRdxor => acc ^ v,
        Form::VRdmax => (acc as i64).max(v as i64) as u64,
        Form::VRdmin => (acc as i64).min(v as i64) as u64,
        _ => return None,
    })
}
