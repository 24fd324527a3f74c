//! `objdump -d`-style disassembly of a Linx ELF: every executable section, with the symbol
//! table's labels (format of `data/linx/disasm_example.s`).

use crate::isa::listing::{SymbolTable, listing};
use object::read::elf::{ElfFile64, FileHeader};
use object::{Object, ObjectSection, ObjectSymbol, SectionFlags, SymbolKind, elf};
use thiserror::Error;

/// `e_machine` of Linx ELF files (EM_LINX; the value the LLVM-built v0.4 binaries carry).
pub const EM_LINX: u16 = 233;

#[derive(Debug, Error)]
pub enum ObjdumpError {
    #[error("not a 64-bit little-endian ELF file: {0}")]
    NotElf(String),
    #[error("e_machine is {0}, not Linx ({EM_LINX})")]
    WrongMachine(u16),
    #[error("section {name}: {why}")]
    Section { name: String, why: String },
}

/// The disassembly (the sections' listings, without objdump's leading file line) and how
/// many halfwords did not decode.
pub struct Disassembly {
    pub text: String,
    pub undecodable: usize,
    pub instructions_bytes: usize,
}

/// Disassemble the executable sections of `bytes` (an ELF64 file).
pub fn disassemble_elf(bytes: &[u8]) -> Result<Disassembly, ObjdumpError> {
    let file = ElfFile64::<object::LittleEndian>::parse(bytes)
        .map_err(|e| ObjdumpError::NotElf(e.to_string()))?;
    let machine = file.elf_header().e_machine(object::LittleEndian).0;
    if machine != EM_LINX {
        return Err(ObjdumpError::WrongMachine(machine));
    }
    let syms: Vec<(u64, String)> = file
        .symbols()
        .filter(|s| !matches!(s.kind(), SymbolKind::Section | SymbolKind::File))
        .filter_map(|s| Some((s.address(), s.name().ok()?.to_string())))
        .filter(|(_, n)| !n.is_empty() && !n.starts_with("$"))
        .collect();
    let syms = SymbolTable::new(syms);
    let mut text = String::new();
    let mut undecodable = 0;
    let mut instructions_bytes = 0;
    for section in file.sections() {
        let SectionFlags::Elf { sh_flags, .. } = section.flags() else {
            continue;
        };
        if sh_flags.0 & elf::SHF_EXECINSTR.0 == 0 || section.size() == 0 {
            continue;
        }
        let name = section.name().unwrap_or("?").to_string();
        let data = section.data().map_err(|e| ObjdumpError::Section {
            name: name.clone(),
            why: e.to_string(),
        })?;
        text.push_str(&format!("\n\nDisassembly of section {name}:\n"));
        let (body, bad) = listing(data, section.address(), &syms);
        text.push_str(&body);
        undecodable += bad;
        instructions_bytes += data.len();
    }
    Ok(Disassembly {
        text,
        undecodable,
        instructions_bytes,
    })
}
