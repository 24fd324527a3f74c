//! The RV32 instruction set as data: encoding tables generated from `data/riscv/` (principle 1),
//! the decoder built from an ordered list of tables, the disassembler, and the extension set
//! ([`Isa`]) a hart is configured with.
//!
//! A [`Table`] is a list of [`Entry`]s (name, mask/match, id, operand syntax). The base tables
//! live in [`tables`]; an extension crate (Snitch's FREP/SSR/DMA at custom-0/custom-1) generates
//! its own `Table`s with the same types and hands them to the hart, which puts them after the
//! base tables in its [`Decoder`]. The base decoder does not change.

mod decoder;
mod disasm;
mod field;
mod isa_set;
mod listing;
#[rustfmt::skip]
pub mod tables;

pub use decoder::{Decoded, Decoder};
pub use disasm::{csr_name, disassemble, reg_name};
pub use field::{Field, Syntax, imm_b, imm_i, imm_j, imm_s};
pub use isa_set::{Isa, IsaError};
pub use listing::{disassemble_elf, listing};
pub use tables::{BASE_TABLES, Insn, csr};

/// One instruction encoding.
#[derive(Debug)]
pub struct Entry {
    /// The mnemonic, e.g. `fadd.s`.
    pub name: &'static str,
    /// Which bits are fixed ...
    pub mask: u32,
    /// ... and their values.
    pub bits: u32,
    /// The table's own instruction number (for the base tables, an [`Insn`] discriminant).
    pub id: u16,
    /// Every field the encoding has, printed or not (a set of [`Field::bit`]s).
    pub fields: u32,
    /// The assembly operands, in objdump `-M no-aliases` order.
    pub syntax: &'static [Syntax],
}

impl Entry {
    /// Does `word` encode this instruction?
    #[inline]
    pub const fn matches(&self, word: u32) -> bool {
        word & self.mask == self.bits
    }

    /// Does the encoding have field `f`?
    #[inline]
    pub const fn has(&self, f: Field) -> bool {
        self.fields & f.bit() != 0
    }
}

/// The encodings of one extension (one data file).
#[derive(Debug)]
pub struct Table {
    /// The data file's name, e.g. `rv32f`.
    pub name: &'static str,
    /// The extension that enables it, e.g. `F` (see [`Isa::has`]).
    pub extension: &'static str,
    pub entries: &'static [Entry],
}
