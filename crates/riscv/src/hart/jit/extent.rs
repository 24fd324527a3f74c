//! Extents: a memory op whose address lies, when its region is translated, in a run of guest
//! pages whose frames follow one another in the memory's arena (`SparseMemory::frame_run`) is
//! translated against that run with its bounds and host address as constants. Its check is
//! then `addr - start <= len - size` (a subtract, a compare and a branch) and its access one
//! host load or store at the constant plus the difference, where the page slot
//! (`memory.rs`) took a load of its key, a zero-extension, an xor, a test, a branch and a load
//! of its base, and two host registers more while it ran (measured on sort, `BENCHMARKS.md`
//! session 14: the partition loop's two spilled guest registers). An access outside the
//! extent goes on, out of line, to the op's page slot as before.
//!
//! Which extent: the op's address computed from the guest registers as the hart holds them
//! when the region is translated, through the region's simple arithmetic in translation order
//! ([`find`]); an op whose address that leaves unknown (a base loaded from memory) gets the
//! region's largest extent of its kind, which an array loop's ops share.
//!
//! An extent holds while its pages keep their frames and permissions
//! (`SparseMemory::frame_layout`) and the arena stays where it was (its address is in the
//! code): [`Registry::check`], before translated code runs, drops every translation when one of
//! them no longer holds. The page table changes only between runs of translated code (every
//! access it cannot make leaves for the interpreter), as for page slots (`slots.rs`).

use crate::hart::op::{Kind, Op};
use macrosim_core::memory::PAGE_SIZE;
use macrosim_core::{FrameRun, SparseMemory};

/// The longest extent, in pages (256 MiB): [`Registry::check`] walks every page of every
/// extent when the page table changes.
const MAX_PAGES: u64 = 1 << 16;
/// The shortest, in pages (64 KiB). An extent cannot follow an op to another page as its page
/// slot does, and every access outside it pays its check on top of the slot's: pages written
/// in turn with others' (two arrays filled element by element, a stack growing down) make
/// runs of one page, over which `fp_dot`'s loops ran 14 % slower than with slots alone.
const MIN_PAGES: u64 = 16;

/// An extent of one memory op: guest addresses `[start, start + len)` are at host address
/// `host + (addr - start)`; they allow writes too if `write`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Extent {
    pub start: u32,
    pub len: u32,
    pub host: u64,
    pub write: bool,
}

/// Does the op write memory (so that its extent must allow writes)?
fn writes(kind: Kind) -> bool {
    matches!(kind, Kind::Sb | Kind::Sh | Kind::Sw | Kind::Fsw | Kind::Fsd)
}

/// The extents of the memory ops (as `memory::accesses_memory` tells them) among `ops`, in
/// translation order, given the x registers `x` on entry; `None` for an op with none.
pub(crate) fn find<'o>(
    ops: impl Iterator<Item = &'o Op>,
    x: &[u32],
    mem: &mut SparseMemory,
) -> Vec<Option<Extent>> {
    let arena = mem.fast_path().arena as u64;
    let extent = |run: FrameRun, write| {
        if run.len < MIN_PAGES * PAGE_SIZE {
            return None;
        }
        Some(Extent {
            start: u32::try_from(run.addr).ok()?,
            len: u32::try_from(run.len).ok()?,
            host: arena.wrapping_add(run.offset),
            write,
        })
    };
    let mut known: [Option<u32>; 32] = std::array::from_fn(|r| x.get(r).copied());
    known[0] = Some(0);
    // By memory op: whether it writes, and its extent.
    let mut found = Vec::new();
    for op in ops {
        if super::memory::accesses_memory(op.kind) {
            let write = writes(op.kind);
            let addr = known[usize::from(op.rs1) % 32].map(|b| b.wrapping_add(op.imm));
            let run = addr.and_then(|a| mem.frame_run(u64::from(a), write, MAX_PAGES));
            found.push((write, run.and_then(|r| extent(r, write))));
        }
        if let Some(rd) = written(op) {
            known[usize::from(rd)] = value(op, &known);
        }
    }
    // The rest: the largest extent of their kind.
    let largest = |write: bool| {
        found
            .iter()
            .filter_map(|&(w, e)| e.filter(|_| w == write))
            .max_by_key(|e| e.len)
    };
    let (reads, stores) = (largest(false), largest(true));
    found
        .iter()
        .map(|&(w, e)| e.or(if w { stores } else { reads }))
        .collect()
}

/// The x register `op` writes, if any (1..=31).
fn written(op: &Op) -> Option<u8> {
    let mut regs = super::region::Regs::default();
    regs.add(op);
    (regs.x_written != 0).then(|| regs.x_written.trailing_zeros() as u8)
}

/// What `op` leaves in its destination given the registers `known` so far, for the simple
/// arithmetic that builds addresses; unknown for the rest.
fn value(op: &Op, known: &[Option<u32>; 32]) -> Option<u32> {
    let a = || known[usize::from(op.rs1) % 32];
    let b = || known[usize::from(op.rs2) % 32];
    match op.kind {
        Kind::Li => Some(op.imm),
        Kind::Addi => Some(a()?.wrapping_add(op.imm)),
        Kind::Add => Some(a()?.wrapping_add(b()?)),
        Kind::Sub => Some(a()?.wrapping_sub(b()?)),
        Kind::Slli => Some(a()? << (op.imm & 31)),
        Kind::Jal | Kind::Jalr => Some(op.pc.wrapping_add(4)),
        _ => None,
    }
}

/// The extents the translations of one module were made with, and what they were checked
/// against last.
#[derive(Default)]
pub(crate) struct Registry {
    /// Each extent once, and the arena address their host addresses are in.
    extents: Vec<Extent>,
    arena: u64,
    /// The frame layout, page table and arena last checked against.
    seen: Option<(u64, usize, u64)>,
}

impl Registry {
    /// Keep the extents of a new translation (as [`find`] gave them).
    pub(crate) fn add(&mut self, found: &[Option<Extent>], mem: &mut SparseMemory) {
        self.arena = mem.fast_path().arena as u64;
        for e in found.iter().flatten() {
            if !self.extents.contains(e) {
                self.extents.push(*e);
            }
        }
    }

    /// Forget every extent (with the translations that used them).
    pub(crate) fn clear(&mut self) {
        self.extents.clear();
    }

    /// Before translated code runs on `mem`: false if an extent no longer holds (the caller
    /// then drops every translation and this registry's extents with them).
    pub(crate) fn check(&mut self, mem: &mut SparseMemory) -> bool {
        let fast = mem.fast_path();
        let now = (mem.frame_layout(), fast.table as usize, fast.arena as u64);
        if self.seen == Some(now) {
            return true;
        }
        self.seen = Some(now);
        if self.extents.is_empty() {
            return true;
        }
        now.2 == self.arena
            && self.extents.iter().all(|e| {
                let run = FrameRun {
                    addr: u64::from(e.start),
                    len: u64::from(e.len),
                    offset: e.host.wrapping_sub(self.arena),
                };
                mem.frame_run_holds(&run, e.write)
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hart::{Hart, HartConfig, TrapMode};
    use crate::isa::Isa;
    use macrosim_core::Perm;

    const ARRAY: u32 = 0x10_0000;
    const STACK: u32 = 0x5000;

    #[test]
    fn an_op_gets_the_extent_its_address_computes_to_or_the_regions_largest() {
        let mut mem = SparseMemory::new();
        mem.map(0, 0x1000, Perm::RWX);
        let code = [
            0x00f4_0633u32, // add a2, s0, a5
            0x0006_2683,    // lw a3, 0(a2): s0 + a5 is in the array
            0x0005_2503,    // lw a0, 0(a0): a0 holds no address
            0x00d1_2023,    // sw a3, 0(sp): a stack of one page
            0x0000_006f,    // j .
        ];
        for (k, w) in code.iter().enumerate() {
            mem.write_u32(4 * k as u64, *w).unwrap();
        }
        // 32 pages written in order: frames one after another.
        mem.map(ARRAY.into(), 0x2_0000, Perm::RW);
        for page in (0..0x2_0000).step_by(0x1000) {
            mem.write_u8(u64::from(ARRAY) + page, 1).unwrap();
        }
        mem.map(STACK.into(), 0x1000, Perm::RW);
        mem.write_u8(STACK.into(), 1).unwrap();
        let mut hart = Hart::new(HartConfig {
            id: 0,
            isa: Isa::parse("rv32i").unwrap(),
            traps: TrapMode::Host,
        });
        let b = hart.cache.enter(0, &mut mem, None).unwrap() as usize;
        let ops = super::super::region::block_ops(&hart.cache.ops[b..]);
        let mut x = [0u32; 32];
        (x[2], x[8], x[10], x[15]) = (STACK, ARRAY, 0xdead_0000, 0x40);
        let found = find(ops.iter(), &x, &mut mem);
        let array = Some((ARRAY, 0x2_0000, false));
        let seen = |e: Option<Extent>| e.map(|e| (e.start, e.len, e.write));
        assert_eq!(found.len(), 3);
        assert_eq!(seen(found[0]), array);
        assert_eq!(
            seen(found[1]),
            array,
            "the region's largest extent for reads"
        );
        assert_eq!(
            found[2], None,
            "one page is too short, and no store has one"
        );
        let arena = mem.fast_path().arena as u64;
        let host = found[0].unwrap().host - arena;
        let run = mem.frame_run(ARRAY.into(), false, 64).unwrap();
        assert_eq!(host, run.offset);
    }
}
