//! [`StateTrack`]: per-cycle states of one unit as spans.

use super::{NameId, Timeline, TrackId};

/// A unit that is in one state (or idle) per cycle. [`StateTrack::set`] is called with the
/// state of each cycle (cycles increasing); each run of equal states becomes one span, idle
/// cycles none.
#[derive(Clone, Copy, Debug)]
pub struct StateTrack {
    track: TrackId,
    open: Option<(NameId, u64)>,
}

impl StateTrack {
    pub fn new(track: TrackId) -> Self {
        StateTrack { track, open: None }
    }

    /// The unit is in `state` (`None`: idle) in `cycle`.
    #[inline]
    pub fn set(&mut self, tl: &mut impl Timeline, cycle: u64, state: Option<NameId>) {
        if self.open.map(|(s, _)| s) == state {
            return;
        }
        if let Some((name, start)) = self.open.take() {
            tl.span(self.track, name, start, cycle);
        }
        self.open = state.map(|s| (s, cycle));
    }

    /// Close the open span at `cycle` (the end of the run).
    pub fn finish(&mut self, tl: &mut impl Timeline, cycle: u64) {
        self.set(tl, cycle, None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timeline::{EventKind, Recording};

    #[test]
    fn runs_of_equal_states_become_one_span_each() {
        let mut rec = Recording::new();
        let track = rec.track("g", "t");
        let (a, b) = (rec.name("a"), rec.name("b"));
        let mut st = StateTrack::new(track);
        for (cycle, s) in [Some(a), Some(a), None, Some(b), Some(a)]
            .into_iter()
            .enumerate()
        {
            st.set(&mut rec, cycle as u64, s);
        }
        st.finish(&mut rec, 5);
        let spans: Vec<_> = rec
            .events()
            .iter()
            .map(|e| match e.kind {
                EventKind::Span { end } => (rec.name_of(e.name).to_string(), e.start, end),
                EventKind::Instant => unreachable!(),
            })
            .collect();
        assert_eq!(
            spans,
            [("a".into(), 0, 2), ("b".into(), 3, 4), ("a".into(), 4, 5)]
        );
    }
}
