//! The cycle model's per-run report (`tensix run --timing --stats`): per unit busy / stalled /
//! idle cycles and why it stalled, per thread Wait Gate stall cycles by reason, the cores'
//! waits on the Tensix devices, FPU utilization and the matmul rate it implies.

use super::l1_banks::Client;
use super::units::{Slot, Units, Why};
use crate::frontend::TimingStats;
use crate::tile::mailbox::Mailboxes;
use crate::tile::{CORE_NAMES, mmio};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// FLOP of one MVMUL at one fidelity phase: Dst[8×16] += SrcB[8×16] · SrcA[16×16] is
/// 8·16·16 multiply-adds (MatrixUnit.md; notes §5: 4096 FLOP/cycle/core at LoFi).
pub const MVMUL_FLOP: u64 = 2 * 8 * 16 * 16;

/// Why a core waited on a store to a Tensix device or a mailbox access.
pub const CORE_WAITS: [&str; 6] = [
    "push (FIFO A full)",
    "MopCfg write (MOP in flight)",
    "PC_BUF CoprocessorDoneCheck",
    "PC_BUF MOPExpanderDoneCheck",
    "mailbox write (full)",
    "mailbox read (empty)",
];

#[derive(Clone, Debug, Default)]
pub struct TimedStats {
    pub cycles: u64,
    /// Per [`Slot`]: instructions started, busy cycles, stalled cycles by reason.
    pub issued: [u64; 9],
    pub busy: [u64; 9],
    pub unit_stalls: [BTreeMap<Why, u64>; 9],
    /// Per thread: cycles an instruction waited at the Wait Gate, by reason.
    pub gate_stalls: [BTreeMap<Why, u64>; 3],
    /// The reason of each thread's latest stall (deadlock reports).
    pub last_why: [Option<Why>; 3],
    /// Per core (`CORE_NAMES` order): cycles waited, by [`CORE_WAITS`] index.
    pub core_waits: [[u64; 6]; 4],
    pub mvmuls: u64,
    /// L1 bank conflicts (`l1_banks`) per [`Client`]: accesses delayed, cycles lost.
    pub l1_conflicts: [u64; 4],
    pub l1_conflict_cycles: [u64; 4],
    /// The cycle each core (`CORE_NAMES` order) wrote its done word.
    pub core_done: [Option<u64>; 4],
    /// Each thread's frontend (FIFOs and expanders).
    pub frontend: [TimingStats; 3],
    /// The current run of stall cycles of one reason, per thread and per unit, added to
    /// the maps when the reason changes and at the end (a map look-up per run, not per cycle).
    gate_run: [Run; 3],
    unit_run: [Run; 9],
    /// The wait each core counted in the current cycle (its [`CORE_WAITS`] index + 1; 0 none),
    /// to count it again for the cycles that repeat it (a core waits at most once a cycle).
    this_cycle: [u8; 4],
}

/// Cycles stalled for one reason, not yet in its map.
type Run = Option<(Why, u64)>;

/// Count `n` cycles for `why` in `run`, moving the previous run into `map` if it differs.
#[inline]
fn count(map: &mut BTreeMap<Why, u64>, run: &mut Run, why: Why, n: u64) {
    match run {
        Some((w, k)) if *w == why => *k += n,
        _ => new_run(map, run, why, n),
    }
}

/// [`count`] when the reason changes (the map look-up, out of the per-cycle path).
#[inline(never)]
fn new_run(map: &mut BTreeMap<Why, u64>, run: &mut Run, why: Why, n: u64) {
    flush(map, run);
    *run = Some((why, n));
}

fn flush(map: &mut BTreeMap<Why, u64>, run: &mut Run) {
    if let Some((w, n)) = run.take() {
        *map.entry(w).or_default() += n;
    }
}

impl TimedStats {
    /// Thread `t`'s Wait Gate stalled `n` cycles for `why`.
    #[inline]
    pub(super) fn gate_stall(&mut self, t: usize, why: Why, n: u64) {
        match &mut self.gate_run[t] {
            Some((w, k)) if *w == why => *k += n,
            run => {
                new_run(&mut self.gate_stalls[t], run, why, n);
                // The latest reason is the current run's: set when a run starts.
                self.last_why[t] = Some(why);
            }
        }
    }

    /// Unit `s` stalled `n` cycles for `why`.
    #[inline]
    pub(super) fn unit_stall(&mut self, s: Slot, why: Why, n: u64) {
        let i = s as usize;
        count(&mut self.unit_stalls[i], &mut self.unit_run[i], why, n);
    }

    /// Core `i` waited one cycle at its access to `addr` (a store unless a mailbox read).
    #[inline]
    pub(super) fn core_wait(&mut self, i: usize, addr: u32, store: bool) {
        // The device addresses first: they are no mailbox's.
        let k = match addr {
            mmio::INSTRN_BUF_BASE => 0,
            a if a == mmio::PC_BUF_BASE + 4 => 2,
            a if a == mmio::PC_BUF_BASE + 8 => 3,
            _ if Mailboxes::peer(addr).is_some() => 4 + usize::from(!store),
            _ => 1,
        };
        self.core_waits[i][k] += 1;
        self.this_cycle[i] = k as u8 + 1;
    }

    /// A new cycle: no core has waited in it yet.
    #[inline]
    pub(super) fn new_cycle(&mut self) {
        self.this_cycle = [0; 4];
    }

    /// Whether a core waited in the current cycle.
    #[inline]
    pub(super) fn waited(&self) -> bool {
        self.this_cycle != [0; 4]
    }

    /// Counts the current cycle's core waits again for `n` cycles that repeat it.
    pub(super) fn repeat_waits(&mut self, n: u64) {
        for (w, &k) in self.core_waits.iter_mut().zip(&self.this_cycle) {
            if k != 0 {
                w[usize::from(k) - 1] += n;
            }
        }
    }

    pub(super) fn finish(&mut self, cycles: u64, units: &Units) {
        self.cycles = cycles;
        for (map, run) in self.gate_stalls.iter_mut().zip(&mut self.gate_run) {
            flush(map, run);
        }
        for (map, run) in self.unit_stalls.iter_mut().zip(&mut self.unit_run) {
            flush(map, run);
        }
        self.issued = units.issued;
        self.busy = units.busy;
        self.mvmuls = units.mvmuls;
        self.l1_conflicts = units.banks.conflicts;
        self.l1_conflict_cycles = units.banks.conflict_cycles;
    }

    /// Stalled cycles of a unit (cycles it was not busy while an instruction for it waited).
    pub fn stalled(&self, s: Slot) -> u64 {
        self.unit_stalls[s as usize].values().sum()
    }

    /// MVMUL issue cycles / cycles.
    pub fn fpu_utilization(&self) -> f64 {
        self.mvmuls as f64 / self.cycles.max(1) as f64
    }

    /// The report, one item a line.
    pub fn report(&self) -> String {
        let mut s = String::new();
        let c = self.cycles.max(1);
        let _ = writeln!(s, "timing: {} cycles", self.cycles);
        for slot in Slot::ALL {
            let i = slot as usize;
            if self.issued[i] == 0 && self.unit_stalls[i].is_empty() {
                continue;
            }
            let stalled = self.stalled(slot);
            let _ = write!(
                s,
                "unit {}: {} instructions, busy {} ({:.1}%), stalled {}, idle {}",
                slot.name(),
                self.issued[i],
                self.busy[i],
                100.0 * self.busy[i] as f64 / c as f64,
                stalled,
                c.saturating_sub(self.busy[i] + stalled)
            );
            for (why, n) in &self.unit_stalls[i] {
                let _ = write!(s, "; {why}: {n}");
            }
            s.push('\n');
        }
        for t in 0..3 {
            let total: u64 = self.gate_stalls[t].values().sum();
            if total == 0 && self.frontend[t].words_out == 0 {
                continue;
            }
            let _ = write!(
                s,
                "thread T{t}: {} instructions, Wait Gate stalled {total} cycles",
                self.frontend[t].words_out
            );
            for (why, n) in &self.gate_stalls[t] {
                let _ = write!(s, "; {why}: {n}");
            }
            let f = &self.frontend[t];
            let _ = writeln!(s, "; MOP bubbles {}", f.mop_bubbles);
        }
        for (i, w) in self.core_waits.iter().enumerate() {
            if w.iter().any(|&n| n > 0) {
                let parts: Vec<String> = w
                    .iter()
                    .zip(CORE_WAITS)
                    .filter(|(n, _)| **n > 0)
                    .map(|(n, what)| format!("{what} {n}"))
                    .collect();
                let _ = writeln!(s, "{} waited: {}", CORE_NAMES[i], parts.join(", "));
            }
        }
        let conflicts: Vec<String> = (0..4)
            .filter(|&i| self.l1_conflicts[i] > 0)
            .map(|i| {
                let (n, c) = (self.l1_conflicts[i], self.l1_conflict_cycles[i]);
                format!("{} {n} delayed {c} cycles", Client::NAMES[i])
            })
            .collect();
        if !conflicts.is_empty() {
            let _ = writeln!(s, "L1 bank conflicts: {}", conflicts.join(", "));
        }
        let u = self.fpu_utilization();
        let _ = writeln!(
            s,
            "FPU utilization: {} MVMUL / {} cycles = {:.1}%, {:.0} FLOP/cycle at one fidelity phase per MVMUL (divide by the phases for the matmul rate)",
            self.mvmuls,
            self.cycles,
            100.0 * u,
            u * MVMUL_FLOP as f64
        );
        s
    }
}
