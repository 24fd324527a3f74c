//! An assembled program: sections placed at addresses, symbols, the entry point.

use std::collections::BTreeMap;

/// Where the first section goes unless `.org` says otherwise (above the zero page, like
/// the LLVM-linked v0.4 binaries, whose text starts at 0x10000 + headers).
pub const TEXT_BASE: u64 = 0x1_0000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SectionKind {
    /// Code: read + execute.
    Text,
    /// `.rodata`: read only.
    ReadOnly,
    /// `.data`: read + write.
    Data,
    /// `.bss`: read + write, zero-filled, no file bytes.
    Bss,
}

#[derive(Clone, Debug)]
pub struct Section {
    pub name: String,
    pub kind: SectionKind,
    pub addr: u64,
    pub data: Vec<u8>,
    /// Size of a `.bss` section (its `data` stays empty).
    pub bss: u64,
}

impl Section {
    /// Bytes the section occupies in memory.
    pub fn size(&self) -> u64 {
        self.data.len() as u64 + self.bss
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub addr: u64,
    pub global: bool,
    /// Defined in a code section.
    pub code: bool,
}

/// The assembler's output.
#[derive(Clone, Debug)]
pub struct Program {
    pub sections: Vec<Section>,
    pub symbols: BTreeMap<String, Symbol>,
    /// `_start` if defined, else the first byte of `.text`.
    pub entry: u64,
}

impl Program {
    /// The section holding `name`.
    pub fn section(&self, name: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.name == name)
    }

    /// The address of symbol `name`.
    pub fn symbol(&self, name: &str) -> Option<u64> {
        self.symbols.get(name).map(|s| s.addr)
    }
}
