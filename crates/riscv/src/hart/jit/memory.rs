//! Guest loads and stores in translated code: inline through the memory's fast path
//! (`FastPath`: a page table of frame numbers and permission bits over one host arena) when the
//! page allows the access, else through the helpers, which use the same `SparseMemory` calls as
//! the interpreter (so faults, misaligned accesses and the code epoch behave identically).

use super::helpers::{self, Ctx, STORE_CODE, STORE_OK};
use super::translate::{EXIT_CODE, EXIT_INTERPRET, I32, I64, Tx};
use crate::hart::op::Op;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{AliasRegion, InstBuilder, MemFlags, Value};
use macrosim_core::memory::{PAGE_BITS, PAGE_SIZE};
use std::mem::offset_of;

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
        let table = self.b.use_var(self.table);
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
        let arena = self.b.use_var(self.arena);
        let frame = self.b.ins().ushr_imm(e, i64::from(self.layout.frame_shift));
        let frame = self.b.ins().uextend(I64, frame);
        let base = self.b.ins().ishl_imm(frame, i64::from(PAGE_BITS));
        let off = self.b.ins().uextend(I64, off);
        let at = self.b.ins().iadd(arena, base);
        self.b.ins().iadd(at, off)
    }

    /// Load `size` bytes for `op`, zero-extended to 64 bits: inline when the page allows it,
    /// else through the helper (which may fault: then leave for the interpreter).
    pub fn load(&mut self, op: &Op, size: u32) -> Value {
        let addr = self.address(op);
        let (e, off, inside) = self.entry(addr, size);
        let readable = self.b.ins().band_imm(e, i64::from(self.layout.read_ok));
        let fast_ok = self.b.ins().icmp_imm(IntCC::NotEqual, readable, 0);
        let go = self.b.ins().band(fast_ok, inside);
        let fast = self.b.create_block();
        let slow = self.b.create_block();
        let done = self.b.create_block();
        self.b.append_block_param(done, I64);
        self.b.set_cold_block(slow);
        self.b.ins().brif(go, fast, &[], slow, &[]);
        self.b.switch_to_block(fast);
        let at = self.host(e, off);
        let v = match size {
            1 => self.b.ins().uload8(I64, guest(), at, 0),
            2 => self.b.ins().uload16(I64, guest(), at, 0),
            4 => self.b.ins().uload32(guest(), at, 0),
            _ => self.b.ins().load(I64, guest(), at, 0),
        };
        self.b.ins().jump(done, &[v.into()]);
        self.b.switch_to_block(slow);
        let size_v = self.iconst(size);
        let f = helpers::load as extern "C" fn(&mut Ctx<'_>, u32, u32) -> u64;
        let v = self.call(f as usize, &[I64, I32, I32], I64, &[self.ctx, addr, size_v]);
        let fault = self
            .b
            .ins()
            .load(I32, self.flags, self.ctx, offset_of!(Ctx<'_>, fault) as i32);
        self.interpret_if(fault, op);
        self.b.ins().jump(done, &[v.into()]);
        self.b.switch_to_block(done);
        self.b.block_params(done)[0]
    }

    /// Store the low `size` bytes of `value` (I64) for `op`: inline when the page allows it,
    /// else through the helper.
    pub fn store(&mut self, op: &Op, size: u32, value: Value) {
        let addr = self.address(op);
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
        let ok = self.b.create_block();
        self.b.set_cold_block(slow);
        self.b.ins().brif(go, fast, &[], slow, &[]);
        self.b.switch_to_block(fast);
        let at = self.host(e, off);
        match size {
            1 => self.b.ins().istore8(guest(), value, at, 0),
            2 => self.b.ins().istore16(guest(), value, at, 0),
            4 => self.b.ins().istore32(guest(), value, at, 0),
            _ => self.b.ins().store(guest(), value, at, 0),
        };
        self.b.ins().jump(ok, &[]);
        self.b.switch_to_block(slow);
        let size_v = self.iconst(size);
        let f = helpers::store as extern "C" fn(&mut Ctx<'_>, u32, u32, u64) -> u32;
        let st = self.call(
            f as usize,
            &[I64, I32, I32, I64],
            I32,
            &[self.ctx, addr, size_v, value],
        );
        // The first write to a page may have grown the arena.
        self.reload_fast();
        let bad = self.b.create_block();
        self.b.set_cold_block(bad);
        let is_ok = self.b.ins().icmp_imm(IntCC::Equal, st, i64::from(STORE_OK));
        self.b.ins().brif(is_ok, ok, &[], bad, &[]);
        self.b.switch_to_block(bad);
        let code = self
            .b
            .ins()
            .icmp_imm(IntCC::Equal, st, i64::from(STORE_CODE));
        let changed = self.b.create_block();
        let fault = self.b.create_block();
        self.b.ins().brif(code, changed, &[], fault, &[]);
        self.b.switch_to_block(changed);
        let pc = self.iconst(op.pc.wrapping_add(4));
        self.leave(pc, op.nth, EXIT_CODE);
        self.b.switch_to_block(fault);
        let pc = self.iconst(op.pc);
        self.leave(pc, op.nth - 1, EXIT_INTERPRET);
        self.b.switch_to_block(ok);
    }
}
