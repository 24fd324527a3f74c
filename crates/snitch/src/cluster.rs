//! A Snitch cluster: harts on one shared memory (TCDM, DRAM, extra regions), the
//! memory-mapped registers, the hardware barrier, `wfi`/wakeup, and the schedule.
//!
//! Schedule: round robin in hart order, each runnable hart up to [`QUANTUM`] instructions a
//! round; the cluster clock advances by a quantum a round and the DMA engines with it. The same
//! ELF and configuration therefore give the same results and cycle counts on every run.
//! A hart is not runnable while it waits at the barrier or sleeps in `wfi`.

use crate::config::{ExitKind, SystemConfig};
use crate::core::{Barrier, SnitchCore};
use crate::error::SnitchError;
use crate::periph::Periph;
use crate::tcdm::Arbiter;
use crate::timing::{Stalls, Timing};
use crate::tracks::{HartTracks, SharedRecording};
use macrosim_core::elf::{self, LoadOptions, PermPolicy};
use macrosim_core::stop::StopSignal;
use macrosim_core::timeline::Recording;
use macrosim_core::{Perm, SparseMemory};
use macrosim_riscv::gdb::{NoHook, SharedMemoryView, TurnHook};
use macrosim_riscv::hart::Stop;
use macrosim_riscv::trace::{CommitLog, NoTrace, Trace};
use macrosim_riscv::{Hart, HartConfig, Isa, TrapMode};
use std::fs::File;
use std::io::BufWriter;
use std::path::PathBuf;

/// Instructions a hart runs per round.
pub const QUANTUM: u64 = 1000;

/// Rounds a cluster of one hart runs at once while no DMA transfer is under way: nothing else
/// happens between its rounds then, and a longer run keeps the hart in its fast loop (the
/// last instructions before a run's limit take the hart's slower path).
pub const SOLO_ROUNDS: u64 = 64;

/// What to run with.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Stop with an error after this many instructions (all harts together).
    pub max_insns: Option<u64>,
    /// The cycle model.
    pub timing: bool,
    /// One Spike-style commit log per hart in this directory.
    pub trace: Option<PathBuf>,
    /// Ctrl-C / `--timeout`: polled once per scheduling round (every hart runs at most
    /// [`QUANTUM`] instructions between polls).
    pub stop: Option<StopSignal>,
}

/// Per-hart figures.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HartStats {
    pub hart: u32,
    /// Instructions retired, FREP repetitions included (as Banshee counts).
    pub instructions: u64,
    pub frep_repetitions: u64,
    pub ssr_elements: u64,
    pub dma_bytes: u64,
    pub dma_transfers: u64,
    /// Cycles: the cycle model's, or the cluster clock in functional mode.
    pub cycles: u64,
    /// With `--timing`: integer and FP instructions, FP operations, stalls.
    pub int_insns: u64,
    pub fp_insns: u64,
    pub fp_ops: u64,
    pub stalls: Stalls,
}

/// How a run ended.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The program's exit code.
    pub code: u32,
    pub stats: Vec<HartStats>,
    /// Text printed through the uart.
    pub output: String,
    pub timing: bool,
}

/// A loaded cluster.
pub struct Cluster {
    pub config: SystemConfig,
    pub mem: SparseMemory,
    pub harts: Vec<Hart<SnitchCore>>,
    pub periph: Periph,
    /// The cluster clock (functional mode).
    pub clock: u64,
    /// `--timeline`: where a run with the cycle model records its tracks (`tracks.rs`).
    timeline: Option<SharedRecording>,
    /// The cycle model's steady-state jump over FREP repetitions (`steady.rs`; on by default,
    /// off only to show that it changes no count).
    pub steady_jump: bool,
}

impl Cluster {
    /// Map the memories, load `elf` and set every hart to start at its entry.
    pub fn new(config: SystemConfig, bytes: &[u8]) -> Result<Cluster, SnitchError> {
        let mut mem = SparseMemory::new();
        Self::map_memories(&config, &mut mem);
        let opts = LoadOptions {
            class: Some(elf::ElfClass::Elf32),
            machine: Some(243),
            pie_base: 0,
            perms: PermPolicy::AllRwx,
        };
        let image =
            elf::load(bytes, &mut mem, &opts).map_err(|e| SnitchError::Elf(e.to_string()))?;
        let tohost = image.symbol("tohost").map(|a| a as u32);
        if config.exit.kind == ExitKind::Tohost && tohost.is_none() {
            return Err(SnitchError::Elf(
                "the ELF has no `tohost` symbol, which this configuration ends programs with"
                    .into(),
            ));
        }
        Ok(Self::assemble(config, mem, image.entry as u32, tohost))
    }

    /// A cluster running `code` (instruction words) from `entry`, ending through a `tohost`
    /// word at `tohost` (for programs built in tests from encoded words).
    pub fn from_code(
        config: SystemConfig,
        entry: u32,
        code: &[u32],
        tohost: u32,
    ) -> Result<Cluster, SnitchError> {
        let mut mem = SparseMemory::new();
        Self::map_memories(&config, &mut mem);
        let bytes: Vec<u8> = code.iter().flat_map(|w| w.to_le_bytes()).collect();
        mem.map(u64::from(entry), bytes.len() as u64, Perm::RWX);
        mem.map(u64::from(tohost), 8, Perm::RW);
        mem.load_bytes(u64::from(entry), &bytes)
            .map_err(|e| SnitchError::Elf(e.to_string()))?;
        Ok(Self::assemble(config, mem, entry, Some(tohost)))
    }

    fn map_memories(config: &SystemConfig, mem: &mut SparseMemory) {
        let m = &config.memory;
        mem.map(u64::from(m.tcdm_base), u64::from(m.tcdm_size), Perm::RWX);
        mem.map(u64::from(m.dram_base), u64::from(m.dram_size), Perm::RWX);
        for &[base, size] in &m.extra {
            mem.map(u64::from(base), u64::from(size), Perm::RWX);
        }
        // Peripheral registers the device does not model read and write as plain memory.
        let p = &config.periph;
        mem.map(u64::from(p.base), u64::from(p.size), Perm::RW);
    }

    fn assemble(
        config: SystemConfig,
        mem: SparseMemory,
        entry: u32,
        tohost: Option<u32>,
    ) -> Cluster {
        let n = config.harts();
        let isa = Isa::parse("rv32imafd").expect("a valid ISA string");
        let harts = (0..n)
            .map(|h| {
                let cfg = HartConfig {
                    id: h,
                    isa,
                    traps: TrapMode::Host,
                };
                let mut hart = Hart::with_extension(cfg, SnitchCore::new(config.core(h)));
                hart.set_pc(entry);
                // The FPU is always on (mstatus.FS = Initial); Banshee starts with a0 = hartid.
                hart.write_csr(0x300, 1 << 13);
                hart.set_x(10, h);
                hart
            })
            .collect();
        let m = &config.memory;
        let periph = Periph::new(
            config.periph.clone(),
            config.exit.kind,
            tohost,
            n,
            (m.tcdm_base, m.tcdm_size),
        );
        Cluster {
            config,
            mem,
            harts,
            periph,
            clock: 0,
            timeline: None,
            steady_jump: true,
        }
    }

    /// Record the timeline of the next run with the cycle model into `rec` (issue 11; without
    /// `timing` nothing is recorded). [`take_timeline`](Self::take_timeline) hands it back.
    pub fn set_timeline(&mut self, rec: Recording) {
        self.timeline = Some(std::rc::Rc::new(std::cell::RefCell::new(rec)));
    }

    /// The recording given to [`set_timeline`](Self::set_timeline), its open spans closed and
    /// the DMA transfers added (also after a run that stopped with an error).
    pub fn take_timeline(&mut self) -> Option<Recording> {
        for hart in &mut self.harts {
            let x = hart.extension_mut();
            let done = x
                .dma
                .as_mut()
                .and_then(|d| d.log.take())
                .unwrap_or_default();
            if let Some(mut tr) = x.timing.as_mut().and_then(|t| t.tracks.take()) {
                tr.finish();
                tr.dma(&done);
            }
        }
        let rec = self.timeline.take()?;
        Some(match std::rc::Rc::try_unwrap(rec) {
            Ok(cell) => cell.into_inner(),
            Err(shared) => shared.borrow().clone(),
        })
    }

    /// Run to the end.
    pub fn run(&mut self, opts: &RunOptions) -> Result<Outcome, SnitchError> {
        self.start_timing(opts);
        match &opts.trace {
            None => self.run_with(opts, &mut vec![NoTrace; self.harts.len()], &mut NoHook),
            Some(dir) => {
                std::fs::create_dir_all(dir)
                    .map_err(|e| SnitchError::Config(format!("{}: {e}", dir.display())))?;
                let mut logs = Vec::new();
                for h in 0..self.harts.len() {
                    let path = dir.join(format!("hart{h}.log"));
                    let f = File::create(&path)
                        .map_err(|e| SnitchError::Config(format!("{}: {e}", path.display())))?;
                    logs.push(CommitLog::new(BufWriter::new(f), 64));
                }
                let r = self.run_with(opts, &mut logs, &mut NoHook);
                for l in logs {
                    l.finish()
                        .map_err(|e| SnitchError::Config(format!("trace: {e}")))?;
                }
                r
            }
        }
    }

    /// [`Cluster::run`] asking `hook` before each hart's turn how many instructions it may run
    /// (a debugger: `snitch run --gdb`), every hart's instructions reported to a copy of
    /// `trace` (`opts.trace` is not written).
    pub fn run_hooked<H: TurnHook, T: Trace + Clone>(
        &mut self,
        opts: &RunOptions,
        hook: &mut H,
        trace: T,
    ) -> Result<Outcome, SnitchError> {
        self.start_timing(opts);
        self.run_with(opts, &mut vec![trace; self.harts.len()], hook)
    }

    /// With `opts.timing`, give every hart its cycle model.
    fn start_timing(&mut self, opts: &RunOptions) {
        if opts.timing {
            let streaming = self.streaming_harts();
            let arbiter = (streaming.len() > 1)
                .then(|| Arbiter::shared(self.harts.len() as u32, self.config.timing.tcdm_banks));
            for (h, hart) in self.harts.iter_mut().enumerate() {
                let mut t = Timing::new(self.config.timing);
                t.jump = self.steady_jump;
                if let Some(a) = &arbiter
                    && streaming.contains(&h)
                {
                    t.arbiter = Some((a.clone(), h as u8));
                }
                let x = hart.extension_mut();
                if let Some(rec) = &self.timeline {
                    let dma = x.dma.is_some();
                    t.tracks = Some(Box::new(HartTracks::new(rec.clone(), h, x.ssrs.len(), dma)));
                    if let Some(d) = &mut x.dma {
                        d.log = Some(Vec::new());
                    }
                }
                x.timing = Some(t);
            }
        }
    }

    /// Every hart's pc, for a stopped run's report (`hart 0 pc 0x80000010, hart 1 ...`).
    fn describe_pcs(&self) -> String {
        self.harts
            .iter()
            .enumerate()
            .map(|(h, hart)| format!("hart {h} pc {:#010x}", hart.pc()))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn runnable(&self, h: usize) -> bool {
        let x = self.harts[h].extension();
        x.barrier != Barrier::Waiting && (!x.sleeping || x.wake_pending)
    }

    fn run_with<T: Trace, H: TurnHook>(
        &mut self,
        opts: &RunOptions,
        traces: &mut [T],
        hook: &mut H,
    ) -> Result<Outcome, SnitchError> {
        let n = self.harts.len();
        let limit = opts.max_insns.unwrap_or(u64::MAX);
        // Harts waiting at the barrier through its register (they re-run the load).
        let mut mmio_barrier = vec![false; n];
        loop {
            if let Some(reason) = opts.stop.as_ref().and_then(StopSignal::requested) {
                let total = self.harts.iter().map(|h| h.retired()).sum();
                return Err(SnitchError::Stopped {
                    reason,
                    pcs: self.describe_pcs(),
                    insns: total,
                });
            }
            let mut ran = false;
            let quantum = if n == 1 && !self.dma_busy() {
                QUANTUM * SOLO_ROUNDS
            } else {
                QUANTUM
            };
            for h in 0..n {
                if mmio_barrier[h] || !self.runnable(h) {
                    continue;
                }
                let mut view = SharedMemoryView {
                    harts: &mut self.harts,
                    mem: &mut self.mem,
                };
                let budget = hook.turn(h, &mut view);
                if budget == 0 {
                    continue;
                }
                ran = true;
                self.periph.hart = h as u32;
                let left = limit.saturating_sub(self.harts.iter().map(|h| h.retired()).sum());
                let hart = &mut self.harts[h];
                let origin = (self.clock, hart.retired());
                hart.extension_mut().cycle = origin;
                let max = quantum.min(left).min(budget);
                let stop = hart.run(&mut self.mem, &mut self.periph, &mut traces[h], max);
                let total: u64 = self.harts.iter().map(|h| h.retired()).sum();
                match stop {
                    Stop::Limit => {}
                    Stop::Mmio => {
                        if let Some(v) = self.periph.tohost_value() {
                            return Ok(self.outcome(v >> 1, opts.timing));
                        }
                        self.apply_mmio(h)?;
                    }
                    Stop::Stall { .. } => {}
                    Stop::Exception { exc, pc, word } | Stop::Unhandled { exc, pc, word, .. } => {
                        if std::mem::take(&mut self.periph.barrier_request) {
                            mmio_barrier[h] = true;
                        } else if let Some(f) = self.harts[h].extension_mut().fault.take() {
                            return Err(SnitchError::Program(f));
                        } else {
                            let word = word.unwrap_or(0);
                            return Err(SnitchError::Exception {
                                hart: h as u32,
                                pc,
                                word,
                                text: crate::disasm::word(word, pc),
                                what: exc.to_string(),
                            });
                        }
                    }
                }
                if total >= limit {
                    let hart = &self.harts[h];
                    return Err(SnitchError::Limit {
                        limit,
                        hart: h as u32,
                        pc: hart.pc(),
                    });
                }
            }
            self.clock += quantum;
            let latest = self.latest_cycle();
            for (h, &at_barrier) in mmio_barrier.iter().enumerate() {
                let running = self.runnable(h) && !at_barrier;
                let retired = self.harts[h].retired();
                let x = self.harts[h].extension_mut();
                // Functional mode: the round's clock. The cycle model: the DMA core's own
                // cycle while it runs; while it waits, the latest cycle a hart has reached; a
                // round's worth more when no hart ran (transfers still complete).
                let now = match &mut x.timing {
                    Some(t) => {
                        t.sync(retired);
                        let idle = x.dma.as_ref().map_or(0, |d| d.clock + QUANTUM);
                        match (ran, running) {
                            (false, _) => latest.max(idle),
                            (true, true) => t.int_time,
                            (true, false) => latest,
                        }
                    }
                    None => self.clock,
                };
                if let Some(d) = &mut x.dma
                    && let Err(fault) = d.advance_to(&mut self.mem, now)
                {
                    return Err(SnitchError::DmaFault {
                        hart: h as u32,
                        fault,
                    });
                }
            }
            self.retire_grants();
            self.wake();
            self.barrier(&mut mmio_barrier);
            let waiting = (0..n).all(|h| mmio_barrier[h] || !self.runnable(h));
            if waiting {
                let asleep = (0..n).all(|h| self.harts[h].extension().sleeping);
                if asleep && self.config.exit.kind == ExitKind::Scratch {
                    // Banshee: every hart in `wfi`; the code is scratch >> 1, 117 if it was
                    // never written with bit 0 set (its src/engine.rs).
                    let s = self.periph.scratch;
                    let code = if s & 1 == 1 { s >> 1 } else { 117 };
                    return Ok(self.outcome(code, opts.timing));
                }
                if !ran || !self.dma_busy() {
                    return Err(SnitchError::Deadlock(self.describe_waits(&mmio_barrier)));
                }
            }
        }
    }

    /// The harts with SSRs (the ones whose TCDM accesses are arbitrated).
    fn streaming_harts(&self) -> Vec<usize> {
        (0..self.harts.len())
            .filter(|&h| !self.harts[h].extension().ssrs.is_empty())
            .collect()
    }

    /// Settle the TCDM cycles harts lost after the fact, and forget the grants every
    /// streaming hart has passed.
    fn retire_grants(&mut self) {
        let mut oldest = None;
        let mut arbiter = None;
        for h in &mut self.harts {
            if let Some(t) = &mut h.extension_mut().timing
                && t.arbiter.is_some()
            {
                t.settle_tcdm();
            }
        }
        for h in &self.harts {
            if let Some(t) = &h.extension().timing
                && let Some((a, _)) = &t.arbiter
            {
                // Its next FP issue is offered no earlier than a cycle before its integer core.
                let c = t.int_time.saturating_sub(1);
                oldest = Some(oldest.map_or(c, |o: u64| o.min(c)));
                arbiter = Some(a.clone());
            }
        }
        if let (Some(a), Some(c)) = (arbiter, oldest) {
            a.borrow_mut().retire_before(c);
        }
    }

    /// The cycle model: the latest cycle any hart has reached (0 in functional mode).
    fn latest_cycle(&self) -> u64 {
        self.harts
            .iter()
            .filter_map(|h| {
                let t = h.extension().timing.as_ref()?;
                Some(t.cycles_at(h.retired()))
            })
            .max()
            .unwrap_or(0)
    }

    fn dma_busy(&self) -> bool {
        self.harts
            .iter()
            .any(|h| h.extension().dma.as_ref().is_some_and(|d| d.busy()))
    }

    fn describe_waits(&self, mmio_barrier: &[bool]) -> String {
        (0..self.harts.len())
            .map(|h| {
                let x = self.harts[h].extension();
                let what = if x.barrier == Barrier::Waiting || mmio_barrier[h] {
                    "at the barrier"
                } else if x.sleeping {
                    "in wfi"
                } else {
                    "running"
                };
                format!("hart {h} {what} at pc {:#010x}", self.harts[h].pc())
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Memory-mapped SSR configuration writes and wakeups from the hart that just ran.
    fn apply_mmio(&mut self, h: usize) -> Result<(), SnitchError> {
        for (ssr, word, value) in std::mem::take(&mut self.periph.ssr_writes) {
            let x = self.harts[h].extension_mut();
            if let Err((k, fault)) = x.ssr_write(ssr | word << 5, value) {
                let pc = self.harts[h].pc().wrapping_sub(4);
                let w = self.mem.read_u32(u64::from(pc)).unwrap_or(0);
                return Err(SnitchError::Program(crate::error::Fault::Stream {
                    site: crate::error::Site {
                        hart: h as u32,
                        pc,
                        word: w,
                        text: crate::disasm::word(w, pc),
                    },
                    ssr: k,
                    element: 0,
                    fault,
                }));
            }
        }
        Ok(())
    }

    fn wake(&mut self) {
        let n = self.harts.len() as u32;
        for target in std::mem::take(&mut self.periph.wakes) {
            for h in 0..n {
                if target == u32::MAX || target == h {
                    let waker_time = self.clock;
                    let x = self.harts[h as usize].extension_mut();
                    x.wake_pending = true;
                    if let Some(t) = &mut x.timing {
                        t.wait_until(waker_time, false);
                    }
                }
            }
        }
    }

    /// Open the barrier once every hart has arrived (through the CSR or the register).
    fn barrier(&mut self, mmio_barrier: &mut [bool]) {
        let n = self.harts.len();
        let arrived =
            |h: usize| mmio_barrier[h] || self.harts[h].extension().barrier == Barrier::Waiting;
        if !(0..n).all(arrived) {
            return;
        }
        let latest = self
            .harts
            .iter()
            .any(|h| h.extension().timing.is_some())
            .then(|| self.latest_cycle());
        for (h, waiting) in mmio_barrier.iter_mut().enumerate() {
            if std::mem::take(waiting) {
                self.periph.barrier_pass[h] = true;
            }
            let retired = self.harts[h].retired();
            let x = self.harts[h].extension_mut();
            if x.barrier == Barrier::Waiting {
                x.barrier = Barrier::Released;
            }
            if let (Some(t), Some(at)) = (&mut x.timing, latest) {
                t.sync(retired);
                t.wait_until(at, true);
            }
        }
    }

    fn outcome(&mut self, code: u32, timing: bool) -> Outcome {
        let clock = self.clock;
        let stats = self
            .harts
            .iter_mut()
            .enumerate()
            .map(|(h, hart)| {
                let retired = hart.retired();
                let x = hart.extension_mut();
                let mut s = HartStats {
                    hart: h as u32,
                    instructions: retired,
                    frep_repetitions: x.frep.as_ref().map_or(0, |f| f.repeated),
                    ssr_elements: x.ssrs.iter().map(|s| s.moved).sum(),
                    dma_bytes: x.dma.as_ref().map_or(0, |d| d.moved),
                    dma_transfers: x.dma.as_ref().map_or(0, |d| d.transfers),
                    cycles: clock,
                    ..HartStats::default()
                };
                if let Some(t) = &mut x.timing {
                    t.sync(retired);
                    s.cycles = t.cycles();
                    s.int_insns = t.int_insns;
                    s.fp_insns = t.fp_insns;
                    s.fp_ops = t.fp_ops;
                    s.stalls = t.stalls;
                }
                s
            })
            .collect();
        Outcome {
            code,
            stats,
            output: std::mem::take(&mut self.periph.output),
            timing,
        }
    }
}
