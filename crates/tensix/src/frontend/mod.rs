//! One Tensix thread's frontend (tt-isa-documentation
//! `WormholeB0/TensixTile/TensixCoprocessor/README.md`, "Frontend"; the frontend diagram
//! `Diagrams/Out/TensixFrontend.svg`):
//!
//! ```text
//! RISC-V Ti pushes ─► FIFO (32 for T0, 16 for T1/T2) ─► MOP expander ─► FIFO (8)
//!   ─► replay expander ─► FIFO (2) ─► Wait Gate ─► backend
//! ```
//!
//! The functional model ([`ThreadFrontend`]) composes the two expanders as pull-based state
//! machines; the cycle model ([`FrontendTiming`]) drives the same expanders one step per cycle
//! with the FIFOs between them. Both give the same instruction stream.

mod fifo;
mod insn;
pub mod mop_expander;
pub mod replay_expander;
pub mod stages;
mod thread;
pub mod timing;

pub use fifo::Fifo;
pub use insn::{
    FrontendInsn, FrontendKind, Mop, OPCODE_MOP, OPCODE_MOP_CFG, OPCODE_NOP, OPCODE_REPLAY, Replay,
};
pub use mop_expander::{MopCfg, MopCfgIndex, MopExpander};
pub use replay_expander::{ReplayBuffer, ReplayExpander};
pub use thread::{Thread, ThreadFrontend};
pub use timing::{FrontendTiming, TimingStats};

/// What a thread's RISC-V core does to the frontend, in program order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrontendInput {
    /// Push an instruction into the thread's first FIFO (decoded as it is pushed).
    Push(FrontendInsn),
    /// Store to `MopCfg[index]` (0xFFB80000 + 4·index), after waiting until no MOP is queued
    /// or being expanded (what tt-llk's `mop_sync()` does before programming a template).
    WriteMopCfg { index: MopCfgIndex, value: u32 },
}

/// Copy `len` elements from the front of `src` to the front of `dst`. A run of at most 8, or
/// of at most `BLOCK`, whose slices both have that many elements of room is copied as one
/// fixed-size block (no call to `memcpy` for the short runs expansions are made of), which may
/// write elements past `len` that the caller overwrites or ignores; longer runs are copied
/// exactly.
#[inline(always)]
fn copy_run<T: Copy, const BLOCK: usize>(dst: &mut [T], src: &[T], len: usize) {
    if len <= 8
        && let (Some((d, _)), Some((s, _))) = (
            dst.split_first_chunk_mut::<8>(),
            src.split_first_chunk::<8>(),
        )
    {
        *d = *s;
    } else if len <= BLOCK
        && let (Some((d, _)), Some((s, _))) = (
            dst.split_first_chunk_mut::<BLOCK>(),
            src.split_first_chunk::<BLOCK>(),
        )
    {
        *d = *s;
    } else {
        copy_exact(&mut dst[..len], &src[..len]);
    }
}

/// The exact copy of `copy_run`, kept out of line so that the compiler does not merge the two
/// copies into one `memcpy` of variable size.
#[inline(never)]
fn copy_exact<T: Copy>(dst: &mut [T], src: &[T]) {
    dst.copy_from_slice(src);
}
