//! Catalog fields with what the catalog leaves out: kinds, signedness and scaling.

use super::{Field, Kind, Piece};
use anyhow::Context;
use serde_json::Value;

/// Access size in bytes of a load/store mnemonic (`LWUI`, `C.SDI`, `HL.LBIP.U`, `V.SW.BRG`),
/// from the first component after the `C.`/`HL.`/`V.` prefix.
pub(super) fn access_bytes(mnemonic: &str, group: &str) -> u32 {
    if !(group.contains("Load") || group.contains("Store") || mnemonic.starts_with("V.")) {
        return 0;
    }
    let core = mnemonic
        .trim_start_matches("C.")
        .trim_start_matches("HL.")
        .trim_start_matches("V.");
    let first = core.split('.').next().unwrap_or("");
    let b = first.as_bytes();
    if b.len() < 2 || !(b[0] == b'L' || b[0] == b'S') {
        return 0;
    }
    let rest = &first[2..];
    if !rest.chars().all(|c| matches!(c, 'U' | 'I' | 'P')) {
        return 0;
    }
    match b[1] {
        b'B' => 1,
        b'H' => 2,
        b'W' => 4,
        b'D' => 8,
        _ => 0,
    }
}

/// `.U`, `.UPR`, `.UPO`: the unscaled variants (manual 09 "Scaled vs unscaled immediates").
fn unscaled(mnemonic: &str) -> bool {
    mnemonic
        .split('.')
        .skip(1)
        .any(|c| c == "U" || c == "UPR" || c == "UPO")
}

fn is_store(mnemonic: &str) -> bool {
    let core = mnemonic
        .trim_start_matches("C.")
        .trim_start_matches("HL.")
        .trim_start_matches("V.");
    core.starts_with('S')
}

fn is_reg_name(n: &str) -> bool {
    matches!(
        n,
        "SrcL"
            | "SrcR"
            | "SrcD"
            | "SrcD1"
            | "SrcP"
            | "SrcA"
            | "SrcZero"
            | "RegSrc"
            | "RegSrc0"
            | "RegSrc1"
            | "RegSrc2"
            | "SrcBegin"
            | "SrcEnd"
            | "DstBegin"
            | "DstEnd"
            | "DepSrc0"
            | "DepSrc1"
            | "DepSrc2"
    ) || n.starts_with("RegSrc")
}

/// Read one catalog form into fields with kinds, signedness and scaling.
pub(super) fn read_fields(
    ins: &Value,
    mnemonic: &str,
    group: &str,
) -> anyhow::Result<(Vec<Field>, u32)> {
    let parts = ins["encoding"]["parts"].as_array().context("parts")?;
    let mut merged: Vec<Field> = Vec::new();
    let mut base = 0u32;
    for part in parts {
        for f in part["fields"].as_array().context("fields")? {
            // `RegSrc0=DstAddr` (MCOPY/MSET/ESAVE): the role after `=` is in the template.
            let name = f["name"].as_str().context("field name")?;
            let name = name.split('=').next().unwrap_or(name).to_string();
            let pieces = f["pieces"]
                .as_array()
                .context("pieces")?
                .iter()
                .map(|p| Piece {
                    lsb: p["insn_lsb"].as_u64().unwrap_or(0) as u32 + base,
                    width: p["width"].as_u64().unwrap_or(0) as u32,
                    vlsb: p["value_lsb"].as_u64().unwrap_or(0) as u32,
                })
                .collect::<Vec<_>>();
            let signed = f["signed"].as_bool();
            if let Some(m) = merged.iter_mut().find(|m| m.name == name) {
                m.pieces.extend(pieces);
            } else {
                merged.push(Field {
                    name,
                    pieces,
                    signed: signed.unwrap_or(false),
                    scale: 0,
                    kind: Kind::Imm,
                    print_raw: false,
                    pc_bias: 0,
                });
            }
        }
        base += part["width_bits"].as_u64().context("width_bits")? as u32;
    }
    let mem = access_bytes(mnemonic, group);
    let log2 = |b: u32| b.trailing_zeros();
    let is_block = mnemonic.contains("BSTART");
    let is_setret = mnemonic.ends_with("SETRET");
    // In-body branches (manual 16_bru); the other `B.*` are block descriptors, except
    // B.TEXT, whose operand is the PC-relative address of a decoupled body.
    let is_branch = matches!(
        mnemonic,
        "B.EQ"
            | "B.NE"
            | "B.LT"
            | "B.GE"
            | "B.LTU"
            | "B.GEU"
            | "B.Z"
            | "B.NZ"
            | "J"
            | "JR"
            | "B.TEXT"
    );
    for f in &mut merged {
        let n = f.name.as_str();
        let width = f.value_bits();
        f.kind = if width == 1 {
            Kind::Flag
        } else if matches!(n, "RegDst" | "RegDst0" | "RegDst1" | "DepDst") {
            Kind::Dst
        } else if is_reg_name(n) {
            Kind::Reg
        } else {
            Kind::Imm
        };
        if f.kind != Kind::Imm {
            continue;
        }
        let immish = n.starts_with("simm") || n.starts_with("uimm") || n.starts_with("imm");
        if n.starts_with("simm") {
            f.signed = true;
        }
        if !immish {
            continue;
        }
        let pc_relative = is_block || is_setret || (is_branch && mnemonic != "JR");
        if pc_relative {
            f.kind = Kind::PcRel;
            // Block and branch offsets count halfwords; HL.BSTART's pieces already start at
            // value bit 1 (catalog value_lsb), so they are bytes.
            if f.pieces.iter().all(|p| p.vlsb == 0) || f.pieces.iter().any(|p| p.vlsb == 0) {
                f.scale = if f.pieces.iter().any(|p| p.vlsb == 1) {
                    0
                } else {
                    1
                };
            }
            if is_setret {
                // The templates say `uimm` for SETRET and C.SETRET, `imm` for HL.SETRET; the
                // LLVM binaries confirm HL.SETRET is signed (every one in 01_containers.static
                // is -6: a no-return call whose "return" is its own header).
                f.signed = mnemonic == "HL.SETRET";
            }
            // Fused `BSTART CALL` (16-bit C.BSTART + C.SETRET) and `HL.BSTART CALL` (32-bit
            // BSTART + C.SETRET): the return offset is the embedded C.SETRET's.
            if mnemonic.ends_with("BSTART CALL") && n == "uimm5" {
                f.signed = false;
                f.pc_bias = if mnemonic.starts_with("HL.") { 4 } else { 2 };
            }
        } else if mnemonic == "JR" {
            f.scale = 1;
        } else if mnemonic.ends_with(".PCR") {
            // A byte offset from the instruction (TPC). The Sail model says align4(TPC) +
            // (simm << 2), but in the LLVM-built v0.4 binaries every HL.*.PCR lands in
            // .rodata/.bss only as plain bytes from TPC (02_algorithms.static: 1135c
            // hl.sd.pcr -> 0x14b78 in .bss). The 32-bit forms never occur there; they are
            // read the same way.
            f.kind = Kind::PcRel;
        } else if mnemonic == "LUI" {
            f.signed = true;
            f.scale = 12;
            f.print_raw = true;
        } else if mnemonic == "ADDTPC" {
            // Page-relative like AArch64 ADRP (notes §3.2, LLVM pairs it with ADDI lo12).
            f.signed = true;
            f.scale = 12;
            f.print_raw = true;
        } else if mnemonic == "HL.ADDTPC" || mnemonic == "HL.LUI" {
            f.signed = true;
        } else if mem > 0 && !unscaled(mnemonic) && !mnemonic.starts_with("B.") {
            f.scale = log2(mem);
        }
    }
    let index_shift = if mem > 0 && is_store(mnemonic) && !unscaled(mnemonic) {
        log2(mem)
    } else {
        0
    };
    Ok((merged, index_shift))
}
