//! What is mapped, as ranges of pages (issue 13: "reserve lazily, ranges, not pages"): a map
//! from a range's first page to its end (exclusive) and permissions. Ranges never overlap;
//! neighbours with the same permissions are merged. Every operation costs time in proportion
//! to the ranges it touches (times a logarithm), never to the pages they cover, so a guest's
//! `mmap` of a gigabyte or `munmap(p, 2^46)` is as cheap as one of a page.
//!
//! Page numbers are below 2^52 (64-bit addresses, 4 KiB pages), so an exclusive end never
//! overflows.

use super::Perm;
use std::collections::BTreeMap;

/// Mapped page ranges with their permissions.
#[derive(Default)]
pub(super) struct Regions {
    /// first page -> (end page, exclusive; permissions)
    map: BTreeMap<u64, (u64, Perm)>,
}

impl Regions {
    /// The permissions of page `page`, or `None` when it is not mapped.
    pub(super) fn find(&self, page: u64) -> Option<Perm> {
        let (_, &(end, perm)) = self.map.range(..=page).next_back()?;
        (page < end).then_some(perm)
    }

    /// The ranges overlapping `[first, end)`, clipped to it, in address order.
    fn overlapping(&self, first: u64, end: u64) -> impl Iterator<Item = (u64, u64, Perm)> + '_ {
        let before = self
            .map
            .range(..first)
            .next_back()
            .filter(|(_, (e, _))| *e > first)
            .map(|(&s, &(e, p))| (s, e, p));
        before
            .into_iter()
            .chain(self.map.range(first..end).map(|(&s, &(e, p))| (s, e, p)))
            .map(move |(s, e, p)| (s.max(first), e.min(end), p))
    }

    /// Make `page` the first page of a range if a range runs across it.
    fn split(&mut self, page: u64) {
        if let Some((&s, &(e, p))) = self.map.range(..page).next_back()
            && e > page
        {
            self.map.insert(s, (page, p));
            self.map.insert(page, (e, p));
        }
    }

    /// Merge neighbours with equal permissions from the range before `first` to the one
    /// starting at `end`.
    fn coalesce(&mut self, first: u64, end: u64) {
        let from = self
            .map
            .range(..first)
            .next_back()
            .map_or(first, |(&s, _)| s);
        let keys: Vec<u64> = self.map.range(from..=end).map(|(&s, _)| s).collect();
        let mut prev: Option<(u64, u64, Perm)> = None;
        for s in keys {
            let (e, p) = self.map[&s];
            match prev {
                Some((ps, pe, pp)) if pe == s && pp == p => {
                    self.map.remove(&s);
                    self.map.insert(ps, (e, p));
                    prev = Some((ps, e, p));
                }
                _ => prev = Some((s, e, p)),
            }
        }
    }

    /// Map `[first, end)`: pages not mapped get `perm`, mapped ones gain it (the union).
    pub(super) fn add(&mut self, first: u64, end: u64, perm: Perm) {
        self.split(first);
        self.split(end);
        let inside: Vec<(u64, u64, Perm)> = self.overlapping(first, end).collect();
        let mut at = first;
        for (s, e, p) in inside {
            if s > at {
                self.map.insert(at, (s, perm));
            }
            self.map.insert(s, (e, p.union(perm)));
            at = e;
        }
        if at < end {
            self.map.insert(at, (end, perm));
        }
        self.coalesce(first, end);
    }

    /// Unmap `[first, end)`.
    pub(super) fn remove(&mut self, first: u64, end: u64) {
        self.split(first);
        self.split(end);
        let keys: Vec<u64> = self.map.range(first..end).map(|(&s, _)| s).collect();
        for s in keys {
            self.map.remove(&s);
        }
    }

    /// Is every page of `[first, end)` mapped?
    pub(super) fn covers(&self, first: u64, end: u64) -> bool {
        let mut at = first;
        for (s, e, _) in self.overlapping(first, end) {
            if s > at {
                return false;
            }
            at = e;
        }
        at >= end
    }

    /// Give every page of `[first, end)` the permissions `perm` (all must be mapped).
    pub(super) fn set_perm(&mut self, first: u64, end: u64, perm: Perm) {
        self.split(first);
        self.split(end);
        let keys: Vec<u64> = self.map.range(first..end).map(|(&s, _)| s).collect();
        for s in keys {
            if let Some(r) = self.map.get_mut(&s) {
                r.1 = perm;
            }
        }
        self.coalesce(first, end);
    }

    /// How many pages of `[first, end)` are mapped.
    pub(super) fn count(&self, first: u64, end: u64) -> u64 {
        self.overlapping(first, end).map(|(s, e, _)| e - s).sum()
    }

    /// The first page of the last mapped stretch within `[first, end)` (clipped to `first`),
    /// or `None` when nothing there is mapped.
    pub(super) fn last_stretch_start(&self, first: u64, end: u64) -> Option<u64> {
        let mut stretch: Option<(u64, u64)> = None;
        for (s, e, _) in self.overlapping(first, end) {
            stretch = match stretch {
                Some((ss, se)) if se == s => Some((ss, e)),
                _ => Some((s, e)),
            };
        }
        stretch.map(|(s, _)| s)
    }

    /// How many ranges there are.
    pub(super) fn len(&self) -> usize {
        self.map.len()
    }
}
