//! `BlockRob`: a block reorder buffer timing model (`--timing`).
//!
//! Seed 003 Checks 11 and 22, manual `04_block_isa.adoc` §"Execution model" and notes §8
//! (LinxCore BROB): blocks are allocated in program order, issue when their inputs are ready,
//! complete out of order and retire in order. Defaults follow LinxCore's BROB: 256 entries, one
//! allocation and one retirement per cycle.
//!
//! This is a timing model only (DESIGN principle 4): it consumes the [`BlockEvent`]s that the
//! functional engine emits at each block commit and never changes architectural results. Its
//! rules, chosen here because the documents give none in cycle terms:
//!
//! * block `i` allocates one cycle after block `i-1`, and not before the entry it reuses (block
//!   `i - entries`) has retired;
//! * it issues when allocated and when every GPR it reads has been produced (the producing
//!   block completed). Check 11 lets scalar blocks enter the PE before their inputs are ready;
//!   their instructions then wait in the scalar issue queue, which gives the same completion
//!   time as waiting at the block level, so one rule covers every block type;
//! * memory ordering is TSO (Check 23): a block that stores waits for every earlier block that
//!   touches memory, a block that only loads waits for the earlier storing blocks;
//! * it executes `ceil(work / issue_width)` cycles, where `work` is the number of instructions it
//!   ran (body lanes included) plus one per 64 bytes a tile engine moved;
//! * it retires one cycle after it completes, and at most one block retires per cycle, in order.

use std::collections::VecDeque;
use std::fmt;

/// One committed block, as the functional engine reports it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BlockEvent {
    pub bpc: u64,
    /// Instructions executed for this block (header, body, every lane of a vector body).
    pub insns: u64,
    /// Bytes moved by a tile engine (TLOAD/TSTORE/TMOV), 0 otherwise.
    pub tile_bytes: u64,
    /// Bit `r` set: GPR `r` was read before being written in the block (a block input).
    pub gpr_reads: u32,
    /// Bit `r` set: GPR `r` was written (a block output).
    pub gpr_writes: u32,
    pub loads: bool,
    pub stores: bool,
}

/// Parameters of the model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RobConfig {
    pub entries: usize,
    /// Instructions a block executes per cycle once issued.
    pub issue_width: u64,
}

impl Default for RobConfig {
    fn default() -> Self {
        RobConfig {
            entries: 256,
            issue_width: 1,
        }
    }
}

/// What the model measured.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RobReport {
    pub blocks: u64,
    pub cycles: u64,
    /// Mean number of ROB entries in use per cycle.
    pub avg_occupancy: f64,
    /// Most entries in use at once.
    pub max_occupancy: usize,
}

impl fmt::Display for RobReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "block ROB: {} blocks, {} cycles, average occupancy {:.2} entries (max {})",
            self.blocks, self.cycles, self.avg_occupancy, self.max_occupancy
        )
    }
}

/// The block reorder buffer.
pub struct BlockRob {
    cfg: RobConfig,
    /// Retire cycles of the blocks still able to hold an entry (the last `entries` blocks).
    in_flight: VecDeque<u64>,
    gpr_ready: [u64; 32],
    last_store_done: u64,
    last_mem_done: u64,
    last_alloc: Option<u64>,
    last_retire: u64,
    blocks: u64,
    entry_cycles: u128,
    max_occupancy: usize,
}

impl BlockRob {
    pub fn new(cfg: RobConfig) -> Self {
        BlockRob {
            cfg: RobConfig {
                entries: cfg.entries.max(1),
                issue_width: cfg.issue_width.max(1),
            },
            in_flight: VecDeque::new(),
            gpr_ready: [0; 32],
            last_store_done: 0,
            last_mem_done: 0,
            last_alloc: None,
            last_retire: 0,
            blocks: 0,
            entry_cycles: 0,
            max_occupancy: 0,
        }
    }

    /// Account for the next block in program order.
    pub fn block(&mut self, ev: &BlockEvent) {
        let mut alloc = self.last_alloc.map_or(0, |c| c + 1);
        if self.in_flight.len() == self.cfg.entries {
            let freed = self.in_flight.pop_front().unwrap_or(0);
            alloc = alloc.max(freed + 1);
        }
        let mut issue = alloc;
        let mut reads = ev.gpr_reads;
        while reads != 0 {
            let r = reads.trailing_zeros() as usize;
            issue = issue.max(self.gpr_ready[r]);
            reads &= reads - 1;
        }
        if ev.stores {
            issue = issue.max(self.last_mem_done);
        } else if ev.loads {
            issue = issue.max(self.last_store_done);
        }
        let work = ev.insns + ev.tile_bytes.div_ceil(64);
        let complete = issue + work.div_ceil(self.cfg.issue_width).max(1);
        let mut writes = ev.gpr_writes;
        while writes != 0 {
            self.gpr_ready[writes.trailing_zeros() as usize] = complete;
            writes &= writes - 1;
        }
        if ev.stores {
            self.last_store_done = self.last_store_done.max(complete);
        }
        if ev.loads || ev.stores {
            self.last_mem_done = self.last_mem_done.max(complete);
        }
        let retire = (complete + 1).max(self.last_retire + 1);
        // Occupancy when this block allocates: the earlier blocks not yet retired, plus itself
        // (retire cycles are increasing, so the retired ones form a prefix).
        let occupied = self.in_flight.len() - self.in_flight.partition_point(|&r| r < alloc) + 1;
        self.max_occupancy = self.max_occupancy.max(occupied);
        self.entry_cycles += u128::from(retire - alloc + 1);
        self.in_flight.push_back(retire);
        self.last_alloc = Some(alloc);
        self.last_retire = retire;
        self.blocks += 1;
    }

    /// The allocate and retire cycles of the block last passed to [`BlockRob::block`] (the
    /// `--timeline` hook: one span per block, issue 11).
    pub fn last_block(&self) -> Option<(u64, u64)> {
        self.last_alloc.map(|alloc| (alloc, self.last_retire))
    }

    /// The figures so far.
    pub fn report(&self) -> RobReport {
        let cycles = if self.blocks == 0 {
            0
        } else {
            self.last_retire + 1
        };
        RobReport {
            blocks: self.blocks,
            cycles,
            avg_occupancy: if cycles == 0 {
                0.0
            } else {
                self.entry_cycles as f64 / cycles as f64
            },
            max_occupancy: self.max_occupancy,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(insns: u64, reads: u32, writes: u32) -> BlockEvent {
        BlockEvent {
            insns,
            gpr_reads: reads,
            gpr_writes: writes,
            ..BlockEvent::default()
        }
    }

    #[test]
    fn independent_blocks_overlap_and_retire_one_per_cycle() {
        let mut rob = BlockRob::new(RobConfig::default());
        for _ in 0..4 {
            rob.block(&ev(10, 0, 0));
        }
        // Allocated at 0,1,2,3; complete at 10,11,12,13; retire at 11,12,13,14.
        let r = rob.report();
        assert_eq!((r.blocks, r.cycles), (4, 15));
        assert_eq!(r.max_occupancy, 4);
    }

    #[test]
    fn a_dependent_block_waits_for_its_producer() {
        let mut rob = BlockRob::new(RobConfig::default());
        rob.block(&ev(10, 0, 1 << 2)); // writes a0, completes at 10
        rob.block(&ev(1, 1 << 2, 0)); // reads a0: issues at 10, completes 11, retires 12
        assert_eq!(rob.report().cycles, 13);
    }

    #[test]
    fn a_long_block_holds_back_retirement_of_short_ones() {
        let mut rob = BlockRob::new(RobConfig::default());
        rob.block(&ev(100, 0, 0));
        for _ in 0..3 {
            rob.block(&ev(1, 0, 0));
        }
        // The short blocks complete early (out of order) but retire after the long one.
        assert_eq!(rob.report().cycles, 101 + 4);
    }

    #[test]
    fn a_full_rob_stalls_allocation() {
        let mut small = BlockRob::new(RobConfig {
            entries: 2,
            issue_width: 1,
        });
        let mut big = BlockRob::new(RobConfig::default());
        for _ in 0..8 {
            small.block(&ev(20, 0, 0));
            big.block(&ev(20, 0, 0));
        }
        assert!(small.report().cycles > big.report().cycles);
        assert!(small.report().max_occupancy <= 2);
    }

    #[test]
    fn stores_are_ordered_after_earlier_memory_blocks() {
        let mut rob = BlockRob::new(RobConfig::default());
        rob.block(&BlockEvent {
            insns: 50,
            loads: true,
            ..BlockEvent::default()
        });
        rob.block(&BlockEvent {
            insns: 1,
            stores: true,
            ..BlockEvent::default()
        });
        // The store block issues at 50 (after the load block), completes 51, retires 52.
        assert_eq!(rob.report().cycles, 53);
    }
}
