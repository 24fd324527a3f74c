//! The Linx ISA, version v0.4 (`data/linx/linxisa-v0.4.json`): instruction set (`isa`) and
//! assembler (`asm`).

pub mod asm;
pub mod isa;
