//! Lowering the FP forms (their semantics are [`crate::exec::fp`]'s).

use crate::exec::op::{Cvt, Fpu, Op, Round};
use crate::isa::{Decoded, Form};

/// Lower the FP forms; `None` for anything else.
pub(super) fn lower(d: &Decoded, _m: &str) -> Option<Op> {
    let g = |n: &str| d.get(n).unwrap_or(0);
    let r = |n: &str| g(n) as u8;
    let fp = |f| {
        Some(Op::Fp {
            f,
            ty: r("SrcType"),
            rd: r("RegDst"),
            a: r("SrcL"),
            b: r("SrcR"),
            c: r("SrcA"),
        })
    };
    let cvt = |f| {
        Some(Op::Fcvt {
            f,
            src: r("SrcType"),
            dst: r("DstType"),
            rd: r("RegDst"),
            a: r("SrcL"),
        })
    };
    match d.form {
        Form::Fadd => fp(Fpu::Add),
        Form::Fsub => fp(Fpu::Sub),
        Form::Fmul => fp(Fpu::Mul),
        Form::Fdiv => fp(Fpu::Div),
        Form::Fsqrt => fp(Fpu::Sqrt),
        Form::Fabs => fp(Fpu::Abs),
        Form::Frecip => fp(Fpu::Recip),
        Form::Fexp => fp(Fpu::Exp),
        Form::Fmadd => fp(Fpu::Madd),
        Form::Fmsub => fp(Fpu::Msub),
        Form::Fnmadd => fp(Fpu::Nmadd),
        Form::Fnmsub => fp(Fpu::Nmsub),
        Form::Feq => fp(Fpu::Eq),
        Form::Fne => fp(Fpu::Ne),
        Form::Flt => fp(Fpu::Lt),
        Form::Fge => fp(Fpu::Ge),
        Form::Feqs => fp(Fpu::EqS),
        Form::Fnes => fp(Fpu::NeS),
        Form::Flts => fp(Fpu::LtS),
        Form::Fges => fp(Fpu::GeS),
        Form::Fmax => fp(Fpu::Max),
        Form::Fmin => fp(Fpu::Min),
        Form::Fcvt => cvt(Cvt::F2F),
        Form::Fcvta => cvt(Cvt::F2I(Round::NearestAway)),
        Form::Fcvtm => cvt(Cvt::F2I(Round::Down)),
        Form::Fcvtn => cvt(Cvt::F2I(Round::NearestEven)),
        Form::Fcvtp => cvt(Cvt::F2I(Round::Up)),
        Form::Fcvtz => cvt(Cvt::F2I(Round::Zero)),
        Form::Scvtf => cvt(Cvt::I2F { signed: true }),
        Form::Ucvtf => cvt(Cvt::I2F { signed: false }),
        _ => None,
    }
}
