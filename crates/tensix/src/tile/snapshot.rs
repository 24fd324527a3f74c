//! A loaded tile's starting state, to run the same kernel again on the same [`Tile`] instead
//! of building a new one: L1's written pages and each core's local memory and entry pc, taken
//! before the first run ([`Tile::snapshot`]) and put back by [`Tile::restore`].
//!
//! Restoring rewrites only the L1 pages whose bytes differ from the snapshot (the kernel's
//! outputs, circular buffers, done words), so the firmware's code pages are left alone: the
//! harts keep their decoded blocks (`Hart::reset` keeps them; the memory's code epoch says
//! they are still valid) and L1 keeps its page table and frames. Everything else (backend,
//! frontends, mailboxes, the cores' registers and CSRs, the cycle count) is rebuilt as new.

use super::Tile;
use crate::backend::Backend;
use crate::frontend::ThreadFrontend;
use macrosim_core::memory::PAGE_SIZE;

const PAGE: usize = PAGE_SIZE as usize;

/// See the module documentation.
pub struct Snapshot {
    /// The written L1 pages, by address, in order.
    l1: Vec<(u64, Box<[u8; PAGE]>)>,
    /// Per core: its local memory and the pc it starts at.
    cores: [Option<(Vec<u8>, u32)>; 4],
}

impl Tile {
    /// The tile's state for [`Tile::restore`]. Take it after loading the cores and inputs and
    /// before running: a core's registers are not part of it (they are a new hart's).
    pub fn snapshot(&self) -> Snapshot {
        debug_assert_eq!(self.cycle, 0, "a snapshot is of a tile that has not run");
        let l1 = self
            .l1
            .written_pages(0, u64::from(super::L1_SIZE))
            .into_iter()
            .filter_map(|a| Some((a, Box::new(*self.l1.page(a)?.0))))
            .collect();
        let cores = std::array::from_fn(|i| {
            self.cores[i]
                .as_ref()
                .map(|c| (c.local.clone(), c.hart.pc()))
        });
        Snapshot { l1, cores }
    }

    /// Back to the state `snapshot` was taken in (see the module documentation). The cores
    /// present must be the snapshot's.
    pub fn restore(&mut self, snapshot: &Snapshot) {
        let zeros = [0u8; PAGE];
        let mut pages = self.l1.written_pages(0, u64::from(super::L1_SIZE));
        pages.extend(snapshot.l1.iter().map(|(a, _)| *a));
        pages.sort_unstable();
        pages.dedup();
        for addr in pages {
            let want = match snapshot.l1.binary_search_by_key(&addr, |(a, _)| *a) {
                Ok(k) => &*snapshot.l1[k].1,
                Err(_) => &zeros,
            };
            if self.l1.page(addr).map(|p| p.0) != Some(want) {
                self.l1
                    .write_bytes(addr, want)
                    .expect("L1 pages are mapped read-write");
            }
        }
        for (core, saved) in self.cores.iter_mut().zip(&snapshot.cores) {
            let (Some(c), Some((mem, pc))) = (core.as_mut(), saved) else {
                assert!(core.is_none() && saved.is_none(), "restore to another tile");
                continue;
            };
            c.hart.reset();
            c.hart.set_pc(*pc);
            c.local.copy_from_slice(mem);
            c.block = None;
            c.pushes = 0;
        }
        for th in &mut self.threads {
            th.queue.borrow_mut().clear();
            th.frontend = ThreadFrontend::new(super::QueueIter(th.queue.clone()));
            th.pending = None;
            th.stall = None;
            th.stall_epoch = 0;
        }
        self.backend = Backend::new(self.backend.table);
        self.mailboxes = Default::default();
        self.cycle = 0;
        if let Some(ev) = &mut self.events {
            ev.clear();
        }
    }
}
