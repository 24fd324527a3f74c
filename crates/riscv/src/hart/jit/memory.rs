//! Guest loads and stores in translated code: inline through the memory's fast path
//! (`FastPath`: a page table of frame numbers and permission bits over one host arena) when the
//! page allows the access, else the translation leaves for the interpreter before the access
//! ([`EXIT_MEMORY`]), which makes it with the same `SparseMemory` calls as always (so faults,
//! misaligned accesses across pages, a page's first write and stores into code behave
//! identically). Those are rare, and leaving instead of calling a helper keeps calls out of
//! integer regions: a call clobbers every caller-saved host register, so guest registers live
//! across it had to sit in the five callee-saved ones or on the stack (measured in
//! `BENCHMARKS.md`, session 8: sort, crc and interp 13-17 % faster without the calls).
//!
//! Before the page-table walk, an op tries its extent (`extent.rs`: a stretch of pages with
//! consecutive frames, as constants), then its page slot (`slots.rs`, [`Pages`]: the page it
//! last used); each miss goes on to the next, out of line.

use super::extent::Extent;
use super::helpers::Ctx;
use super::slots::{NO_PAGE, Slot, Slots};
use super::translate::{EXIT_MEMORY, I32, I64, Tx};
use crate::hart::op::Kind;
use crate::hart::op::Op;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    AliasRegion, Block, BlockArg, InstBuilder, MemFlags, StackSlot, StackSlotData, StackSlotKind,
    Type, Value, types,
};
use cranelift_frontend::FunctionBuilder;
use macrosim_core::FastPath;
use macrosim_core::memory::{PAGE_BITS, PAGE_SIZE};
use std::mem::offset_of;

/// Memory ops of a looping region whose page slots are in its stack frame (the rest walk the
/// page table at every access).
const FRAME_SLOTS: usize = 16;
/// A slot in the stack frame, laid out as [`Slot`]: 16 bytes.
const SLOT_BYTES: u32 = 16;
const _: () = assert!(size_of::<Slot>() == SLOT_BYTES as usize);

/// Where a memory op's page slot is (see `slots.rs` for what it holds).
#[derive(Clone, Copy)]
enum At {
    /// In the region's stack frame, at this offset: a region that loops back to its entry
    /// keeps the slots of its first [`FRAME_SLOTS`] memory ops there, so that its checks
    /// address them through the stack pointer (persistent slots need their address in a
    /// register first, at every use: `crc`'s loop ran 13 % more host instructions with them).
    /// Each has a persistent home slot at the given address when the pool had them: the frame
    /// slot is copied from it at entry and a miss refills both, so a loop entered again (sort's
    /// partition loop after each recursive call, its insertion sort's inner loop at each outer
    /// iteration) starts with its pages known instead of walking the page table once per op
    /// and entry (see [`Pages::seed`]). Without a home it is forgotten at each entry.
    Frame(StackSlot, i32, Option<i64>),
    /// Persistent (`slots.rs`), at this address: the slots of other regions' memory ops, which
    /// run once per entry and would miss every time in a slot forgotten at entry.
    Fixed(i64),
}

/// The extents of a region's memory ops (`extent.rs`), taken in translation order.
pub(crate) struct Extents {
    by_op: Vec<Option<Extent>>,
    next: usize,
}

impl Extents {
    pub(crate) fn new(by_op: Vec<Option<Extent>>) -> Extents {
        Extents { by_op, next: 0 }
    }

    /// The next memory op's extent.
    fn next(&mut self) -> Option<Extent> {
        let at = self.next;
        self.next += 1;
        self.by_op.get(at).copied().flatten()
    }
}

/// The page slots of a region's memory ops, taken in translation order.
pub(crate) struct Pages {
    /// By memory op: its slot, if it has one.
    taken: Vec<Option<At>>,
    /// The stack frame's slots, if any, and the address of their run of home slots.
    frame: Option<(StackSlot, usize, Option<i64>)>,
    next: usize,
}

impl Pages {
    /// Slots for a region's memory ops, given their extents in translation order
    /// (`extent::find`): in the stack frame if the region loops back to its entry (`looped`),
    /// else from `slots` while it has any. An op with an extent tries its slot only after the
    /// extent missed, so even in a looping region its slot is a persistent one: a frame slot
    /// is copied from its home at every entry (sort's partition loop copied ten).
    pub(crate) fn declare(
        b: &mut FunctionBuilder<'_>,
        slots: &mut Slots,
        looped: bool,
        extents: &[Option<Extent>],
    ) -> Pages {
        let fixed = |slots: &mut Slots| Some(At::Fixed(slots.take()?.addr() as i64));
        if !looped {
            let taken = extents.iter().map(|_| fixed(slots)).collect();
            return Pages {
                taken,
                frame: None,
                next: 0,
            };
        }
        let n = extents
            .iter()
            .filter(|e| e.is_none())
            .count()
            .min(FRAME_SLOTS);
        let frame = (n > 0).then(|| {
            b.create_sized_stack_slot(StackSlotData::new(
                StackSlotKind::ExplicitSlot,
                n as u32 * SLOT_BYTES,
                3,
            ))
        });
        let home = frame.and_then(|_| slots.take_run(n)).map(|a| a as i64);
        let mut k = 0;
        let taken = extents
            .iter()
            .map(|e| {
                if e.is_some() {
                    return fixed(slots);
                }
                let f = frame.filter(|_| k < n)?;
                let off = k as i32 * SLOT_BYTES as i32;
                k += 1;
                Some(At::Frame(f, off, home.map(|h| h + i64::from(off))))
            })
            .collect();
        Pages {
            taken,
            frame: frame.map(|f| (f, n, home)),
            next: 0,
        }
    }

    /// The next memory op's slot.
    fn next(&mut self) -> Option<At> {
        let at = self.next;
        self.next += 1;
        self.taken.get(at).copied().flatten()
    }

    /// At the region's entry: copy the slots in the stack frame from their homes (a 16-byte
    /// load and store a slot, against some 30 host instructions for the page-table walk of a
    /// miss), or forget their pages when they have none.
    pub(crate) fn seed(&self, b: &mut FunctionBuilder<'_>) {
        let Some((frame, n, home)) = self.frame else {
            return;
        };
        let Some(home) = home else {
            let k = b.ins().iconst(I64, NO_PAGE as i64);
            for at in 0..n {
                b.ins().stack_store(k, frame, at as i32 * SLOT_BYTES as i32);
            }
            return;
        };
        let h = b.ins().iconst(I64, home);
        for at in 0..n {
            let off = at as i32 * SLOT_BYTES as i32;
            let v = b.ins().load(types::I64X2, slot_flags(), h, off);
            b.ins().stack_store(v, frame, off);
        }
    }
}

impl At {
    /// Load field `field` (an offset in [`Slot`]) of the slot, of type `ty`.
    fn load(self, b: &mut FunctionBuilder<'_>, ty: Type, field: usize) -> Value {
        match self {
            At::Frame(frame, off, _) => b.ins().stack_load(ty, frame, off + field as i32),
            At::Fixed(addr) => {
                let at = b.ins().iconst(I64, addr);
                b.ins().load(ty, slot_flags(), at, field as i32)
            }
        }
    }

    /// Load the slot's key (I64) for a compare that x64 would otherwise fold it into: an
    /// atomic load (a plain `mov` on x64), which Cranelift never folds, because a folded load
    /// of a frame slot took its address from a register (Cranelift's `stack_addr`, hoisted to
    /// the entry block and spilled) instead of the stack pointer.
    fn load_key(self, b: &mut FunctionBuilder<'_>) -> Value {
        let field = offset_of!(Slot, key) as i32;
        match self {
            At::Frame(frame, off, _) => {
                let at = b.ins().stack_addr(I64, frame, off + field);
                b.ins().atomic_load(I64, MemFlags::trusted(), at)
            }
            At::Fixed(addr) => {
                let at = b.ins().iconst(I64, addr);
                b.ins().load(I64, slot_flags(), at, field)
            }
        }
    }

    /// Store `v` to field `field` of the slot.
    fn store(self, b: &mut FunctionBuilder<'_>, v: Value, field: usize) {
        match self {
            At::Frame(frame, off, home) => {
                b.ins().stack_store(v, frame, off + field as i32);
                if let Some(addr) = home {
                    let at = b.ins().iconst(I64, addr);
                    b.ins().store(slot_flags(), v, at, field as i32);
                }
            }
            At::Fixed(addr) => {
                let at = b.ins().iconst(I64, addr);
                b.ins().store(slot_flags(), v, at, field as i32);
            }
        }
    }
}

/// Persistent slots: neither guest memory nor the hart state.
fn slot_flags() -> MemFlags {
    MemFlags::trusted().with_alias_region(Some(AliasRegion::Table))
}

/// The ops translated with [`Tx::load`] or [`Tx::store`].
pub(crate) fn accesses_memory(kind: Kind) -> bool {
    use Kind as K;
    matches!(
        kind,
        K::Lb
            | K::Lh
            | K::Lw
            | K::Lbu
            | K::Lhu
            | K::Sb
            | K::Sh
            | K::Sw
            | K::Flw
            | K::Fld
            | K::Fsw
            | K::Fsd
    )
}

/// Guest memory: never the hart state, so its stores do not disturb loads of `State` or `Ctx`.
fn guest() -> MemFlags {
    MemFlags::new()
        .with_notrap()
        .with_alias_region(Some(AliasRegion::Heap))
}

impl Tx<'_, '_> {
    /// The effective address of a load or store; leaves for the interpreter if the access may
    /// touch the MMIO window.
    fn address(&mut self, op: &Op) -> Value {
        let base = self.x(op.rs1);
        let addr = self.b.ins().iadd_imm(base, i64::from(op.imm as i32));
        if self.window.1 != 0 {
            let rel = self
                .b
                .ins()
                .iadd_imm(addr, -i64::from(self.window.0 as i32));
            let hit = self
                .b
                .ins()
                .icmp_imm(IntCC::UnsignedLessThan, rel, i64::from(self.window.1));
            self.interpret_if(hit, op);
        }
        addr
    }

    /// The page-table entry of `addr` and whether an access of `size` bytes at `addr` stays
    /// inside its page (see `FastPath`).
    fn entry(&mut self, addr: Value, size: u32) -> (Value, Value, Value) {
        let table = self.fast_path(offset_of!(FastPath, table));
        let page = self.b.ins().ushr_imm(addr, i64::from(PAGE_BITS));
        let page = self.b.ins().uextend(I64, page);
        let at = self.b.ins().ishl_imm(page, 2);
        let at = self.b.ins().iadd(table, at);
        let e = self.b.ins().load(I32, self.flags, at, 0);
        let off = self.b.ins().band_imm(addr, (PAGE_SIZE - 1) as i64);
        let inside = self.b.ins().icmp_imm(
            IntCC::UnsignedLessThanOrEqual,
            off,
            (PAGE_SIZE - u64::from(size)) as i64,
        );
        (e, off, inside)
    }

    /// The host address of guest `off` in the frame of entry `e`.
    fn host(&mut self, e: Value, off: Value) -> Value {
        let arena = self.fast_path(offset_of!(FastPath, arena));
        let frame = self.b.ins().ushr_imm(e, i64::from(self.layout.frame_shift));
        let frame = self.b.ins().uextend(I64, frame);
        let base = self.b.ins().ishl_imm(frame, i64::from(PAGE_BITS));
        let off = self.b.ins().uextend(I64, off);
        let at = self.b.ins().iadd(arena, base);
        self.b.ins().iadd(at, off)
    }

    /// If the op has an extent (`extent.rs`): when `addr` is inside it for `size` bytes, do
    /// `access` at its host address (it ends its block); the code after this runs on a miss,
    /// out of line. True if the op has an extent.
    fn in_extent(&mut self, addr: Value, size: u32, access: impl FnOnce(&mut Self, Value)) -> bool {
        // At least 16 pages long (`extent::MIN_PAGES`), so longer than any access.
        let Some(w) = self.extents.next() else {
            return false;
        };
        // `addr - start`, wrapping in 32 bits: past the end whether below or above.
        let rel = self.b.ins().iadd_imm(addr, -i64::from(w.start as i32));
        let outside = self.b.ins().icmp_imm(
            IntCC::UnsignedGreaterThan,
            rel,
            i64::from((w.len - size) as i32),
        );
        let hit = self.b.create_block();
        let miss = self.b.create_block();
        self.b.set_cold_block(miss);
        // The hit first in the layout, falling through (Cranelift lays a branch's second
        // successor out right after it).
        self.b.ins().brif(outside, miss, &[], hit, &[]);
        self.b.switch_to_block(hit);
        // The constant is materialized at each access (Cranelift rematerializes constants),
        // so it holds no host register across a loop, where a base loaded from `Ctx` did
        // (and was spilled: no faster than the page slot).
        let host = self.b.ins().iconst(I64, w.host as i64);
        let rel = self.b.ins().uextend(I64, rel);
        let at = self.b.ins().iadd(host, rel);
        access(self, at);
        self.b.switch_to_block(miss);
        true
    }

    /// Load `size` bytes for `op`, zero-extended to 64 bits: inline when the page allows it
    /// (at once when the op's remembered page holds it), else leave for the interpreter.
    pub fn load(&mut self, op: &Op, size: u32) -> Value {
        let addr = self.address(op);
        let done = self.b.create_block();
        self.b.append_block_param(done, I64);
        let in_extent = self.in_extent(addr, size, |t, at| {
            let v = t.host_load(at, size);
            t.b.ins().jump(done, &[v.into()]);
        });
        let slot = self.remembered(addr, size, done, in_extent, |t, at| t.host_load(at, size));
        let (e, off, inside) = self.entry(addr, size);
        let readable = self.b.ins().band_imm(e, i64::from(self.layout.read_ok));
        let fast_ok = self.b.ins().icmp_imm(IntCC::NotEqual, readable, 0);
        let go = self.b.ins().band(fast_ok, inside);
        let fast = self.b.create_block();
        let slow = self.b.create_block();
        self.b.set_cold_block(slow);
        if slot.is_some() || in_extent {
            // The walk after a slot's or an extent's miss: as rare as the miss.
            self.b.set_cold_block(fast);
        }
        self.b.ins().brif(go, fast, &[], slow, &[]);
        self.b.switch_to_block(fast);
        let at = self.host(e, off);
        self.remember(slot, addr, at);
        let v = self.host_load(at, size);
        self.b.ins().jump(done, &[v.into()]);
        self.b.switch_to_block(slow);
        self.refused(op, addr);
        self.b.switch_to_block(done);
        self.b.block_params(done)[0]
    }

    fn host_load(&mut self, at: Value, size: u32) -> Value {
        match size {
            1 => self.b.ins().uload8(I64, guest(), at, 0),
            2 => self.b.ins().uload16(I64, guest(), at, 0),
            4 => self.b.ins().uload32(guest(), at, 0),
            _ => self.b.ins().load(I64, guest(), at, 0),
        }
    }

    /// Store the low `size` bytes of `value` (I32 or I64) at host address `at`. An x register
    /// (I32) is stored as it is: widened to I64 first, as an FP register's low half must be
    /// (`fsw`), every integer store copied it to another host register on x64.
    fn host_store(&mut self, at: Value, size: u32, value: Value) {
        let whole = 8 * size == self.b.func.dfg.value_type(value).bits();
        match size {
            1 => self.b.ins().istore8(guest(), value, at, 0),
            2 => self.b.ins().istore16(guest(), value, at, 0),
            _ if whole => self.b.ins().store(guest(), value, at, 0),
            _ => self.b.ins().istore32(guest(), value, at, 0),
        };
    }

    /// If the op has a page slot (see [`Pages`]): when `addr` is aligned for `size` and in the
    /// slot's page, do `access` at its host address and jump to `done` with its result (if
    /// any); the code after this falls through on a miss. Returns the slot.
    fn remembered(
        &mut self,
        addr: Value,
        size: u32,
        done: Block,
        cold: bool,
        access: impl FnOnce(&mut Self, Value) -> Value,
    ) -> Option<At> {
        let slot = self.pages.next()?;
        // A hit: the address (zero-extended) and the key agree in the page number and the
        // key's alignment bits, all zero (an aligned access never crosses its page). Tested as
        // `(a ^ key) & mask == 0` rather than `a & mask == key`: Cranelift's value numbering
        // shared one op's `a & mask` with every later op on the same address value (sort's
        // swap stores reuse its partition loads' masked addresses), keeping it in a host
        // register across the loops in between; the xor with the key loaded at each op is
        // nobody else's. The key is the xor's first operand: x64's xor overwrites it, and the
        // key dies there while the address lives on (with the address first, every check
        // copied it to another register first).
        let mask = !(PAGE_SIZE - 1) | u64::from(size - 1);
        let a = self.b.ins().uextend(I64, addr);
        let key = slot.load_key(self.b);
        let diff = self.b.ins().bxor(key, a);
        let off = self.b.ins().band_imm(diff, mask as i64);
        let hit = self.b.ins().icmp_imm(IntCC::Equal, off, 0);
        let yes = self.b.create_block();
        let miss = self.b.create_block();
        // A miss is rare (at a page change; at the first access after a looping region's entry
        // only when its slot has no home): its page-table walk out of line, so that the hit
        // falls through to the access and a loop's hot path is straight-line code.
        self.b.set_cold_block(miss);
        if cold {
            // Behind an extent's miss.
            self.b.set_cold_block(yes);
        }
        self.b.ins().brif(hit, yes, &[], miss, &[]);
        self.b.switch_to_block(yes);
        let base = slot.load(self.b, I64, offset_of!(Slot, base));
        let at = self.b.ins().iadd(base, a);
        let v = access(self, at);
        let args: Vec<BlockArg> = if self.b.func.dfg.num_block_params(done) == 0 {
            Vec::new()
        } else {
            vec![v.into()]
        };
        self.b.ins().jump(done, &args);
        self.b.switch_to_block(miss);
        Some(slot)
    }

    /// Remember that the page of `addr` is at host address `at - addr` in `slot`.
    fn remember(&mut self, slot: Option<At>, addr: Value, at: Value) {
        let Some(slot) = slot else { return };
        let a = self.b.ins().uextend(I64, addr);
        let page = self.b.ins().band_imm(a, !(PAGE_SIZE - 1) as i64);
        let b = self.b.ins().isub(at, a);
        slot.store(self.b, page, offset_of!(Slot, key));
        slot.store(self.b, b, offset_of!(Slot, base));
    }

    /// Store the low `size` bytes of `value` (I32 or I64) for `op`: inline when the page allows it (and
    /// holds no decoded code), else leave for the interpreter.
    pub fn store(&mut self, op: &Op, size: u32, value: Value) {
        let addr = self.address(op);
        let ok = self.b.create_block();
        let in_extent = self.in_extent(addr, size, |t, at| {
            t.host_store(at, size, value);
            t.b.ins().jump(ok, &[]);
        });
        let slot = self.remembered(addr, size, ok, in_extent, |t, at| {
            t.host_store(at, size, value);
            value
        });
        let (e, off, inside) = self.entry(addr, size);
        let bits = self.b.ins().band_imm(e, i64::from(self.layout.write_mask));
        let writable = self
            .b
            .ins()
            .icmp_imm(IntCC::Equal, bits, i64::from(self.layout.write_ok));
        let framed = self.b.ins().icmp_imm(
            IntCC::UnsignedGreaterThanOrEqual,
            e,
            1i64 << self.layout.frame_shift,
        );
        let go = self.b.ins().band(writable, framed);
        let go = self.b.ins().band(go, inside);
        let fast = self.b.create_block();
        let slow = self.b.create_block();
        self.b.set_cold_block(slow);
        if slot.is_some() || in_extent {
            // The walk after a slot's or an extent's miss: as rare as the miss.
            self.b.set_cold_block(fast);
        }
        self.b.ins().brif(go, fast, &[], slow, &[]);
        self.b.switch_to_block(fast);
        let at = self.host(e, off);
        self.remember(slot, addr, at);
        self.host_store(at, size, value);
        self.b.ins().jump(ok, &[]);
        self.b.switch_to_block(slow);
        self.refused(op, addr);
        self.b.switch_to_block(ok);
    }

    /// The fast path refused `op`'s access at `addr`: leave for the interpreter before `op`,
    /// with the address in `ctx.addr` (see `super::Jit::run`), in the current block.
    fn refused(&mut self, op: &Op, addr: Value) {
        let at = offset_of!(Ctx, addr) as i32;
        self.b.ins().store(self.flags, addr, self.ctx, at);
        let pc = self.iconst(op.pc);
        self.leave(pc, op.nth - 1, EXIT_MEMORY);
    }
}
