//! Sparse paged memory with per-page permissions.
//!
//! Pages are 4 KiB. Each page has a 32-bit page-table entry holding its permissions, whether it
//! is mapped, whether decoded code was taken from it, and the number of the frame holding its
//! bytes. Frames live one after another in a single arena, so an access costs one table load
//! and one arena load. Pages below 4 GiB are found through a flat table indexed by page number
//! (4 MiB, lazily zeroed by the host), pages above through a hash map.
//!
//! Frames are allocated on the first write: a mapped page that was never written reads from
//! frame 0, which is all zeros and never written. Mapping a large region (a big `.bss`, an
//! `mmap` of a gigabyte) therefore costs only its table entries.
//!
//! Every access names its kind ([`Access`]) and is checked against the page's [`Perm`]; an access
//! to an unmapped page or one the page does not allow is a [`MemFault`] value, never a panic.
//!
//! Memory is little-endian, as RISC-V, Tensix and Linx all are.
//!
//! Harts that pre-decode code can ask to be told when it changes: [`SparseMemory::mark_code`]
//! flags a page, and any later write to a flagged page bumps [`SparseMemory::code_epoch`] (and
//! clears the flag), so a decoded-block cache only needs to compare one counter.

use rustc_hash::FxHashMap;
use std::fmt;
use thiserror::Error;

/// log2 of the page size.
pub const PAGE_BITS: u32 = 12;
/// Page size in bytes.
pub const PAGE_SIZE: u64 = 1 << PAGE_BITS;
const PAGE_MASK: u64 = PAGE_SIZE - 1;
/// Pages below this page number live in the flat table (addresses below 4 GiB).
const LOW_PAGES: u64 = 1 << (32 - PAGE_BITS);

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
        if page < LOW_PAGES {
            self.low[page as usize] = e;
        } else if e & MAPPED == 0 {
            self.high.remove(&page);
        } else {
            self.high.insert(page, e);
        }
    }

    /// Pages overlapping `[addr, addr + len)`, or an empty range when `len` is 0.
    fn pages(addr: u64, len: u64) -> std::ops::RangeInclusive<u64> {
        if len == 0 {
            #[allow(clippy::reversed_empty_ranges)]
            return 1..=0;
        }
        let last = addr.saturating_add(len - 1);
        (addr >> PAGE_BITS)..=(last >> PAGE_BITS)
    }

    /// Map every page overlapping `[addr, addr + len)`. New pages read as zeros and get `perm`;
    /// pages already mapped keep their contents and gain `perm` (the union), which is what two
    /// ELF segments sharing a page need. No memory is allocated until a page is written.
    pub fn map(&mut self, addr: u64, len: u64, perm: Perm) {
        for page in Self::pages(addr, len) {
            let e = self.entry(page);
            self.set_entry(page, e | MAPPED | u32::from(perm.0));
        }
    }

    /// The mapped pages overlapping `[addr, addr + len)`, found in time bounded by the pages
    /// mapped (not by the length asked about, which a guest chooses: `munmap(p, 2^46)`).
    fn mapped_pages(&self, addr: u64, len: u64) -> Vec<u64> {
        let range = Self::pages(addr, len);
        let (first, last) = (*range.start(), *range.end());
        if range.is_empty() {
            return Vec::new();
        }
        let mut pages: Vec<u64> = (first..=last.min(LOW_PAGES - 1))
            .filter(|&p| self.low[p as usize] & MAPPED != 0)
            .collect();
        if last >= LOW_PAGES {
            let high_first = first.max(LOW_PAGES);
            if last - high_first < self.high.len() as u64 {
                pages.extend((high_first..=last).filter(|p| self.high.contains_key(p)));
            } else {
                let mut high: Vec<u64> = (self.high.keys().copied())
                    .filter(|p| (high_first..=last).contains(p))
                    .collect();
                high.sort_unstable();
                pages.extend(high);
            }
        }
        pages
    }

    /// Bytes of `[addr, addr + len)` that are mapped (whole pages), in time bounded by the
    /// pages mapped.
    pub fn mapped_bytes_in(&self, addr: u64, len: u64) -> u64 {
        self.mapped_pages(addr, len).len() as u64 * PAGE_SIZE
    }

    /// Unmap every page overlapping `[addr, addr + len)`; unmapped pages are ignored. Takes
    /// time in proportion to the pages mapped there, however long the range.
    pub fn unmap(&mut self, addr: u64, len: u64) {
        for page in self.mapped_pages(addr, len) {
            let e = self.entry(page);
            if e & MAPPED == 0 {
                continue;
            }
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
    }

    /// Set the permissions of the mapped pages overlapping `[addr, addr + len)`.
    /// Returns false (changing nothing) if any of them is unmapped.
    pub fn protect(&mut self, addr: u64, len: u64, perm: Perm) -> bool {
        if !self.is_range_mapped(addr, len) {
            return false;
        }
        for page in Self::pages(addr, len) {
            let e = self.entry(page);
            self.set_entry(page, (e & !7) | u32::from(perm.0));
        }
        true
    }

    /// The permissions of the page holding `addr`, or `None` when it is unmapped.
    pub fn perm_at(&self, addr: u64) -> Option<Perm> {
        let e = self.entry(addr >> PAGE_BITS);
        (e & MAPPED != 0).then_some(entry_perm(e))
    }

    pub fn is_mapped(&self, addr: u64) -> bool {
        self.entry(addr >> PAGE_BITS) & MAPPED != 0
    }

    /// Is every byte of `[addr, addr + len)` mapped?
    pub fn is_range_mapped(&self, addr: u64, len: u64) -> bool {
        let range = Self::pages(addr, len);
        let count = range.end().wrapping_sub(*range.start()).wrapping_add(1);
        // More pages than are mapped at all cannot all be mapped (and are not walked).
        if !range.is_empty() && count > LOW_PAGES + self.high.len() as u64 {
            return false;
        }
        range.into_iter().all(|p| self.entry(p) & MAPPED != 0)
    }

    /// The whole page holding `addr` and its permissions, for pre-decoding code a page at a time.
    pub fn page(&self, addr: u64) -> Option<(&[u8; PAGE_SIZE as usize], Perm)> {
        let e = self.entry(addr >> PAGE_BITS);
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
        let e = self.entry(page);
        if e & MAPPED != 0 {
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
        let e = self.entry(addr >> PAGE_BITS);
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
        for page in Self::pages(addr, size) {
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
            let at = self.frame_for_write(page, self.entry(page)) * PAGE + off;
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

    proptest! {
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
