//! Lowering the `V.*` forms of SIMT bodies (their lane semantics are
//! [`crate::exec::vector`]'s).

use crate::exec::lower::mem::size_log2;
use crate::exec::op::{VMem, VOp};
use crate::isa::Decoded;
use crate::state::block::CfiMode;

fn vmem(m: &str) -> Option<VMem> {
    let rest = m.strip_prefix("V.")?;
    let mut parts = rest.split('.');
    let core = parts.next()?;
    let suffixes: Vec<&str> = parts.collect();
    if !suffixes.iter().all(|s| matches!(*s, "U" | "BRG")) {
        return None;
    }
    let b = core.as_bytes();
    if b.len() < 2 || !(b[0] == b'L' || b[0] == b'S') {
        return None;
    }
    let log2 = size_log2(b[1])?;
    let tail = &core[2..];
    if !tail.chars().all(|c| matches!(c, 'U' | 'I')) {
        return None;
    }
    Some(VMem {
        store: b[0] == b'S',
        log2,
        signed: !tail.starts_with('U'),
        bridged: suffixes.contains(&"BRG"),
        reg: !tail.contains('I'),
        unscaled: suffixes.contains(&"U"),
    })
}

/// Lower a `V.*` form.
pub(super) fn lower(d: &Decoded, mode: CfiMode) -> VOp {
    let g = |n: &str| d.get(n).unwrap_or(0);
    VOp {
        form: d.form,
        dst: g("RegDst") as u16,
        a: g("SrcL") as u16,
        b: g("SrcR") as u16,
        d: ["SrcD", "SrcA", "SrcP"]
            .iter()
            .find_map(|n| d.get(n))
            .unwrap_or(0) as u16,
        shamt: g("shamt") as u8,
        invert: mode == CfiMode::Strict && g("SrcRType") == 3,
        lane: g("C") != 0,
        imm: d
            .form
            .info()
            .fields
            .iter()
            .position(|f| {
                f.name.starts_with("simm") || f.name.starts_with("uimm") || f.name == "imm"
            })
            .map_or(0, |i| d.ops[i] as i32),
        mem: vmem(d.form.info().mnemonic),
    }
}
