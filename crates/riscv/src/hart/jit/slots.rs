//! Persistent page slots: for each memory op of the translated regions that do not loop back
//! to their entry, and as the home of each stack-frame slot of those that do (`memory.rs`: a
//! looping region copies its slots from their homes at entry), the page it last accessed and
//! where that page's bytes are on the host, so that its next aligned access to the same page is
//! a compare and an add away from the host address. A miss walks the page table inline and
//! refills the slot.
//!
//! The slots outlive entries into translated code, so an op executed once per entry (a
//! function's stack accesses, a bytecode handler's loads) finds its page without walking the
//! page table, as a loop's ops do (measured, `BENCHMARKS.md` session 8 round 2: `interp` ran
//! 24 % fewer host instructions). They are forgotten whenever the memory's page table changes
//! (`SparseMemory::layout`: a mapping, a protection, a page's first write, code marked or
//! written, the arena moved), which only the interpreter and the dispatcher do, never while
//! translated code runs; so a slot never grants an access the page table would refuse now.

use macrosim_core::SparseMemory;

/// Slots in all; regions translated once they are taken get none and walk the page table at
/// every access (`memory.rs`). At 16 bytes each, 64 KiB.
const SLOTS: usize = 4096;
/// A key no address matches: a slot's check compares the zero-extended 32-bit address with the
/// 64-bit key, so a key with a bit set above bit 31 never equals it.
pub(crate) const NO_PAGE: u64 = u64::MAX;

/// One slot, read and written by translated code at fixed offsets: the page's guest address
/// (`key`, zero-extended, or [`NO_PAGE`]) and the host address of guest address 0 as seen
/// through that page (`base`), so that the host address of an access in the page is
/// `base + addr`.
#[repr(C)]
#[derive(Clone, Copy)]
pub(crate) struct Slot {
    pub key: u64,
    pub base: u64,
}

const EMPTY: Slot = Slot {
    key: NO_PAGE,
    base: 0,
};

pub(crate) struct Slots {
    /// Never reallocated: translated code holds the addresses of its slots.
    slots: Box<[Slot]>,
    /// Slots taken.
    taken: usize,
    /// The page table (its `SparseMemory::layout` and the table's address) the slots hold
    /// pages of.
    seen: (u64, *const u32),
}

impl Slots {
    pub(crate) fn new() -> Slots {
        Slots {
            slots: vec![EMPTY; SLOTS].into_boxed_slice(),
            taken: 0,
            seen: (u64::MAX, std::ptr::null()),
        }
    }

    /// The address of a new slot, or `None` when all are taken.
    pub(crate) fn take(&mut self) -> Option<*const Slot> {
        self.take_run(1)
    }

    /// The address of the first of `n` new slots in a row, or `None` when fewer are left.
    pub(crate) fn take_run(&mut self, n: usize) -> Option<*const Slot> {
        let first = self.slots.get(self.taken..self.taken + n)?.first()?;
        self.taken += n;
        Some(std::ptr::from_ref(first))
    }

    /// Release every slot (with the translations that use them).
    pub(crate) fn reset(&mut self) {
        self.forget();
        self.taken = 0;
    }

    /// Empty the slots taken (the others are empty: only translated code fills a slot, its
    /// own), not all 64 KiB at every page-table change.
    fn forget(&mut self) {
        self.slots[..self.taken].fill(EMPTY);
    }

    /// Before translated code runs on `mem`: forget every page if `mem`'s page table changed
    /// since the slots were filled.
    pub(crate) fn check(&mut self, mem: &mut SparseMemory) {
        let now = (mem.layout(), mem.fast_path().table);
        if now != self.seen {
            self.forget();
            self.seen = now;
        }
    }
}
