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

    /// Host bytes the run takes in the cache (see [`MAX_CACHE_BYTES`]).
    pub fn cost(&self) -> usize {
        size_of::<Self>() + ENTRY_BYTES + self.ops.capacity() * INSN_BYTES
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

    /// Host bytes the body takes in the cache (see [`MAX_CACHE_BYTES`]).
    pub fn cost(&self) -> usize {
        size_of::<Self>() + ENTRY_BYTES + self.ops.capacity() * INSN_BYTES
    }
}

/// Longest decoupled body accepted.
pub(super) const MAX_BODY: usize = 65536;

/// Most host memory the cache may hold in decoded code (runs and bodies together, as counted by
/// [`Run::cost`] and [`Body::cost`]); past it the cache starts again empty. Real programs stay far
/// below it; a guest walking once through megabytes of code (zero-filled executable memory
/// decodes as one-instruction `C.BSTOP` blocks) would otherwise grow the host's memory without
/// bound (issue 13).
pub const MAX_CACHE_BYTES: usize = 128 << 20;

/// Host bytes of one decoded instruction's vectors (op, pc, decoded form).
const INSN_BYTES: usize = size_of::<Op>() + size_of::<u64>() + size_of::<Option<Decoded>>();

/// Allocation, reference-count and index overhead per run or body, a generous estimate.
const ENTRY_BYTES: usize = 128;

/// The decoded-code cache: runs in an arena indexed by their start address, each run
/// remembering its recent successors so that a hot loop needs no hash lookup.
#[derive(Default)]
pub(super) struct CodeCache {
    pub(super) runs: Vec<Rc<Run>>,
    pub(super) index: FxHashMap<u64, u32>,
    pub(super) bodies: FxHashMap<u64, Rc<Body>>,
    pub(super) epoch: u64,
    /// Host bytes held in `runs` and `bodies`.
    pub(super) bytes: usize,
}

impl CodeCache {
    pub(super) fn clear(&mut self) {
        self.runs.clear();
        self.index.clear();
        self.bodies.clear();
        self.bytes = 0;
    }

    /// Make room for `n` more bytes of decoded code: start again empty when they would take the
    /// cache past [`MAX_CACHE_BYTES`]. Runs still held elsewhere (the current block's) live on
    /// through their `Rc`; successor links into the old arena are checked by address.
    pub(super) fn admit(&mut self, n: usize) {
        if self.bytes + n > MAX_CACHE_BYTES {
            self.clear();
        }
        self.bytes += n;
    }
}

pub(super) const NO_SUCC: (u64, u32) = (u64::MAX, u32::MAX);
