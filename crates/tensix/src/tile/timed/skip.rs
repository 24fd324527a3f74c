//! Step 3 of a cycle ([`super`]): jumping over the cycles that repeat a quiet one (issue 10's
//! speed).
//!
//! A cycle is *quiet* when no instruction left a Wait Gate, no release lag or Dst hazard
//! counted down, no SFPLOADMACRO work was due, and the cores did nothing but pushes queued by
//! [`super::run_on`] and waits. The cycles after it repeat its Wait Gate stalls, unit stalls
//! and core waits exactly, while
//! 1. no unit timer fires ([`Units::next_event`]) if a gate stalled or a core waited (the
//!    refusals and the PC_BUF conditions lapse with them; nothing else looks at the units);
//! 2. no core is due: its held store's cycle or its next chunk (a core at an empty mailbox
//!    looks again every cycle and finds it as empty, as no other core runs);
//! 3. no stop check and no cycle limit could first fire;
//! 4. each Wait Gate sees what it saw: a stalled instruction stays at the head of FIFO C (the
//!    gate takes nothing), and an empty FIFO C stays empty until the first cycle an
//!    instruction may reach the gate ([`crate::frontend::FrontendTiming::next_offer`]; a push
//!    queued for cycle `p` enters FIFO A after the stages moved in `p` and reaches the gate in
//!    `p + 3` at the earliest, rule 1 of [`crate::frontend::timing`]);
//! 5. a core held at a store that waits on its thread's frontend (a push into a full FIFO A;
//!    a MopCfg write or a PC_BUF MOPExpanderDoneCheck waiting for the MOP expander) finds that
//!    frontend still.
//!
//! Inside those cycles only the frontends move, each on its own (they meet only at the gates
//! and the cores): each is stepped with its gate closed, its thread's queued pushes offered in
//! their cycles, or, while still, only counts the cycles.

use super::stats::TimedStats;
use super::units::{Slot, Units, Why};
use super::{Frontend, STUCK_CYCLES, TimedCore};
use crate::tile::{DEADLOCK_CYCLES, Tile, mmio};

/// What a quiet cycle counted and saw, to repeat it.
pub(super) struct Seen {
    /// Units (bits by [`Slot`]) that stalled, not busy, and why.
    pub stalled_slots: u32,
    pub slot_why: [Why; 9],
    /// Threads whose Wait Gate stalled, and why.
    pub stalled_gates: u32,
    pub gate_why: [Why; 3],
    /// Threads whose Wait Gate found FIFO C empty.
    pub empty_gates: u32,
    /// Threads a queued push went to (after their frontends' step).
    pub pushed: u32,
}

/// The limits a skip must not jump past (rule 3).
pub(super) struct Checks {
    pub last_progress: u64,
    pub max_cycles: u64,
}

impl Checks {
    /// The first cycle after `now` in which the stop checks or the cycle limit could first
    /// fire (`now + 1` when one could fire in it).
    pub fn limit(&self, now: u64) -> u64 {
        let limits = [
            self.last_progress + STUCK_CYCLES + 1,
            self.last_progress + DEADLOCK_CYCLES + 1,
            self.max_cycles,
        ];
        limits
            .into_iter()
            .filter(|&t| t > now)
            .min()
            .unwrap_or(now + 1)
    }
}

/// After quiet cycle `now`: counts and runs the cycles that repeat it, and returns the next
/// cycle to simulate.
pub(super) fn skip(
    now: u64,
    checks: &mut Checks,
    seen: &Seen,
    fe: &mut [Frontend; 3],
    cores: &mut [Option<TimedCore>; 4],
    units: &Units,
    st: &mut TimedStats,
) -> u64 {
    let waited = st.waited();
    let mut to = checks.limit(now);
    if seen.stalled_gates != 0 || waited {
        to = to.min(units.next_event(now).unwrap_or(u64::MAX));
    }
    // Threads whose frontend must stay still (rule 5), and each thread's first queued push.
    let mut held = 0u32;
    let mut first_push = [u64::MAX; 3];
    for (i, c) in cores.iter().enumerate() {
        let Some(c) = c.as_ref().filter(|c| c.done.is_none()) else {
            continue;
        };
        let at = match (c.deferred, c.wait) {
            (Some((addr, _)), _) if c.clock.now - 1 <= now => {
                if waits_on_frontend(addr) {
                    held |= 1 << Tile::thread_of(i);
                }
                continue;
            }
            (Some(_), _) => c.clock.now - 1,
            (None, Some(_)) => continue,
            (None, None) => c.chunk_start(),
        };
        to = to.min(at);
        if let Some(&(p, _)) = c.queue.front() {
            let t = Tile::thread_of(i);
            first_push[t] = first_push[t].min(p);
        }
    }
    for (t, f) in fe.iter_mut().enumerate() {
        let bit = 1 << t;
        let moving = !f.was_still() || seen.pushed & bit != 0;
        if held & bit != 0 && (moving || first_push[t] != u64::MAX) {
            return now + 1;
        }
        // Behind a stalled instruction, nothing reaches the gate.
        if seen.stalled_gates & bit == 0 {
            to = to.min(first_push[t].saturating_add(3));
        }
        if moving && let Some(after) = f.next_offer(seen.empty_gates & bit != 0) {
            to = to.min(now + after);
        }
    }
    if to <= now + 1 {
        return now + 1;
    }
    let repeats = to - now - 1;
    for (t, f) in fe.iter_mut().enumerate() {
        let bit = 1 << t;
        if seen.stalled_gates & bit != 0 {
            st.gate_stall(t, seen.gate_why[t], repeats);
        }
        let moving = !f.was_still() || seen.pushed & bit != 0;
        if moving || first_push[t] < to {
            let last = run_inside(f, t, cores, now + 1, to, moving);
            checks.last_progress = checks.last_progress.max(last.unwrap_or(0));
        } else {
            f.pass_still(repeats);
        }
    }
    let mut slots = seen.stalled_slots;
    while slots != 0 {
        let s = slots.trailing_zeros() as usize;
        st.unit_stall(Slot::ALL[s], seen.slot_why[s], repeats);
        slots &= slots - 1;
    }
    for c in cores.iter_mut().flatten().filter(|c| c.wait.is_some()) {
        c.clock.now = to;
        c.refresh_due();
    }
    if waited {
        st.repeat_waits(repeats);
    }
    to
}

/// Stores that wait on the state of their thread's frontend (rule 5).
fn waits_on_frontend(addr: u32) -> bool {
    addr == mmio::INSTRN_BUF_BASE
        || addr.wrapping_sub(mmio::MOP_CFG_BASE) < 36
        || addr == mmio::PC_BUF_BASE + 8
}

/// Runs thread `t`'s frontend `f` through cycles `from..to` with its gate closed, doing its
/// cores' queued pushes in their cycles; the cycle of the last push, if any.
fn run_inside(
    f: &mut Frontend,
    t: usize,
    cores: &mut [Option<TimedCore>; 4],
    from: u64,
    to: u64,
    mut moving: bool,
) -> Option<u64> {
    let mut c = from;
    let mut last = None;
    loop {
        // The next queued push to this thread before `to` (a core pushing to it and done has
        // none left: its done store came after them).
        let push = cores
            .iter_mut()
            .enumerate()
            .filter(|(i, _)| Tile::thread_of(*i) == t)
            .filter_map(|(_, c)| c.as_mut())
            .filter(|c| c.queue.front().is_some_and(|q| q.0 < to))
            .min_by_key(|c| c.queue.front().map(|q| q.0));
        let end = push.as_ref().map_or(to, |c| c.queue[0].0 + 1);
        while c < end && moving {
            f.step_gated(|_| false);
            moving = !f.was_still();
            c += 1;
        }
        if c < end {
            f.pass_still(end - c);
            c = end;
        }
        let Some(core) = push else {
            return last;
        };
        last = Some(c - 1);
        core.push_queued(f, c - 1);
        moving = true;
    }
}
