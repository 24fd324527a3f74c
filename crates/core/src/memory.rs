//! Sparse paged memory with per-page permissions.
//!
//! Pages are 4 KiB. What is mapped, and with which permissions, is kept as ranges of pages
//! ([`regions`]): mapping, unmapping or protecting a range costs time in proportion to the
//! ranges it touches and the pages in it that were used, not to its length (issue 13: "reserve
//! lazily, ranges, not pages"). A page in use has a 32-bit page-table entry holding its
//! permissions, that it is mapped, whether decoded code was taken from it, and the number of the
//! frame holding its bytes. Frames live one after another in a single arena, so an access costs
//! one table load and one arena load. Pages below 4 GiB are found through a flat table indexed
//! by page number (4 MiB, lazily zeroed by the host), pages above through a hash map.
//!
//! Entries are made when a page is first written or marked as code (and at once for small
//! mappings, [`EAGER_PAGES`], so that a program's own segments and stack read through the fast
//! path from the start); a mapped page without an entry reads as zeros through the ranges.
//! Frames are allocated on the first write: a mapped page that was never written reads from
//! frame 0, which is all zeros and never written. Mapping a large region (a big `.bss`, an
//! `mmap` of a gigabyte) therefore costs one range.
//!
//! Every access names its kind ([`Access`]) and is checked against the page's [`Perm`]; an access
//! to an unmapped page or one the page does not allow is a [`MemFault`] value, never a panic.
//!
//! Memory is little-endian, as RISC-V, Tensix and Linx all are.
//!
//! Harts that pre-decode code can ask to be told when it changes: [`SparseMemory::mark_code`]
//! flags a page, and any later write to a flagged page bumps [`SparseMemory::code_epoch`] (and
//! clears the flag), so a decoded-block cache only needs to compare one counter.

mod access;
mod perm;
mod regions;

pub use perm::{Access, FaultKind, MemFault, Perm};
use regions::Regions;
use rustc_hash::FxHashMap;
use std::collections::BTreeSet;
use std::fmt;

/// log2 of the page size.
pub const PAGE_BITS: u32 = 12;
/// Page size in bytes.
pub const PAGE_SIZE: u64 = 1 << PAGE_BITS;
const PAGE_MASK: u64 = PAGE_SIZE - 1;
/// Pages below this page number live in the flat table (addresses below 4 GiB).
const LOW_PAGES: u64 = 1 << (32 - PAGE_BITS);
/// Mappings of at most this many pages (1 MiB) get their page-table entries at once.
pub const EAGER_PAGES: u64 = 256;

/// Page-table entry bits: permissions in bits 0..=2 (the [`Perm`] bits), then:
const MAPPED: u32 = 1 << 3;
/// Decoded code was taken from the page (see [`SparseMemory::mark_code`]).
const CODE: u32 = 1 << 4;
/// The frame number sits above this bit; frame 0 is the shared zero frame.
const FRAME_SHIFT: u32 = 8;
const PAGE: usize = PAGE_SIZE as usize;

/// Where the fast path of [`SparseMemory::read_array`] and [`SparseMemory::write_array`] finds
/// its data, for code generated at run time (a translating hart) that inlines that fast path.
///
/// Valid until the memory is next changed other than through `read_*`/`write_*` calls that take
/// the fast path: a write taking the slow path may grow the arena, so callers ask again after
/// any slow-path access. For an address `a` below 4 GiB, the entry is `table[a >> PAGE_BITS]`;
/// an access of `n` bytes inside one page may go ahead when `entry & read_ok != 0` (reads) or
/// `entry & write_mask == write_ok && entry >> frame_shift != 0` (writes), at `arena + (entry >> frame_shift) *
/// PAGE_SIZE + (a & (PAGE_SIZE - 1))`; anything else must call the ordinary methods.
#[derive(Clone, Copy, Debug)]
pub struct FastPath {
    pub table: *const u32,
    pub arena: *mut u8,
    pub read_ok: u32,
    pub write_mask: u32,
    pub write_ok: u32,
    pub frame_shift: u32,
}

/// A run of guest pages below 4 GiB whose bytes lie one after another in the arena, found by
/// [`SparseMemory::frame_run`]: code generated at run time may address the whole run from one
/// constant, `FastPath::arena + offset - addr`, while it stays valid (see
/// [`SparseMemory::frame_layout`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrameRun {
    /// The guest address of its first byte (page-aligned).
    pub addr: u64,
    /// Its length in bytes (whole pages).
    pub len: u64,
    /// The arena offset of its first byte.
    pub offset: u64,
}

/// A sparse little-endian memory of 4 KiB pages (see the module documentation).
pub struct SparseMemory {
    /// Entries of the pages below 4 GiB.
    low: Box<[u32; LOW_PAGES as usize]>,
    /// Entries of the pages above; absent means unmapped.
    high: FxHashMap<u64, u32>,
    /// Frame `f` is `arena[f * PAGE..(f + 1) * PAGE]`; frame 0 stays all zeros.
    arena: Vec<u8>,
    /// Frames released by `unmap`, zeroed, ready for reuse.
    free: Vec<u32>,
    code_epoch: u64,
    /// Counts page-table entry changes (see [`layout`](Self::layout)).
    layout: u64,
    /// Counts changes to the entries of pages that had a frame (see
    /// [`frame_layout`](Self::frame_layout)).
    frame_layout: u64,
    /// What is mapped, with which permissions (the truth; entries follow it).
    regions: Regions,
    /// The pages that have an entry, in order (so that a range operation finds them without
    /// walking its length).
    entries: BTreeSet<u64>,
}

impl Default for SparseMemory {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Debug for SparseMemory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SparseMemory")
            .field("resident_bytes", &self.resident_bytes())
            .finish()
    }
}

#[inline]
const fn entry_perm(e: u32) -> Perm {
    Perm((e & 7) as u8)
}

#[inline]
const fn entry_frame(e: u32) -> usize {
    (e >> FRAME_SHIFT) as usize
}

/// Whether the fast path (see [`FastPath`]) may make an access to a page of entry `e`: a read
/// if it is readable, a write if it is writable, holds no decoded code and has its own frame.
fn fast_path_allows(e: u32, write: bool) -> bool {
    if write {
        e & (u32::from(Perm::W.0) | CODE) == u32::from(Perm::W.0) && entry_frame(e) != 0
    } else {
        e & u32::from(Perm::R.0) != 0
    }
}

impl SparseMemory {
    pub fn new() -> Self {
        let low = vec![0u32; LOW_PAGES as usize]
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!("the table has LOW_PAGES entries"));
        SparseMemory {
            low,
            high: FxHashMap::default(),
            arena: vec![0; PAGE],
            free: Vec::new(),
            code_epoch: 0,
            layout: 0,
            frame_layout: 0,
            regions: Regions::default(),
            entries: BTreeSet::new(),
        }
    }

    /// The longest run of at most `max` pages around the page of `addr` (below 4 GiB) whose
    /// frames follow one another in the arena, every page of it allowing what the fast path
    /// allows (see [`FastPath`]): reads, or with `write` writes (writable, its own frame, no
    /// decoded code). `None` when the page of `addr` itself does not.
    pub fn frame_run(&self, addr: u64, write: bool, max: u64) -> Option<FrameRun> {
        let frame = |page: u64| {
            let e = *self.low.get(usize::try_from(page).ok()?)?;
            let f = entry_frame(e) as u64;
            (fast_path_allows(e, write) && f != 0).then_some(f)
        };
        let page = addr >> PAGE_BITS;
        let first = frame(page)?;
        let (mut lo, mut hi) = (page, page + 1);
        // Frames at or above 1 (frame 0 is the zero frame), so `first - k - 1` cannot wrap.
        while hi - lo < max && lo > 0 && frame(lo - 1) == Some(first - (page - lo) - 1) {
            lo -= 1;
        }
        while hi - lo < max && frame(hi) == Some(first + (hi - page)) {
            hi += 1;
        }
        Some(FrameRun {
            addr: lo << PAGE_BITS,
            len: (hi - lo) << PAGE_BITS,
            offset: (first - (page - lo)) << PAGE_BITS,
        })
    }

    /// Whether `run` (from [`frame_run`](Self::frame_run) with the same `write`) still holds:
    /// each of its pages has the frame it had, and allows what it did.
    pub fn frame_run_holds(&self, run: &FrameRun, write: bool) -> bool {
        (0..run.len).step_by(PAGE).all(|at| {
            self.frame_run(run.addr + at, write, 1)
                .is_some_and(|r| r.offset == run.offset + at)
        })
    }

    /// The current [`FastPath`].
    pub fn fast_path(&mut self) -> FastPath {
        FastPath {
            table: self.low.as_ptr(),
            arena: self.arena.as_mut_ptr(),
            read_ok: u32::from(Perm::R.0),
            // Writable and holding no decoded code (and, see above, with its own frame).
            write_mask: u32::from(Perm::W.0) | CODE,
            write_ok: u32::from(Perm::W.0),
            frame_shift: FRAME_SHIFT,
        }
    }

    /// The page-table entry of page number `page` (0 when unmapped).
    #[inline(always)]
    fn entry(&self, page: u64) -> u32 {
        if page < LOW_PAGES {
            self.low[page as usize]
        } else {
            self.high_entry(page)
        }
    }

    #[inline(never)]
    fn high_entry(&self, page: u64) -> u32 {
        self.high.get(&page).copied().unwrap_or(0)
    }

    fn set_entry(&mut self, page: u64, e: u32) {
        let old = self.entry(page);
        self.layout += 1;
        if entry_frame(old) != 0 {
            self.frame_layout += 1;
        }
        match (old != 0, e != 0) {
            (false, true) => {
                self.entries.insert(page);
            }
            (true, false) => {
                self.entries.remove(&page);
            }
            _ => {}
        }
        if page < LOW_PAGES {
            self.low[page as usize] = e;
        } else if e & MAPPED == 0 {
            self.high.remove(&page);
        } else {
            self.high.insert(page, e);
        }
    }

    /// The pages `[first, end)` overlapping `[addr, addr + len)` (empty when `len` is 0).
    fn pages(addr: u64, len: u64) -> (u64, u64) {
        if len == 0 {
            return (0, 0);
        }
        let last = addr.saturating_add(len - 1);
        (addr >> PAGE_BITS, (last >> PAGE_BITS) + 1)
    }

    /// The pages of `[first, end)` that have an entry.
    fn entries_in(&self, first: u64, end: u64) -> Vec<u64> {
        self.entries.range(first..end).copied().collect()
    }

    /// The entry of a page, or for a mapped page without one what it would be: mapped, its
    /// permissions, the zero frame (0 when unmapped).
    #[inline]
    fn full_entry(&self, page: u64) -> u32 {
        let e = self.entry(page);
        if e & MAPPED != 0 {
            e
        } else {
            self.range_entry(page)
        }
    }

    #[cold]
    #[inline(never)]
    fn range_entry(&self, page: u64) -> u32 {
        self.regions
            .find(page)
            .map_or(0, |p| MAPPED | u32::from(p.0))
    }

    /// Map every page overlapping `[addr, addr + len)`. New pages read as zeros and get `perm`;
    /// pages already mapped keep their contents and gain `perm` (the union), which is what two
    /// ELF segments sharing a page need. No memory is allocated until a page is written, and a
    /// mapping of more than [`EAGER_PAGES`] costs one range however long it is.
    pub fn map(&mut self, addr: u64, len: u64, perm: Perm) {
        let (first, end) = Self::pages(addr, len);
        if first == end {
            return;
        }
        self.regions.add(first, end, perm);
        for page in self.entries_in(first, end) {
            let e = self.entry(page);
            self.set_entry(page, e | MAPPED | u32::from(perm.0));
        }
        if end - first <= EAGER_PAGES {
            for page in first..end {
                if self.entry(page) == 0 {
                    let e = self.range_entry(page);
                    self.set_entry(page, e);
                }
            }
        }
    }

    /// Bytes of `[addr, addr + len)` that are mapped (whole pages), in time bounded by the
    /// ranges mapped there.
    pub fn mapped_bytes_in(&self, addr: u64, len: u64) -> u64 {
        let (first, end) = Self::pages(addr, len);
        self.regions.count(first, end) * PAGE_SIZE
    }

    /// The start of the last stretch of mapped pages within `[addr, addr + len)` (clipped to
    /// the page holding `addr`), or `None` when none of it is mapped: where a search for free
    /// space below `addr + len` must continue. Time bounded by the ranges there.
    pub fn last_mapped_stretch(&self, addr: u64, len: u64) -> Option<u64> {
        let (first, end) = Self::pages(addr, len);
        self.regions
            .last_stretch_start(first, end)
            .map(|p| p << PAGE_BITS)
    }

    /// The addresses of the pages within `[addr, addr + len)` that were written (all others
    /// read as zeros), in order; time bounded by the pages in use there.
    pub fn written_pages(&self, addr: u64, len: u64) -> Vec<u64> {
        let (first, end) = Self::pages(addr, len);
        self.entries
            .range(first..end)
            .filter(|&&p| entry_frame(self.entry(p)) != 0)
            .map(|&p| p << PAGE_BITS)
            .collect()
    }

    /// Unmap every page overlapping `[addr, addr + len)`; unmapped pages are ignored. Takes
    /// time in proportion to the ranges and the pages in use there, however long the range.
    pub fn unmap(&mut self, addr: u64, len: u64) {
        let (first, end) = Self::pages(addr, len);
        for page in self.entries_in(first, end) {
            let e = self.entry(page);
            if e & CODE != 0 {
                self.code_epoch += 1;
            }
            let frame = entry_frame(e);
            if frame != 0 {
                self.arena[frame * PAGE..(frame + 1) * PAGE].fill(0);
                self.free.push(frame as u32);
            }
            self.set_entry(page, 0);
        }
        self.regions.remove(first, end);
    }

    /// Set the permissions of the mapped pages overlapping `[addr, addr + len)`.
    /// Returns false (changing nothing) if any of them is unmapped.
    pub fn protect(&mut self, addr: u64, len: u64, perm: Perm) -> bool {
        if !self.is_range_mapped(addr, len) {
            return false;
        }
        let (first, end) = Self::pages(addr, len);
        self.regions.set_perm(first, end, perm);
        for page in self.entries_in(first, end) {
            let e = self.entry(page);
            self.set_entry(page, (e & !7) | u32::from(perm.0));
        }
        true
    }

    /// The permissions of the page holding `addr`, or `None` when it is unmapped.
    pub fn perm_at(&self, addr: u64) -> Option<Perm> {
        let e = self.full_entry(addr >> PAGE_BITS);
        (e & MAPPED != 0).then_some(entry_perm(e))
    }

    pub fn is_mapped(&self, addr: u64) -> bool {
        self.full_entry(addr >> PAGE_BITS) & MAPPED != 0
    }

    /// Is every byte of `[addr, addr + len)` mapped? Time bounded by the ranges there.
    pub fn is_range_mapped(&self, addr: u64, len: u64) -> bool {
        let (first, end) = Self::pages(addr, len);
        self.regions.covers(first, end)
    }

    /// How many separate ranges are mapped (neighbours with equal permissions count as one).
    pub fn mapped_ranges(&self) -> usize {
        self.regions.len()
    }

    /// The whole page holding `addr` and its permissions, for pre-decoding code a page at a time.
    pub fn page(&self, addr: u64) -> Option<(&[u8; PAGE_SIZE as usize], Perm)> {
        let e = self.full_entry(addr >> PAGE_BITS);
        if e & MAPPED == 0 {
            return None;
        }
        let f = entry_frame(e);
        let bytes = self.arena[f * PAGE..(f + 1) * PAGE].try_into().ok()?;
        Some((bytes, entry_perm(e)))
    }

    /// Give the page holding `addr` its page-table entry now if it is mapped and has none (as
    /// small mappings get theirs when mapped), so that reads of it take the [`FastPath`]: a
    /// page of a large mapping that was never written has no entry, and code inlining the fast
    /// path would otherwise leave it for the ordinary methods at every read.
    pub fn touch(&mut self, addr: u64) {
        let page = addr >> PAGE_BITS;
        if self.entry(page) == 0 {
            let e = self.range_entry(page);
            if e != 0 {
                self.set_entry(page, e);
            }
        }
    }

    /// Ask to be told (through [`code_epoch`](Self::code_epoch)) when the page holding `addr`
    /// is next written or unmapped.
    pub fn mark_code(&mut self, addr: u64) {
        let page = addr >> PAGE_BITS;
        let e = self.full_entry(page);
        if e & MAPPED != 0 && e & CODE == 0 {
            self.set_entry(page, e | CODE);
        }
    }

    /// Bytes of host memory holding written pages (mapped pages never written cost nothing).
    pub fn resident_bytes(&self) -> u64 {
        (self.arena.len() - PAGE * (1 + self.free.len())) as u64
    }

    /// The host address of the bytes of the page holding `addr` if the [`FastPath`] allows
    /// reads there (`write` false), or writes: what code inlining the fast path finds for
    /// that page, for as long as [`layout`](Self::layout) stays the same. A model of the
    /// inline check for the tests of `layout` (translated code reads the entries itself).
    #[cfg(test)]
    fn fast_page(&mut self, addr: u64, write: bool) -> Option<*mut u8> {
        let e = self.entry(addr >> PAGE_BITS);
        let f = entry_frame(e);
        fast_path_allows(e, write).then(|| self.arena[f * PAGE..].as_mut_ptr())
    }

    /// Changes whenever any page-table entry changes (a page mapped, unmapped, protected,
    /// written first, marked as code, or written while marked; a change of the arena comes
    /// with one of those): while it stays the same, so do the [`FastPath`]'s answers and the
    /// host addresses of pages ([`fast_page`](Self::fast_page)).
    pub fn layout(&self) -> u64 {
        self.layout
    }

    /// Changes whenever the entry of a page that has a frame changes (it is protected,
    /// unmapped, marked as code, or written while marked): while it stays the same, every
    /// [`FrameRun`] found stays a run with the same frames and permissions. A page's first
    /// write (which gives it a frame, and may move the arena) does not count; the arena's
    /// address is [`FastPath::arena`].
    pub fn frame_layout(&self) -> u64 {
        self.frame_layout
    }

    /// Counts writes to (and unmaps of) pages flagged by [`mark_code`](Self::mark_code).
    pub fn code_epoch(&self) -> u64 {
        self.code_epoch
    }
}

#[cfg(test)]
mod tests;
