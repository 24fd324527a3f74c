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
//! * the BCC sends it as a block command to its PE ([`crate::engine::pe`]): scalar, Vector, TMA,
//!   Cube or TAU. It starts when allocated, when every GPR and tile it reads has been produced
//!   (dependences only through registers and tiles: Check 11, scheduling never looks at block
//!   types), when a tile it overwrites is no longer being read, and when its PE is free (a PE
//!   takes commands in order). Check 11 lets scalar blocks enter the PE before their inputs are
//!   ready; their instructions then wait in the issue queue, which gives the same completion
//!   time as waiting at the block level, so one rule covers every block type;
//! * memory ordering is TSO (Check 23) for the PEs that touch memory: a block that stores waits
//!   for every earlier block that touches memory, a block that only loads waits for the earlier
//!   storing blocks;
//! * it occupies its PE `ceil(work / throughput)` cycles and completes `latency` cycles later;
//! * it retires one cycle after it completes, and at most one block retires per cycle, in order.
//!
//! Per PE the report counts busy cycles, stalled cycles (a command was queued but waited for a
//! GPR, a tile or memory order) and idle cycles (the rest).

use crate::engine::pe::{Pe, PeConfig, PeStats};
use std::collections::VecDeque;
use std::fmt;

/// One committed block, as the functional engine reports it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BlockEvent {
    pub bpc: u64,
    /// The PE its block type routes it to.
    pub pe: Pe,
    /// Instructions executed for this block (header, body, every lane of a vector body).
    pub insns: u64,
    /// Bytes moved by a tile engine (TLOAD/TSTORE/TMOV), 0 otherwise.
    pub tile_bytes: u64,
    /// Elements computed by a TEPL block, multiply-adds of a TMATMUL, elements of an ACCCVT.
    pub tile_elems: u64,
    /// Bit `r` set: GPR `r` was read before being written in the block (a block input).
    pub gpr_reads: u32,
    /// Bit `r` set: GPR `r` was written (a block output).
    pub gpr_writes: u32,
    /// Physical tiles read / written (bit 32: the CUBE accumulator).
    pub tile_reads: u64,
    pub tile_writes: u64,
    pub loads: bool,
    pub stores: bool,
}

/// Parameters of the scalar side of the model (kept for existing users; see [`PeConfig`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RobConfig {
    pub entries: usize,
    /// Instructions the scalar PE issues per cycle (LinxCore: issue width 4, notes/linx.md §8).
    pub issue_width: u64,
}

impl Default for RobConfig {
    fn default() -> Self {
        RobConfig {
            entries: 256,
            issue_width: 4,
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
    pub pes: [PeStats; 5],
    /// Cycles in which a Cube command and a TMA command were both in flight.
    pub cube_tma_overlap: u64,
}

impl fmt::Display for RobReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rate = if self.cycles == 0 {
            0.0
        } else {
            self.blocks as f64 / self.cycles as f64
        };
        write!(
            f,
            "block ROB: {} blocks, {} cycles, {rate:.3} blocks retired/cycle, average occupancy {:.2} entries (max {})",
            self.blocks, self.cycles, self.avg_occupancy, self.max_occupancy
        )?;
        for pe in crate::engine::pe::PES {
            let s = &self.pes[pe.index()];
            if s.commands > 0 {
                let idle = self.cycles.saturating_sub(s.busy + s.stalled_total());
                write!(f, "\n  PE {:<6} {s}, idle {idle}", pe.name())?;
            }
        }
        if self.pes[Pe::Cube.index()].commands > 0 {
            write!(
                f,
                "\n  Cube and TMA both in flight: {} cycles",
                self.cube_tma_overlap
            )?;
        }
        Ok(())
    }
}

/// The block reorder buffer and the PEs behind it.
pub struct BlockRob {
    cfg: PeConfig,
    /// Retire cycles of the blocks still able to hold an entry (the last `entries` blocks).
    in_flight: VecDeque<u64>,
    gpr_ready: [u64; 32],
    /// Per physical tile (index 32: the accumulator): when its last writer completes, and when
    /// its last reader completes.
    tile_ready: [u64; 33],
    tile_read_done: [u64; 33],
    last_store_done: u64,
    last_mem_done: u64,
    last_alloc: Option<u64>,
    last_retire: u64,
    blocks: u64,
    entry_cycles: u128,
    max_occupancy: usize,
    pes: [PeStats; 5],
    /// Merged [start, complete) spans of the Cube and TMA commands.
    spans: [Vec<(u64, u64)>; 2],
}

/// Add a span to a list whose starts never decrease, merging overlaps.
fn add_span(list: &mut Vec<(u64, u64)>, s: u64, e: u64) {
    match list.last_mut() {
        Some(last) if s <= last.1 => last.1 = last.1.max(e),
        _ => list.push((s, e)),
    }
}

/// Cycles covered by both span lists.
fn overlap(a: &[(u64, u64)], b: &[(u64, u64)]) -> u64 {
    let (mut i, mut j, mut n) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        let (s, e) = (a[i].0.max(b[j].0), a[i].1.min(b[j].1));
        n += e.saturating_sub(s);
        if a[i].1 < b[j].1 {
            i += 1;
        } else {
            j += 1;
        }
    }
    n
}

fn max_over(mut bits: u64, of: &[u64]) -> u64 {
    let mut m = 0;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        m = m.max(of.get(i).copied().unwrap_or(0));
        bits &= bits - 1;
    }
    m
}

fn set_over(mut bits: u64, of: &mut [u64], v: u64) {
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        if let Some(x) = of.get_mut(i) {
            *x = (*x).max(v);
        }
        bits &= bits - 1;
    }
}

impl BlockRob {
    pub fn new(cfg: RobConfig) -> Self {
        let mut pes = PeConfig {
            rob_entries: cfg.entries,
            ..PeConfig::default()
        };
        pes.pes[Pe::Scalar.index()].throughput = cfg.issue_width;
        Self::with_pes(pes)
    }

    /// A model with these PEs (`--timing-config`).
    pub fn with_pes(mut cfg: PeConfig) -> Self {
        cfg.rob_entries = cfg.rob_entries.max(1);
        for p in &mut cfg.pes {
            p.throughput = p.throughput.max(1);
        }
        BlockRob {
            cfg,
            in_flight: VecDeque::new(),
            gpr_ready: [0; 32],
            tile_ready: [0; 33],
            tile_read_done: [0; 33],
            last_store_done: 0,
            last_mem_done: 0,
            last_alloc: None,
            last_retire: 0,
            blocks: 0,
            entry_cycles: 0,
            max_occupancy: 0,
            pes: [PeStats::default(); 5],
            spans: [Vec::new(), Vec::new()],
        }
    }

    /// Account for the next block in program order.
    pub fn block(&mut self, ev: &BlockEvent) {
        let mut alloc = self.last_alloc.map_or(0, |c| c + 1);
        if self.in_flight.len() == self.cfg.rob_entries {
            let freed = self.in_flight.pop_front().unwrap_or(0);
            alloc = alloc.max(freed + 1);
        }
        let gpr = max_over(u64::from(ev.gpr_reads), &self.gpr_ready);
        let tile = max_over(ev.tile_reads, &self.tile_ready)
            .max(max_over(ev.tile_writes, &self.tile_read_done))
            .max(max_over(ev.tile_writes, &self.tile_ready));
        let memory = if ev.stores {
            self.last_mem_done
        } else if ev.loads {
            self.last_store_done
        } else {
            0
        };
        let ready = alloc.max(gpr).max(tile).max(memory);
        let timing = self.cfg.pes[ev.pe.index()];
        let pe = &mut self.pes[ev.pe.index()];
        // The PE waited (with this command queued) from when it was free and the command was
        // allocated until its inputs were ready; charge the binding constraint.
        let waiting_from = alloc.max(pe.free_at);
        if ready > waiting_from {
            let stall = ready - waiting_from;
            if ready == gpr {
                pe.stalled.gpr += stall;
            } else if ready == tile {
                pe.stalled.tile += stall;
            } else {
                pe.stalled.memory += stall;
            }
        }
        let start = ready.max(pe.free_at);
        let work = match ev.pe {
            Pe::Scalar | Pe::Vector => ev.insns,
            Pe::Tma => ev.tile_bytes,
            Pe::Cube | Pe::Tau => ev.tile_elems,
        };
        let occupy = work.div_ceil(timing.throughput).max(1);
        pe.free_at = start + occupy;
        pe.busy += occupy;
        pe.commands += 1;
        let complete = start + occupy + timing.latency;
        match ev.pe {
            Pe::Cube => add_span(&mut self.spans[0], start, complete),
            Pe::Tma => add_span(&mut self.spans[1], start, complete),
            _ => {}
        }
        let mut writes = ev.gpr_writes;
        while writes != 0 {
            self.gpr_ready[writes.trailing_zeros() as usize] = complete;
            writes &= writes - 1;
        }
        set_over(ev.tile_writes, &mut self.tile_ready, complete);
        set_over(ev.tile_reads, &mut self.tile_read_done, complete);
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
            pes: self.pes,
            cube_tma_overlap: overlap(&self.spans[0], &self.spans[1]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::pe::Pe;

    fn ev(insns: u64, reads: u32, writes: u32) -> BlockEvent {
        BlockEvent {
            insns,
            gpr_reads: reads,
            gpr_writes: writes,
            ..BlockEvent::default()
        }
    }

    #[test]
    fn scalar_blocks_share_the_scalar_pe_and_retire_in_order() {
        let mut rob = BlockRob::new(RobConfig::default());
        for _ in 0..4 {
            rob.block(&ev(10, 0, 0));
        }
        // 10 instructions at 4 a cycle: 3 cycles each on the one scalar PE; complete at
        // 3, 6, 9, 12; retire at 4, 7, 10, 13.
        let r = rob.report();
        assert_eq!((r.blocks, r.cycles), (4, 14));
        assert_eq!(r.max_occupancy, 4);
        assert_eq!(r.pes[Pe::Scalar.index()].busy, 12);
    }

    #[test]
    fn a_dependent_block_waits_for_its_producer() {
        let mut rob = BlockRob::new(RobConfig::default());
        let mut rob1 = BlockRob::new(RobConfig {
            entries: 256,
            issue_width: 1,
        });
        rob1.block(&ev(10, 0, 1 << 2)); // writes a0, completes at 10
        rob1.block(&BlockEvent {
            pe: Pe::Tau,
            gpr_reads: 1 << 2,
            tile_elems: 16,
            ..BlockEvent::default()
        }); // reads a0: issues at 10 on another PE, occupies 1, latency 2: completes 13
        assert_eq!(rob1.report().cycles, 15);
        assert_eq!(rob1.report().pes[Pe::Tau.index()].stalled.gpr, 9);
        // With the default 4-wide scalar PE the producer takes 3 cycles: retire at 4.
        rob.block(&ev(10, 0, 0));
        assert_eq!(rob.report().cycles, 5);
    }

    #[test]
    fn a_long_block_holds_back_retirement_of_short_ones() {
        let mut rob = BlockRob::new(RobConfig::default());
        rob.block(&BlockEvent {
            pe: Pe::Cube,
            tile_elems: 6400,
            ..BlockEvent::default()
        });
        for _ in 0..3 {
            rob.block(&ev(1, 0, 0));
        }
        // The short scalar blocks complete early (out of order) but retire after the long
        // Cube one (100 cycles + latency 4).
        assert_eq!(rob.report().cycles, 105 + 4);
    }

    #[test]
    fn a_full_rob_stalls_allocation() {
        // A long-latency, fully pipelined PE: only the ROB limits overlap.
        let mut cfg = PeConfig::default();
        cfg.pes[Pe::Tau.index()] = crate::engine::pe::PeTiming {
            latency: 100,
            throughput: 1000,
        };
        let mut big = BlockRob::with_pes(cfg);
        cfg.rob_entries = 2;
        let mut small = BlockRob::with_pes(cfg);
        let e = BlockEvent {
            pe: Pe::Tau,
            tile_elems: 16,
            ..BlockEvent::default()
        };
        for _ in 0..8 {
            small.block(&e);
            big.block(&e);
        }
        assert!(small.report().cycles > big.report().cycles);
        assert!(small.report().max_occupancy <= 2);
    }

    #[test]
    fn cube_and_tma_overlap_when_independent_and_a_tile_dependence_serializes() {
        let tload = |writes: u64| BlockEvent {
            pe: Pe::Tma,
            tile_bytes: 640,
            tile_writes: writes,
            loads: true,
            ..BlockEvent::default()
        };
        let matmul = |reads: u64| BlockEvent {
            pe: Pe::Cube,
            tile_elems: 6400,
            tile_reads: reads,
            tile_writes: 1 << 32,
            ..BlockEvent::default()
        };
        // TLOAD t (tile 0): 10 cycles + 8 latency = done at 18. TMATMUL reading tile 0 waits
        // for it (tile stall), runs 100 + 4. A second TLOAD into tile 1 overlaps the matmul.
        let mut rob = BlockRob::new(RobConfig::default());
        rob.block(&tload(1));
        rob.block(&matmul(1));
        rob.block(&tload(2));
        let r = rob.report();
        let (cube, tma) = (r.pes[Pe::Cube.index()], r.pes[Pe::Tma.index()]);
        assert_eq!(cube.stalled.tile, 17, "allocated at 1, tile ready at 18");
        assert_eq!((cube.busy, tma.busy, tma.commands), (100, 20, 2));
        // TLOAD 2 starts at 10 (PE free), done 28, long before the matmul (18 + 100 + 4 = 122).
        // The matmul retires at 123, the second TLOAD (done at 28) right after it.
        assert_eq!(r.cycles, 124 + 1);
        assert_eq!(
            r.cube_tma_overlap, 10,
            "the second TLOAD runs 18..28 inside 18..122"
        );
        // Without the dependence the matmul starts at 1.
        let mut free = BlockRob::new(RobConfig::default());
        free.block(&tload(1));
        free.block(&matmul(2 << 8));
        assert!(free.report().cycles < r.cycles);
        assert_eq!(free.report().pes[Pe::Cube.index()].stalled_total(), 0);
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
        // The load block completes at 13 (50 instructions, 4 a cycle); the store block waits
        // for it (TSO), completes 14, retires 15.
        assert_eq!(rob.report().cycles, 16);
    }
}
