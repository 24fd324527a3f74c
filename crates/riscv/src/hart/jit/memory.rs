//! Guest loads and stores in translated code: inline through the memory's fast path
//! (`FastPath`: a page table of frame numbers and permission bits over one host arena) when the
//! page allows the access, else the translation leaves for the interpreter before the access
//! ([`EXIT_MEMORY`]), which makes it with the same `SparseMemory` calls as always (so faults,
//! misaligned accesses across pages, a page's first write and stores into code behave
//! identically). Those are rare, and leaving instead of calling a helper keeps calls out of
//! integer regions: a call clobbers every caller-saved host register, so guest registers live
//! across it had to sit in the five callee-saved ones or on the stack (measured in
//! `BENCHMARKS.md`, session 8: sort, crc and interp 13-17 % faster without the calls).

use super::helpers::Ctx;
use super::translate::{EXIT_MEMORY, I32, I64, Tx};
use crate::hart::op::Kind;
use crate::hart::op::Op;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    AliasRegion, Block, BlockArg, InstBuilder, MemFlags, StackSlot, StackSlotData, StackSlotKind,
    Value,
};
use cranelift_frontend::FunctionBuilder;
use macrosim_core::FastPath;
use macrosim_core::memory::{PAGE_BITS, PAGE_SIZE};
use std::mem::offset_of;

/// Memory ops of a region that remember the last page they accessed (the rest always walk the
/// page table).
const PAGE_SLOTS: usize = 8;
/// A slot key no address masked by `remembered` equals (those have at most bits 0-2 set below
/// the page number).
const NO_PAGE: i64 = PAGE_SIZE as i64 - 1;
/// A slot in the stack frame: the key (I32) at 0, the host base (I64) at 8.
const SLOT_BYTES: u32 = 16;

/// The page slots of a region's first [`PAGE_SLOTS`] memory ops, in translation order: the
/// page (address with the offset cleared) an op last accessed inline, and the host address of
/// guest address 0 relative to it, so that an aligned access to the same page is one add away
/// from its host address. A slot is filled only after the page table allowed the access, and
/// all are forgotten at each entry; within one entry of translated code no mapping,
/// permission or arena changes (only the interpreter maps, unmaps, writes a page first and
/// decodes code).
///
/// The slots live in the function's stack frame, not in Cranelift variables: a loop's guest
/// registers need the host registers more (as variables, Cranelift spilled them anyway, and
/// moved them between stack and registers at every back edge).
pub(crate) struct Pages {
    frame: Option<StackSlot>,
    slots: usize,
    next: usize,
}

impl Pages {
    /// Slots for the memory ops among `ops`.
    pub(crate) fn declare<'o>(
        b: &mut FunctionBuilder<'_>,
        ops: impl Iterator<Item = &'o Op>,
    ) -> Pages {
        let slots = ops
            .filter(|op| accesses_memory(op.kind))
            .count()
            .min(PAGE_SLOTS);
        let frame = (slots > 0).then(|| {
            b.create_sized_stack_slot(StackSlotData::new(
                StackSlotKind::ExplicitSlot,
                slots as u32 * SLOT_BYTES,
                3,
            ))
        });
        Pages {
            frame,
            slots,
            next: 0,
        }
    }

    /// The next memory op's slot: the frame and the slot's offset in it.
    fn next(&mut self) -> Option<(StackSlot, i32)> {
        let at = self.next;
        self.next += 1;
        let frame = self.frame?;
        (at < self.slots).then_some((frame, at as i32 * SLOT_BYTES as i32))
    }

    /// Forget every page.
    pub(crate) fn forget(&self, b: &mut FunctionBuilder<'_>) {
        let Some(frame) = self.frame else { return };
        let k = b.ins().iconst(I32, NO_PAGE);
        for at in 0..self.slots {
            b.ins().stack_store(k, frame, at as i32 * SLOT_BYTES as i32);
        }
    }
}

/// The ops translated with [`Tx::load`] or [`Tx::store`].
fn accesses_memory(kind: Kind) -> bool {
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

    /// Load `size` bytes for `op`, zero-extended to 64 bits: inline when the page allows it
    /// (at once when the op's remembered page holds it), else leave for the interpreter.
    pub fn load(&mut self, op: &Op, size: u32) -> Value {
        let addr = self.address(op);
        let done = self.b.create_block();
        self.b.append_block_param(done, I64);
        let slot = self.remembered(addr, size, done, |t, at| t.host_load(at, size));
        let (e, off, inside) = self.entry(addr, size);
        let readable = self.b.ins().band_imm(e, i64::from(self.layout.read_ok));
        let fast_ok = self.b.ins().icmp_imm(IntCC::NotEqual, readable, 0);
        let go = self.b.ins().band(fast_ok, inside);
        let fast = self.b.create_block();
        let slow = self.b.create_block();
        self.b.set_cold_block(slow);
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

    fn host_store(&mut self, at: Value, size: u32, value: Value) {
        match size {
            1 => self.b.ins().istore8(guest(), value, at, 0),
            2 => self.b.ins().istore16(guest(), value, at, 0),
            4 => self.b.ins().istore32(guest(), value, at, 0),
            _ => self.b.ins().store(guest(), value, at, 0),
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
        access: impl FnOnce(&mut Self, Value) -> Value,
    ) -> Option<(StackSlot, i32)> {
        let slot = self.pages.next()?;
        // An aligned access never crosses its page.
        let mask = !(PAGE_SIZE as u32 - 1) | (size - 1);
        let masked = self.b.ins().band_imm(addr, i64::from(mask as i32));
        let key = self.b.ins().stack_load(I32, slot.0, slot.1);
        let hit = self.b.ins().icmp(IntCC::Equal, masked, key);
        let yes = self.b.create_block();
        let miss = self.b.create_block();
        self.b.ins().brif(hit, yes, &[], miss, &[]);
        self.b.switch_to_block(yes);
        let base = self.b.ins().stack_load(I64, slot.0, slot.1 + 8);
        let a = self.b.ins().uextend(I64, addr);
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
    fn remember(&mut self, slot: Option<(StackSlot, i32)>, addr: Value, at: Value) {
        let Some((frame, off)) = slot else { return };
        let page = self
            .b
            .ins()
            .band_imm(addr, i64::from(!(PAGE_SIZE as u32 - 1) as i32));
        let a = self.b.ins().uextend(I64, addr);
        let b = self.b.ins().isub(at, a);
        self.b.ins().stack_store(page, frame, off);
        self.b.ins().stack_store(b, frame, off + 8);
    }

    /// Store the low `size` bytes of `value` (I64) for `op`: inline when the page allows it (and
    /// holds no decoded code), else leave for the interpreter.
    pub fn store(&mut self, op: &Op, size: u32, value: Value) {
        let addr = self.address(op);
        let ok = self.b.create_block();
        let slot = self.remembered(addr, size, ok, |t, at| {
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
