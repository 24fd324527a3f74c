//! [`Recording`]: a [`Timeline`] that keeps every event in memory.

use super::{NameId, Timeline, TrackId};
use rustc_hash::FxHashMap;

/// What an [`Event`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// `[start, end)`.
    Span {
        end: u64,
    },
    Instant,
}

/// One recorded event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    pub track: TrackId,
    pub name: NameId,
    pub start: u64,
    pub kind: EventKind,
}

/// A named track and the group (Chrome process) it belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Track {
    pub group: String,
    pub name: String,
}

/// The events of a run, in the order they were reported, up to a limit (events past it are
/// counted, not kept, so that a long run cannot exhaust memory).
#[derive(Clone, Debug)]
pub struct Recording {
    tracks: Vec<Track>,
    track_ids: FxHashMap<(String, String), TrackId>,
    names: Vec<String>,
    name_ids: FxHashMap<String, NameId>,
    events: Vec<Event>,
    limit: usize,
    dropped: u64,
}

impl Default for Recording {
    fn default() -> Self {
        Recording::with_limit(usize::MAX)
    }
}

impl Recording {
    /// A recording without a limit.
    pub fn new() -> Self {
        Recording::default()
    }

    /// A recording that keeps the first `limit` events.
    pub fn with_limit(limit: usize) -> Self {
        Recording {
            tracks: Vec::new(),
            track_ids: FxHashMap::default(),
            names: Vec::new(),
            name_ids: FxHashMap::default(),
            events: Vec::new(),
            limit,
            dropped: 0,
        }
    }

    /// Events reported past the limit (not kept).
    pub fn dropped(&self) -> u64 {
        self.dropped
    }

    /// Whether the limit is reached: later events are only counted, so a model may skip the
    /// work of placing them.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.events.len() >= self.limit
    }

    #[inline]
    fn push(&mut self, e: Event) {
        if !self.is_full() {
            self.events.push(e);
        } else {
            self.dropped += 1;
        }
    }

    pub fn tracks(&self) -> &[Track] {
        &self.tracks
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// How many names are interned (ids `0..names_len()`).
    pub fn names_len(&self) -> usize {
        self.names.len()
    }

    /// The text of an interned name.
    pub fn name_of(&self, id: NameId) -> &str {
        &self.names[id.0 as usize]
    }
}

impl Timeline for Recording {
    const ENABLED: bool = true;

    fn track(&mut self, group: &str, name: &str) -> TrackId {
        let key = (group.to_string(), name.to_string());
        if let Some(&id) = self.track_ids.get(&key) {
            return id;
        }
        let id = TrackId(self.tracks.len() as u32);
        self.tracks.push(Track {
            group: key.0.clone(),
            name: key.1.clone(),
        });
        self.track_ids.insert(key, id);
        id
    }

    fn name(&mut self, name: &str) -> NameId {
        if let Some(&id) = self.name_ids.get(name) {
            return id;
        }
        let id = NameId(self.names.len() as u32);
        self.names.push(name.to_string());
        self.name_ids.insert(name.to_string(), id);
        id
    }

    fn span(&mut self, track: TrackId, name: NameId, start: u64, end: u64) {
        self.push(Event {
            track,
            name,
            start,
            kind: EventKind::Span {
                end: end.max(start),
            },
        });
    }

    fn instant(&mut self, track: TrackId, name: NameId, at: u64) {
        self.push(Event {
            track,
            name,
            start: at,
            kind: EventKind::Instant,
        });
    }
}
