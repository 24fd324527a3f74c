//! Assembler (being written).
