//! The Linx assembler (source text -> static ELF64 executable) and the ELF disassembler.

mod assembler;
mod elf_writer;
pub mod objdump;
pub mod program;
pub mod source;

pub use assembler::{AsmError, assemble};
pub use program::{Program, Section, SectionKind, Symbol, TEXT_BASE};
