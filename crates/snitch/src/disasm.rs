//! Disassembly with the Snitch mnemonics: one word, or every executable section of an ELF
//! (the listing format of `macrosim riscv disasm`: `addr:<TAB>word<TAB>text`).

use crate::encoding;
use macrosim_riscv::isa::{BASE_TABLES, Decoder, Isa, listing};
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
    listing(bytes, word)
}
