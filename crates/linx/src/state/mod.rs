//! Architectural state (manual `03_programming_model.adoc`).
//!
//! * [`regs`], [`ssr`]: GSTATE — 24 GPRs and the hands' register file, SSRs, FCSR;
//!   [`tile`]: the 32 tile registers and TLOAD/TSTORE/TMOV; [`local_tiles`]: the block-local
//!   tile views of decoupled bodies.
//! * [`hands`], [`block`], [`header`]: the block-local second layer (BSTATE): the T/U hands,
//!   BARG and the block-commit rule, the block header descriptors.
//! * [`cpu`]: one hart's state, both layers together.
//! * [`error`]: the faults an instruction can raise and where they happened.

pub mod acc;
pub mod block;
pub mod cpu;
pub mod error;
pub mod hands;
pub mod header;
pub mod local_tiles;
pub mod regs;
pub mod ssr;
pub mod tile;
pub mod tile_layout;
