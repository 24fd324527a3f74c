//! Disassembly of a whole ELF: every executable section, one line per 32-bit word
//! (`addr:<TAB>word<TAB>text`), in section order, like `objdump -d -M no-aliases` without the
//! symbol labels. `macrosim riscv disasm` prints it; `tests/disassembly.rs` compares it with
//! objdump's output for the test programs.

use super::{BASE_TABLES, Decoder, Isa};
use object::{Object, ObjectSection, SectionKind};
use std::fmt::Write as _;

/// The listing of `elf`'s executable sections for a hart with extensions `isa`.
pub fn disassemble_elf(elf: &[u8], isa: Isa) -> Result<String, object::Error> {
    let tables: Vec<_> = BASE_TABLES
        .iter()
        .copied()
        .filter(|t| isa.has(t.extension))
        .collect();
    let decoder = Decoder::new(&tables);
    listing(elf, |word, pc| decoder.disassemble(word, pc))
}

/// The same listing with each word's text from `text(word, pc)` (an extension crate's own
/// disassembler, Snitch's custom mnemonics).
pub fn listing(elf: &[u8], text: impl Fn(u32, u32) -> String) -> Result<String, object::Error> {
    let file = object::File::parse(elf)?;
    let mut out = String::new();
    for section in file.sections() {
        if section.kind() != SectionKind::Text {
            continue;
        }
        let data = section.data()?;
        for (k, chunk) in data.chunks_exact(4).enumerate() {
            let pc = (section.address() + 4 * k as u64) as u32;
            let word = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
            let _ = writeln!(out, "{pc:8x}:\t{word:08x}\t{}", text(word, pc));
        }
    }
    Ok(out)
}
