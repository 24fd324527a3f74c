//! The decoded-code cache: straight runs of lowered instructions keyed by their first
//! address, and decoupled bodies (DESIGN principle 2: decode once).

use crate::engine::rob::BlockEvent;
use crate::exec::op::Op;
use crate::isa::Decoded;
use rustc_hash::FxHashMap;
use std::cell::Cell;
use std::rc::Rc;

/// Longest run decoded at once; a longer straight line continues in the next run.
pub(super) const MAX_RUN: usize = 1024;

/// A straight line of decoded instructions starting at `pcs[0]`.
pub struct Run {
    pub ops: Vec<Op>,
    pub pcs: Vec<u64>,
    /// The decoded form of each instruction (`None` where decoding failed).
    pub decoded: Vec<Option<Decoded>>,
    /// Address after the last instruction.
    pub end: u64,
    /// The run was cut at [`MAX_RUN`] instructions: the block continues at `end`.
    pub cut: bool,
    /// GPRs read before written / written by the body, and whether it touches memory.
    pub event: BlockEvent,
    /// The last two runs control went to from here: (pc, index in the cache arena).
    pub(super) succ: [Cell<(u64, u32)>; 2],
}

impl Run {
    pub(super) fn first(&self) -> &Op {
        &self.ops[0]
    }
}

/// A decoupled body: the instructions from BodyTPC up to (not including) its first
/// terminator (BSTOP, L.BSTOP or a block start marker).
pub struct Body {
    pub ops: Vec<Op>,
    pub pcs: Vec<u64>,
    pub decoded: Vec<Option<Decoded>>,
    /// Address of the terminator (a branch there ends the replay).
    pub end: u64,
}

impl Body {
    /// The index of the instruction at `pc` (the terminator counts as one past the end), if
    /// the body has one there.
    pub fn index_of(&self, pc: u64) -> Option<usize> {
        if pc == self.end {
            return Some(self.ops.len());
        }
        self.pcs.binary_search(&pc).ok()
    }
}

/// Longest decoupled body accepted.
pub(super) const MAX_BODY: usize = 65536;

/// The decoded-code cache: runs in an arena indexed by their start address, each run
/// remembering its recent successors so that a hot loop needs no hash lookup.
#[derive(Default)]
pub(super) struct CodeCache {
    pub(super) runs: Vec<Rc<Run>>,
    pub(super) index: FxHashMap<u64, u32>,
    pub(super) bodies: FxHashMap<u64, Rc<Body>>,
    pub(super) epoch: u64,
}

impl CodeCache {
    pub(super) fn clear(&mut self) {
        self.runs.clear();
        self.index.clear();
        self.bodies.clear();
    }
}

pub(super) const NO_SUCC: (u64, u32) = (u64::MAX, u32::MAX);
