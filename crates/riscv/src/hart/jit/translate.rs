//! Translating one region (`region.rs`: pre-decoded blocks, unfused ops of `cache.rs`) to one
//! Cranelift function.
//!
//! The function has the same effect as the interpreter's `exec` on the blocks it runs. The x
//! registers its ops use are Cranelift variables across the whole region: loaded from `State`
//! once at entry, kept in host registers (or Cranelift's spill slots) across its blocks and
//! loops, and stored back (those written on some way there, `dirty.rs`) only where it is left,
//! in one shared exit block per kind of exit and set of registers stored, or before an FP helper
//! that reads them. A loop thus runs with
//! its registers in host registers; `region::natural_loop` keeps a loop's region to the loop
//! itself so that they fit. F registers are variables too, loaded on entry and written through
//! to `State`. What may still retire before the limit is a variable (`Tx::left`), loaded from
//! `ctx.left` at entry, counted down at block boundaries by the exiting op's `nth`, checked
//! where the jumps back to a block meet (`Tx::finish_checks`) and stored back at the exits.
//! The function leaves through one of these exits:
//! * [`EXIT_NEXT`]: continue at `state.pc` (a computed jump, a static exit out of the region, or
//!   a jump back inside the region after which it might pass the limit before its next check);
//! * [`EXIT_INTERPRET`]: the op at `state.pc` needs the interpreter (it traps, touches the MMIO
//!   window, is a system, atomic or extension instruction): the ops before it retired and it has
//!   done nothing, so the interpreter runs it exactly as it would have anyway;
//! * [`EXIT_MEMORY`]: the same for a load or store the inline fast path refused (`memory.rs`),
//!   whose address is in `ctx.addr`.
//!
//! Control passes from block to block of the region (loops included) inside the function while
//! what can run before the next check fits in `left` in full (`region::spans`: a region
//! and each jump back inside it are checked, forward jumps between its blocks are not), so
//! `--max-insns` stops exactly where the interpreter would.

use super::dirty;
use super::extent::Extent;
use super::helpers::Ctx;
use super::memory::{Extents, Pages};
use super::region::{Regs, cut_short, forward, spans, successors};
use super::slots::Slots;
use crate::fpu::Flags;
use crate::hart::op::{Kind, Op, X_SINK};
use crate::hart::state::State;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    AbiParam, Block, InstBuilder, MemFlags, Signature, Type, Value, types,
};
use cranelift_codegen::isa::CallConv;
use cranelift_frontend::{FunctionBuilder, Variable};
use macrosim_core::FastPath;
use std::mem::offset_of;

pub(crate) const EXIT_NEXT: u32 = 0;
pub(crate) const EXIT_INTERPRET: u32 = 1;
pub(crate) const EXIT_MEMORY: u32 = 2;

pub(super) const I32: Type = types::I32;
pub(super) const I64: Type = types::I64;

/// Can the op be translated? The rest leave to the interpreter.
pub(crate) fn translated(kind: Kind) -> bool {
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
            | K::Offload
    )
}

/// The signature of a translated region: (state) -> exit code, in Cranelift's `tail`
/// calling convention, so that a region can leave into the next one with a tail call
/// ([`Tx::chain`]); `call::Trampoline` enters the first from Rust. The region finds the
/// [`Ctx`] at its fixed address (see [`region`]).
pub(crate) fn signature(ptr: Type) -> Signature {
    let mut sig = Signature::new(CallConv::Tail);
    sig.params.push(AbiParam::new(ptr));
    sig.returns.push(AbiParam::new(I32));
    sig
}

/// One block of a region: its translated ops (`region::block_ops`), kept alive by the caller
/// as long as the code (FP helpers are called with their addresses).
pub(crate) struct Part<'a> {
    pub ops: &'a [Op],
}

pub(super) struct Tx<'a, 'b> {
    pub b: &'a mut FunctionBuilder<'b>,
    pub state: Value,
    pub ctx: Value,
    pub flags: MemFlags,
    /// The host's calling convention (of the helpers).
    pub call_conv: CallConv,
    /// The table of translations by pc (`super::Slot`s), for [`Tx::chain`].
    fast: i64,
    /// The MMIO window `(base - 7, len + 7)`, or `len` 0 (see `exec::Window`).
    pub window: (u32, u32),
    /// The memory's fast-path constants.
    pub layout: FastPath,
    regs: Regs,
    /// The x registers as Cranelift variables across the whole region: loaded from `State` at
    /// its entry, stored back at its exits.
    xs: [Variable; 32],
    /// The x registers a translated op of the region may write (bit r).
    written: u32,
    /// The x registers written on some way from the region's entry to the op being
    /// translated: the ones an exit there stores (the others hold in `State` the value they
    /// were loaded with; see `dirty.rs`).
    dirty: u32,
    /// `dirty` at each block start (`dirty::at_starts`), by block.
    dirty_at: Vec<u32>,
    fs: [Variable; 32],
    /// Instructions that may still retire before the limit, counted at the start of the
    /// current block: a jump back compares it with the target's span, with no load (the
    /// count of instructions retired would need the limit from `ctx`).
    left: Variable,
    /// Nonzero while FP arithmetic in RNE needs no flag update (`State::accrued_rne`).
    pub accrued: Variable,
    /// Nonzero while FP arithmetic is in RNE with mstatus.FS Dirty (`accrued` but for the
    /// inexact flag): exact binary64 fused multiply-adds need no flag update then either.
    pub rne: Variable,
    /// The exit blocks made so far, by exit code (`None`: the chaining exit) and the
    /// registers they store.
    exits: Vec<(Option<u32>, u32, Block)>,
    /// Block starts of the region: pc, entry block, span (`region::spans`).
    heads: Vec<(u32, Block, u32)>,
    /// The limit checks of the jumps back, one block per block start jumped back to, made on
    /// first use: the start (its index in `heads`) and the check block (see
    /// [`Tx::finish_checks`]).
    checks: Vec<(usize, Block)>,
    /// The pages memory ops remember.
    pub pages: Pages,
    /// The memory ops' extents (`extent.rs`).
    pub extents: Extents,
}

impl Tx<'_, '_> {
    /// Read x[r].
    pub fn x(&mut self, r: u8) -> Value {
        if r == 0 || r == X_SINK {
            return self.b.ins().iconst(I32, 0);
        }
        debug_assert!(self.regs.x_used & 1 << r != 0);
        self.b.use_var(self.xs[usize::from(r)])
    }

    /// Write x[r]; `State` gets it at the region's exits.
    pub fn set_x(&mut self, r: u8, v: Value) {
        if r != X_SINK && r != 0 {
            debug_assert!(self.written & 1 << r != 0);
            self.b.def_var(self.xs[usize::from(r)], v);
            self.dirty |= 1 << r;
        }
    }

    /// Store the x registers the region may have written so far to `State`, before a helper
    /// that reads them.
    pub fn flush_x(&mut self) {
        self.store_x(self.dirty);
    }

    /// Store x registers `d` (bit r) to `State`.
    fn store_x(&mut self, mut d: u32) {
        while d != 0 {
            let r = d.trailing_zeros() as usize;
            d &= d - 1;
            let v = self.b.use_var(self.xs[r]);
            let off = offset_of!(State, x) + 4 * r;
            self.b.ins().store(self.flags, v, self.state, off as i32);
        }
    }

    /// x[r] was written in `State` by a helper: reload its variable from there.
    pub fn forget_x(&mut self, r: u8) {
        if r != X_SINK && r != 0 {
            let v = self.load_state(I32, offset_of!(State, x) + 4 * usize::from(r));
            self.b.def_var(self.xs[usize::from(r)], v);
            // Written, as `dirty::at_starts` counts it (`Regs::add`).
            self.dirty |= 1 << r;
        }
    }

    pub fn f(&mut self, r: u8) -> Value {
        debug_assert!(self.regs.f_used & 1 << r != 0);
        self.b.use_var(self.fs[usize::from(r)])
    }

    /// Write f[rd] and mark mstatus.FS Dirty (as untraced `State::set_f`).
    pub fn set_f(&mut self, r: u8, v: Value) {
        self.set_f_clean(r, v);
        let dirty = self.b.ins().iconst(types::I8, 3);
        self.b
            .ins()
            .store(self.flags, dirty, self.state, offset_of!(State, fs) as i32);
    }

    /// Write f[rd] (through to `State`, as `set_x`) when mstatus.FS is known to be Dirty.
    pub fn set_f_clean(&mut self, r: u8, v: Value) {
        debug_assert!(self.regs.f_used & 1 << r != 0);
        self.b.def_var(self.fs[usize::from(r)], v);
        let off = offset_of!(State, f) + 8 * usize::from(r);
        self.b.ins().store(self.flags, v, self.state, off as i32);
    }

    pub fn iconst(&mut self, v: u32) -> Value {
        self.b.ins().iconst(I32, i64::from(v as i32))
    }

    fn load_state(&mut self, ty: Type, off: usize) -> Value {
        self.b.ins().load(ty, self.flags, self.state, off as i32)
    }

    /// Load every x and f register the region keeps, and the accrued-FP condition, from
    /// `State`.
    fn reload(&mut self) {
        for r in 1..32 {
            if self.regs.x_used & 1 << r != 0 {
                let v = self.load_state(I32, offset_of!(State, x) + 4 * r);
                self.b.def_var(self.xs[r], v);
            }
        }
        for r in 0..32 {
            self.reload_f(r);
        }
        if self.regs.fp {
            self.reload_accrued();
        }
    }

    /// Load f[r] from `State` if the region keeps it.
    pub fn reload_f(&mut self, r: u8) {
        if self.regs.f_used & 1 << r != 0 {
            let v = self.load_state(I64, offset_of!(State, f) + 8 * usize::from(r));
            self.b.def_var(self.fs[usize::from(r)], v);
        }
    }

    /// Compute `accrued` (frm == 0 && fflags.NX && fs == 3) and `rne` (frm == 0 && fs == 3)
    /// from `State`.
    pub fn reload_accrued(&mut self) {
        let frm = self.load_state(types::I8, offset_of!(State, frm));
        let fflags = self.load_state(types::I8, offset_of!(State, fflags));
        let fs = self.load_state(types::I8, offset_of!(State, fs));
        let nx = self.b.ins().band_imm(fflags, i64::from(Flags::NX));
        let a = self.b.ins().icmp_imm(IntCC::Equal, frm, 0);
        let c = self.b.ins().icmp_imm(IntCC::NotEqual, nx, 0);
        let d = self.b.ins().icmp_imm(IntCC::Equal, fs, 3);
        let ad = self.b.ins().band(a, d);
        let acc = self.b.ins().band(ad, c);
        self.b.def_var(self.rne, ad);
        self.b.def_var(self.accrued, acc);
    }

    /// The fast path's `field` (`ctx.fast`), loaded where it is used (a value kept across the
    /// region would take a host register from the guest's).
    pub fn fast_path(&mut self, field: usize) -> Value {
        let off = offset_of!(Ctx, fast) + field;
        self.b.ins().load(I64, self.flags, self.ctx, off as i32)
    }

    /// Store `pc`, count `n` more instructions retired, return `code`; in the current block.
    pub fn leave(&mut self, pc: Value, n: u32, code: u32) {
        let exit = self.exit(Some(code));
        self.goto_exit(exit, pc, n);
    }

    /// Go on at `pc` after `n` more instructions retired, in the current block: straight into
    /// the translation of `pc` (a tail call) when the table of translations holds one and its
    /// span fits below the limit, else out to the dispatcher (which would find nothing
    /// better). `Jit::run` does the same lookup; doing it here saves the return to Rust and
    /// the call back, at every computed jump and every exit out of a region.
    pub fn chain(&mut self, pc: Value, n: u32) {
        let exit = self.exit(None);
        self.goto_exit(exit, pc, n);
    }

    /// The region's one exit block that returns `code` (`None`: chains), made on first use.
    /// Every exit site jumps there with the pc and `left`; the registers it stores reach it
    /// as block parameters (Cranelift's SSA construction of the variables). One exit block
    /// instead of one copy of the stores at every exit keeps the function small, and the
    /// exit code a constant of that block alone (deduplicated across exits, Cranelift had
    /// kept it in a register, or spilled it, across the whole region).
    /// Exits that store different registers (see [`Tx::dirty`]) are different blocks.
    fn exit(&mut self, code: Option<u32>) -> Block {
        let dirty = self.dirty;
        if let Some(&(_, _, b)) = self.exits.iter().find(|e| e.0 == code && e.1 == dirty) {
            return b;
        }
        let b = self.b.create_block();
        if code.is_some() {
            // Out of line: placed between a loop's blocks, an exit block made its hot path
            // jump over it (crc's slot check: a taken branch to the access at every hit; the
            // host instruction count is the same). The chaining exit is not rare: a region
            // without a loop leaves there at every pass.
            self.b.set_cold_block(b);
        }
        self.b.append_block_param(b, I32);
        self.b.append_block_param(b, I64);
        self.exits.push((code, dirty, b));
        b
    }

    fn goto_exit(&mut self, exit: Block, pc: Value, n: u32) {
        let left = self.b.use_var(self.left);
        let left = self.b.ins().iadd_imm(left, -i64::from(n));
        self.b.ins().jump(exit, &[pc.into(), left.into()]);
    }

    /// Fill in the exit blocks (see [`Tx::exit`]), once every exit site jumps to them.
    fn finish_exits(&mut self) {
        for (code, dirty, b) in std::mem::take(&mut self.exits) {
            self.b.switch_to_block(b);
            let (pc, left) = (self.b.block_params(b)[0], self.b.block_params(b)[1]);
            self.state =
                self.b
                    .ins()
                    .load(I64, self.flags, self.ctx, offset_of!(Ctx, state) as i32);
            self.store_x(dirty);
            self.b
                .ins()
                .store(self.flags, pc, self.state, offset_of!(State, pc) as i32);
            self.b
                .ins()
                .store(self.flags, left, self.ctx, offset_of!(Ctx, left) as i32);
            match code {
                Some(code) => {
                    let c = self.b.ins().iconst(I32, i64::from(code));
                    self.b.ins().return_(&[c]);
                }
                None => self.chain_body(pc, left),
            }
        }
    }

    /// The chaining exit's lookup (see [`Tx::chain`]), `State` stored, `left` instructions
    /// to go before the limit.
    fn chain_body(&mut self, pc: Value, left: Value) {
        let index = self.b.ins().ushr_imm(pc, 2);
        let index = self.b.ins().band_imm(index, (super::FAST - 1) as i64);
        let index = self.b.ins().uextend(I64, index);
        let at = self
            .b
            .ins()
            .imul_imm(index, size_of::<super::Slot>() as i64);
        let at = self.b.ins().iadd_imm(at, self.fast);
        let f = self.flags;
        let key = self
            .b
            .ins()
            .load(I32, f, at, offset_of!(super::Slot, pc) as i32);
        let len = self
            .b
            .ins()
            .load(I32, f, at, offset_of!(super::Slot, len) as i32);
        let hit = self.b.ins().icmp(IntCC::Equal, key, pc);
        let len = self.b.ins().uextend(I64, len);
        let fits = self.b.ins().icmp(IntCC::UnsignedLessThanOrEqual, len, left);
        let go = self.b.ins().band(hit, fits);
        let next = self.b.create_block();
        let out = self.b.create_block();
        self.b.ins().brif(go, next, &[], out, &[]);
        self.b.switch_to_block(next);
        let code = self
            .b
            .ins()
            .load(I64, f, at, offset_of!(super::Slot, code) as i32);
        let sig = signature(I64);
        let sig = self.b.import_signature(sig);
        self.b.ins().return_call_indirect(sig, code, &[self.state]);
        self.b.switch_to_block(out);
        let c = self.b.ins().iconst(I32, i64::from(EXIT_NEXT));
        self.b.ins().return_(&[c]);
    }

    /// Leave for the interpreter at `op` (it has not run) when `cond` is nonzero.
    pub fn interpret_if(&mut self, cond: Value, op: &Op) {
        let out = self.b.create_block();
        let on = self.b.create_block();
        self.b.set_cold_block(out);
        self.b.ins().brif(cond, out, &[], on, &[]);
        self.b.switch_to_block(out);
        let pc = self.iconst(op.pc);
        self.leave(pc, op.nth - 1, EXIT_INTERPRET);
        self.b.switch_to_block(on);
    }

    pub fn call(&mut self, addr: usize, params: &[Type], ret: Type, args: &[Value]) -> Value {
        let mut sig = Signature::new(self.call_conv);
        sig.params.extend(params.iter().map(|&t| AbiParam::new(t)));
        sig.returns.push(AbiParam::new(ret));
        let sig = self.b.import_signature(sig);
        let callee = self.b.ins().iconst(I64, addr as i64);
        let call = self.b.ins().call_indirect(sig, callee, args);
        self.b.inst_results(call)[0]
    }

    /// Go on at `target` after `op` retired: inside the region (jumping back, while the
    /// target's span fits below the limit), else out to the dispatcher.
    fn jump(&mut self, op: &Op, target: u32) {
        let Some(k) = self.heads.iter().position(|h| h.0 == target) else {
            let pc = self.iconst(target);
            self.chain(pc, op.nth);
            return;
        };
        let head = self.heads[k].1;
        debug_assert!(self.dirty & !self.dirty_at[k] == 0);
        let left = self.b.use_var(self.left);
        let left = self.b.ins().iadd_imm(left, -i64::from(op.nth));
        self.b.def_var(self.left, left);
        if forward(op, target) {
            // Covered by the check that led here (`region::spans`).
            self.b.ins().jump(head, &[]);
            return;
        }
        let check = match self.checks.iter().find(|c| c.0 == k) {
            Some(&(_, check)) => check,
            None => {
                let check = self.b.create_block();
                self.checks.push((k, check));
                check
            }
        };
        self.b.ins().jump(check, &[]);
    }

    /// Fill in the check blocks of the jumps back (see [`Tx::checks`]): go on at the start
    /// while its span fits in `left`, else leave. One check where the jumps back meet, not
    /// one at each: measured (sort, `BENCHMARKS.md`), 3 % fewer host instructions in all,
    /// as a jump back then only jumps (a check at the jump, with its exit, branched twice
    /// and copied registers between the two ways out).
    fn finish_checks(&mut self) {
        for (k, check) in std::mem::take(&mut self.checks) {
            let (target, head, len) = self.heads[k];
            self.b.switch_to_block(check);
            // What the jumps back may have written: at most what the start may have.
            self.dirty = self.dirty_at[k];
            let left = self.b.use_var(self.left);
            let fits =
                self.b
                    .ins()
                    .icmp_imm(IntCC::UnsignedGreaterThanOrEqual, left, i64::from(len));
            let out = self.b.create_block();
            // Out of line: the check then falls through to the start, and a loop's jump back
            // takes one host branch fewer (insertion sort's inner loop took three; sort 1 %
            // faster, `BENCHMARKS.md` session 13).
            self.b.set_cold_block(out);
            self.b.ins().brif(fits, head, &[], out, &[]);
            self.b.switch_to_block(out);
            let pc = self.iconst(target);
            self.leave(pc, 0, EXIT_NEXT);
        }
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

/// What the regions of one `Jit` are translated against.
pub(crate) struct Setting<'s> {
    /// The host's calling convention (of the helpers).
    pub call_conv: CallConv,
    /// The table of translations by pc.
    pub fast: *const super::Slot,
    /// The `Jit`'s context, at a fixed address.
    pub ctx: *mut Ctx,
    /// The pool of persistent page slots.
    pub slots: &'s mut Slots,
    /// The MMIO window (see [`Tx::window`]).
    pub window: (u32, u32),
    /// The memory's fast-path constants.
    pub layout: FastPath,
    /// The memory ops' extents, in translation order (`extent::find`).
    pub extents: Vec<Option<Extent>>,
}

/// Build the function for `parts` (a region; the entry first) into `b`, whose signature is
/// [`signature`]. `op_addr(i, k)` is the address of op `k` of part `i`.
pub(crate) fn region(
    b: &mut FunctionBuilder<'_>,
    parts: &[Part<'_>],
    op_addr: &dyn Fn(usize, usize) -> u64,
    set: Setting<'_>,
) {
    let Setting {
        call_conv,
        fast,
        ctx,
        slots,
        window,
        layout,
        extents,
    } = set;
    let entry = b.create_block();
    b.append_block_params_for_function_params(entry);
    b.switch_to_block(entry);
    let state = b.block_params(entry)[0];
    // A constant, which Cranelift materializes where it is used: a parameter would hold a
    // host register across the region's loops, where `ctx` serves only the cold paths.
    let ctx = b.ins().iconst(I64, ctx as i64);
    let mut regs = Regs::default();
    for op in parts.iter().flat_map(|p| p.ops) {
        regs.add(op);
    }
    let xs = std::array::from_fn(|_| b.declare_var(I32));
    let fs = std::array::from_fn(|_| b.declare_var(I64));
    let left = b.declare_var(I64);
    let accrued = b.declare_var(types::I8);
    let rne = b.declare_var(types::I8);
    // A region that loops back to its entry keeps its slots in its stack frame (`memory.rs`).
    let head = parts[0].ops[0].pc;
    let looped = parts
        .iter()
        .flat_map(|p| p.ops)
        .any(|op| successors(op) == Some(head));
    let pages = Pages::declare(b, slots, looped, &extents);
    let ops: Vec<&[Op]> = parts.iter().map(|p| p.ops).collect();
    let dirty_at = dirty::at_starts(&ops);
    let heads = parts
        .iter()
        .zip(spans(&ops))
        .map(|(p, span)| (p.ops[0].pc, b.create_block(), span))
        .collect();
    let mut t = Tx {
        b,
        state,
        ctx,
        flags: MemFlags::trusted(),
        call_conv,
        fast: fast as i64,
        window,
        layout,
        written: regs.x_written,
        dirty: 0,
        dirty_at,
        regs,
        xs,
        fs,
        left,
        accrued,
        rne,
        heads,
        checks: Vec::new(),
        exits: Vec::new(),
        pages,
        extents: Extents::new(extents),
    };
    t.reload();
    t.pages.seed(t.b);
    let l =
        t.b.ins()
            .load(I64, t.flags, ctx, offset_of!(Ctx, left) as i32);
    t.b.def_var(left, l);
    let first = t.heads[0].1;
    t.b.ins().jump(first, &[]);
    for (i, part) in parts.iter().enumerate() {
        let head = t.heads[i].1;
        t.b.switch_to_block(head);
        t.dirty = t.dirty_at[i];
        for (k, op) in part.ops.iter().enumerate() {
            if !super::translate::translated(op.kind) {
                let pc = t.iconst(op.pc);
                t.leave(pc, op.nth - 1, EXIT_INTERPRET);
                break;
            }
            if one(&mut t, op, op_addr(i, k)) {
                break;
            }
        }
        // A block cut short: a loop's after its last branch into the loop (`region::loop_part`),
        // or another before a loop head it runs into (`region::before_loop`). `one` ends a
        // block exactly at the translated ops that end one (`Kind::ends_block`), and
        // `region::block_ops` put those and the ops left to the interpreter last.
        if let Some(next) = cut_short(part.ops) {
            t.jump(&part.ops[part.ops.len() - 1], next);
        }
    }
    t.finish_checks();
    t.finish_exits();
    t.b.seal_all_blocks();
}

/// Translate `op`; true if it ended the block.
fn one(t: &mut Tx<'_, '_>, op: &Op, op_addr: u64) -> bool {
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
            let v = t.b.ins().uextend(I32, c);
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
            let v = t.b.ins().uextend(I32, c);
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
            t.jump(op, op.imm);
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
            t.chain(target, op.nth);
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
            t.jump(op, op.imm);
            t.b.switch_to_block(no);
        }
        K::BranchMisaligned => {
            let (a, c) = (t.x(op.rs1), t.x(op.rs2));
            let taken = t.branch_cond(op.rm, a, c);
            t.interpret_if(taken, op);
        }
        K::Fallthrough => {
            t.jump(op, op.pc);
            return true;
        }
        _ => t.float(op, op_addr),
    }
    false
}
