//! The access path of [`SparseMemory`]: reads, writes and fetches, each checked against the
//! page's permissions; frames are allocated on a page's first write, and a write to a page
//! flagged as code bumps the code epoch.

use super::{
    Access, CODE, FRAME_SHIFT, FaultKind, MAPPED, MemFault, PAGE, PAGE_BITS, PAGE_MASK, Perm,
    SparseMemory, entry_frame, entry_perm,
};

impl SparseMemory {
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
