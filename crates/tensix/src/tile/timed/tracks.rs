//! The cycle model's timeline tracks (issue 11): one per backend unit (group `tensix
//! backend`; a span per run of cycles in which the unit is busy, named by the instruction
//! that made it busy) and one per thread's Wait Gate (group `tensix thread N`; `issue` or the
//! reason it stalled). With [`macrosim_core::timeline::NoTimeline`] all of it compiles away.

use super::units::{Slot, Units, Why};
use crate::isa::IsaTable;
use macrosim_core::timeline::{NameId, StateTrack, Timeline};

/// What a thread's Wait Gate did in a cycle.
#[derive(Clone, Copy, Debug)]
pub enum Gate {
    Issued,
    Stalled(Why),
    Empty,
}

pub struct Tracks<'a, T: Timeline> {
    tl: &'a mut T,
    gates: [StateTrack; 3],
    units: [StateTrack; 9],
    /// Names of the opcodes (interned on first use) and the last one each unit started.
    opcodes: Vec<Option<NameId>>,
    last: [Option<NameId>; 9],
    issue: NameId,
    reasons: [NameId; 10],
    table: &'static IsaTable,
}

fn reason_index(w: Why) -> usize {
    match w {
        Why::UnitBusy => 0,
        Why::ThreadHeld => 1,
        Why::UnpackSetup => 2,
        Why::DstHazard(_) => 3,
        Why::ReleaseLag => 4,
        Why::Semaphore { .. } => 5,
        Why::Condition(_) => 6,
        Why::SrcNotValid => 7,
        Why::SrcNotFree => 8,
        Why::Mutex => 9,
    }
}

const REASONS: [&str; 10] = [
    "unit busy",
    "thread held",
    "UNPACR setup",
    "Dst RAW",
    "release lag",
    "SEMWAIT",
    "STALLWAIT",
    "Src not valid",
    "Src not free",
    "mutex",
];

impl<'a, T: Timeline> Tracks<'a, T> {
    pub fn new(tl: &'a mut T, table: &'static IsaTable) -> Self {
        let mut gates = [StateTrack::new(Default::default()); 3];
        let mut units = [StateTrack::new(Default::default()); 9];
        let mut issue = NameId::default();
        let mut reasons = [NameId::default(); 10];
        if T::ENABLED {
            for (t, g) in gates.iter_mut().enumerate() {
                *g = StateTrack::new(tl.track(&format!("tensix thread {t}"), "wait gate (timed)"));
            }
            for (s, u) in Slot::ALL.iter().zip(units.iter_mut()) {
                *u = StateTrack::new(tl.track("tensix backend", s.name()));
            }
            issue = tl.name("issue");
            for (r, n) in reasons.iter_mut().zip(REASONS) {
                *r = tl.name(n);
            }
        }
        Tracks {
            tl,
            gates,
            units,
            opcodes: if T::ENABLED {
                vec![None; 256]
            } else {
                Vec::new()
            },
            last: [None; 9],
            issue,
            reasons,
            table,
        }
    }

    /// Thread `t`'s Wait Gate in cycle `now`; `word` when it issued.
    #[inline]
    pub fn gate(&mut self, t: usize, now: u64, gate: Gate, word: u32) {
        if !T::ENABLED {
            return;
        }
        let state = match gate {
            Gate::Issued => {
                if let Some(s) = Slot::of(word) {
                    let op = (word >> 24) as usize;
                    let name = match self.opcodes[op] {
                        Some(n) => n,
                        None => {
                            let m = self
                                .table
                                .by_opcode(op as u8)
                                .map_or("unknown", |d| d.mnemonic);
                            let n = self.tl.name(m);
                            self.opcodes[op] = Some(n);
                            n
                        }
                    };
                    self.last[s as usize] = Some(name);
                }
                Some(self.issue)
            }
            Gate::Stalled(w) => Some(self.reasons[reason_index(w)]),
            Gate::Empty => None,
        };
        self.gates[t].set(self.tl, now, state);
    }

    /// The units' states at the end of cycle `now`.
    #[inline]
    pub fn units(&mut self, now: u64, units: &Units) {
        if !T::ENABLED {
            return;
        }
        for (i, s) in Slot::ALL.iter().enumerate() {
            let state = if units.is_busy(*s, now) {
                self.last[i]
            } else {
                None
            };
            self.units[i].set(self.tl, now, state);
        }
    }

    /// Close every open span at `end`.
    pub fn finish(&mut self, end: u64) {
        if !T::ENABLED {
            return;
        }
        for g in self.gates.iter_mut().chain(self.units.iter_mut()) {
            g.finish(self.tl, end);
        }
    }
}
