//! Disassembly with the Snitch mnemonics: one word, or every executable section of an ELF
//! (the listing format of `macrosim riscv disasm`: `addr:<TAB>word<TAB>text`).

use crate::encoding;
use macrosim_riscv::isa::{BASE_TABLES, Decoder, Isa};
use object::{Object, ObjectSection, SectionKind};
use std::fmt::Write as _;
use std::sync::OnceLock;

fn base() -> &'static Decoder {
    static D: OnceLock<Decoder> = OnceLock::new();
    D.get_or_init(|| {
        let isa = Isa::parse("rv32imafd").expect("a valid ISA string");
        let tables: Vec<_> = BASE_TABLES
            .iter()
            .copied()
            .filter(|t| isa.has(t.extension))
            .collect();
        Decoder::new(&tables)
    })
}

/// `word` at `pc`: a Snitch extension instruction or an RV32IMAFD one.
pub fn word(word: u32, pc: u32) -> String {
    encoding::disassemble(word).unwrap_or_else(|| base().disassemble(word, pc))
}

/// The listing of `elf`'s executable sections.
pub fn elf(bytes: &[u8]) -> Result<String, object::Error> {
    let file = object::File::parse(bytes)?;
    let mut out = String::new();
    for section in file.sections() {
        if section.kind() != SectionKind::Text {
            continue;
        }
        let data = section.data()?;
        for (k, chunk) in data.chunks_exact(4).enumerate() {
            let pc = (section.address() + 4 * k as u64) as u32;
            let w = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
            let _ = writeln!(out, "{pc:8x}:\t{w:08x}\t{}", word(w, pc));
        }
    }
    Ok(out)
}
