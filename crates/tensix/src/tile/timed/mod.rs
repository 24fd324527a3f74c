//! The tile's cycle model (`tensix run --timing`, issue 10). It runs the functional tile's
//! parts (harts, expanders, Wait Gates, units) and decides *when* each step happens; the
//! functional model still computes every result, so L1 and Dst come out the same as without
//! timing whenever the firmware is correctly synchronised (DESIGN principle 4: timing
//! consumes the functional model's events; a test compares every shipped manifest).
//!
//! One loop iteration is one cycle:
//! 1. **Backend** (thread 0, 1, 2 in turn): the instruction at the head of the thread's FIFO C
//!    is offered to its Wait Gate. The unit model ([`units`]) may refuse it (unit busy, Dst
//!    read-after-write, thread held, UNPACR setup); a latched wait whose conditions are met
//!    holds it one more cycle (STALLWAIT.md's release lag); else the functional
//!    [`crate::backend::Backend::issue`] decides (latched waits, Src valid, mutexes) and, if
//!    it executes, the unit model books its latency and occupancy. The frontend's stages then
//!    move ([`crate::frontend::FrontendTiming`], its rules 1–4). An instruction the functional
//!    Wait Gate stalled keeps its reason, without these questions, while nothing it can wait on
//!    has changed (`Memo`: the backend's epoch).
//! 2. **Cores**: each TRISC and BRISC (its pushes go to T0's thread) runs ahead on its own clock ([`core_clock`]) until its next store
//!    to a Tensix device, which is held ([`crate::tile::mmio::TileMmio::defer`]) and done in
//!    the cycle the core reaches it: a push enters FIFO A when there is room (else the core
//!    waits: PushTensixInstruction.md), a MopCfg write waits for no MOP in flight, a store to
//!    PC_BUF word 1 / 2 holds the core until the thread has nothing in flight / no MOP
//!    (TTSync.md), a mailbox write waits while the mailbox is full, the rest (semaphores,
//!    GPRs, config) are done then. A mailbox read from an empty mailbox (Mailboxes.md) holds
//!    the core at that load, one cycle at a time, until a value is there.
//!    A push that is surely taken in its cycle does not stop the core: it is queued with its
//!    cycle and done then, and the core runs on as far as [`run_on`]'s proof rule shows that
//!    nothing it does can tell the difference (the same results and counts as stopping).
//! 3. **Skip**: when no thread has anything in its frontend, the clock jumps to the next
//!    core event (exact: nothing else changes in between). Likewise when a cycle changed
//!    nothing (no instruction left a Wait Gate, no frontend stage moved, no core moved, no
//!    release lag or Dst hazard counting down, no SFPLOADMACRO work): the cycles up to the
//!    next unit timer ([`units::Units::next_event`]) or core clock repeat it, so its stall
//!    and wait counts are added once for each and the clock jumps (without a timeline,
//!    whose per-cycle spans this does not replay).
//!
//! Approximations (CHOICE): a core's loads from Tensix devices (semaphores, GPRs, config,
//! mailboxes) read
//! the state of the cycle in which its run-ahead chunk started (at most [`CHUNK`]
//! instructions early); a core's plain L1 stores are visible at once.

pub mod core_clock;
pub mod l1_banks;
mod memo;
pub mod params;
pub mod run_on;
mod skip;
pub mod stats;
pub mod tracks;
pub mod units;

use super::mailbox::{MAILBOX_BASE, MailboxWait, Mailboxes};
use super::mmio::{self, BRISC, Block};
use super::{CORE_NAMES, DEADLOCK_CYCLES, DONE_BASE, Event, Stats, Tile, TileError, status};
use crate::backend::{Issue, Stall, Unit};
use crate::frontend::{FrontendInput, FrontendInsn, FrontendTiming, MopCfgIndex, Thread};
use core_clock::{CoreClock, CoreTrace};
use macrosim_core::timeline::Timeline;
use macrosim_riscv::Stop;
use memo::Memo;
pub use params::TimingParams;
use skip::{Checks, Seen};
pub use stats::TimedStats;
use std::collections::VecDeque;
use std::iter::Empty;
use std::sync::LazyLock;
use tracks::{Gate, Tracks};
use units::{Slot, Units, Why};

/// Instructions a core runs ahead of the backend at most.
pub const CHUNK: u64 = 64;
/// Cycles without progress, with every core waiting and every unit idle, after which the
/// run is deadlocked (longer than any frontend needs to fill its FIFOs).
const STUCK_CYCLES: u64 = 1024;

type Frontend = FrontendTiming<Empty<FrontendInput>>;

/// The three frontends at reset, made once: copying them is cheaper than making them (each
/// MOP expander holds a 2 KB template buffer made word by word).
static FRONTENDS_AT_RESET: LazyLock<[Frontend; 3]> =
    LazyLock::new(|| Thread::ALL.map(|t| FrontendTiming::new(std::iter::empty(), t)));

struct TimedCore {
    clock: CoreClock,
    /// Pushes the core ran on past ([`run_on`]), each with its cycle, in order; each is done
    /// in its cycle (it is surely taken then), before `deferred`.
    queue: VecDeque<(u64, u32)>,
    /// A store to a Tensix device, done in the cycle after the chunk that made it
    /// (`clock.now - 1` is its cycle).
    deferred: Option<(u32, u32)>,
    /// The core stopped running on at an instruction the [`run_on`] rule does not admit: the
    /// cycle in which the chunk after its last queued push starts, and that chunk's
    /// instructions left.
    resume: Option<(u64, u64)>,
    /// A mailbox read that found the mailbox empty: the load runs again once it is not.
    wait: Option<MailboxWait>,
    /// The cycle the core wrote its done word.
    done: Option<u64>,
    /// Its last chunk stopped at a status CSR read (tile/status.rs): refresh the CSRs
    /// before the next one instead of marking them stale.
    reads_status: bool,
    pushes: u64,
    /// [`CoreTrace::push_cycles`], kept from chunk to chunk.
    push_cycles: Vec<u64>,
    /// [`Self::due_cycle`], kept by [`Self::refresh_due`] after every change of the core.
    due_at: u64,
}

impl TimedCore {
    /// Whether [`Tile::step_core`] has anything to do in cycle `now` (else it would return at
    /// once): not done, and its held store's cycle or its clock has come.
    #[inline]
    fn due(&self, now: u64) -> bool {
        debug_assert_eq!(self.due_at, self.due_cycle(), "refresh_due after a change");
        self.due_at <= now
    }

    /// The first cycle [`Self::due`] holds in: its first queued push's, its held store's, its
    /// next chunk's (never when done).
    fn due_cycle(&self) -> u64 {
        if self.done.is_some() {
            return u64::MAX;
        }
        match (self.queue.front(), self.deferred) {
            (Some(&(at, _)), _) => at,
            (None, Some(_)) => self.clock.now - 1,
            (None, None) => self.chunk_start(),
        }
    }

    #[inline]
    fn refresh_due(&mut self) {
        self.due_at = self.due_cycle();
    }

    /// Does its first queued push, in its cycle `now` (it is surely taken: [`run_on`] rule 1).
    #[inline]
    fn push_queued(&mut self, fe: &mut Frontend, now: u64) {
        let Some((at, word)) = self.queue.pop_front() else {
            return;
        };
        debug_assert_eq!(at, now, "a queued push is done in its cycle");
        let taken = fe.offer(FrontendInput::Push(FrontendInsn::decode(word)));
        debug_assert!(taken, "run_on rule 1: a queued push is taken in its cycle");
        self.pushes += 1;
        self.refresh_due();
    }

    /// The cycle its next chunk starts (with nothing queued or held).
    #[inline]
    fn chunk_start(&self) -> u64 {
        self.resume.map_or(self.clock.now, |(at, _)| at)
    }
}

impl Tile {
    /// Runs until every started core has written its done word, cycle by cycle (module
    /// documentation), reporting each unit's and Wait Gate's state to `timeline`.
    pub fn run_timed<T: Timeline>(
        &mut self,
        max_cycles: u64,
        params: &TimingParams,
        timeline: &mut T,
    ) -> Result<(Stats, TimedStats), TileError> {
        let mut fe: [Frontend; 3] = FRONTENDS_AT_RESET.clone();
        let mut units = Units::new(params);
        let mut st = TimedStats::default();
        let mut tracks = Tracks::new(timeline, self.backend.table);
        let mut cores: [Option<TimedCore>; 4] = std::array::from_fn(|i| {
            self.cores[i].as_ref().map(|_| TimedCore {
                clock: CoreClock::new(params, DONE_BASE + 4 * i as u32),
                // Sized for a chunk's pushes (run_on rule 1: at most FIFO A's depth, 32).
                queue: VecDeque::with_capacity(32),
                deferred: None,
                resume: None,
                push_cycles: Vec::with_capacity(CHUNK as usize),
                wait: None,
                done: None,
                reads_status: false,
                pushes: 0,
                due_at: 0,
            })
        });
        let mut lag = [0u64; 3];
        let mut now = 0u64;
        let mut checks = Checks {
            last_progress: 0,
            max_cycles,
        };
        let mut next_poll = 0u64;
        // What the current cycle counted and saw (step 3), kept out of the loop: the reasons
        // are valid where the cycle's bits are set.
        let mut seen = Seen {
            stalled_slots: 0,
            slot_why: [Why::UnitBusy; 9],
            stalled_gates: 0,
            gate_why: [Why::UnitBusy; 3],
            empty_gates: 0,
            pushed: 0,
        };
        let mut stalled: [Option<Memo>; 3] = [None; 3];
        // Moves whenever the semaphores may have changed: an executed Sync Unit instruction,
        // a core's step (its device stores). memo.rs.
        let mut sems = 0u64;
        // Cores that have not written their done word (only `step_core` writes it).
        let mut live = cores.iter().flatten().count();
        loop {
            if live == 0 {
                break;
            }
            if now >= next_poll {
                next_poll = (now | 0x3ff) + 1;
                if let Some(reason) = self.stop.requested() {
                    return Err(TileError::Stopped {
                        reason,
                        cycle: now,
                        pcs: self.pcs(),
                    });
                }
            }
            if now >= max_cycles {
                let pending = (0..4)
                    .filter(|&i| cores[i].as_ref().is_some_and(|c| c.done.is_none()))
                    .map(|i| CORE_NAMES[i])
                    .collect::<Vec<_>>()
                    .join(", ");
                return Err(TileError::MaxCycles {
                    cycles: now,
                    pending,
                });
            }
            // 1. Backend. A change of the busy conditions may change what a stalled
            // instruction waits on (Backend::touch).
            let busy = units.busy_conditions(now);
            if busy != self.backend.busy_conditions {
                self.backend.busy_conditions = busy;
                self.backend.touch();
            }
            let mut stalled_slots = 0u32;
            let mut still = !T::ENABLED;
            let mut stalled_gates = 0u32;
            let mut empty_gates = 0u32;
            for t in 0..3 {
                if fe[t].is_done() {
                    // The gate finds FIFO C empty.
                    fe[t].pass_done();
                    empty_gates |= 1 << t;
                    tracks.gate(t, now, Gate::Empty, 0);
                    continue;
                }
                let mut outcome = Gate::Empty;
                let mut fault = None;
                let Tile {
                    backend,
                    l1,
                    events,
                    ..
                } = self;
                let left = fe[t].step_gated(|word| {
                    let why = match stalled[t].filter(|m| m.word == word) {
                        Some(m) if m.epoch == backend.epoch() => Some(m.why),
                        // Only the semaphores could release it (memo.rs): the functional gate
                        // stalls it the same way unless the unit model refuses it first.
                        Some(m) if m.sems == Some(sems) => {
                            let refused = units.refuse(t, word, now, backend);
                            if refused.is_none() {
                                lag[t] = 0;
                                stalled[t] = Some(m.renewed(backend));
                            }
                            Some(refused.unwrap_or(m.why))
                        }
                        _ => units.refuse(t, word, now, backend),
                    };
                    let why = match why {
                        Some(why) => why,
                        None => {
                            let unit = Unit::of((word >> 24) as u8);
                            let latch = backend.latch_on(t, unit);
                            match latch {
                                Some((_, false)) if lag[t] < params.wait_release_lag => {
                                    lag[t] += 1;
                                    Why::ReleaseLag
                                }
                                _ => match backend.issue(t, word, l1) {
                                    Ok(Issue::Executed) => {
                                        units.issued(t, word, now, backend);
                                        lag[t] = 0;
                                        sems += u64::from(unit == Unit::Sync);
                                        if let Some(m) = &mut stalled[t] {
                                            m.sems = None;
                                        }
                                        if let Some(ev) = events {
                                            ev.push(Event {
                                                cycle: now,
                                                thread: t as u8,
                                                unit,
                                                word,
                                            });
                                        }
                                        outcome = Gate::Issued;
                                        return true;
                                    }
                                    Ok(Issue::Stalled(s)) => {
                                        lag[t] = 0;
                                        let why = why_of(s);
                                        stalled[t] =
                                            Memo::of(word, unit, latch, s, why, backend, sems);
                                        why
                                    }
                                    Err(e) => {
                                        fault = Some(e);
                                        return false;
                                    }
                                },
                            }
                        }
                    };
                    outcome = Gate::Stalled(why);
                    if let Some(s) = Slot::of(word)
                        && !units.is_busy(s, now)
                        && stalled_slots & (1 << s as u32) == 0
                    {
                        stalled_slots |= 1 << s as u32;
                        st.unit_stall(s, why, 1);
                        seen.slot_why[s as usize] = why;
                    }
                    false
                });
                if let Some(e) = fault {
                    return Err(e.into());
                }
                if let Gate::Stalled(why) = outcome {
                    st.gate_stall(t, why, 1);
                    seen.gate_why[t] = why;
                    stalled_gates |= 1 << t;
                    still &= !matches!(why, Why::ReleaseLag | Why::DstHazard(_));
                }
                if matches!(outcome, Gate::Empty) {
                    empty_gates |= 1 << t;
                }
                if left.is_some() {
                    checks.last_progress = now;
                }
                still &= left.is_none();
                tracks.gate(t, now, outcome, left.unwrap_or(0));
            }
            tracks.units(now, &units);
            self.backend.end_cycle()?;
            still = still && !self.backend.sfpu.scheduled.counts_cycles();
            // 2. Cores.
            st.new_cycle();
            let mut pushed = 0u32;
            // Whether T0 has one pusher left (TRISC0 or BRISC): run_on's rule 1.
            let running = |c: &Option<TimedCore>| c.as_ref().is_some_and(|c| c.done.is_none());
            let t0_lone = params.run_on_pushes && !(running(&cores[0]) && running(&cores[BRISC]));
            for (i, slot) in cores.iter_mut().enumerate() {
                let Some(c) = slot.as_mut().filter(|c| c.due(now)) else {
                    continue;
                };
                // A queued push, without step_core's frame: nothing else of the core's is due
                // in its cycle (all that follows it is later).
                if !c.queue.is_empty() {
                    c.push_queued(&mut fe[Self::thread_of(i)], now);
                    checks.last_progress = now;
                    pushed |= 1 << Self::thread_of(i);
                    continue;
                }
                // A core held at a PC_BUF sync store whose condition still fails: step_core
                // would only count the cycle's wait.
                let t = Self::thread_of(i);
                if let Some((addr, _)) = c.deferred
                    && sync_holds(addr, &mut fe[t], &units, t, now) == Some(true)
                {
                    st.core_wait(i, addr, true);
                    continue;
                }
                let lone = params.run_on_pushes && (t != 0 || t0_lone);
                let progress = self.step_core(i, c, &mut fe, &mut units, now, lone, &mut st)?;
                c.refresh_due();
                live -= usize::from(c.done.is_some());
                if progress {
                    checks.last_progress = now;
                    still = false;
                    sems += 1;
                }
            }
            // Nothing can change any more: no instruction left a Wait Gate and no core moved
            // for a while, every unit is idle and every core waits on a device store or a
            // mailbox.
            let last_progress = checks.last_progress;
            let stuck = now - last_progress > STUCK_CYCLES
                && units.all_idle(now)
                && cores.iter().flatten().all(|c| {
                    c.done.is_some()
                        || c.deferred.is_some()
                        || c.wait.is_some()
                        || !c.queue.is_empty()
                });
            if stuck || now - last_progress > DEADLOCK_CYCLES {
                let mut detail: Vec<String> = (0..3)
                    .filter_map(|t| st.last_why[t].map(|w| format!("T{t} waits: {w}")))
                    .collect();
                detail.extend(cores.iter().enumerate().filter_map(|(i, c)| {
                    let c = c.as_ref().filter(|c| c.done.is_none())?;
                    let w = c.wait.or_else(|| {
                        let (addr, _) = c.deferred?;
                        Some(MailboxWait {
                            from: i,
                            to: Mailboxes::peer(addr)?,
                            write: true,
                        })
                    })?;
                    Some(w.describe(&CORE_NAMES))
                }));
                return Err(TileError::Deadlock {
                    cycle: now,
                    detail: detail.join("; "),
                });
            }
            // 3. Skip: to the next core event when the frontends are empty, else past the
            // cycles that repeat a quiet one (skip.rs). Without a timeline (whose spans would
            // end at the jump's end), a core's queued push or held store whose cycle has not
            // come is such an event too, the jump not going past a stop check (skip.rs, rule
            // 3); a held store whose cycle came (it waits) and a mailbox wait look again in
            // the next cycle.
            let mut next = now + 1;
            if !params.skip_cycles {
                // Every cycle simulated (a check of the jumps).
            } else if fe.iter_mut().all(|f| f.is_done()) {
                let limit = if T::ENABLED {
                    now + 1
                } else {
                    checks.limit(now)
                };
                let soonest = cores
                    .iter()
                    .flatten()
                    .filter(|c| c.done.is_none())
                    .map(|c| match (c.queue.front(), c.deferred) {
                        (Some(&(at, _)), _) => at.min(limit),
                        (None, Some(_)) if c.clock.now - 1 > now => (c.clock.now - 1).min(limit),
                        _ if c.deferred.is_some() || c.wait.is_some() => now + 1,
                        _ => c.chunk_start().max(now + 1),
                    })
                    .min();
                if let Some(s) = soonest {
                    next = s;
                }
            } else if still {
                seen.stalled_slots = stalled_slots;
                seen.stalled_gates = stalled_gates;
                seen.empty_gates = empty_gates;
                seen.pushed = pushed;
                next = skip::skip(
                    now,
                    &mut checks,
                    &seen,
                    &mut fe,
                    &mut cores,
                    &units,
                    &mut st,
                );
            }
            now = next;
        }
        let end = cores
            .iter()
            .flatten()
            .filter_map(|c| c.done)
            .max()
            .unwrap_or(0)
            + 1;
        for i in 0..4 {
            if cores[i].is_some() && self.done_word(i) != 1 {
                return Err(TileError::FirmwareFailure {
                    core: CORE_NAMES[i],
                    code: self.done_word(i),
                });
            }
        }
        // The cores run ahead: the backend may have simulated past the last done word.
        tracks.finish(end.max(now));
        st.finish(end, &units);
        for (t, f) in fe.iter().enumerate() {
            st.frontend[t] = f.stats();
        }
        for (i, c) in cores.iter().enumerate() {
            st.core_done[i] = c.as_ref().and_then(|c| c.done);
        }
        let mut stats = Stats {
            cycles: end,
            units: *self.backend.counts(),
            ..Stats::default()
        };
        for (i, c) in cores.iter().enumerate() {
            if let (Some(tc), Some(core)) = (c, &self.cores[i]) {
                stats.core_insns[i] = core.hart.retired();
                stats.pushes[i] = tc.pushes;
            }
        }
        Ok((stats, st))
    }

    /// Core `i` in cycle `now`: do its queued push or held store if its cycle has come, run it
    /// ahead if its clock (or its resumed chunk's cycle) has reached `now`; `lone`: no other
    /// core pushes to its thread. True when it made progress.
    #[allow(clippy::too_many_arguments)]
    fn step_core(
        &mut self,
        i: usize,
        c: &mut TimedCore,
        fes: &mut [Frontend; 3],
        units: &mut Units,
        now: u64,
        lone: bool,
        st: &mut TimedStats,
    ) -> Result<bool, TileError> {
        let mut progress = false;
        let thread = Self::thread_of(i);
        loop {
            if c.done.is_some() {
                return Ok(progress);
            }
            if let Some(&(at, _)) = c.queue.front() {
                if at > now {
                    return Ok(progress);
                }
                c.push_queued(&mut fes[thread], now);
                progress = true;
                continue;
            }
            if let Some((addr, value)) = c.deferred {
                if c.clock.now - 1 > now {
                    return Ok(progress);
                }
                if !self.device_store(i, addr, value, &mut fes[thread], units, now) {
                    st.core_wait(i, addr, true);
                    return Ok(progress);
                }
                c.pushes += u64::from(addr == mmio::INSTRN_BUF_BASE);
                c.deferred = None;
                c.clock.now = c.clock.now.max(now + 1);
                progress = true;
                continue;
            }
            if c.chunk_start() > now {
                return Ok(progress);
            }
            if let Some(w) = c.wait {
                if !self.mailboxes.ready(w) {
                    st.core_wait(i, MAILBOX_BASE, false);
                    c.clock.now = now + 1;
                    return Ok(progress);
                }
                c.wait = None;
            }
            self.run_chunk(i, c, fes, units, now, lone)?;
            progress = true;
        }
    }

    /// Core `i` runs ahead (at most [`CHUNK`] instructions, up to its next store to a Tensix
    /// device or a mailbox access that must wait) in cycle `now`, and on past the pushes the
    /// [`run_on`] rule admits when `lone`. Apart from [`Self::step_core`], which mostly does
    /// held stores, so that those do not pay for this part's frame.
    #[inline(never)]
    fn run_chunk(
        &mut self,
        i: usize,
        c: &mut TimedCore,
        fes: &[Frontend; 3],
        units: &mut Units,
        now: u64,
        lone: bool,
    ) -> Result<(), TileError> {
        if std::mem::take(&mut c.reads_status) {
            self.refresh_timed_status(fes);
        } else {
            self.status.mark_stale();
        }
        let budget = c.resume.take().map_or(CHUNK, |(_, left)| left);
        // run_on rule 1: pushes FIFO A surely has room for.
        let fifo_a = &fes[Self::thread_of(i)];
        let room = if lone {
            fifo_a.fifo_depths()[0] - fifo_a.fifo_levels()[0]
        } else {
            0
        };
        c.push_cycles.clear();
        let mut trace = CoreTrace {
            clock: &mut c.clock,
            banks: &mut units.banks,
            push_cycles: &mut c.push_cycles,
            retired: 0,
            after_push: 0,
        };
        let queue = &mut c.queue;
        // What the map saw, taken field by field in the closure (moving the whole outcome
        // out costs a store-forwarding stall per chunk).
        let ((stop, deferred, block, unmapped, resume), _) =
            self.with_mmio(i, true, |l1, hart, dev| {
                let mut stop = hart.run(l1, dev, &mut trace, budget);
                let mut resume = None;
                // A push the rule admits is queued, and the chunks that would follow it run
                // on as far as the rule lets them.
                if stop == Stop::Mmio
                    && room > 0
                    && let Some((mmio::INSTRN_BUF_BASE, word)) = dev.deferred
                    && trace.clock.now > now
                {
                    let mut last = trace.clock.now - 1;
                    dev.deferred = None;
                    queue.push_back((last, word));
                    let mut map = run_on::RunOnMmio {
                        inner: dev,
                        queue,
                        room: room - 1,
                    };
                    loop {
                        // Instructions of the chunk after the last push so far.
                        let since = trace.retired - trace.after_push;
                        if since == CHUNK {
                            break;
                        }
                        trace.push_cycles.clear();
                        let first = map.queue.len();
                        stop = hart.run(l1, &mut map, &mut trace, CHUNK - since);
                        for (q, &at) in map.queue.range_mut(first..).zip(trace.push_cycles.iter()) {
                            q.0 = at;
                            last = at;
                        }
                        match stop {
                            Stop::Limit => {}
                            // A held store or a status CSR read: as in the chunk it belongs to.
                            Stop::Mmio | Stop::Stall { .. } => break,
                            // A refused access or a fault: run again in its chunk's cycle.
                            _ => {
                                map.inner.unmapped = None;
                                let since = trace.retired - trace.after_push;
                                resume = Some((last + 1, CHUNK - since));
                                stop = Stop::Limit;
                                break;
                            }
                        }
                    }
                }
                (stop, dev.deferred, dev.block, dev.unmapped, resume)
            });
        c.deferred = deferred;
        c.resume = resume;
        c.reads_status = self.status.take_wanted();
        if let Some(Block::Mailbox(w)) = block {
            c.wait = Some(w);
        }
        let dev = super::MmioOutcome {
            block,
            pushes: 0,
            unmapped,
        };
        super::core_fault(i, stop, &dev)?;
        if let Some(at) = c.clock.done_store {
            c.done = Some(at);
        }
        Ok(())
    }

    /// What the status CSRs read (issue 8's CSRs under `--timing`), refreshed only for a
    /// core whose last chunk stopped at a read (the view is marked stale for every other
    /// chunk), so a read sees the state of the cycle in which it executes. The pushes live in
    /// the timed frontends, not in the functional input queues, so each thread's types are
    /// those of the words in its FIFOs A, B and C (C's head is the instruction at the Wait
    /// Gate), plus MOP / REPLAY while its expanders work.
    fn refresh_timed_status(&self, fes: &[Frontend; 3]) {
        let held = std::array::from_fn(|t| {
            let f = &fes[t];
            status::held_bits(
                f.words_held(),
                f.mop_expander().is_expanding(),
                f.replay_expander().is_playing_back(),
            )
        });
        self.status.refresh(held, self.sfpu_cc());
    }

    /// A core's store to a Tensix device in cycle `now` (after the frontend's stages moved:
    /// rule 1 of [`crate::frontend::timing`]); false when the core must wait.
    fn device_store(
        &mut self,
        i: usize,
        addr: u32,
        value: u32,
        fe: &mut Frontend,
        units: &Units,
        now: u64,
    ) -> bool {
        if addr == mmio::INSTRN_BUF_BASE {
            return fe.offer(FrontendInput::Push(FrontendInsn::decode(value)));
        }
        let off = addr.wrapping_sub(mmio::MOP_CFG_BASE);
        if off < 36 {
            let index = MopCfgIndex::new(u64::from(off / 4)).expect("checked by TileMmio");
            return fe.offer(FrontendInput::WriteMopCfg { index, value });
        }
        if let Some(holds) = sync_holds(addr, fe, units, Self::thread_of(i), now) {
            return !holds;
        }
        // TileMmio accepted the address when it deferred the store; only a full mailbox
        // refuses it now.
        let (done, _) = self.with_mmio(i, false, |l1, _, dev| {
            use macrosim_riscv::mmio::Mmio as _;
            dev.store(l1, addr, 4, u64::from(value)).is_ok()
        });
        if done {
            // Semaphores, GPRs, configuration: what a stalled instruction may wait on.
            self.backend.touch();
        }
        done
    }
}

/// For a store to PC_BUF word 1 / 2 (TTSync.md), whether it still holds the core in cycle
/// `now`: thread `t` has something in flight (CoprocessorDoneCheck) / a `MOP` queued or
/// expanding (MOPExpanderDoneCheck); None for any other address.
#[inline]
fn sync_holds(addr: u32, fe: &mut Frontend, units: &Units, t: usize, now: u64) -> Option<bool> {
    if addr == mmio::PC_BUF_BASE + 4 {
        Some(!(units.thread_quiet(t, now) && fe.is_done()))
    } else if addr == mmio::PC_BUF_BASE + 8 {
        Some(fe.mops_queued())
    } else {
        None
    }
}

/// The functional Wait Gate's reason in the cycle model's terms.
fn why_of(s: Stall) -> Why {
    match s {
        Stall::Latched(l) if l.semwait => Why::Semaphore {
            mask: l.semaphore_mask,
            condition: l.condition_mask,
        },
        Stall::Latched(l) => Why::Condition(l.condition_mask),
        Stall::SrcNotValid => Why::SrcNotValid,
        Stall::SrcNotFree { .. } => Why::SrcNotFree,
        Stall::Mutex { .. } => Why::Mutex,
        // ATCAS.md: the Scalar Unit stays busy while it retries.
        Stall::L1Compare { .. } => Why::UnitBusy,
        Stall::FlushDma { conditions } => Why::Condition(conditions),
    }
}
