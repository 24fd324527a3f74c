//! macrosim-linx: the block-structured Linx ISA, version v0.4.
//!
//! * [`state`], [`hands`]: GSTATE (24 GPRs, SSRs) and the block-local T/U hands.
//! * [`block`]: BARG and the block-commit rule; [`header`]: block header descriptors.
//! * [`tile`]: the 32 tile registers and TLOAD/TSTORE/TMOV.
//! * [`rob`]: the block reorder buffer timing model behind `--timing`.

pub mod block;
pub mod hands;
pub mod header;
pub mod rob;
pub mod state;
pub mod tile;
