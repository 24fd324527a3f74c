//! `--timeline` tracks of a hart's cycle model (issue 11: "Snitch — per hart, integer issue,
//! FPU issue, each SSR, each DMA transfer"). The cycle model ([`crate::timing::Timing`]) reports
//! what it decides as it decides it; nothing is re-derived afterwards.
//!
//! Tracks, in group `snitch hart N`:
//! * `integer issue`: `issue` over the cycles the integer core issues an instruction (an
//!   offload to the FP subsystem included), and the cause over cycles it stalls (`offload queue
//!   full`, `waits for FP result`, `barrier`, `wfi`);
//! * `FPU issue`: the cycles the FP subsystem's issue port is taken, named by FPnew's operation
//!   group (`addmul`, `divsqrt` for the cycles the iterative unit blocks issue, `noncomp`,
//!   `conv`) or `fp load` / `fp store`;
//! * `SSR k`: `read` / `write` in each cycle the stream moves an element;
//! * `DMA` (the DMA core): one span per transfer, from the cycle it reaches the head of the
//!   engine's queue to the cycle its last byte moves, named by its size.
//!
//! Consecutive cycles in the same state become one span. The events go to one [`Recording`]
//! shared by the cluster's harts (every track belongs to one hart, so each track's timestamps
//! are monotone).

use crate::dma::DoneTransfer;
use macrosim_core::timeline::{NameId, Recording, Timeline, TrackId};
use macrosim_riscv::hart::FpGroup;
use std::cell::RefCell;
use std::rc::Rc;

/// The recording the harts of a cluster share.
pub type SharedRecording = Rc<RefCell<Recording>>;

/// An open span on one track, extended while the same state continues cycle after cycle.
#[derive(Debug)]
struct Run {
    track: TrackId,
    open: Option<(NameId, u64, u64)>,
}

impl Run {
    fn new(track: TrackId) -> Run {
        Run { track, open: None }
    }

    /// The track is in state `name` over `[start, end)`.
    fn add(&mut self, rec: &SharedRecording, name: NameId, start: u64, end: u64) {
        if end <= start {
            return;
        }
        if let Some((n, _, e)) = &mut self.open
            && *n == name
            && *e == start
        {
            *e = end;
            return;
        }
        self.flush(rec);
        self.open = Some((name, start, end));
    }

    fn flush(&mut self, rec: &SharedRecording) {
        if let Some((name, start, end)) = self.open.take() {
            rec.borrow_mut().span(self.track, name, start, end);
        }
    }
}

/// Why the integer core does not issue (a span name on `integer issue`).
#[derive(Clone, Copy, Debug)]
pub enum IntStall {
    OffloadQueue,
    WaitsFp,
    Barrier,
    Wfi,
}

/// The timeline tracks of one hart.
#[derive(Debug)]
pub struct HartTracks {
    rec: SharedRecording,
    int: Run,
    fpu: Run,
    ssrs: Vec<Run>,
    dma: Option<TrackId>,
    issue: NameId,
    stalls: [NameId; 4],
    /// By [`FpGroup`] in declaration order.
    groups: [NameId; 6],
    read: NameId,
    write: NameId,
}

impl HartTracks {
    /// The tracks of hart `hart` with `ssrs` SSRs (and a DMA track if `dma`).
    pub fn new(rec: SharedRecording, hart: usize, ssrs: usize, dma: bool) -> HartTracks {
        let group = format!("snitch hart {hart}");
        let mut r = rec.borrow_mut();
        let int = Run::new(r.track(&group, "integer issue"));
        let fpu = Run::new(r.track(&group, "FPU issue"));
        let ssrs = (0..ssrs)
            .map(|k| Run::new(r.track(&group, &format!("SSR {k}"))))
            .collect();
        let dma = dma.then(|| r.track(&group, "DMA"));
        let stalls = [
            "offload queue full",
            "waits for FP result",
            "barrier",
            "wfi",
        ]
        .map(|s| r.name(s));
        let groups = [
            "fp load", "fp store", "addmul", "divsqrt", "noncomp", "conv",
        ]
        .map(|s| r.name(s));
        let (issue, read, write) = (r.name("issue"), r.name("read"), r.name("write"));
        drop(r);
        HartTracks {
            rec,
            int,
            fpu,
            ssrs,
            dma,
            issue,
            stalls,
            groups,
            read,
            write,
        }
    }

    /// The integer core issues over `[start, end)`.
    #[inline(never)]
    pub fn int_issue(&mut self, start: u64, end: u64) {
        self.int.add(&self.rec, self.issue, start, end);
    }

    /// The integer core stalls over `[start, end)`.
    #[inline(never)]
    pub fn int_stall(&mut self, why: IntStall, start: u64, end: u64) {
        self.int
            .add(&self.rec, self.stalls[why as usize], start, end);
    }

    /// The FP subsystem's issue port is taken over `[start, end)` by an operation of `group`.
    #[inline(never)]
    pub fn fpu_issue(&mut self, group: FpGroup, start: u64, end: u64) {
        let name = self.groups[group as usize];
        self.fpu.add(&self.rec, name, start, end);
    }

    /// SSR `k` moves an element in cycle `at` (`write`: a push).
    #[inline(never)]
    pub fn ssr(&mut self, k: u8, write: bool, at: u64) {
        let name = if write { self.write } else { self.read };
        if let Some(run) = self.ssrs.get_mut(usize::from(k)) {
            run.add(&self.rec, name, at, at + 1);
        }
    }

    /// The DMA engine's finished transfers.
    pub fn dma(&mut self, done: &[DoneTransfer]) {
        let Some(track) = self.dma else { return };
        let mut rec = self.rec.borrow_mut();
        for t in done {
            let name = rec.name(&format!("transfer {} B", t.bytes));
            rec.span(track, name, t.start, t.end.max(t.start + 1));
        }
    }

    /// Close the open spans.
    pub fn finish(&mut self) {
        self.int.flush(&self.rec);
        self.fpu.flush(&self.rec);
        for s in &mut self.ssrs {
            s.flush(&self.rec);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use macrosim_core::timeline::EventKind;

    #[test]
    fn consecutive_cycles_in_one_state_are_one_span() {
        let rec = Rc::new(RefCell::new(Recording::new()));
        let mut t = HartTracks::new(rec.clone(), 0, 1, false);
        t.int_issue(0, 3);
        t.int_issue(3, 4);
        t.int_stall(IntStall::WaitsFp, 4, 6);
        t.int_issue(6, 7);
        t.ssr(0, false, 2);
        t.ssr(0, false, 3);
        t.ssr(0, false, 5);
        t.finish();
        let rec = rec.borrow();
        let spans: Vec<_> = rec
            .events()
            .iter()
            .map(|e| {
                let EventKind::Span { end } = e.kind else {
                    panic!("an instant")
                };
                (rec.name_of(e.name).to_string(), e.start, end)
            })
            .collect();
        let want = [
            ("issue", 0, 4),
            ("waits for FP result", 4, 6),
            ("issue", 6, 7),
            ("read", 2, 4),
            ("read", 5, 6),
        ];
        let mut want: Vec<_> = want
            .iter()
            .map(|&(n, s, e)| (n.to_string(), s, e))
            .collect();
        // Spans are written when they close, so the tracks' spans interleave: compare as sets.
        let mut got = spans;
        got.sort();
        want.sort();
        assert_eq!(got, want);
    }
}
