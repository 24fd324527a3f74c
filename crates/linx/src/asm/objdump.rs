//! `objdump -d`-style disassembly of a Linx ELF: every executable section, with the symbol
//! table's labels (format of `data/linx/disasm_example.s`).

use crate::isa::listing::{SymbolTable, write_listing};
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
    #[error(transparent)]
    Io(#[from] std::io::Error),
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
    let mut out = Vec::new();
    let (undecodable, instructions_bytes) = write_elf_listing(bytes, &mut out)?;
    Ok(Disassembly {
        text: String::from_utf8_lossy(&out).into_owned(),
        undecodable,
        instructions_bytes,
    })
}

/// [`disassemble_elf`], written section by section and line by line to `out`; returns the
/// number of halfwords that did not decode and the executable bytes listed.
pub fn write_elf_listing(
    bytes: &[u8],
    out: &mut dyn std::io::Write,
) -> Result<(usize, usize), ObjdumpError> {
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
        // An address past the end of the 64-bit space has no line to list it at.
        if section.address().checked_add(data.len() as u64).is_none() {
            return Err(ObjdumpError::Section {
                name,
                why: format!(
                    "{} bytes at {:#x} run past the end of the 64-bit address space",
                    data.len(),
                    section.address()
                ),
            });
        }
        write!(out, "\n\nDisassembly of section {name}:\n")?;
        undecodable += write_listing(data, section.address(), &syms, out)?;
        instructions_bytes += data.len();
    }
    Ok((undecodable, instructions_bytes))
}
