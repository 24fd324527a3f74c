//! Vector (`V.*`) micro-ops of SIMT bodies (MPAR/MSEQ/VPAR/VSEQ).

use crate::isa::{Decoded, Form};

/// A lowered `V.*` instruction: its form and its operands (RegId10 codes, immediates).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VOp {
    pub form: Form,
    pub dst: u16,
    pub a: u16,
    pub b: u16,
    pub d: u16,
    pub shamt: u8,
    pub imm: i32,
}

/// Lower a `V.*` form.
pub fn lower(d: &Decoded, _pc: u64) -> VOp {
    let g = |n: &str| d.get(n).unwrap_or(0);
    VOp {
        form: d.form,
        dst: g("RegDst") as u16,
        a: g("SrcL") as u16,
        b: g("SrcR") as u16,
        d: if d.get("SrcD").is_some() {
            g("SrcD") as u16
        } else {
            g("SrcP") as u16
        },
        shamt: g("shamt") as u8,
        imm: d
            .form
            .info()
            .fields
            .iter()
            .position(|f| f.name.starts_with("simm") || f.name.starts_with("uimm"))
            .map_or(0, |i| d.ops[i] as i32),
    }
}
