//! Typed faults. An instruction produces a [`Fault`]; the engine attaches where it happened
//! (pc, block start, the instruction) to make a [`SimError`].

use crate::state::block::CommitError;
use crate::state::header::BlockFmt;
use crate::state::tile::TileError;
use macrosim_core::MemFault;
use std::fmt;

/// Which control-flow-integrity rule was broken (manual `10` §"Control-flow integrity
/// violations", `EC_CFI_KIND`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CfiKind {
    /// CFI_BAD_TARGET: a direct/indirect/return target is not a block start marker.
    BadTarget,
    /// CFI_MISSING_NEXT_MARKER: fall-through reached an instruction that is not a marker.
    MissingNextMarker,
}

/// What went wrong, without the location.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Fault {
    #[error("memory fault: {0}")]
    Mem(#[from] MemFault),
    /// E_BLOCK(EC_CFI), seed 003 Check 8.
    #[error(
        "illegal control flow: block {source_block:#x} transfers to {target:#x}, which is not a block start ({})",
        match .kind { CfiKind::BadTarget => "CFI_BAD_TARGET", CfiKind::MissingNextMarker => "CFI_MISSING_NEXT_MARKER" }
    )]
    Cfi {
        kind: CfiKind,
        source_block: u64,
        target: u64,
    },
    #[error("E_BLOCK(EC_BLOCKFMT): {0}")]
    Commit(#[from] CommitError),
    #[error(transparent)]
    BlockFmt(#[from] BlockFmt),
    #[error("tile block: {0}")]
    Tile(#[from] TileError),
    /// E_INST(EC_ILLEGAL): legal encoding, illegal here.
    #[error("illegal instruction: {0}")]
    Illegal(String),
    #[error("unimplemented instruction {0}")]
    Unimplemented(String),
    #[error("privileged instruction {0} in user mode (ACR2)")]
    Privileged(String),
    #[error("cannot decode the instruction: {0}")]
    Decode(String),
    #[error("breakpoint (EBREAK {0})")]
    Breakpoint(u8),
    #[error("ASSERT failed")]
    Assert,
    /// A fault of a decoupled body instruction, in one lane's replay (the location reported is
    /// the body instruction's).
    #[error("{fault} (in the body of the block, lane lc0={}, lc1={}, lc2={})", .lane[0], .lane[1], .lane[2])]
    InBody {
        pc: u64,
        lane: [u64; 3],
        fault: Box<Fault>,
    },
}

/// Where something happened: an instruction address, its block and the instruction.
#[derive(Debug, Clone, PartialEq)]
pub struct Location {
    /// Address of the instruction (TPC).
    pub pc: u64,
    /// Start of the block it belongs to (BPC), when inside one.
    pub bpc: Option<u64>,
    /// The instruction, disassembled (empty when it cannot be fetched).
    pub insn: String,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "pc {:#x}", self.pc)?;
        match self.bpc {
            Some(b) => write!(f, " (block start {b:#x})")?,
            None => write!(f, " (between blocks)")?,
        }
        if !self.insn.is_empty() {
            write!(f, ": {}", self.insn)?;
        }
        Ok(())
    }
}

/// A fault with its location, as the CLI reports it.
#[derive(Debug, Clone, PartialEq)]
pub struct SimError {
    pub fault: Fault,
    pub at: Location,
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at {}", self.fault, self.at)
    }
}

impl std::error::Error for SimError {}
