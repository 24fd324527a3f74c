//! macrosim-tensix: the Tenstorrent Tensix coprocessor.
//!
//! * [`isa`]: the instruction table of Wormhole B0 and Blackhole (generated from the vendored
//!   data in `data/tensix/`), decoder, encoder, assembler, disassembler, `.ttinsn` form.
//! * [`frontend`]: one thread's frontend: the MOP expander and the replay expander as pull-based
//!   state machines, composed functionally ([`frontend::ThreadFrontend`]) and cycle by cycle
//!   with the frontend FIFOs ([`frontend::FrontendTiming`]).
//! * [`program`]: the `.tt` program text (MopCfg writes and instruction pushes) the command line
//!   reads.
//! * [`formats`]: host-side conversion between float matrices and L1 bytes of the Tensix data
//!   formats and layouts (the command line's manifests and the Python bindings use it).
//!
//! The documents cited in comments are Tenstorrent's tt-isa-documentation pages under
//! `WormholeB0/TensixTile/` (CC BY-ND 4.0: cited, not copied) and the project's research notes
//! (`notes/tensix.md`).

mod arch;
pub mod backend;
pub mod formats;
pub mod frontend;
pub mod isa;
pub mod program;
#[cfg(test)]
mod test_rng;
pub mod tile;

pub use arch::{Arch, UnknownArch};
