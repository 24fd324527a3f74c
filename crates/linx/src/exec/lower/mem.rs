//! Lowering loads, stores and atomics, recognised from the catalog mnemonic.

use crate::exec::lower::fields::F;
use crate::exec::op::*;
use crate::state::regs::DST_T;

/// The access size and kind from a load/store mnemonic core such as `LBUI`, `SDIP`, `LWUP`.
fn mem_core(m: &str) -> Option<(bool, u8, bool, bool)> {
    let base = m.trim_start_matches("HL.").trim_start_matches("C.");
    let mut parts = base.split('.');
    let core = parts.next()?;
    let suffixes_ok = parts.all(|s| matches!(s, "U" | "PCR" | "PO" | "PR" | "UPO" | "UPR"));
    let b = core.as_bytes();
    if !suffixes_ok || b.len() < 2 || !(b[0] == b'L' || b[0] == b'S') {
        return None;
    }
    let log2 = size_log2(b[1])?;
    let rest = &core[2..];
    if !rest.chars().all(|c| matches!(c, 'U' | 'I' | 'P')) {
        return None;
    }
    let store = b[0] == b'S';
    if store && rest.contains('U') {
        return None;
    }
    Some((store, log2, rest.starts_with('U'), rest.ends_with('P')))
}

/// `size_log2`, doubleword for anything else (the atomics' size letters).
pub(super) fn size_log2_or_d(letter: u8) -> u8 {
    size_log2(letter).unwrap_or(3)
}

/// log2 of the access size named by a mnemonic letter (`B`, `H`, `W`, `D`).
pub(super) fn size_log2(letter: u8) -> Option<u8> {
    Some(match letter {
        b'B' => 0,
        b'H' => 1,
        b'W' => 2,
        b'D' => 3,
        _ => return None,
    })
}

pub(super) fn lower_mem(f: &F, m: &str) -> Option<Op> {
    let (store, log2, unsigned, pair) = mem_core(m)?;
    let suffix = |s: &str| m.split('.').any(|p| p == s);
    let pcr = suffix("PCR");
    let info = f.d.form.info();
    let reg_offset = f.has("SrcRType");
    let mut ea = Ea {
        base: 0,
        index: 0,
        rtype: 0,
        shamt: 0,
        imm: 0,
    };
    if pcr {
        // PC-relative data: a byte offset from the instruction's own address. The LLVM-built
        // binaries need this reading (every HL.*.PCR lands in .rodata/.bss with it, none with
        // the Sail model's `align4(pc) + (simm << 2)`); `Decoded::target` reads it so.
        ea.imm = f.target() as i64;
    } else if reg_offset {
        ea.base = f.r("SrcL");
        ea.index = f.r("SrcR");
        ea.rtype = f.rtype();
        ea.shamt = if store {
            info.index_shift
        } else {
            f.v("shamt") as u8
        };
    } else {
        ea.base = if store && f.has("SrcR") {
            f.r("SrcR")
        } else {
            f.r("SrcL")
        };
        ea.imm = f.imm();
    }
    let post = suffix("PO") || suffix("UPO");
    let pre = suffix("PR") || suffix("UPR");
    if store {
        let src = if f.has("SrcD") {
            f.r("SrcD")
        } else if m.starts_with("C.") {
            24 // c.swi/c.sdi store t#1
        } else {
            f.r("SrcL")
        };
        let wb = if pair {
            Wb::Pair(f.r("SrcD1"))
        } else if post {
            Wb::Post(f.r("RegDst"))
        } else if pre {
            Wb::Pre(f.r("RegDst"))
        } else {
            Wb::None
        };
        return Some(Op::Store {
            size: log2,
            src,
            ea,
            wb,
        });
    }
    let rd = if m.starts_with("C.") { DST_T } else { f.rd() };
    let wb = if pair {
        Wb::Pair(f.r("RegDst1"))
    } else if post {
        Wb::Post(f.r("RegDst1"))
    } else if pre {
        Wb::Pre(f.r("RegDst1"))
    } else {
        Wb::None
    };
    Some(Op::Load {
        fmt: MemFmt {
            log2,
            signed: !unsigned,
        },
        rd,
        ea,
        wb,
    })
}

pub(super) fn amo_of(name: &str) -> Option<Amo> {
    Some(match name {
        "ADD" => Amo::Add,
        "AND" => Amo::And,
        "OR" => Amo::Or,
        "XOR" => Amo::Xor,
        "SMAX" => Amo::Smax,
        "SMIN" => Amo::Smin,
        "UMAX" => Amo::Umax,
        "UMIN" => Amo::Umin,
        _ => return None,
    })
}
