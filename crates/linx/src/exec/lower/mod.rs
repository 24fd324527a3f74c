//! Lowering: one decoded instruction ([`Decoded`], from the generated decoder) into one
//! [`Op`], with operands resolved once. PC-relative values are made absolute here, since a
//! lowered instruction is cached per address.
//!
//! Operands are read by their catalog field names (`SrcL`, `RegDst`, ...), so the lowering does
//! not depend on the order in which the decoder lists them. Families with many forms (loads,
//! stores, block starts, compares) are recognised from the catalog mnemonic.

mod block;
mod fields;
mod fp;
mod mem;
mod scalar;
mod vector;

use crate::exec::op::Op;
use crate::isa::Decoded;
use crate::state::block::CfiMode;
use block::lower_block;
use fields::F;
use mem::lower_mem;
use scalar::lower_other;

/// Lower the instruction `d` found at `pc`.
pub fn lower(d: &Decoded, pc: u64, mode: CfiMode) -> Op {
    let f = F { d, pc, mode };
    let m = d.form.info().mnemonic;
    if let Some(op) = lower_block(&f, m) {
        return op;
    }
    if m.starts_with("V.") {
        return Op::Vec(vector::lower(d, mode));
    }
    if let Some(op) = lower_mem(&f, m) {
        return op;
    }
    lower_other(&f, m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::op::Unsupported;
    use crate::isa::Form;

    /// The scalar forms that lower to "unimplemented" or "privileged": exactly the list the
    /// README gives, so a gap cannot appear unnoticed.
    #[test]
    fn every_scalar_form_has_semantics_except_the_documented_ones() {
        let mut unimplemented = Vec::new();
        let mut privileged = Vec::new();
        for form in Form::ALL {
            match lower(&Decoded::new(form), 0x1000, CfiMode::Strict) {
                Op::Unsupported(Unsupported::Privileged) => privileged.push(form.info().mnemonic),
                Op::Unsupported(_) | Op::Invalid => unimplemented.push(form.info().mnemonic),
                _ => {}
            }
        }
        assert_eq!(
            unimplemented,
            [
                "BSE", "BWE", "BWI", "BWT", "DC.ZVA", "HL.QMT", "HL.QPOP", "HL.QPUSH", "LSRGET"
            ]
        );
        assert_eq!(
            privileged,
            [
                "ACRE", "DC.IALL", "TLB.IA", "TLB.IALL", "TLB.IAV", "TLB.IV", "XB"
            ]
        );
    }

    #[test]
    fn srcrtype_codes_follow_the_v04_conventions_in_strict_and_the_toolchain_in_compat() {
        let canonical = |form, raw, mode| {
            let mut d = Decoded::new(form);
            assert!(d.set("SrcRType", raw));
            match lower(&d, 0, mode) {
                Op::Rr { rtype, .. } | Op::Cmp { rtype, .. } => rtype,
                other => panic!("{other:?}"),
            }
        };
        for raw in 0..4 {
            assert_eq!(canonical(Form::Add, raw, CfiMode::Strict), raw as u8);
            assert_eq!(canonical(Form::CmpLt, raw, CfiMode::Strict), raw as u8);
            assert_eq!(canonical(Form::CmpLt, raw, CfiMode::Compat), raw as u8);
        }
        // Compat (raw -> canonical): 00 .sw, 01 .uw, 10 .neg, 11 none.
        let compat: Vec<u8> = (0..4)
            .map(|raw| canonical(Form::Add, raw, CfiMode::Compat))
            .collect();
        assert_eq!(compat, [1, 2, 3, 0]);
        // No field, no modifier: MUL's SrcR is read as it is in both modes.
        for mode in [CfiMode::Strict, CfiMode::Compat] {
            match lower(&Decoded::new(Form::Mul), 0, mode) {
                Op::Rr { rtype, .. } => assert_eq!(rtype, 0, "{mode:?}"),
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn addtpc_is_page_relative() {
        let mut d = Decoded::new(Form::Addtpc);
        assert!(d.set("RegDst", 2));
        assert!(d.set("imm20", 2 << 12));
        assert_eq!(
            lower(&d, 0x1_1234, CfiMode::Strict),
            Op::Li {
                rd: 2,
                imm: 0x1_3000
            }
        );
    }
}
