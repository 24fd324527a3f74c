//! Lowering block start markers, BSTOP, templates and header descriptors.

use crate::exec::lower::fields::F;
use crate::exec::op::*;
use crate::isa::Form;
use crate::state::block::{BlockType, BranchType};
use crate::state::header::{DstKind, Iot};

fn block_type(f: &F, m: &str) -> BlockType {
    let dtype = f.v("DataType") as u8;
    let function = f.v("Function") as u8;
    let base = m.trim_start_matches("C.").trim_start_matches("HL.");
    match base.split_once('.').map_or("", |(_, t)| t) {
        "FP" => BlockType::Fp,
        "SYS" => BlockType::Sys,
        "MPAR" => BlockType::Mpar,
        "MSEQ" => BlockType::Mseq,
        "VPAR" => BlockType::Vpar,
        "VSEQ" => BlockType::Vseq,
        "TMA" => BlockType::Tma { function, dtype },
        "TLOAD" => BlockType::Tma { function: 0, dtype },
        "TSTORE" => BlockType::Tma { function: 1, dtype },
        "TMOV" => BlockType::Tma { function: 2, dtype },
        "CUBE" => BlockType::Cube { function, dtype },
        "TMATMUL" => BlockType::Cube { function: 0, dtype },
        "TMATMUL.ACC" => BlockType::Cube { function: 2, dtype },
        "ACCCVT" => BlockType::Cube { function: 8, dtype },
        "TEPL" | "PAR" => BlockType::Tepl {
            opcode: f.v("TileOpcode") as u16,
            dtype,
        },
        "FIXP" => BlockType::Fixp,
        _ => BlockType::Std,
    }
}

/// Block start markers, BSTOP, templates and descriptors.
pub(super) fn lower_block(f: &F, m: &str) -> Option<Op> {
    let start = |ty, exit, target| Some(Op::BlockStart { ty, exit, target });
    if m == "BSTOP" || m == "C.BSTOP" || m == "L.BSTOP" {
        return Some(Op::Bstop);
    }
    if m.contains("BSTART") {
        let ty = block_type(f, m);
        let asm = f.d.form.info().asm;
        // The branch type: a `BrType` field (C.BSTART.STD/FP), else the form's own spelling.
        let exit = if f.has("BrType") {
            match BranchType::from_code(f.v("BrType") as u8) {
                Some(e) => e,
                None => return Some(Op::Bstop),
            }
        } else if asm.contains("COND") {
            BranchType::Cond
        } else if asm.contains("ICALL") {
            BranchType::ICall
        } else if asm.contains("CALL") && !asm.contains("DIRECT") {
            BranchType::Call
        } else if asm.contains("DIRECT") {
            // `BSTART {DIRECT, CALL}` (opcode 0x11): DIRECT unless a SETRET follows, and then
            // the SETRET sets ra, which makes it a call with the same effect (notes §3.1).
            BranchType::Direct
        } else if asm.contains("RET") {
            BranchType::Ret
        } else if asm.contains("IND") {
            BranchType::Ind
        } else {
            BranchType::Fall
        };
        let target = match exit {
            BranchType::Direct | BranchType::Cond | BranchType::Call => f.target(),
            _ => 0,
        };
        return start(ty, exit, target);
    }
    let template = |t| {
        Some(Op::Template {
            t,
            a: f.r(if f.has("SrcBegin") {
                "SrcBegin"
            } else {
                "DstBegin"
            }),
            b: f.r(if f.has("SrcEnd") { "SrcEnd" } else { "DstEnd" }),
            c: 0,
            size: f.v("uimm") as u64,
        })
    };
    let mem_template = |t| {
        Some(Op::Template {
            t,
            a: f.r("RegSrc0"),
            b: f.r("RegSrc1"),
            c: f.r("RegSrc2"),
            size: 0,
        })
    };
    match f.d.form {
        Form::Fentry => return template(Template::Fentry),
        Form::Fexit => return template(Template::Fexit),
        Form::FretRa => return template(Template::FretRa),
        Form::FretStk => return template(Template::FretStk),
        Form::Mcopy => return mem_template(Template::Mcopy),
        Form::Mset => return mem_template(Template::Mset),
        Form::Esave => return mem_template(Template::Esave),
        Form::Ercov => return mem_template(Template::Ercov),
        _ => {}
    }
    if let Some(kind) = m.strip_prefix("B.").or_else(|| m.strip_prefix("C.B.")) {
        let desc = match kind {
            "ARG" => Desc::Arg(barg_payload(f)),
            "IOR" => Desc::Ior {
                srcs: [f.r("RegSrc0"), f.r("RegSrc1"), f.r("RegSrc2")],
                dst: f.r("RegDst"),
            },
            "IOT" | "IOTI" => Desc::Iot(iot(f, kind == "IOT")),
            "DIM" | "DIMI" => {
                // B.DIM: the target LB is in the form (->LB0/1/2); C.B.DIM(I): LoopNest.
                let asm = f.d.form.info().asm;
                let n = if f.has("LoopNest") {
                    f.v("LoopNest") as u8
                } else if asm.contains("LB2") {
                    2
                } else if asm.contains("LB1") {
                    1
                } else {
                    0
                };
                Desc::Dim {
                    n,
                    reg: f.r("RegSrc"),
                    imm: f.imm() as u32,
                }
            }
            "TEXT" => Desc::Text(f.target()),
            "ATTR" | "HINT" | "IOD" => Desc::Meta,
            _ => return None,
        };
        return Some(Op::Desc(desc));
    }
    None
}

/// B.ARG: the layout selector (bits 11:7) of the fixed forms, or the `format` field.
fn barg_payload(f: &F) -> u32 {
    match f.d.form {
        Form::BArgFormat => f.v("format") as u32,
        Form::BArgNormNormal => 0,
        // The conversion forms are kept distinct from NORM (0) by their selector bits.
        Form::BArgNz2dnCanon => 0x1c,
        Form::BArgNd2znNormal => 0x03,
        Form::BArgDn2znNormal => 0x08,
        _ => 0x09,
    }
}

fn iot(f: &F, dynamic: bool) -> Iot {
    let flag = |n: &str| f.v(n) != 0;
    // S0V/S1V are inverted (manual 04 §"Bring-up v0.4 descriptor rules": 0 = present).
    let src = |v: &str, t: &str| (!flag(v)).then(|| f.v(t) as u8);
    let dst = match f.v("DstTile") {
        k @ 0..=3 => Some(DstKind::Hand(k as u8)),
        4 => Some(DstKind::Acc),
        _ => None,
    };
    let size = if dynamic {
        tile_size(true, f.r("RegSrc"))
    } else {
        tile_size(false, f.raw("imm5") as u8)
    };
    Iot {
        srcs: [src("S0V", "SrcTile0"), src("S1V", "SrcTile1")],
        dst,
        size,
        last: f.d.form.info().asm.contains("group=1"),
    }
}
