//! Stopping a run from outside it: Ctrl-C (SIGINT) and `--timeout`.
//!
//! A [`StopSignal`] is a shared flag. Whoever wants a run to end (the CLI's SIGINT handler, a
//! timer started by [`StopSignal::after`]) calls [`StopSignal::request`]; the run loops poll
//! [`StopSignal::requested`] at block granularity (between blocks, or between slices of at
//! most [`POLL_INSNS`] instructions for loops that only take an instruction budget), never
//! per instruction, so an unrequested signal costs one relaxed load per block. A run that
//! sees the request stops cleanly and reports where it was (hart, pc, instructions retired).
//!
//! Using it from a target's run loop:
//!
//! ```
//! use macrosim_core::stop::{POLL_INSNS, StopReason, StopSignal};
//! let stop = StopSignal::new();
//! let mut retired = 0u64;
//! let why = loop {
//!     if let Some(why) = stop.requested() {
//!         break why; // report hart, pc and `retired`
//!     }
//!     // Run one block, or at most `POLL_INSNS` instructions.
//!     retired += POLL_INSNS;
//!     if retired >= 4 * POLL_INSNS {
//!         stop.request(StopReason::Interrupted); // what Ctrl-C does
//!     }
//! };
//! assert_eq!(why.exit_status(), 130);
//! ```

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Duration;

/// Loops that run a hart with an instruction budget (rather than block by block) give it at
/// most this many instructions before polling the signal again: a few milliseconds of guest
/// time at any simulation speed this project reaches.
pub const POLL_INSNS: u64 = 1 << 20;

/// Why a run was asked to stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// SIGINT (Ctrl-C).
    Interrupted,
    /// The `--timeout` expired.
    TimedOut,
}

impl StopReason {
    /// The CLI's exit status: 130 (128 + SIGINT) for an interrupt, as shells report a program
    /// killed by Ctrl-C; 124 for a timeout, as coreutils `timeout(1)` does.
    pub fn exit_status(self) -> u8 {
        match self {
            StopReason::Interrupted => 130,
            StopReason::TimedOut => 124,
        }
    }

    fn code(self) -> u8 {
        match self {
            StopReason::Interrupted => 1,
            StopReason::TimedOut => 2,
        }
    }
}

impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StopReason::Interrupted => "interrupted",
            StopReason::TimedOut => "timed out",
        })
    }
}

/// A request to stop, shared between the run loop and whoever may ask (cheap to clone).
#[derive(Clone, Debug, Default)]
pub struct StopSignal(Arc<AtomicU8>);

impl StopSignal {
    /// A signal nobody has requested yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Ask the run to stop. The first request wins (a Ctrl-C after a timeout stays a timeout).
    /// Async-signal-safe: one atomic compare-and-swap.
    pub fn request(&self, why: StopReason) {
        let _ = self
            .0
            .compare_exchange(0, why.code(), Ordering::Relaxed, Ordering::Relaxed);
    }

    /// Whether (and why) a stop was requested.
    #[inline]
    pub fn requested(&self) -> Option<StopReason> {
        match self.0.load(Ordering::Relaxed) {
            0 => None,
            1 => Some(StopReason::Interrupted),
            _ => Some(StopReason::TimedOut),
        }
    }

    /// Request [`StopReason::TimedOut`] once `limit` has passed (a detached timer thread; it
    /// does nothing if the process has ended by then).
    pub fn after(&self, limit: Duration) {
        let me = self.clone();
        std::thread::spawn(move || {
            std::thread::sleep(limit);
            me.request(StopReason::TimedOut);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_request_wins_and_clones_share_it() {
        let s = StopSignal::new();
        let seen_by_loop = s.clone();
        assert_eq!(seen_by_loop.requested(), None);
        s.request(StopReason::TimedOut);
        s.request(StopReason::Interrupted);
        assert_eq!(seen_by_loop.requested(), Some(StopReason::TimedOut));
    }

    #[test]
    fn a_timer_requests_a_timeout() {
        let s = StopSignal::new();
        s.after(Duration::from_millis(10));
        let start = std::time::Instant::now();
        while s.requested().is_none() {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "the timer never fired"
            );
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(s.requested(), Some(StopReason::TimedOut));
        assert!(start.elapsed() >= Duration::from_millis(10));
    }
}
