//! The Linx ISA, version v0.4 (`data/linx/linxisa-v0.4.json`).
//!
//! The crate is layered; a module imports only from the layers below it (no cycles):
//!
//! * [`engine`]: the block engine (fetch/decode cache, block sequencing and commit, the
//!   decoupled bodies, the ROB timing model, trace observers). Uses everything below.
//! * [`exec`]: lowering decoded instructions to [`exec::op::Op`]s and executing them (scalar
//!   ALU, FP, vector lanes, templates). Uses `state` and `isa`.
//! * [`state`]: architectural state, both layers (manual `03_programming_model.adoc`): GSTATE
//!   (GPRs, SSRs, FCSR, tiles) and the block-local BSTATE (hands, BARG, header), and the
//!   faults it can raise. Uses `isa`.
//! * [`runtime`]: loading static / static-pie Linux programs (uses only `macrosim_core`).
//! * [`asm`]: the assembler and ELF writer; [`isa`]: the generated decoder/encoder/disassembler.
//!
//! The top-level names `block`, `error`, `rob` and `trace` are kept as aliases of their
//! modules' new places so that existing users keep compiling.

pub mod asm;
pub mod engine;
pub mod exec;
pub mod isa;
pub mod runtime;
pub mod state;

pub use engine::{rob, trace};
pub use state::{block, error};
