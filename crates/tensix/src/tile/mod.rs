//! One Wormhole B0 Tensix tile, functional: TRISC0/1/2 and BRISC as `macrosim-riscv` harts
//! (RV32IM) with private local memories and the MMIO map of [`mmio`], the [`mailbox`]es
//! between them, shared L1, each thread's frontend (MOP and replay expanders) feeding its Wait
//! Gate, and the [`Backend`]. BRISC's pushes go to T0's thread.
//!
//! Scheduling (deterministic): in each round every running core executes up to
//! [`QUANTUM`] instructions (it stops early when a push finds its thread's FIFO full or it
//! waits on a PC_BUF sync word), then the backend runs [`QUANTUM`] cycles, in each of which
//! every thread offers one instruction to its Wait Gate. One cycle = one backend issue slot.
//! The run ends when every started core has written its done word (coord/TILE_CONTRACT.md).

mod debug;
pub mod mailbox;
pub mod mmio;
pub mod snapshot;
pub mod status;
pub mod timed;

use crate::backend::{Backend, BackendFault, Issue, Stall, Unit};
use crate::frontend::{FrontendInput, ThreadFrontend};
use crate::isa::IsaTable;
use macrosim_core::stop::{StopReason, StopSignal};
use macrosim_core::{Perm, SparseMemory};
use macrosim_riscv::gdb::{NoHook, TurnHook};
use macrosim_riscv::trace::{NoTrace, Trace};
use macrosim_riscv::{Hart, HartConfig, Isa, Stop, TrapMode};
use mailbox::Mailboxes;
use mmio::{BRISC, Block, InputQueue, TileMmio};
use status::{StatusCsrs, StatusView};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

pub const L1_SIZE: u32 = 1464 * 1024;
pub const DONE_BASE: u32 = 0x1F000;
pub const QUANTUM: u64 = 64;
/// Cycles without any backend progress while some thread is stalled before the run is
/// declared deadlocked.
pub const DEADLOCK_CYCLES: u64 = 1 << 20;

/// The cores, in the order of their done words.
pub const CORE_NAMES: [&str; 4] = ["trisc0", "trisc1", "trisc2", "brisc"];
/// Reset PCs (SoftReset.md).
pub const RESET_PC: [u32; 4] = [0x6000, 0xA000, 0xE000, 0x0];

#[derive(Debug, thiserror::Error)]
pub enum TileError {
    #[error("{core}: {what} (pc {pc:#010x}{})", word.map_or(String::new(), |w| format!(", instruction {w:#010x}")))]
    CoreFault {
        core: &'static str,
        pc: u32,
        word: Option<u32>,
        what: String,
    },
    #[error(transparent)]
    Backend(#[from] BackendFault),
    #[error("{core}: its ELF {what}")]
    BadElf { core: &'static str, what: String },
    #[error("no result after {cycles} cycles (--max-cycles); cores not done: {pending}")]
    MaxCycles { cycles: u64, pending: String },
    #[error("deadlock at cycle {cycle}: {detail}")]
    Deadlock { cycle: u64, detail: String },
    /// Ctrl-C or `--timeout` ended the run.
    #[error("{reason} at cycle {cycle} ({pcs})")]
    Stopped {
        reason: StopReason,
        cycle: u64,
        pcs: String,
    },
    #[error("{core} reported failure code {code:#x} in its done word")]
    FirmwareFailure { core: &'static str, code: u32 },
}

/// What a core's MMIO map saw during one [`Tile::with_mmio`].
struct MmioOutcome {
    block: Option<Block>,
    pushes: u64,
    unmapped: Option<mmio::Unmapped>,
}

/// The fault of core `i` if its hart stopped on one (the address when the MMIO map refused it).
/// A mailbox access that must wait is none: it did not retire and runs again once ready.
fn core_fault(i: usize, stop: Stop, dev: &MmioOutcome) -> Result<(), TileError> {
    let (Stop::Exception { exc, pc, word } | Stop::Unhandled { exc, pc, word, .. }) = stop else {
        return Ok(());
    };
    if matches!(stop, Stop::Exception { .. }) && matches!(dev.block, Some(Block::Mailbox(_))) {
        return Ok(());
    }
    let what = match dev.unmapped {
        Some(u) => format!(
            "{} of unmapped address {:#010x}",
            if u.store { "store" } else { "load" },
            u.addr
        ),
        None => format!("{exc:?}"),
    };
    Err(TileError::CoreFault {
        core: CORE_NAMES[i],
        pc,
        word,
        what,
    })
}

struct QueueIter(InputQueue);

impl Iterator for QueueIter {
    type Item = FrontendInput;
    fn next(&mut self) -> Option<FrontendInput> {
        self.0.borrow_mut().pop_front()
    }
}

struct Core {
    hart: Hart<StatusCsrs>,
    local: Vec<u8>,
    block: Option<Block>,
    pushes: u64,
}

struct Thread {
    queue: InputQueue,
    frontend: ThreadFrontend<QueueIter>,
    pending: Option<u32>,
    stall: Option<Stall>,
    /// [`Backend::epoch`] when `pending` last stalled: until it moves, offering it again
    /// would stall the same way, so it is not offered.
    stall_epoch: u64,
}

impl Thread {
    /// Nothing queued, expanding or replaying: the frontend has no word to give.
    fn input_empty(&self) -> bool {
        self.queue.borrow().is_empty()
            && !self.frontend.mop_expander().is_expanding()
            && !self.frontend.replay_expander().is_playing_back()
    }
}

/// Run statistics (`--stats`).
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub cycles: u64,
    /// Retired RISC-V instructions per core (`CORE_NAMES` order).
    pub core_insns: [u64; 4],
    /// Tensix instructions pushed per core.
    pub pushes: [u64; 4],
    /// Executed Tensix instructions per thread and unit.
    pub units: [[u64; 9]; 3],
}

impl Stats {
    pub fn unit_totals(&self) -> Vec<(Unit, u64)> {
        Unit::ALL
            .iter()
            .map(|&u| (u, self.units.iter().map(|t| t[u.index()]).sum()))
            .filter(|&(_, n)| n > 0)
            .collect()
    }
}

/// One instruction leaving a Wait Gate into its unit: the functional model's event stream,
/// kept separable so that a cycle model can replay it with latencies of its own (DESIGN
/// principle 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    pub cycle: u64,
    pub thread: u8,
    pub unit: Unit,
    pub word: u32,
}

pub struct Tile {
    pub l1: SparseMemory,
    pub backend: Backend,
    pub mailboxes: Mailboxes,
    cores: [Option<Core>; 4],
    threads: Vec<Thread>,
    cycle: u64,
    events: Option<Vec<Event>>,
    /// Ctrl-C / `--timeout` (`macrosim_core::stop`), polled once a scheduling round.
    stop: StopSignal,
    /// What the cores' status CSRs read ([`status`]).
    status: Rc<StatusView>,
    /// [`Tile::set_visit_every_thread`].
    visit_every_thread: bool,
}

impl Tile {
    pub fn new(table: &'static IsaTable) -> Tile {
        let mut l1 = SparseMemory::new();
        l1.map(0, u64::from(L1_SIZE), Perm::RWX);
        let threads: Vec<Thread> = (0..3)
            .map(|_| {
                let queue: InputQueue = Rc::new(RefCell::new(VecDeque::new()));
                Thread {
                    frontend: ThreadFrontend::new(QueueIter(queue.clone())),
                    queue,
                    pending: None,
                    stall: None,
                    stall_epoch: 0,
                }
            })
            .collect();
        let status = StatusView::new(std::array::from_fn(|t| threads[t].queue.clone()));
        Tile {
            l1,
            backend: Backend::new(table),
            mailboxes: Mailboxes::default(),
            cores: [None, None, None, None],
            threads,
            cycle: 0,
            events: None,
            stop: StopSignal::new(),
            status,
            visit_every_thread: false,
        }
    }

    /// Offer every thread's word to its Wait Gate in every backend cycle, without the issue
    /// loop's skips ([`Tile::step_backend`]): the plain loop the skips must equal, event for
    /// event (tests compare the two).
    pub fn set_visit_every_thread(&mut self, on: bool) {
        self.visit_every_thread = on;
    }

    /// Let `stop` end [`Tile::run`] ([`TileError::Stopped`]); it is polled once a round (each
    /// core runs at most [`QUANTUM`] instructions, the backend [`QUANTUM`] cycles, between polls).
    pub fn set_stop(&mut self, stop: StopSignal) {
        self.stop = stop;
    }

    /// Loads core `index`'s ELF (PT_LOAD segments into L1 or its local memory) and takes it
    /// out of reset at its reset PC.
    pub fn load_core(&mut self, index: usize, elf: &[u8]) -> Result<(), TileError> {
        let core = CORE_NAMES[index];
        let bad = |what: &str| TileError::BadElf {
            core,
            what: what.to_owned(),
        };
        let u16_at = |o: usize| elf.get(o..o + 2).map(|b| u16::from_le_bytes([b[0], b[1]]));
        let u32_at = |o: usize| {
            elf.get(o..o + 4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        };
        if elf.get(0..5) != Some(b"\x7fELF\x01") || u16_at(18) != Some(243) {
            return Err(bad("is not a 32-bit RISC-V ELF"));
        }
        let phoff = u32_at(28).ok_or_else(|| bad("is truncated"))? as usize;
        let phentsize = u16_at(42).ok_or_else(|| bad("is truncated"))? as usize;
        let phnum = u16_at(44).ok_or_else(|| bad("is truncated"))? as usize;
        let mut local = vec![0u8; mmio::LOCAL_SIZE as usize];
        for i in 0..phnum {
            let p = phoff + i * phentsize;
            let field =
                |k: usize| u32_at(p + 4 * k).ok_or_else(|| bad("has a truncated program header"));
            if field(0)? != 1 {
                continue;
            }
            let (off, vaddr, filesz, memsz) =
                (field(1)? as usize, field(2)?, field(4)? as usize, field(5)?);
            // ELF: p_filesz may not be larger than p_memsz (System V ABI, "Program Header").
            if filesz as u64 > u64::from(memsz) {
                return Err(bad("has a segment with more file bytes than memory bytes"));
            }
            let data = elf
                .get(off..off.saturating_add(filesz))
                .ok_or_else(|| bad("has a segment past its end"))?;
            if vaddr.checked_add(memsz).is_some_and(|end| end <= L1_SIZE) {
                self.l1
                    .write_bytes(u64::from(vaddr), data)
                    .map_err(|e| bad(&e.to_string()))?;
            } else if vaddr >= mmio::LOCAL_BASE
                && (vaddr - mmio::LOCAL_BASE).checked_add(memsz) <= Some(mmio::LOCAL_SIZE)
            {
                let o = (vaddr - mmio::LOCAL_BASE) as usize;
                local[o..o + filesz].copy_from_slice(data);
            } else {
                return Err(bad(&format!(
                    "has a segment at {vaddr:#x}+{memsz:#x}, outside L1 and local memory"
                )));
            }
        }
        let mut hart = self.new_hart(index);
        hart.set_pc(RESET_PC[index]);
        self.cores[index] = Some(Core {
            hart,
            local,
            block: None,
            pushes: 0,
        });
        Ok(())
    }

    /// Core `index`'s hart: RV32IM with the status CSRs. TrapMode::Host: the firmware has no
    /// trap handlers (ttsim stops on any exception), so an exception is a fault of the run at
    /// the faulting pc.
    fn new_hart(&self, index: usize) -> Hart<StatusCsrs> {
        let csrs = StatusCsrs {
            thread: (index != BRISC).then_some(index),
            view: self.status.clone(),
        };
        let cfg = HartConfig {
            id: index as u32,
            isa: Isa::RV32IM,
            traps: TrapMode::Host,
        };
        Hart::with_extension(cfg, csrs)
    }

    /// The types each thread holds past its input queue (status CSRs): the MOP being
    /// expanded, the replay being played back, the instruction at the Wait Gate.
    fn refresh_status(&self) {
        let held = std::array::from_fn(|t| {
            let th = &self.threads[t];
            status::held_bits(
                th.pending.into_iter(),
                th.frontend.mop_expander().is_expanding(),
                th.frontend.replay_expander().is_playing_back(),
            )
        });
        self.status.refresh(held, self.sfpu_cc());
    }

    /// The status CSRs' `sfpu_cc`: some SFPU lane enabled (CSRs.md).
    fn sfpu_cc(&self) -> bool {
        (0..crate::backend::sfpu::LANES).any(|l| self.backend.sfpu.lane_enabled(l))
    }

    /// Starts core `index` with raw RV32 code placed at its reset PC.
    pub fn load_code(&mut self, index: usize, words: &[u32]) {
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let pc = RESET_PC[index];
        self.l1
            .write_bytes(u64::from(pc), &bytes)
            .expect("reset PC regions are in L1");
        let mut hart = self.new_hart(index);
        hart.set_pc(pc);
        self.cores[index] = Some(Core {
            hart,
            local: vec![0; mmio::LOCAL_SIZE as usize],
            block: None,
            pushes: 0,
        });
    }

    /// Record every executed backend instruction from now on ([`Tile::events`]).
    pub fn record_events(&mut self) {
        self.events.get_or_insert_with(Vec::new);
    }

    /// The recorded events, in issue order.
    pub fn events(&self) -> &[Event] {
        self.events.as_deref().unwrap_or(&[])
    }

    pub fn cycle(&self) -> u64 {
        self.cycle
    }

    fn done_word(&self, i: usize) -> u32 {
        self.l1
            .read_u32(u64::from(DONE_BASE + 4 * i as u32))
            .unwrap_or(0)
    }

    /// True when the thread has nothing queued, expanding or waiting.
    fn thread_idle(&self, t: usize) -> bool {
        let th = &self.threads[t];
        th.pending.is_none() && th.input_empty()
    }

    /// The thread core `i` pushes to (BRISC: T0).
    fn thread_of(i: usize) -> usize {
        if i == BRISC { 0 } else { i }
    }

    /// Whether core `i`'s hold has been released.
    fn unblocked(&self, i: usize, b: Block) -> bool {
        let i = Self::thread_of(i);
        match b {
            Block::Mailbox(w) => self.mailboxes.ready(w),
            Block::FifoFull => self.threads[i].queue.borrow().len() < crate::frontend::Thread::ALL[i].mop_fifo_depth(),
            Block::CoprocessorDone => self.thread_idle(i),
            Block::MopDone => {
                self.threads[i].queue.borrow().iter().all(|x| !matches!(x, FrontendInput::Push(p) if (p.word >> 24) as u8 == crate::frontend::OPCODE_MOP))
                    && !self.threads[i].frontend.mop_expander().is_expanding()
            }
        }
    }

    fn run_cores<H: TurnHook, T: Trace>(
        &mut self,
        hook: &mut H,
        trace: &mut T,
    ) -> Result<(), TileError> {
        self.refresh_status();
        for i in 0..4 {
            let Some(core) = self.cores[i].as_ref() else {
                continue;
            };
            if let Some(b) = core.block {
                if !self.unblocked(i, b) {
                    continue;
                }
                self.cores[i].as_mut().expect("present").block = None;
            }
            let mut view = debug::TileView {
                cores: &mut self.cores,
                l1: &mut self.l1,
            };
            let budget = hook.turn(i, &mut view);
            if budget == 0 {
                continue;
            }
            let (stop, dev) = self.with_mmio(i, false, |l1, hart, dev| {
                hart.run(l1, dev, trace, QUANTUM.min(budget))
            });
            let core = self.cores[i].as_mut().expect("present");
            core.block = dev.block;
            core.pushes += dev.pushes;
            // A TRISC has no extension that could stall it; a stalled instruction would simply
            // run again in the next round.
            core_fault(i, stop, &dev)?;
        }
        Ok(())
    }

    /// `f` on core `i`'s hart with L1 and the core's MMIO map (stores to Tensix devices held
    /// when `defer`: the cycle model's mode); returns what `f` returns and what the map saw.
    fn with_mmio<R>(
        &mut self,
        i: usize,
        defer: bool,
        f: impl FnOnce(&mut SparseMemory, &mut Hart<StatusCsrs>, &mut TileMmio) -> R,
    ) -> (R, MmioOutcome) {
        let Tile {
            l1,
            backend,
            mailboxes,
            cores,
            threads,
            ..
        } = self;
        let core = cores[i].as_mut().expect("present");
        let t = Self::thread_of(i);
        let mut dev = TileMmio {
            core: i,
            thread: t,
            mailboxes,
            local: &mut core.local,
            queue: &threads[t].queue,
            fifo_depth: crate::frontend::Thread::ALL[t].mop_fifo_depth(),
            backend,
            block: None,
            pushes: 0,
            unmapped: None,
            defer,
            deferred: None,
        };
        let r = f(l1, &mut core.hart, &mut dev);
        let out = MmioOutcome {
            block: dev.block,
            pushes: dev.pushes,
            unmapped: dev.unmapped,
        };
        (r, out)
    }

    /// One backend cycle. Returns whether some instruction executed and whether the cycle was
    /// quiet: no instruction executed or was fetched and no SFPLOADMACRO step is due, so every
    /// following cycle up to the cores' next turn is the same no-op (a thread with nothing to
    /// give is not visited; one stalled at the current [`Backend::epoch`] is not offered
    /// again). The cycle counts are those of visiting every thread every cycle.
    fn step_backend(&mut self) -> Result<(bool, bool), TileError> {
        let mut progress = false;
        let mut quiet = true;
        for t in 0..3 {
            let th = &mut self.threads[t];
            let skips = !self.visit_every_thread;
            if th.pending.is_none() {
                if skips && th.input_empty() {
                    continue;
                }
                quiet = false;
                th.pending = th.frontend.next_word();
            } else if skips && th.stall.is_some() && th.stall_epoch == self.backend.epoch() {
                continue;
            }
            let Some(word) = th.pending else { continue };
            let epoch = self.backend.epoch();
            match self.backend.issue(t, word, &mut self.l1)? {
                Issue::Executed => {
                    if let Some(ev) = &mut self.events {
                        ev.push(Event {
                            cycle: self.cycle,
                            thread: t as u8,
                            unit: Unit::of((word >> 24) as u8),
                            word,
                        });
                    }
                    self.threads[t].pending = None;
                    self.threads[t].stall = None;
                    progress = true;
                    quiet = false;
                }
                Issue::Stalled(s) => {
                    let th = &mut self.threads[t];
                    th.stall = Some(s);
                    th.stall_epoch = epoch;
                }
            }
        }
        self.backend.end_cycle()?;
        let quiet = quiet && !self.visit_every_thread && self.backend.idle_cycle_is_noop();
        Ok((progress, quiet))
    }

    /// Every started core's pc (`trisc0 pc 0x00006010, ...`), for a stopped run's report.
    fn pcs(&self) -> String {
        self.cores
            .iter()
            .zip(CORE_NAMES)
            .filter_map(|(c, name)| {
                c.as_ref()
                    .map(|c| format!("{name} pc {:#010x}", c.hart.pc()))
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Runs until every started core has written its done word.
    pub fn run(&mut self, max_cycles: u64) -> Result<Stats, TileError> {
        self.run_hooked(max_cycles, &mut NoHook, &mut NoTrace)
    }

    /// [`Tile::run`], asking `hook` before each core's turn how many instructions it may run
    /// (a debugger: `tensix run --gdb`), the cores' instructions reported to `trace`.
    pub fn run_hooked<H: TurnHook, T: Trace>(
        &mut self,
        max_cycles: u64,
        hook: &mut H,
        trace: &mut T,
    ) -> Result<Stats, TileError> {
        let started: Vec<usize> = (0..4).filter(|&i| self.cores[i].is_some()).collect();
        let mut idle_cycles = 0u64;
        loop {
            if started.iter().all(|&i| self.done_word(i) != 0) {
                break;
            }
            if let Some(reason) = self.stop.requested() {
                return Err(TileError::Stopped {
                    reason,
                    cycle: self.cycle,
                    pcs: self.pcs(),
                });
            }
            if self.cycle >= max_cycles {
                let pending = started
                    .iter()
                    .filter(|&&i| self.done_word(i) == 0)
                    .map(|&i| CORE_NAMES[i])
                    .collect::<Vec<_>>()
                    .join(", ");
                return Err(TileError::MaxCycles {
                    cycles: self.cycle,
                    pending,
                });
            }
            self.run_cores(hook, trace)?;
            // The cores' MMIO stores may have changed semaphores, L1 or the FIFOs.
            self.backend.touch();
            let mut progress = false;
            for k in 1..=QUANTUM {
                self.cycle += 1;
                let (p, quiet) = self.step_backend()?;
                progress |= p;
                if quiet {
                    self.cycle += QUANTUM - k;
                    break;
                }
            }
            let any_stalled = (0..3)
                .any(|t| self.threads[t].stall.is_some() && self.threads[t].pending.is_some());
            // Some core not done, and every such core held by something that cannot end (a
            // wait on the backend or on a mailbox nobody can serve).
            let all_done = started.iter().all(|&i| self.done_word(i) != 0);
            let cores_held = !all_done
                && started.iter().all(|&i| {
                    self.done_word(i) != 0
                        || self.cores[i]
                            .as_ref()
                            .and_then(|c| c.block)
                            .is_some_and(|b| !self.unblocked(i, b))
                });
            if progress || (!any_stalled && !cores_held) {
                idle_cycles = 0;
                continue;
            }
            idle_cycles += QUANTUM;
            if cores_held || idle_cycles >= DEADLOCK_CYCLES {
                let mut detail: Vec<String> = (0..3)
                    .filter_map(|t| {
                        let th = &self.threads[t];
                        th.stall
                            .filter(|_| th.pending.is_some())
                            .map(|s| format!("T{t} waits: {s}"))
                    })
                    .collect();
                detail.extend(self.cores.iter().filter_map(|c| match c.as_ref()?.block? {
                    Block::Mailbox(w) => Some(w.describe(&CORE_NAMES)),
                    _ => None,
                }));
                return Err(TileError::Deadlock {
                    cycle: self.cycle,
                    detail: detail.join("; "),
                });
            }
        }
        for &i in &started {
            let code = self.done_word(i);
            if code != 1 {
                return Err(TileError::FirmwareFailure {
                    core: CORE_NAMES[i],
                    code,
                });
            }
        }
        let mut stats = Stats {
            cycles: self.cycle,
            units: *self.backend.counts(),
            ..Stats::default()
        };
        for (i, c) in self.cores.iter().enumerate() {
            if let Some(c) = c {
                stats.core_insns[i] = c.hart.retired();
                stats.pushes[i] = c.pushes;
            }
        }
        Ok(stats)
    }
}
