//! Timelines: what each unit did in which cycle (issue 11).
//!
//! A timing model reports [`Timeline`] events as it runs: spans (`[start, end)`) and instants on
//! named tracks, with simulated cycles (or, for a model without cycles, retired instructions) as
//! timestamps. The model is generic over the sink; with [`NoTimeline`] (`ENABLED = false`)
//! every call sits behind `if T::ENABLED` and compiles away (DESIGN principle 3). A
//! [`Recording`] keeps the events, and [`save`] writes them as Chrome trace-event JSON (gzip'd
//! when the file name ends in `.gz`) or as a self-contained HTML viewer (`.html`).
//!
//! Wiring a new unit: ask the sink for a track once (`track(group, name)`, a group being a
//! Chrome "process" such as `tensix thread 0` or `hart 0`), intern the span names once
//! (`name("expanding")`), then report `span`s and `instant`s. A unit that is in one state per
//! cycle uses a [`StateTrack`], which turns per-cycle states into one span per run of equal
//! states.

mod check;
mod chrome;
mod recording;
mod state;
mod viewer;

pub use check::{
    CheckReport, MAX_TRACE_BYTES, TimelineError, check, check_file, load_trace, parse_trace,
};
pub use chrome::write_chrome_json;
pub use recording::{Event, EventKind, Recording};
pub use state::StateTrack;
pub use viewer::{write_html, write_html_for_trace};

use std::path::Path;

/// A track: one row of the timeline.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TrackId(pub u32);

/// An interned span or instant name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NameId(pub u32);

/// Receives the events of a timing model.
pub trait Timeline {
    /// `false` for [`NoTimeline`]: callers guard their work with `if T::ENABLED`.
    const ENABLED: bool;
    /// The track `name` in `group` (created on first use; the same id afterwards).
    fn track(&mut self, group: &str, name: &str) -> TrackId;
    /// The id of a span or instant name.
    fn name(&mut self, name: &str) -> NameId;
    /// `track` was in state `name` from cycle `start` up to, not including, `end`.
    fn span(&mut self, track: TrackId, name: NameId, start: u64, end: u64);
    /// Something happened on `track` in cycle `at`.
    fn instant(&mut self, track: TrackId, name: NameId, at: u64);
}

/// No timeline: nothing is recorded and `ENABLED` lets callers skip the calls entirely.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTimeline;

impl Timeline for NoTimeline {
    const ENABLED: bool = false;
    #[inline(always)]
    fn track(&mut self, _: &str, _: &str) -> TrackId {
        TrackId(0)
    }
    #[inline(always)]
    fn name(&mut self, _: &str) -> NameId {
        NameId(0)
    }
    #[inline(always)]
    fn span(&mut self, _: TrackId, _: NameId, _: u64, _: u64) {}
    #[inline(always)]
    fn instant(&mut self, _: TrackId, _: NameId, _: u64) {}
}

impl<T: Timeline> Timeline for &mut T {
    const ENABLED: bool = T::ENABLED;
    fn track(&mut self, group: &str, name: &str) -> TrackId {
        (**self).track(group, name)
    }
    fn name(&mut self, name: &str) -> NameId {
        (**self).name(name)
    }
    fn span(&mut self, track: TrackId, name: NameId, start: u64, end: u64) {
        (**self).span(track, name, start, end)
    }
    fn instant(&mut self, track: TrackId, name: NameId, at: u64) {
        (**self).instant(track, name, at)
    }
}

/// Errors writing a timeline file.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("cannot write {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
}

/// Write `rec` to `path`: a self-contained HTML viewer when the name ends in `.html`, Chrome
/// trace-event JSON otherwise, gzip-compressed when the name ends in `.gz`.
pub fn save(rec: &Recording, path: &Path) -> Result<(), SaveError> {
    let io = |source| SaveError::Io {
        path: path.display().to_string(),
        source,
    };
    let name = path.to_string_lossy();
    let file = std::fs::File::create(path).map_err(io)?;
    // The writers make many small writes; the buffer sits in front of the compressor, which
    // costs per call (unbuffered, gzip took 8x the run itself: BENCHMARKS.md "Timeline cost").
    if name.ends_with(".gz") {
        let gz = flate2::write::GzEncoder::new(file, flate2::Compression::fast());
        let mut out = std::io::BufWriter::with_capacity(1 << 16, gz);
        write_chrome_json(rec, &mut out).map_err(io)?;
        let gz = out.into_inner().map_err(|e| io(e.into_error()))?;
        return gz.finish().map(drop).map_err(io);
    }
    let mut out = std::io::BufWriter::with_capacity(1 << 16, file);
    if name.ends_with(".html") {
        write_html(rec, &mut out).map_err(io)?;
    } else {
        write_chrome_json(rec, &mut out).map_err(io)?;
    }
    std::io::Write::flush(&mut out).map_err(io)
}
