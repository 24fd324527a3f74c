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

mod regions;

use regions::Regions;
use rustc_hash::FxHashMap;
use std::collections::BTreeSet;
use std::fmt;
use thiserror::Error;

/// log2 of the page size.
pub const PAGE_BITS: u32 = 12;
/// Page size in bytes.
pub const PAGE_SIZE: u64 = 1 << PAGE_BITS;
const PAGE_MASK: u64 = PAGE_SIZE - 1;
/// Pages below this page number live in the flat table (addresses below 4 GiB).
const LOW_PAGES: u64 = 1 << (32 - PAGE_BITS);
/// Mappings of at most this many pages (1 MiB) get their page-table entries at once.
pub const EAGER_PAGES: u64 = 256;

/// Page permissions: a set of read, write and execute.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Perm(u8);

impl Perm {
    pub const NONE: Perm = Perm(0);
    pub const R: Perm = Perm(1);
    pub const W: Perm = Perm(2);
    pub const X: Perm = Perm(4);
    pub const RW: Perm = Perm(3);
    pub const RX: Perm = Perm(5);
    pub const RWX: Perm = Perm(7);

    /// Does this set include every permission in `other`?
    pub const fn contains(self, other: Perm) -> bool {
        self.0 & other.0 == other.0
    }

    pub const fn union(self, other: Perm) -> Perm {
        Perm(self.0 | other.0)
    }

    /// From the ELF `p_flags` / mmap `PROT_*` bit order (X = 1, W = 2, R = 4).
    pub const fn from_elf_flags(flags: u32) -> Perm {
        let mut p = 0;
        if flags & 4 != 0 {
            p |= 1;
        }
        if flags & 2 != 0 {
            p |= 2;
        }
        if flags & 1 != 0 {
            p |= 4;
        }
        Perm(p)
    }

    /// From Linux `PROT_READ` (1), `PROT_WRITE` (2), `PROT_EXEC` (4).
    pub const fn from_prot(prot: u64) -> Perm {
        Perm((prot & 7) as u8)
    }
}

impl fmt::Debug for Perm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = |bit: Perm, ch: char| if self.contains(bit) { ch } else { '-' };
        write!(
            f,
            "{}{}{}",
            c(Perm::R, 'r'),
            c(Perm::W, 'w'),
            c(Perm::X, 'x')
        )
    }
}

/// What an access wanted to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Access {
    Read,
    Write,
    Fetch,
}

impl Access {
    const fn needs(self) -> Perm {
        match self {
            Access::Read => Perm::R,
            Access::Write => Perm::W,
            Access::Fetch => Perm::X,
        }
    }
}

impl fmt::Display for Access {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Access::Read => "read",
            Access::Write => "write",
            Access::Fetch => "instruction fetch",
        })
    }
}

/// Why an access failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FaultKind {
    /// No page is mapped at the address.
    Unmapped,
    /// The page is mapped but does not allow this kind of access.
    Protection(Perm),
}

/// A failed memory access: where, how wide, what kind, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[error("{access} of {size} byte(s) at {addr:#x}: {}", match .kind {
    FaultKind::Unmapped => "address is not mapped".to_string(),
    FaultKind::Protection(p) => format!("page permissions are {p:?}"),
})]
pub struct MemFault {
    pub addr: u64,
    pub size: u64,
    pub access: Access,
    pub kind: FaultKind,
}

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
            regions: Regions::default(),
            entries: BTreeSet::new(),
        }
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
        match (self.entry(page) != 0, e != 0) {
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

    /// Counts writes to (and unmaps of) pages flagged by [`mark_code`](Self::mark_code).
    pub fn code_epoch(&self) -> u64 {
        self.code_epoch
    }

    /// The entry of the page holding `addr` if it allows `access`, else the fault.
    #[inline(always)]
    fn checked_entry(&self, addr: u64, size: u64, access: Access) -> Result<u32, MemFault> {
        let e = self.full_entry(addr >> PAGE_BITS);
        if e & u32::from(access.needs().0) != 0 {
            Ok(e)
        } else {
            Err(Self::fault(e, addr, size, access))
        }
    }

    #[cold]
    fn fault(e: u32, addr: u64, size: u64, access: Access) -> MemFault {
        let kind = if e & MAPPED == 0 {
            FaultKind::Unmapped
        } else {
            FaultKind::Protection(entry_perm(e))
        };
        MemFault {
            addr,
            size,
            access,
            kind,
        }
    }

    /// The frame of the (mapped) page `page` for writing: allocated on first write; a write to
    /// a page flagged as code bumps the code epoch and clears the flag.
    #[inline(always)]
    fn frame_for_write(&mut self, page: u64, e: u32) -> usize {
        if e & CODE == 0 && entry_frame(e) != 0 {
            entry_frame(e)
        } else {
            self.prepare_write(page, e)
        }
    }

    #[cold]
    fn prepare_write(&mut self, page: u64, mut e: u32) -> usize {
        if e & CODE != 0 {
            e &= !CODE;
            self.code_epoch += 1;
        }
        if entry_frame(e) == 0 {
            let frame = match self.free.pop() {
                Some(f) => f as usize,
                None => {
                    let f = self.arena.len() / PAGE;
                    if self.arena.len() == self.arena.capacity() {
                        // Grow by a quarter (at least 64 pages), not by doubling: a guest
                        // with 2 GiB resident must not make the host reserve 4 GiB.
                        let more = (self.arena.len() / 4).max(64 * PAGE);
                        self.arena.reserve_exact(more);
                    }
                    self.arena.resize((f + 1) * PAGE, 0);
                    f
                }
            };
            e |= (frame as u32) << FRAME_SHIFT;
        }
        self.set_entry(page, e);
        entry_frame(e)
    }

    /// Read `N` bytes at `addr` as `access` (Read or Fetch), across pages if need be.
    ///
    /// The common case (inside one page that allows the access) is inlined into the caller: a
    /// simulator's load is then one table load and one arena load; the rest is out of line.
    #[inline(always)]
    pub fn read_array<const N: usize>(
        &self,
        addr: u64,
        access: Access,
    ) -> Result<[u8; N], MemFault> {
        let off = (addr & PAGE_MASK) as usize;
        if off + N <= PAGE {
            let e = self.entry(addr >> PAGE_BITS);
            if e & u32::from(access.needs().0) != 0 {
                let at = entry_frame(e) * PAGE + off;
                let mut out = [0; N];
                out.copy_from_slice(&self.arena[at..at + N]);
                return Ok(out);
            }
        }
        self.read_array_slow(addr, access)
    }

    /// [`read_array`](Self::read_array) across pages, or failing.
    #[cold]
    #[inline(never)]
    fn read_array_slow<const N: usize>(
        &self,
        addr: u64,
        access: Access,
    ) -> Result<[u8; N], MemFault> {
        let mut out = [0; N];
        self.read_into(addr, &mut out, access)?;
        Ok(out)
    }

    /// Write `N` bytes at `addr`, across pages if need be. Nothing is written if any byte faults.
    ///
    /// Inlined like [`read_array`](Self::read_array) for a writable page that already has its
    /// frame and holds no decoded code; everything else is out of line.
    #[inline(always)]
    pub fn write_array<const N: usize>(
        &mut self,
        addr: u64,
        bytes: [u8; N],
    ) -> Result<(), MemFault> {
        let off = (addr & PAGE_MASK) as usize;
        if off + N <= PAGE {
            let e = self.entry(addr >> PAGE_BITS);
            if e & (u32::from(Perm::W.0) | CODE) == u32::from(Perm::W.0) && entry_frame(e) != 0 {
                let at = entry_frame(e) * PAGE + off;
                self.arena[at..at + N].copy_from_slice(&bytes);
                return Ok(());
            }
        }
        self.write_array_slow(addr, bytes)
    }

    /// [`write_array`](Self::write_array) across pages, to a page without its frame or with
    /// decoded code, or failing.
    #[cold]
    #[inline(never)]
    fn write_array_slow<const N: usize>(
        &mut self,
        addr: u64,
        bytes: [u8; N],
    ) -> Result<(), MemFault> {
        let off = (addr & PAGE_MASK) as usize;
        if off + N <= PAGE {
            let e = self.checked_entry(addr, N as u64, Access::Write)?;
            let at = self.frame_for_write(addr >> PAGE_BITS, e) * PAGE + off;
            self.arena[at..at + N].copy_from_slice(&bytes);
            Ok(())
        } else {
            self.write_bytes(addr, &bytes)
        }
    }

    /// Fill `buf` from `[addr, addr + buf.len())`, checking every page for `access`.
    pub fn read_into(&self, addr: u64, buf: &mut [u8], access: Access) -> Result<(), MemFault> {
        let size = buf.len() as u64;
        self.check_range(addr, size, access)?;
        let mut done = 0;
        while done < buf.len() {
            let a = addr.wrapping_add(done as u64);
            let off = (a & PAGE_MASK) as usize;
            let n = (PAGE - off).min(buf.len() - done);
            let at = entry_frame(self.entry(a >> PAGE_BITS)) * PAGE + off;
            buf[done..done + n].copy_from_slice(&self.arena[at..at + n]);
            done += n;
        }
        Ok(())
    }

    /// Check that every page of `[addr, addr + size)` allows `access`; the fault names `addr`.
    pub fn check_range(&self, addr: u64, size: u64, access: Access) -> Result<(), MemFault> {
        if size > 0 && addr.checked_add(size - 1).is_none() {
            return Err(MemFault {
                addr,
                size,
                access,
                kind: FaultKind::Unmapped,
            });
        }
        let (first, end) = Self::pages(addr, size);
        for page in first..end {
            let at = (page << PAGE_BITS).max(addr);
            self.checked_entry(at, size, access)
                .map_err(|f| MemFault { addr, ..f })?;
        }
        Ok(())
    }

    /// Write `bytes` at `addr` as a program store: every page must be writable, and nothing is
    /// written if one is not.
    pub fn write_bytes(&mut self, addr: u64, bytes: &[u8]) -> Result<(), MemFault> {
        self.check_range(addr, bytes.len() as u64, Access::Write)?;
        self.copy_in(addr, bytes);
        Ok(())
    }

    /// Write `bytes` at `addr` ignoring page permissions, as a loader does. Every page must be
    /// mapped.
    pub fn load_bytes(&mut self, addr: u64, bytes: &[u8]) -> Result<(), MemFault> {
        let size = bytes.len() as u64;
        if !self.is_range_mapped(addr, size) || (size > 0 && addr.checked_add(size - 1).is_none()) {
            return Err(MemFault {
                addr,
                size,
                access: Access::Write,
                kind: FaultKind::Unmapped,
            });
        }
        self.copy_in(addr, bytes);
        Ok(())
    }

    /// Copy into pages already known to be mapped.
    fn copy_in(&mut self, addr: u64, bytes: &[u8]) {
        let mut done = 0;
        while done < bytes.len() {
            let a = addr.wrapping_add(done as u64);
            let off = (a & PAGE_MASK) as usize;
            let n = (PAGE - off).min(bytes.len() - done);
            let page = a >> PAGE_BITS;
            let at = self.frame_for_write(page, self.full_entry(page)) * PAGE + off;
            self.arena[at..at + n].copy_from_slice(&bytes[done..done + n]);
            done += n;
        }
    }

    /// Read a NUL-terminated string of at most `max` bytes (without the NUL). `None` inside the
    /// `Ok` means no NUL was found within `max` bytes.
    pub fn read_cstr(&self, addr: u64, max: usize) -> Result<Option<Vec<u8>>, MemFault> {
        let mut out = Vec::new();
        for k in 0..max as u64 {
            let [b] = self.read_array::<1>(addr.wrapping_add(k), Access::Read)?;
            if b == 0 {
                return Ok(Some(out));
            }
            out.push(b);
        }
        Ok(None)
    }

    #[inline(always)]
    pub fn read_u8(&self, addr: u64) -> Result<u8, MemFault> {
        self.read_array::<1>(addr, Access::Read).map(|b| b[0])
    }
    #[inline(always)]
    pub fn read_u16(&self, addr: u64) -> Result<u16, MemFault> {
        self.read_array(addr, Access::Read).map(u16::from_le_bytes)
    }
    #[inline(always)]
    pub fn read_u32(&self, addr: u64) -> Result<u32, MemFault> {
        self.read_array(addr, Access::Read).map(u32::from_le_bytes)
    }
    #[inline(always)]
    pub fn read_u64(&self, addr: u64) -> Result<u64, MemFault> {
        self.read_array(addr, Access::Read).map(u64::from_le_bytes)
    }
    /// Fetch a 16-bit instruction parcel (needs execute permission).
    #[inline(always)]
    pub fn fetch_u16(&self, addr: u64) -> Result<u16, MemFault> {
        self.read_array(addr, Access::Fetch).map(u16::from_le_bytes)
    }
    /// Fetch a 32-bit instruction word (needs execute permission).
    #[inline(always)]
    pub fn fetch_u32(&self, addr: u64) -> Result<u32, MemFault> {
        self.read_array(addr, Access::Fetch).map(u32::from_le_bytes)
    }
    #[inline(always)]
    pub fn write_u8(&mut self, addr: u64, v: u8) -> Result<(), MemFault> {
        self.write_array(addr, [v])
    }
    #[inline(always)]
    pub fn write_u16(&mut self, addr: u64, v: u16) -> Result<(), MemFault> {
        self.write_array(addr, v.to_le_bytes())
    }
    #[inline(always)]
    pub fn write_u32(&mut self, addr: u64, v: u32) -> Result<(), MemFault> {
        self.write_array(addr, v.to_le_bytes())
    }
    #[inline(always)]
    pub fn write_u64(&mut self, addr: u64, v: u64) -> Result<(), MemFault> {
        self.write_array(addr, v.to_le_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn unmapped_access_is_a_fault_naming_the_address() {
        let mem = SparseMemory::new();
        let f = mem.read_u32(0x8000_0000).unwrap_err();
        assert_eq!(f.addr, 0x8000_0000);
        assert_eq!(f.kind, FaultKind::Unmapped);
        assert_eq!(
            f.to_string(),
            "read of 4 byte(s) at 0x80000000: address is not mapped"
        );
    }

    #[test]
    fn permissions_are_checked_per_access_kind() {
        let mut mem = SparseMemory::new();
        mem.map(0x1000, 0x1000, Perm::RX);
        assert_eq!(mem.fetch_u32(0x1000), Ok(0));
        let f = mem.write_u32(0x1000, 5).unwrap_err();
        assert_eq!(f.kind, FaultKind::Protection(Perm::RX));
        mem.load_bytes(0x1000, &[1, 2, 3, 4]).unwrap();
        assert_eq!(mem.read_u32(0x1000), Ok(0x0403_0201));
    }

    #[test]
    fn straddling_access_checks_both_pages_and_writes_nothing_on_fault() {
        let mut mem = SparseMemory::new();
        mem.map(0x1000, 0x1000, Perm::RW);
        let f = mem.write_u32(0x1ffe, 0xdead_beef).unwrap_err();
        assert_eq!((f.addr, f.kind), (0x1ffe, FaultKind::Unmapped));
        assert_eq!(mem.read_u16(0x1ffe), Ok(0));
        mem.map(0x2000, 1, Perm::RW);
        mem.write_u32(0x1ffe, 0xdead_beef).unwrap();
        assert_eq!(mem.read_u32(0x1ffe), Ok(0xdead_beef));
        assert_eq!(mem.read_u8(0x2001), Ok(0xde));
    }

    #[test]
    fn high_addresses_and_top_of_address_space() {
        let mut mem = SparseMemory::new();
        mem.map(0xffff_ffff_ffff_f000, 0x1000, Perm::RW);
        mem.write_u64(0xffff_ffff_ffff_fff8, 7).unwrap();
        assert_eq!(mem.read_u64(0xffff_ffff_ffff_fff8), Ok(7));
        assert!(mem.read_u64(0xffff_ffff_ffff_fffc).is_err());
    }

    #[test]
    fn code_epoch_counts_writes_to_marked_pages() {
        let mut mem = SparseMemory::new();
        mem.map(0, 0x2000, Perm::RWX);
        mem.mark_code(0);
        mem.write_u32(0x1000, 1).unwrap();
        assert_eq!(mem.code_epoch(), 0);
        mem.write_u32(0x10, 1).unwrap();
        assert_eq!(mem.code_epoch(), 1);
        mem.write_u32(0x10, 2).unwrap();
        assert_eq!(
            mem.code_epoch(),
            1,
            "the flag clears until the page is marked again"
        );
    }

    #[test]
    fn unmap_then_remap_gives_zeroed_page() {
        let mut mem = SparseMemory::new();
        mem.map(0x5000, 10, Perm::RW);
        mem.write_u8(0x5003, 9).unwrap();
        mem.unmap(0x5000, 1);
        assert!(!mem.is_mapped(0x5000));
        mem.map(0x9000, 1, Perm::RW);
        assert_eq!(mem.read_u8(0x9003), Ok(0));
    }

    #[test]
    fn mapping_is_free_until_written_and_unmapped_frames_are_reused_zeroed() {
        let mut mem = SparseMemory::new();
        mem.map(0x1000_0000, 3 << 30, Perm::RW);
        mem.map(0x7fff_0000_0000, 1 << 30, Perm::RW);
        assert_eq!(mem.resident_bytes(), 0);
        assert_eq!(mem.read_u64(0x1000_0000 + (2 << 30)), Ok(0));
        mem.write_u8(0x7fff_0000_1234, 7).unwrap();
        assert_eq!(mem.resident_bytes(), PAGE_SIZE);
        assert_eq!(mem.read_u8(0x7fff_0000_1234), Ok(7));
        assert_eq!(
            mem.read_u8(0x7fff_0000_0234),
            Ok(0),
            "other pages still read the zero frame"
        );
        mem.unmap(0x7fff_0000_1000, 1);
        assert_eq!(mem.resident_bytes(), 0);
        mem.write_u8(0x1000_0000, 1).unwrap();
        assert_eq!(mem.resident_bytes(), PAGE_SIZE);
        assert_eq!(
            mem.read_u8(0x1000_0234),
            Ok(0),
            "a reused frame comes back zeroed"
        );
    }

    #[test]
    fn protection_none_pages_are_mapped_but_fault() {
        let mut mem = SparseMemory::new();
        mem.map(0x4000, 0x1000, Perm::RW);
        mem.write_u32(0x4000, 9).unwrap();
        assert!(mem.protect(0x4000, 0x1000, Perm::NONE));
        assert!(mem.is_mapped(0x4000));
        assert_eq!(
            mem.read_u32(0x4000).unwrap_err().kind,
            FaultKind::Protection(Perm::NONE)
        );
        assert!(mem.protect(0x4000, 0x1000, Perm::R));
        assert_eq!(
            mem.read_u32(0x4000),
            Ok(9),
            "contents survive a protection change"
        );
        assert!(
            !mem.protect(0x4000, 0x2000, Perm::R),
            "part of the range is unmapped"
        );
    }

    #[test]
    fn cstr() {
        let mut mem = SparseMemory::new();
        mem.map(0x1000, 0x1000, Perm::R);
        mem.load_bytes(0x1ffc, b"abc\0").unwrap();
        assert_eq!(mem.read_cstr(0x1ffc, 16), Ok(Some(b"abc".to_vec())));
        assert_eq!(mem.read_cstr(0x1ffc, 2), Ok(None));
    }

    #[test]
    fn a_huge_mapping_costs_one_range_until_touched() {
        let start = std::time::Instant::now();
        let mut mem = SparseMemory::new();
        // A terabyte above 4 GiB and a gigabyte below: one range each, no entries, no frames.
        mem.map(0x7f00_0000_0000, 1 << 40, Perm::RW);
        mem.map(0x4000_0000, 1 << 30, Perm::RW);
        assert_eq!(mem.mapped_ranges(), 2);
        assert_eq!(mem.entries.len(), 0);
        assert!(mem.high.is_empty());
        assert_eq!(mem.mapped_bytes_in(0, u64::MAX), (1 << 40) + (1 << 30));
        assert!(mem.is_range_mapped(0x7f00_0000_0000, 1 << 40));
        assert_eq!(mem.read_u64(0x7f00_0000_0000 + (1 << 39)), Ok(0));
        mem.write_u32(0x7f00_0000_0000 + (1 << 39), 5).unwrap();
        assert_eq!(mem.entries.len(), 1, "a write makes the page's entry");
        assert_eq!(mem.resident_bytes(), PAGE_SIZE);
        // Protect and unmap across the whole address space: per range, not per page.
        assert!(mem.protect(0x7f00_0000_0000, 1 << 40, Perm::R));
        assert_eq!(mem.read_u32(0x7f00_0000_0000 + (1 << 39)), Ok(5));
        assert_eq!(
            mem.write_u32(0x7f00_0000_0000, 1).unwrap_err().kind,
            FaultKind::Protection(Perm::R)
        );
        mem.unmap(0, 1 << 47);
        assert_eq!(mem.mapped_ranges(), 0);
        assert_eq!((mem.entries.len(), mem.resident_bytes()), (0, 0));
        assert!(!mem.is_mapped(0x4000_0000));
        // Per page this was 2^28 entries: minutes and gigabytes.
        assert!(
            start.elapsed() < std::time::Duration::from_secs(2),
            "{:?}",
            start.elapsed()
        );
    }

    #[test]
    fn ranges_split_and_merge() {
        let mut mem = SparseMemory::new();
        mem.map(0x10_0000_0000, 100 << 20, Perm::RW);
        assert!(mem.protect(0x10_0000_0000 + (10 << 20), 1 << 20, Perm::R));
        assert_eq!(mem.mapped_ranges(), 3);
        assert_eq!(mem.perm_at(0x10_0000_0000 + (10 << 20)), Some(Perm::R));
        assert_eq!(mem.perm_at(0x10_0000_0000 + (11 << 20)), Some(Perm::RW));
        assert!(mem.protect(0x10_0000_0000 + (10 << 20), 1 << 20, Perm::RW));
        assert_eq!(mem.mapped_ranges(), 1, "equal neighbours merge again");
        mem.unmap(0x10_0000_0000 + (50 << 20), 1 << 20);
        assert_eq!(mem.mapped_ranges(), 2);
        assert_eq!(
            mem.last_mapped_stretch(0x10_0000_0000, 60 << 20),
            Some(0x10_0000_0000 + (51 << 20))
        );
        assert!(!mem.protect(0x10_0000_0000, 100 << 20, Perm::R), "a hole");
        assert_eq!(
            mem.perm_at(0x10_0000_0000),
            Some(Perm::RW),
            "nothing changed"
        );
    }

    proptest! {
        /// Map, unmap, protect, write and read against a model that keeps every page.
        #[test]
        fn ranges_match_a_per_page_model(ops in proptest::collection::vec(
            (0u8..5, 0u64..64, 1u64..24, 0u8..8, any::<u8>()), 1..120)) {
            const BASE: u64 = 0xff_0000_0000; // above 4 GiB: entries in the hash map
            let mut mem = SparseMemory::new();
            let mut model: Vec<Option<(Perm, u8)>> = vec![None; 96];
            for (op, page, n, perm, byte) in ops {
                let (addr, len, perm) = (BASE + page * PAGE_SIZE, n * PAGE_SIZE, Perm(perm));
                let pages = page as usize..(page + n) as usize;
                match op {
                    0 => {
                        mem.map(addr, len, perm);
                        for m in &mut model[pages] {
                            *m = Some(m.map_or((perm, 0), |(p, b)| (p.union(perm), b)));
                        }
                    }
                    1 => {
                        mem.unmap(addr, len);
                        model[pages].fill(None);
                    }
                    2 => {
                        let all = model[pages.clone()].iter().all(Option::is_some);
                        prop_assert_eq!(mem.protect(addr, len, perm), all);
                        if all {
                            for m in &mut model[pages] {
                                *m = m.map(|(_, b)| (perm, b));
                            }
                        }
                    }
                    3 => {
                        let ok = mem.write_u8(addr + 7, byte).is_ok();
                        let want = matches!(model[page as usize], Some((p, _)) if p.contains(Perm::W));
                        prop_assert_eq!(ok, want);
                        if ok {
                            model[page as usize] = model[page as usize].map(|(p, _)| (p, byte));
                        }
                    }
                    _ => {
                        let got = mem.read_u8(addr + 7).ok();
                        let want = model[page as usize]
                            .filter(|(p, _)| p.contains(Perm::R))
                            .map(|(_, b)| b);
                        prop_assert_eq!(got, want);
                    }
                }
                for (i, m) in model.iter().enumerate() {
                    let a = BASE + i as u64 * PAGE_SIZE;
                    prop_assert_eq!(mem.perm_at(a), m.map(|(p, _)| p), "page {}", i);
                }
                let mapped = model.iter().filter(|m| m.is_some()).count() as u64;
                prop_assert_eq!(mem.mapped_bytes_in(BASE, 96 * PAGE_SIZE), mapped * PAGE_SIZE);
            }
        }

        #[test]
        fn matches_a_flat_model(ops in proptest::collection::vec((0u64..0x3000, any::<u64>(), 0u8..4), 1..200)) {
            let mut mem = SparseMemory::new();
            mem.map(0, 0x3008, Perm::RW);
            let mut flat = vec![0u8; 0x4000];
            for (addr, v, w) in ops {
                let n = 1usize << w;
                mem.write_bytes(addr, &v.to_le_bytes()[..n]).unwrap();
                flat[addr as usize..addr as usize + n].copy_from_slice(&v.to_le_bytes()[..n]);
                let mut back = vec![0; n];
                mem.read_into(addr, &mut back, Access::Read).unwrap();
                prop_assert_eq!(&back[..], &flat[addr as usize..addr as usize + n]);
                prop_assert_eq!(mem.read_u64(addr).unwrap(),
                    u64::from_le_bytes(flat[addr as usize..addr as usize + 8].try_into().unwrap()));
            }
        }
    }
}
