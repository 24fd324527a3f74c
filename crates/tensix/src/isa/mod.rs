//! The Tensix instruction set: one generated table per architecture (`table.rs`, made by
//! `cargo xtask codegen tensix` from `data/tensix/`), and everything derived from it: the
//! decoder and encoder ([`Instruction`]), the assembler ([`asm`]), the disassembler
//! ([`disasm`]) and the `.ttinsn` form ([`ttinsn`]).

pub mod asm;
mod desc;
pub mod disasm;
mod instruction;
pub mod number;
#[rustfmt::skip]
pub(crate) mod table;
pub mod ttinsn;

pub use desc::{Field, InsnDesc, IsaTable};
pub use instruction::{DecodeError, EncodeError, Instruction};
pub use table::MAX_FIELDS;
