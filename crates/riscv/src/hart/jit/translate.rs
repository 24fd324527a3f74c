//! Translating one pre-decoded block (the unfused ops of `cache.rs`) to Cranelift IR.
//!
//! The translated function has the same effect as the interpreter's `exec` on the block: it
//! reads and writes the registers in `State` (Cranelift's alias analysis keeps values in host
//! registers between accesses), counts `retired` at each exit by the exiting op's `nth`, and
//! leaves through one of these exits:
//! * [`EXIT_NEXT`]: continue at `state.pc` (a taken branch, a jump, a fall-through, or a
//!   branch back to the block's own start when another pass might pass `ctx.limit`);
//! * [`EXIT_CODE`]: a store wrote into a page holding decoded code; `state.pc` follows it;
//! * [`EXIT_INTERPRET`]: the op at `state.pc` needs the interpreter (it traps, touches the MMIO
//!   window, is a system, atomic or extension instruction): the ops before it retired and it has
//!   done nothing, so the interpreter runs it exactly as it would have anyway.
//!
//! A conditional branch back to the block's start loops inside the function while a whole
//! further pass fits below `ctx.limit` (tight loops then never leave host code).

use super::helpers::{self, Ctx, STORE_CODE, STORE_OK};
use crate::hart::op::{Kind, Op, X_SINK};
use crate::hart::state::State;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    AbiParam, Block, InstBuilder, MemFlags, Signature, Type, Value, types,
};
use cranelift_frontend::FunctionBuilder;
use macrosim_core::FastPath;
use macrosim_core::memory::{PAGE_BITS, PAGE_SIZE};
use std::mem::offset_of;

pub(crate) const EXIT_NEXT: u32 = 0;
pub(crate) const EXIT_CODE: u32 = 1;
pub(crate) const EXIT_INTERPRET: u32 = 2;

const I32: Type = types::I32;
const I64: Type = types::I64;

/// Can the op be translated? The rest leave to the interpreter.
fn translated(kind: Kind) -> bool {
    use Kind as K;
    !matches!(
        kind,
        K::LrW
            | K::ScW
            | K::AmoSwap
            | K::AmoAdd
            | K::AmoXor
            | K::AmoAnd
            | K::AmoOr
            | K::AmoMin
            | K::AmoMax
            | K::AmoMinu
            | K::AmoMaxu
            | K::Trap
            | K::FenceI
            | K::Ecall
            | K::Ebreak
            | K::Mret
            | K::Wfi
            | K::Csrrw
            | K::Csrrs
            | K::Csrrc
            | K::Csrrwi
            | K::Csrrsi
            | K::Csrrci
            | K::Ext
    )
}

/// Is this block worth translating (does its first op translate)?
pub(crate) fn worth(ops: &[Op]) -> bool {
    ops.first().is_some_and(|op| translated(op.kind))
}

/// The signature of a translated block: (state, ctx) -> exit code.
pub(crate) fn signature(ptr: Type, call_conv: cranelift_codegen::isa::CallConv) -> Signature {
    let mut sig = Signature::new(call_conv);
    sig.params.push(AbiParam::new(ptr));
    sig.params.push(AbiParam::new(ptr));
    sig.returns.push(AbiParam::new(I32));
    sig
}

/// Addresses the helpers are called at, and the call convention.
pub(crate) struct Callees {
    pub call_conv: cranelift_codegen::isa::CallConv,
    /// Ops of FP instructions, kept alive by the caller, by position in the block.
    pub op_addr: Vec<u64>,
}

struct Tx<'a, 'b> {
    b: &'a mut FunctionBuilder<'b>,
    state: Value,
    ctx: Value,
    flags: MemFlags,
    call_conv: cranelift_codegen::isa::CallConv,
    /// The MMIO window `(base - 7, len + 7)`, or `len` 0 (see `exec::Window`).
    window: (u32, u32),
    /// The memory's fast-path constants (its pointers are read from `ctx` when used).
    layout: FastPath,
}

impl Tx<'_, '_> {
    fn x(&mut self, r: u8) -> Value {
        if r == 0 {
            return self.b.ins().iconst(I32, 0);
        }
        let off = offset_of!(State, x) + 4 * usize::from(r);
        self.b.ins().load(I32, self.flags, self.state, off as i32)
    }

    fn set_x(&mut self, r: u8, v: Value) {
        if r != X_SINK {
            let off = offset_of!(State, x) + 4 * usize::from(r);
            self.b.ins().store(self.flags, v, self.state, off as i32);
        }
    }

    fn f(&mut self, r: u8) -> Value {
        let off = offset_of!(State, f) + 8 * usize::from(r);
        self.b.ins().load(I64, self.flags, self.state, off as i32)
    }

    /// Write f[rd] and mark mstatus.FS Dirty (as untraced `State::set_f`).
    fn set_f(&mut self, r: u8, v: Value) {
        let off = offset_of!(State, f) + 8 * usize::from(r);
        self.b.ins().store(self.flags, v, self.state, off as i32);
        let dirty = self.b.ins().iconst(types::I8, 3);
        self.b
            .ins()
            .store(self.flags, dirty, self.state, offset_of!(State, fs) as i32);
    }

    fn iconst(&mut self, v: u32) -> Value {
        self.b.ins().iconst(I32, i64::from(v as i32))
    }

    /// Store `pc`, add `n` to `retired`, return `code`; in the current block.
    fn leave(&mut self, pc: Value, n: u32, code: u32) {
        self.b
            .ins()
            .store(self.flags, pc, self.state, offset_of!(State, pc) as i32);
        let at = offset_of!(State, retired) as i32;
        let r = self.b.ins().load(I64, self.flags, self.state, at);
        let r = self.b.ins().iadd_imm(r, i64::from(n));
        self.b.ins().store(self.flags, r, self.state, at);
        let c = self.b.ins().iconst(I32, i64::from(code));
        self.b.ins().return_(&[c]);
    }

    /// Leave for the interpreter at `op` (it has not run) when `cond` is nonzero.
    fn interpret_if(&mut self, cond: Value, op: &Op) {
        let out = self.b.create_block();
        let on = self.b.create_block();
        self.b.set_cold_block(out);
        self.b.ins().brif(cond, out, &[], on, &[]);
        self.b.switch_to_block(out);
        let pc = self.iconst(op.pc);
        self.leave(pc, op.nth - 1, EXIT_INTERPRET);
        self.b.switch_to_block(on);
    }

    fn call(&mut self, addr: usize, params: &[Type], ret: Type, args: &[Value]) -> Value {
        let mut sig = Signature::new(self.call_conv);
        sig.params.extend(params.iter().map(|&t| AbiParam::new(t)));
        sig.returns.push(AbiParam::new(ret));
        let sig = self.b.import_signature(sig);
        let callee = self.b.ins().iconst(I64, addr as i64);
        let call = self.b.ins().call_indirect(sig, callee, args);
        self.b.inst_results(call)[0]
    }

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
        let fast = offset_of!(Ctx<'_>, fast);
        let table = self.b.ins().load(
            I64,
            self.flags,
            self.ctx,
            (fast + offset_of!(FastPath, table)) as i32,
        );
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
        let fast = offset_of!(Ctx<'_>, fast);
        let arena = self.b.ins().load(
            I64,
            self.flags,
            self.ctx,
            (fast + offset_of!(FastPath, arena)) as i32,
        );
        let frame = self.b.ins().ushr_imm(e, i64::from(self.layout.frame_shift));
        let frame = self.b.ins().uextend(I64, frame);
        let base = self.b.ins().ishl_imm(frame, i64::from(PAGE_BITS));
        let off = self.b.ins().uextend(I64, off);
        let at = self.b.ins().iadd(arena, base);
        self.b.ins().iadd(at, off)
    }

    /// Load `size` bytes for `op`, zero-extended to 64 bits: inline when the page allows it,
    /// else through the helper (which may fault: then leave for the interpreter).
    fn load(&mut self, op: &Op, size: u32) -> Value {
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
        let flags = MemFlags::new().with_notrap();
        let v = match size {
            1 => self.b.ins().uload8(I64, flags, at, 0),
            2 => self.b.ins().uload16(I64, flags, at, 0),
            4 => self.b.ins().uload32(flags, at, 0),
            _ => self.b.ins().load(I64, flags, at, 0),
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
    fn store(&mut self, op: &Op, size: u32, value: Value) {
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
        let flags = MemFlags::new().with_notrap();
        match size {
            1 => self.b.ins().istore8(flags, value, at, 0),
            2 => self.b.ins().istore16(flags, value, at, 0),
            4 => self.b.ins().istore32(flags, value, at, 0),
            _ => self.b.ins().store(flags, value, at, 0),
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
        let bad = self.b.create_block();
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

    /// Leave (or loop) to `target` after `op` retired.
    fn jump(&mut self, op: &Op, target: u32, start: u32, header: Block, len: u32) {
        if target != start {
            let pc = self.iconst(target);
            self.leave(pc, op.nth, EXIT_NEXT);
            return;
        }
        let at = offset_of!(State, retired) as i32;
        let r = self.b.ins().load(I64, self.flags, self.state, at);
        let r = self.b.ins().iadd_imm(r, i64::from(op.nth));
        self.b.ins().store(self.flags, r, self.state, at);
        let limit = self
            .b
            .ins()
            .load(I64, self.flags, self.ctx, offset_of!(Ctx<'_>, limit) as i32);
        let next_end = self.b.ins().iadd_imm(r, i64::from(len));
        let fits = self
            .b
            .ins()
            .icmp(IntCC::UnsignedLessThanOrEqual, next_end, limit);
        let out = self.b.create_block();
        self.b.ins().brif(fits, header, &[], out, &[]);
        self.b.switch_to_block(out);
        let pc = self.iconst(start);
        self.leave(pc, 0, EXIT_NEXT);
    }

    fn bool32(&mut self, c: Value) -> Value {
        self.b.ins().uextend(I32, c)
    }

    fn branch_cond(&mut self, cond: u8, a: Value, b: Value) -> Value {
        let cc = match cond {
            0 => IntCC::Equal,
            1 => IntCC::NotEqual,
            4 => IntCC::SignedLessThan,
            5 => IntCC::SignedGreaterThanOrEqual,
            6 => IntCC::UnsignedLessThan,
            _ => IntCC::UnsignedGreaterThanOrEqual,
        };
        self.b.ins().icmp(cc, a, b)
    }

    /// Integer division and remainder with RISC-V's results for a zero divisor and overflow.
    fn divide(&mut self, kind: Kind, a: Value, d: Value) -> Value {
        let zero = self.b.ins().icmp_imm(IntCC::Equal, d, 0);
        let one = self.iconst(1);
        let signed = matches!(kind, Kind::Div | Kind::Rem);
        // A safe divisor: 1 for a zero divisor and for MIN / -1 (whose quotient is then MIN and
        // remainder 0, the results RISC-V defines).
        let bad = if signed {
            let min = self.b.ins().icmp_imm(IntCC::Equal, a, i64::from(i32::MIN));
            let m1 = self.b.ins().icmp_imm(IntCC::Equal, d, -1);
            let ovf = self.b.ins().band(min, m1);
            self.b.ins().bor(zero, ovf)
        } else {
            zero
        };
        let safe = self.b.ins().select(bad, one, d);
        let (r, on_zero) = match kind {
            Kind::Div => (self.b.ins().sdiv(a, safe), self.iconst(u32::MAX)),
            Kind::Divu => (self.b.ins().udiv(a, safe), self.iconst(u32::MAX)),
            Kind::Rem => (self.b.ins().srem(a, safe), a),
            _ => (self.b.ins().urem(a, safe), a),
        };
        self.b.ins().select(zero, on_zero, r)
    }
}

/// Build the function for the block `ops` (its ops up to and including the exit) into `b`,
/// whose signature is [`signature`]. Returns the number of ops translated (at least one, the
/// caller checked [`worth`]).
pub(crate) fn block(
    b: &mut FunctionBuilder<'_>,
    ops: &[Op],
    callees: &Callees,
    window: (u32, u32),
    layout: FastPath,
) -> usize {
    let entry = b.create_block();
    b.append_block_params_for_function_params(entry);
    b.switch_to_block(entry);
    let state = b.block_params(entry)[0];
    let ctx = b.block_params(entry)[1];
    let header = b.create_block();
    b.ins().jump(header, &[]);
    b.switch_to_block(header);
    let mut t = Tx {
        b,
        state,
        ctx,
        flags: MemFlags::trusted(),
        call_conv: callees.call_conv,
        window,
        layout,
    };
    let start = ops[0].pc;
    let len = ops.iter().map(|op| op.nth).max().unwrap_or(0);
    let mut done = 0;
    for (i, op) in ops.iter().enumerate() {
        if !translated(op.kind) {
            let pc = t.iconst(op.pc);
            t.leave(pc, op.nth - 1, EXIT_INTERPRET);
            break;
        }
        done += 1;
        if one(&mut t, op, callees.op_addr[i], start, header, len) {
            break;
        }
    }
    t.b.seal_all_blocks();
    done
}

/// Translate `op`; true if it ended the block.
fn one(t: &mut Tx<'_, '_>, op: &Op, op_addr: u64, start: u32, header: Block, len: u32) -> bool {
    use Kind as K;
    macro_rules! rr {
        ($m:ident) => {{
            let (a, c) = (t.x(op.rs1), t.x(op.rs2));
            let v = t.b.ins().$m(a, c);
            t.set_x(op.rd, v);
        }};
    }
    macro_rules! ri {
        ($m:ident) => {{
            let a = t.x(op.rs1);
            let v = t.b.ins().$m(a, i64::from(op.imm as i32));
            t.set_x(op.rd, v);
        }};
    }
    macro_rules! shift_i {
        ($m:ident) => {{
            let a = t.x(op.rs1);
            let v = t.b.ins().$m(a, i64::from(op.imm & 31));
            t.set_x(op.rd, v);
        }};
    }
    macro_rules! cmp {
        ($cc:expr, $a:expr, $c:expr) => {{
            let c = t.b.ins().icmp($cc, $a, $c);
            let v = t.bool32(c);
            t.set_x(op.rd, v);
        }};
    }
    macro_rules! load_x {
        ($size:expr, $ty:expr, $signed:expr) => {{
            let v = t.load(op, $size);
            let v = if $ty == I32 {
                t.b.ins().ireduce(I32, v)
            } else {
                let n = t.b.ins().ireduce($ty, v);
                if $signed {
                    t.b.ins().sextend(I32, n)
                } else {
                    t.b.ins().uextend(I32, n)
                }
            };
            t.set_x(op.rd, v);
        }};
    }
    match op.kind {
        K::Nop => {}
        K::Li => {
            let v = t.iconst(op.imm);
            t.set_x(op.rd, v);
        }
        K::Addi => ri!(iadd_imm),
        K::Xori => ri!(bxor_imm),
        K::Ori => ri!(bor_imm),
        K::Andi => ri!(band_imm),
        K::Slti | K::Sltiu => {
            let cc = if op.kind == K::Slti {
                IntCC::SignedLessThan
            } else {
                IntCC::UnsignedLessThan
            };
            let a = t.x(op.rs1);
            let c = t.b.ins().icmp_imm(cc, a, i64::from(op.imm as i32));
            let v = t.bool32(c);
            t.set_x(op.rd, v);
        }
        K::Slli => shift_i!(ishl_imm),
        K::Srli => shift_i!(ushr_imm),
        K::Srai => shift_i!(sshr_imm),
        K::Add => rr!(iadd),
        K::Sub => rr!(isub),
        // Cranelift's shifts take the amount modulo the width, as RISC-V's do.
        K::Sll => rr!(ishl),
        K::Srl => rr!(ushr),
        K::Sra => rr!(sshr),
        K::Xor => rr!(bxor),
        K::Or => rr!(bor),
        K::And => rr!(band),
        K::Slt | K::Sltu => {
            let cc = if op.kind == K::Slt {
                IntCC::SignedLessThan
            } else {
                IntCC::UnsignedLessThan
            };
            let (a, c) = (t.x(op.rs1), t.x(op.rs2));
            cmp!(cc, a, c)
        }
        K::Mul => rr!(imul),
        K::Mulh => rr!(smulhi),
        K::Mulhu => rr!(umulhi),
        K::Mulhsu => {
            let (a, c) = (t.x(op.rs1), t.x(op.rs2));
            let a = t.b.ins().sextend(I64, a);
            let c = t.b.ins().uextend(I64, c);
            let p = t.b.ins().imul(a, c);
            let hi = t.b.ins().sshr_imm(p, 32);
            let v = t.b.ins().ireduce(I32, hi);
            t.set_x(op.rd, v);
        }
        K::Div | K::Divu | K::Rem | K::Remu => {
            let (a, c) = (t.x(op.rs1), t.x(op.rs2));
            let v = t.divide(op.kind, a, c);
            t.set_x(op.rd, v);
        }
        K::Lb => load_x!(1, types::I8, true),
        K::Lh => load_x!(2, types::I16, true),
        K::Lw => load_x!(4, I32, false),
        K::Lbu => load_x!(1, types::I8, false),
        K::Lhu => load_x!(2, types::I16, false),
        K::Sb | K::Sh | K::Sw => {
            let size = match op.kind {
                K::Sb => 1,
                K::Sh => 2,
                _ => 4,
            };
            let v = t.x(op.rs2);
            let v = t.b.ins().uextend(I64, v);
            t.store(op, size, v);
        }
        K::Flw => {
            let v = t.load(op, 4);
            // NaN-boxing: the upper 32 bits all ones.
            let v = t.b.ins().bor_imm(
                v,
                i64::from_ne_bytes(0xffff_ffff_0000_0000u64.to_ne_bytes()),
            );
            t.set_f(op.rd, v);
        }
        K::Fld => {
            let v = t.load(op, 8);
            t.set_f(op.rd, v);
        }
        K::Fsw | K::Fsd => {
            let v = t.f(op.rs2);
            t.store(op, if op.kind == K::Fsw { 4 } else { 8 }, v);
        }
        K::Jal => {
            let v = t.iconst(op.pc.wrapping_add(4));
            t.set_x(op.rd, v);
            t.jump(op, op.imm, start, header, len);
            return true;
        }
        K::Jalr => {
            let a = t.x(op.rs1);
            let target = t.b.ins().iadd_imm(a, i64::from(op.imm as i32));
            let target = t.b.ins().band_imm(target, -2);
            let odd = t.b.ins().band_imm(target, 2);
            t.interpret_if(odd, op);
            let link = t.iconst(op.pc.wrapping_add(4));
            t.set_x(op.rd, link);
            t.leave(target, op.nth, EXIT_NEXT);
            return true;
        }
        K::Beq | K::Bne | K::Blt | K::Bge | K::Bltu | K::Bgeu => {
            let cond = match op.kind {
                K::Beq => 0,
                K::Bne => 1,
                K::Blt => 4,
                K::Bge => 5,
                K::Bltu => 6,
                _ => 7,
            };
            let (a, c) = (t.x(op.rs1), t.x(op.rs2));
            let taken = t.branch_cond(cond, a, c);
            let yes = t.b.create_block();
            let no = t.b.create_block();
            t.b.ins().brif(taken, yes, &[], no, &[]);
            t.b.switch_to_block(yes);
            t.jump(op, op.imm, start, header, len);
            t.b.switch_to_block(no);
        }
        K::BranchMisaligned => {
            let (a, c) = (t.x(op.rs1), t.x(op.rs2));
            let taken = t.branch_cond(op.rm, a, c);
            t.interpret_if(taken, op);
        }
        K::Fallthrough => {
            let pc = t.iconst(op.pc);
            t.leave(pc, op.nth, EXIT_NEXT);
            return true;
        }
        _ => {
            // F and D computational instructions: the interpreter's bit-exact routine.
            let f = helpers::fp as extern "C" fn(&mut State, &Op) -> u32;
            let opv = t.b.ins().iconst(I64, op_addr as i64);
            let ok = t.call(f as usize, &[I64, I64], I32, &[t.state, opv]);
            let bad = t.b.ins().icmp_imm(IntCC::Equal, ok, 0);
            t.interpret_if(bad, op);
        }
    }
    false
}
