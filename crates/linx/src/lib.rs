//! The Linx ISA, version v0.4 (`data/linx/linxisa-v0.4.json`).
//!
//! * [`isa`]: the generated decoder/encoder/disassembler; [`asm`]: the assembler.
//! * [`state`], [`hands`], [`ssr`]: GSTATE (24 GPRs, SSRs) and the block-local T/U hands.
//! * [`block`]: BARG and the block-commit rule; [`header`]: block header descriptors.
//! * [`tile`]: the 32 tile registers and TLOAD/TSTORE/TMOV.
//! * [`rob`]: the block reorder buffer timing model behind `--timing`.
//! * [`runtime`]: loading static / static-pie Linux programs.

pub mod alu;
pub mod asm;
pub mod block;
pub mod cpu;
pub mod decoupled;
pub mod engine;
pub mod error;
pub mod exec;
pub mod fp;
pub mod hands;
pub mod header;
pub mod isa;
pub mod local_tiles;
pub mod lower;
pub mod op;
pub mod rob;
pub mod runtime;
pub mod ssr;
pub mod state;
pub mod template;
pub mod tile;
pub mod trace;
pub mod vector;
