//! `linx run --timing --timeline FILE`: one span per block, from the cycle the block ROB
//! allocates it to the cycle it retires, named by its block type (issue 11).
//!
//! The spans come from the ROB model (`BlockRob::last_block` after each block); they are laid
//! out on the fewest rows ("in flight k") such that no two blocks on a row overlap, so the
//! number of rows in use at a cycle is the ROB occupancy. (CHOICE: rows rather than the ROB's
//! 256 circular entries, which would spread even a lightly used ROB over every entry.)

use macrosim_core::timeline::{NameId, Recording, Timeline, TrackId};
use macrosim_linx::block::{Barg, BlockType};
use macrosim_linx::rob::{BlockEvent, BlockRob};
use macrosim_linx::trace::Observer;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

pub struct RobTimeline<'r> {
    pub rob: BlockRob,
    rec: &'r mut Recording,
    rows: Vec<TrackId>,
    /// Rows holding a block: (retire cycle, row), earliest retire first.
    busy: BinaryHeap<Reverse<(u64, usize)>>,
    free: BinaryHeap<Reverse<usize>>,
    names: Vec<(BlockType, NameId)>,
}

impl<'r> RobTimeline<'r> {
    pub fn new(rob: BlockRob, rec: &'r mut Recording) -> Self {
        RobTimeline {
            rob,
            rec,
            rows: Vec::new(),
            busy: BinaryHeap::new(),
            free: BinaryHeap::new(),
            names: Vec::new(),
        }
    }

    fn name(&mut self, t: BlockType) -> NameId {
        if let Some(&(_, n)) = self.names.iter().find(|(k, _)| *k == t) {
            return n;
        }
        let n = self.rec.name(&t.to_string());
        self.names.push((t, n));
        n
    }

    fn row(&mut self, alloc: u64, retire: u64) -> TrackId {
        while let Some(&Reverse((r, row))) = self.busy.peek()
            && r < alloc
        {
            self.busy.pop();
            self.free.push(Reverse(row));
        }
        let row = match self.free.pop() {
            Some(Reverse(row)) => row,
            None => {
                let k = self.rows.len();
                self.rows
                    .push(self.rec.track("linx block ROB", &format!("in flight {k}")));
                k
            }
        };
        self.busy.push(Reverse((retire, row)));
        self.rows[row]
    }
}

impl Observer for RobTimeline<'_> {
    const INSNS: bool = false;
    const BLOCKS: bool = true;

    fn block(&mut self, barg: &Barg, _next: u64, ev: &BlockEvent) {
        self.rob.block(ev);
        if let Some((alloc, retire)) = self.rob.last_block() {
            let name = self.name(barg.block_type);
            // Past the recording's limit the span is only counted: no row to find for it.
            let track = if self.rec.is_full() {
                TrackId::default()
            } else {
                self.row(alloc, retire)
            };
            // The block holds its entry in cycles alloc..=retire.
            self.rec.span(track, name, alloc, retire + 1);
        }
    }
}
