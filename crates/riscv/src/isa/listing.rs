//! Disassembly of a whole ELF: every executable section, one line per 32-bit word
//! (`addr:<TAB>word<TAB>text`), in section order, like `objdump -d -M no-aliases` without the
//! symbol labels. `macrosim riscv disasm` prints it; `tests/disassembly.rs` compares it with
//! objdump's output for the test programs.

use super::{BASE_TABLES, Decoder, Isa};
use crate::program::EM_RISCV;
use macrosim_core::elf::{self, ElfClass, ElfError};
use object::{Object, ObjectSection, SectionKind};
use std::io::{self, Write};

/// Why a listing could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ListingError {
    /// Not an RV32 ELF: the same check `riscv run` makes.
    #[error(transparent)]
    NotRv32(#[from] ElfError),
    #[error(transparent)]
    Parse(#[from] object::Error),
    /// A section whose words would have addresses past 2^32 (an RV32 pc cannot hold them).
    #[error(
        "section {name}: {bytes} bytes at {addr:#x} run past the end of the 32-bit address space"
    )]
    PastTop {
        name: String,
        addr: u64,
        bytes: usize,
    },
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Write the listing of `elf`'s executable sections for a hart with extensions `isa` to
/// `out`, line by line (memory use does not grow with the listing).
pub fn write_listing(elf: &[u8], isa: Isa, out: &mut dyn Write) -> Result<(), ListingError> {
    let tables: Vec<_> = BASE_TABLES
        .iter()
        .copied()
        .filter(|t| isa.has(t.extension))
        .collect();
    let decoder = Decoder::new(&tables);
    write_listing_with(elf, out, |word, pc| decoder.disassemble(word, pc))
}

/// The same listing with each word's text from `text(word, pc)` (an extension crate's own
/// disassembler: Snitch's custom mnemonics).
pub fn write_listing_with(
    elf: &[u8],
    out: &mut dyn Write,
    text: impl Fn(u32, u32) -> String,
) -> Result<(), ListingError> {
    elf::identify(elf, Some(ElfClass::Elf32), Some(EM_RISCV))?;
    let file = object::File::parse(elf)?;
    for section in file.sections() {
        if section.kind() != SectionKind::Text {
            continue;
        }
        let data = section.data()?;
        if section.address() + data.len() as u64 > 1 << 32 {
            return Err(ListingError::PastTop {
                name: section.name().unwrap_or("?").to_string(),
                addr: section.address(),
                bytes: data.len(),
            });
        }
        for (k, chunk) in data.chunks_exact(4).enumerate() {
            let pc = (section.address() + 4 * k as u64) as u32;
            let word = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
            writeln!(out, "{pc:8x}:\t{word:08x}\t{}", text(word, pc))?;
        }
    }
    Ok(())
}

/// The listing of `elf`'s executable sections for a hart with extensions `isa`, as a string.
pub fn disassemble_elf(elf: &[u8], isa: Isa) -> Result<String, ListingError> {
    let mut out = Vec::new();
    write_listing(elf, isa, &mut out)?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}
