//! The cycle model of one thread's frontend. It drives the same [`MopExpander`] and
//! [`ReplayExpander`] as the functional model, one step per cycle, with the FIFOs between them,
//! and so gives the same instruction stream (tests check this on random programs).
//!
//! Stages and FIFO depths (frontend diagram `Diagrams/Out/TensixFrontend.svg`,
//! notes/tensix.md §1.7):
//!
//! ```text
//! RISC-V push ─► FIFO A (32 for T0, 16 for T1/T2) ─► MOP expander ─► FIFO B (8)
//!   ─► replay expander ─► FIFO C (2) ─► Wait Gate
//! ```
//!
//! The rules, per cycle (the documents give the rates; where they do not say more, the choices
//! made here are marked CHOICE):
//!
//! 1. **Order.** Stages act from the back to the front: Wait Gate, replay expander, MOP
//!    expander, RISC-V. A FIFO entry taken in a cycle frees its place for the stage in front in
//!    the same cycle; an entry added in a cycle can be taken at the earliest in the next cycle
//!    (CHOICE: registered FIFOs). So a plain instruction pushed in cycle `c` reaches the Wait
//!    Gate in cycle `c + 3`.
//! 2. **Wait Gate.** Takes one instruction per cycle from FIFO C when there is one: the backend
//!    is assumed to accept one instruction per cycle (no stalls at the gate are modelled). The
//!    cycle it does so is the cycle the instruction "reached the Wait Gate".
//! 3. **Replay expander** (REPLAY.md, "Performance"): one step per cycle.
//!    * Playing back: emits the next buffered instruction into FIFO C if it has room, and
//!      ingests nothing. A playback of Count instructions therefore emits in Count cycles and
//!      stalls its input for Count − 1 cycles after the cycle it ingests the `REPLAY`.
//!    * Otherwise it ingests the instruction at the head of FIFO B: a pass-through instruction,
//!      an instruction recorded with Exec, or a playback `REPLAY` (which emits its first
//!      instruction in the same cycle) needs room in FIFO C, else the expander waits; a
//!      recording `REPLAY` and instructions recorded without Exec emit nothing (one cycle each).
//!      No penalty when switching modes.
//! 4. **MOP expander** (MOPExpander.md, "Performance"): one step per cycle.
//!    * Expanding: emits the next expanded instruction into FIFO B if it has room.
//!    * Otherwise it ingests the instruction at the head of FIFO A: a `MOP` starts an expansion
//!      and emits its first instruction in the same cycle when FIFO B has room (CHOICE: like
//!      the replay expander's playback; an empty expansion emits nothing), `MOP_CFG` is
//!      consumed, anything else passes into FIFO B (needs room).
//!    * MOP BUBBLE: in the cycle after an expansion's last instruction is emitted (or after an
//!      empty expansion's `MOP` is ingested), if the instruction at the head of FIFO A is not a
//!      `MOP`, the expander neither ingests nor emits: one bubble. CHOICE: when FIFO A is empty
//!      in that cycle, the transition passes unseen and no bubble is counted; a `MOP` at the
//!      head is ingested at once.
//! 5. **RISC-V** (the input side; CHOICE, the issue's assumption): the thread's RISC-V core
//!    pushes the next instruction of the program, one per cycle, whenever FIFO A has room
//!    (after this cycle's MOP-expander step). Before a MopCfg write it waits until no `MOP` is
//!    in FIFO A and the MOP expander is not expanding (tt-llk `mop_sync()`, which uses
//!    MOPExpanderDoneCheck, TTSync.md); the write itself takes no cycle, and the next push can
//!    follow in the same cycle. (A real core spends cycles on the sync and the stores.)
//!
//! With a [`Timeline`] (issue 11), each cycle's state of every stage ([`PushStage`],
//! [`MopStage`], [`ReplayStage`], Wait Gate arrival) is reported as it is decided here, on the
//! tracks of [`super::stages`]; with [`NoTimeline`] (the default) that code compiles away.
//!
//! The run ends when every input item has been consumed and all FIFOs and expanders are
//! empty; `cycles` is the number of cycles simulated until then (cycle numbers start at 0).

use super::stages::{MopStage, PushStage, ReplayStage, StageTracks};
use super::thread::{REPLAY_FIFO_DEPTH, WAIT_GATE_FIFO_DEPTH};
use super::{Fifo, FrontendInput, FrontendInsn, FrontendKind, MopExpander, ReplayExpander, Thread};
use macrosim_core::timeline::{NoTimeline, Timeline};
use std::iter::Peekable;

/// Slots of FIFO A's ring: the deepest thread's depth ([`Thread::mop_fifo_depth`]).
const MOP_FIFO_SLOTS: usize = 32;

/// What a run did, in numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimingStats {
    /// Instructions the RISC-V core pushed.
    pub words_in: u64,
    /// MopCfg writes.
    pub mopcfg_writes: u64,
    /// Instructions that reached the Wait Gate.
    pub words_out: u64,
    /// Cycles until the frontend was empty.
    pub cycles: u64,
    /// Cycles lost to the MOP expander's transition after an expansion (rule 4).
    pub mop_bubbles: u64,
    /// Cycles, between the first and the last instruction reaching the Wait Gate, in which
    /// none did.
    pub wait_gate_idle_cycles: u64,
    /// Cycles the RISC-V core had an instruction to push but FIFO A was full.
    pub push_stall_cycles: u64,
    /// Cycles the RISC-V core waited for the MOP expander before a MopCfg write.
    pub mopcfg_wait_cycles: u64,
}

impl TimingStats {
    /// Every figure with its name, in the order `tensix expand --timing` prints them (the
    /// command line's report and the Python bindings' `FrontendTiming` share it).
    pub fn named(&self) -> [(&'static str, u64); 8] {
        [
            ("words_in", self.words_in),
            ("mopcfg_writes", self.mopcfg_writes),
            ("words_out", self.words_out),
            ("cycles", self.cycles),
            ("mop_bubbles", self.mop_bubbles),
            ("wait_gate_idle_cycles", self.wait_gate_idle_cycles),
            ("push_stall_cycles", self.push_stall_cycles),
            ("mopcfg_wait_cycles", self.mopcfg_wait_cycles),
        ]
    }
}

/// One thread's frontend, cycle by cycle.
#[derive(Clone, Debug)]
pub struct FrontendTiming<I: Iterator<Item = FrontendInput>, T: Timeline = NoTimeline> {
    thread: Thread,
    input: Peekable<I>,
    fifo_a: Fifo<FrontendInsn, MOP_FIFO_SLOTS>,
    /// `MOP` instructions in FIFO A.
    mops_in_fifo_a: usize,
    mop: MopExpander,
    /// The MOP expander finished an expansion in the previous step (rule 4).
    mop_transition: bool,
    fifo_b: Fifo<FrontendInsn, REPLAY_FIFO_DEPTH>,
    replay: ReplayExpander,
    fifo_c: Fifo<u32, WAIT_GATE_FIFO_DEPTH>,
    cycle: u64,
    first_arrival: Option<u64>,
    last_arrival: u64,
    stats: TimingStats,
    timeline: T,
    tracks: Option<StageTracks>,
    /// The last cycle changed nothing: no instruction reached the Wait Gate and every stage
    /// was idle or stalled on a full FIFO, so the next cycles repeat it until something
    /// outside (a push, the backend taking the head of FIFO C) changes.
    still: bool,
    /// FIFOs A, B and C are empty and neither expander works: [`Self::is_done`] but for the
    /// input. Kept by every step and push (issue 10's speed: the tile's cycle model asks
    /// every cycle, and most cycles of a tile leave some thread's frontend empty).
    empty: bool,
}

impl<I: Iterator<Item = FrontendInput>> FrontendTiming<I> {
    /// The frontend of `thread` at reset, fed by `input`.
    pub fn new(input: I, thread: Thread) -> Self {
        FrontendTiming::with_timeline(input, thread, NoTimeline)
    }
}

impl<I: Iterator<Item = FrontendInput>, T: Timeline> FrontendTiming<I, T> {
    /// The frontend of `thread` at reset, fed by `input`, reporting each stage's state per
    /// cycle to `timeline` (tracks in group `tensix thread N`).
    pub fn with_timeline(input: I, thread: Thread, mut timeline: T) -> Self {
        let tracks = T::ENABLED.then(|| StageTracks::new(&mut timeline, thread.index()));
        FrontendTiming {
            thread,
            input: input.peekable(),
            fifo_a: Fifo::new(thread.mop_fifo_depth()),
            mops_in_fifo_a: 0,
            mop: MopExpander::new(),
            mop_transition: false,
            fifo_b: Fifo::new(REPLAY_FIFO_DEPTH),
            replay: ReplayExpander::new(),
            fifo_c: Fifo::new(WAIT_GATE_FIFO_DEPTH),
            cycle: 0,
            first_arrival: None,
            last_arrival: 0,
            stats: TimingStats::default(),
            timeline,
            tracks,
            still: false,
            empty: true,
        }
    }

    pub fn thread(&self) -> Thread {
        self.thread
    }

    /// The number of the next cycle to simulate (= cycles simulated so far).
    pub fn cycle(&self) -> u64 {
        self.cycle
    }

    /// The depths of FIFO A, B and C.
    pub fn fifo_depths(&self) -> [usize; 3] {
        [
            self.fifo_a.capacity(),
            self.fifo_b.capacity(),
            self.fifo_c.capacity(),
        ]
    }

    /// Occupancy of FIFO A, B and C.
    pub fn fifo_levels(&self) -> [usize; 3] {
        [self.fifo_a.len(), self.fifo_b.len(), self.fifo_c.len()]
    }

    pub fn mop_expander(&self) -> &MopExpander {
        &self.mop
    }

    pub fn replay_expander(&self) -> &ReplayExpander {
        &self.replay
    }

    /// The instruction words in FIFO A, B and C (the last one's head is the instruction in
    /// front of the Wait Gate), for the status CSRs (issue 8).
    pub fn words_held(&self) -> impl Iterator<Item = u32> + '_ {
        let ab = self.fifo_a.iter().chain(self.fifo_b.iter()).map(|i| i.word);
        ab.chain(self.fifo_c.iter().copied())
    }

    /// Whether everything has gone through.
    #[inline]
    pub fn is_done(&mut self) -> bool {
        debug_assert_eq!(self.empty, self.find_empty(), "empty kept by every change");
        self.empty && self.input.peek().is_none()
    }

    /// What the `empty` field keeps.
    fn find_empty(&self) -> bool {
        self.fifo_a.is_empty()
            && self.fifo_b.is_empty()
            && self.fifo_c.is_empty()
            && !self.mop.is_expanding()
            && !self.replay.is_playing_back()
    }

    /// The numbers so far (final once [`FrontendTiming::is_done`]).
    pub fn stats(&self) -> TimingStats {
        let mut stats = self.stats;
        stats.cycles = self.cycle;
        if let Some(first) = self.first_arrival {
            stats.wait_gate_idle_cycles = self.last_arrival - first + 1 - stats.words_out;
        }
        stats
    }

    /// Simulate one cycle; returns the instruction that reached the Wait Gate in it, if any.
    pub fn step(&mut self) -> Option<u32> {
        self.step_taking(true)
    }

    /// Simulate one cycle in front of a backend that may refuse: `accept` is offered the
    /// instruction at the head of FIFO C (the one in front of the Wait Gate) and it leaves
    /// only if `accept` returns true (the whole tile's cycle model, issue 10). Returns the
    /// instruction that left.
    #[inline]
    pub fn step_gated(&mut self, accept: impl FnOnce(u32) -> bool) -> Option<u32> {
        if !T::ENABLED && self.is_done() {
            self.pass_done();
            return None;
        }
        let take = self.fifo_c.front().is_some_and(accept);
        if !T::ENABLED && self.still && !take {
            // Nothing changed since a cycle that changed nothing (`offer` ends a still run):
            // this one repeats it.
            self.cycle += 1;
            return None;
        }
        self.step_taking(take)
    }

    /// A cycle of a frontend that [`Self::is_done`] (without a timeline): every stage idle
    /// (rules 2–5 find nothing to do), so of the cycle only its count and the end of a MOP
    /// transition remain (rule 4: with FIFO A empty it passes unseen). Most cycles of a tile
    /// leave some thread's frontend empty, so the tile's cycle model takes this without the
    /// Wait Gate's questions.
    #[inline]
    pub fn pass_done(&mut self) {
        debug_assert!(!T::ENABLED && self.is_done());
        self.mop_transition = false;
        self.still = true;
        self.cycle += 1;
    }

    /// Feed the RISC-V side directly (for a frontend built on an empty input iterator): a push
    /// enters FIFO A if it has room, a MopCfg write is done if no `MOP` is queued or
    /// expanding (rule 5). False when the item must wait; call this after [`Self::step`] or
    /// [`Self::step_gated`] for the cycle, as rule 1 orders the RISC-V stage last.
    pub fn offer(&mut self, item: FrontendInput) -> bool {
        match item {
            FrontendInput::WriteMopCfg { index, value } => {
                if self.mops_queued() {
                    return false;
                }
                self.mop.write_cfg(index, value);
                self.stats.mopcfg_writes += 1;
            }
            FrontendInput::Push(insn) => {
                if self.fifo_a.push(insn).is_err() {
                    return false;
                }
                self.mops_in_fifo_a += usize::from(insn.is_mop());
                self.stats.words_in += 1;
                self.empty = false;
            }
        }
        self.still = false;
        true
    }

    /// Whether a `MOP` is in FIFO A or being expanded (what MOPExpanderDoneCheck waits on,
    /// TTSync.md).
    pub fn mops_queued(&self) -> bool {
        self.mops_in_fifo_a > 0 || self.mop.is_expanding()
    }

    fn step_taking(&mut self, take: bool) -> Option<u32> {
        let arrived = if take { self.fifo_c.pop() } else { None };
        if arrived.is_some() {
            self.first_arrival.get_or_insert(self.cycle);
            self.last_arrival = self.cycle;
            self.stats.words_out += 1;
        }
        let replay = self.step_replay_expander();
        let mop = self.step_mop_expander();
        let push = self.step_riscv();
        self.empty = self.find_empty();
        self.still = arrived.is_none()
            && matches!(
                replay,
                ReplayStage::Idle | ReplayStage::Stall | ReplayStage::PlaybackStall
            )
            && matches!(
                mop,
                MopStage::Idle | MopStage::ExpandStall | MopStage::PassStall
            )
            && push == PushStage::Idle;
        if T::ENABLED
            && let Some(tracks) = &mut self.tracks
        {
            let arrived = arrived.is_some();
            tracks.cycle(&mut self.timeline, self.cycle, arrived, replay, mop, push);
        }
        self.cycle += 1;
        arrived
    }

    /// Whether the last cycle changed nothing (see the `still` field).
    pub fn was_still(&self) -> bool {
        self.still
    }

    /// How many cycles after the cycle just simulated pass before the Wait Gate may be offered
    /// an instruction other than the one it was offered in that cycle (1: in the next cycle),
    /// while nothing is pushed and the gate takes nothing; `gate_saw_empty`: FIFO C was empty
    /// when the gate looked in that cycle. None when no such cycle comes (the head stays, or
    /// nothing is in flight). A lower bound from rule 1 (an instruction moves at most one stage
    /// a cycle, and an expander emits at once only into the FIFO behind it): from FIFO B or a
    /// playback it reaches FIFO C in the next cycle and the gate in the one after; from FIFO A
    /// or an expansion one cycle later; from the input one more.
    pub fn next_offer(&mut self, gate_saw_empty: bool) -> Option<u64> {
        if !self.fifo_c.is_empty() {
            gate_saw_empty.then_some(1)
        } else if self.replay.is_playing_back() || !self.fifo_b.is_empty() {
            Some(2)
        } else if self.mop.is_expanding() || !self.fifo_a.is_empty() {
            Some(3)
        } else if self.input.peek().is_some() {
            Some(4)
        } else {
            None
        }
    }

    /// Let `cycles` cycles pass in which the frontend is still (the caller checked
    /// [`Self::was_still`] and that nothing outside changes): only the cycle count moves.
    pub fn pass_still(&mut self, cycles: u64) {
        debug_assert!(self.still && !T::ENABLED);
        self.cycle += cycles;
    }

    /// Close the timeline's open spans at the current cycle and hand the sink back.
    pub fn into_timeline(mut self) -> T {
        self.finish_timeline();
        self.timeline
    }

    fn finish_timeline(&mut self) {
        if T::ENABLED
            && let Some(tracks) = &mut self.tracks
        {
            tracks.finish(&mut self.timeline, self.cycle);
        }
    }

    /// Run to the end, calling `on_wait_gate(cycle, word)` for each instruction as it reaches
    /// the Wait Gate.
    pub fn run(mut self, mut on_wait_gate: impl FnMut(u64, u32)) -> TimingStats {
        while !self.is_done() {
            let cycle = self.cycle;
            if let Some(word) = self.step() {
                on_wait_gate(cycle, word);
            }
        }
        self.finish_timeline();
        self.stats()
    }

    /// Rule 3.
    fn step_replay_expander(&mut self) -> ReplayStage {
        if self.replay.is_playing_back() {
            if self.fifo_c.is_full() {
                return ReplayStage::PlaybackStall;
            }
            if let Some(word) = self.replay.next_playback() {
                let _ = self.fifo_c.push(word);
            }
            return ReplayStage::Playback;
        }
        let Some(head) = self.fifo_b.front() else {
            return ReplayStage::Idle;
        };
        if self.replay.would_emit(&head) && self.fifo_c.is_full() {
            return ReplayStage::Stall;
        }
        let was_recording = self.replay.is_recording();
        self.fifo_b.pop();
        if let Some(word) = self.replay.accept(head) {
            let _ = self.fifo_c.push(word);
        }
        match head.kind() {
            _ if was_recording => ReplayStage::Record,
            FrontendKind::Replay(r) if r.load => ReplayStage::Record,
            FrontendKind::Replay(_) => ReplayStage::PlaybackStart,
            _ => ReplayStage::PassThrough,
        }
    }

    /// Rule 4.
    fn step_mop_expander(&mut self) -> MopStage {
        if self.mop.is_expanding() {
            return if self.emit_expanded() {
                MopStage::Expanding
            } else {
                MopStage::ExpandStall
            };
        }
        let head = self.fifo_a.front();
        if std::mem::take(&mut self.mop_transition) && head.is_some_and(|h| !h.is_mop()) {
            self.stats.mop_bubbles += 1;
            return MopStage::Bubble;
        }
        let Some(head) = head else {
            return MopStage::Idle;
        };
        match head.kind() {
            FrontendKind::Mop(_) => {
                self.fifo_a.pop();
                self.mops_in_fifo_a -= 1;
                self.mop.accept(head);
                if self.mop.is_expanding() {
                    self.emit_expanded();
                } else {
                    self.mop_transition = true;
                }
                MopStage::MopStart
            }
            FrontendKind::MopCfg { .. } => {
                self.fifo_a.pop();
                self.mop.accept(head);
                MopStage::MopCfg
            }
            _ => {
                if self.fifo_b.is_full() {
                    return MopStage::PassStall;
                }
                self.fifo_a.pop();
                if let Some(out) = self.mop.accept(head) {
                    let _ = self.fifo_b.push(out);
                }
                MopStage::PassThrough
            }
        }
    }

    /// Emit the next expanded instruction if FIFO B has room; whether it did.
    fn emit_expanded(&mut self) -> bool {
        if self.fifo_b.is_full() {
            return false;
        }
        if let Some(insn) = self.mop.next_expanded() {
            let _ = self.fifo_b.push(insn);
            if !self.mop.is_expanding() {
                self.mop_transition = true;
            }
        }
        true
    }

    /// Rule 5.
    fn step_riscv(&mut self) -> PushStage {
        while let Some(&item) = self.input.peek() {
            match item {
                FrontendInput::WriteMopCfg { index, value } => {
                    if self.mops_in_fifo_a > 0 || self.mop.is_expanding() {
                        self.stats.mopcfg_wait_cycles += 1;
                        return PushStage::MopCfgWait;
                    }
                    self.mop.write_cfg(index, value);
                    self.stats.mopcfg_writes += 1;
                    self.input.next();
                }
                FrontendInput::Push(insn) => {
                    if self.fifo_a.push(insn).is_err() {
                        self.stats.push_stall_cycles += 1;
                        return PushStage::PushStall;
                    }
                    self.mops_in_fifo_a += usize::from(insn.is_mop());
                    self.stats.words_in += 1;
                    self.input.next();
                    return PushStage::Push;
                }
            }
        }
        PushStage::Idle
    }
}
