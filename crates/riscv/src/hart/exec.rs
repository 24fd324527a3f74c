//! The semantics of every non-system instruction, written once (principle 3) and run over a
//! pre-decoded block: one `match` per op, generic over the tracer (`NoTrace` compiles the trace
//! calls away) and over the MMIO device (`NoMmio` compiles the window check away).
//!
//! Rules from the Unprivileged ISA: division by zero gives all ones (quotient) or the dividend
//! (remainder), `MIN / -1` overflows to `MIN` with remainder 0 (M chapter, table "Semantics for
//! division by zero and division overflow"); shifts use the low five bits; `jalr` clears the
//! target's bit 0 and a target not 4-byte aligned raises instruction-address-misaligned on the
//! jump itself without writing rd (RV32I, "Control Transfer Instructions"); loads and stores
//! may be misaligned (carried out byte by byte, as riscv-tests `rv32ui/ma_data` requires), LR/SC
//! and AMOs must be aligned (A chapter); FP registers hold binary32 values NaN-boxed.

use super::cache::{BlockCache, MAX_BLOCK};
use super::extension::Extension;
use super::op::{Kind, NO_BLOCK, Op};
use super::state::State;
use super::system::SysOutcome;
use super::trap::{Cause, Exception};
use crate::fpu::{Flags, Rm, accrued, box_f32, unbox_f32};
use crate::isa::csr;
use crate::mmio::{Mmio, MmioEffect};
use crate::trace::Trace;
use macrosim_core::SparseMemory;

/// How a run of blocks ended. Op positions are indices into the cache's op arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Exit {
    /// Continue at `self.pc`; when the next block was not chained yet, `link` names the exit
    /// (the position of the exit op, and the slot) to chain it to once found.
    Next { link: Option<(u32, usize)> },
    /// The op at `at` raised an exception; the ops before it retired.
    Trap { at: usize, exc: Exception },
    /// The op at `at` is a system op for the slow path; the ops before it retired.
    System { at: usize },
    /// The op at `at`, an FP instruction, went to the extension in place with `outcome` (the
    /// ops before it retired; `self.pc` is past it if it retired), and the extension counted
    /// `replayed` more retired instructions itself ([`HartView::add_retired`]), which the run
    /// loop's instruction limit does not meter, as for a system op.
    ///
    /// [`HartView::add_retired`]: super::HartView::add_retired
    Offloaded {
        at: usize,
        outcome: SysOutcome,
        replayed: u64,
    },
    /// An MMIO device asked to stop after the op at `at`, which retired.
    Stop { at: usize },
}

/// The MMIO windows as `(base - 7, len + 7)`: any access of up to 8 bytes overlapping them.
#[derive(Clone, Copy)]
pub(crate) struct Window {
    lo: u32,
    len: u32,
    lo2: u32,
    len2: u32,
}

/// `(base, len)` widened to catch accesses of up to 8 bytes that overlap it.
fn widen((base, len): (u32, u32)) -> (u32, u32) {
    if len == 0 {
        (0, 0)
    } else {
        (base.wrapping_sub(7), len + 7)
    }
}

impl Window {
    pub(crate) fn of<M: Mmio>(m: &M) -> Window {
        let (lo, len) = widen(m.window());
        let (lo2, len2) = widen(m.window2());
        Window { lo, len, lo2, len2 }
    }

    /// The one window the translation tier checks inline, or `None` when a second window is
    /// mapped (such harts stay in the interpreter).
    pub(crate) fn single(self) -> Option<(u32, u32)> {
        (self.len2 == 0).then_some((self.lo, self.len))
    }

    #[inline(always)]
    fn hit<M: Mmio>(self, addr: u32) -> bool {
        M::PRESENT
            && (addr.wrapping_sub(self.lo) < self.len
                || M::SECOND_WINDOW && addr.wrapping_sub(self.lo2) < self.len2)
    }
}

/// The rounding mode for an op's `rm` field (7 = dynamic, from `frm`); `None` when the
/// resulting mode is reserved (an illegal instruction).
#[inline(always)]
pub(crate) fn rounding(rm: u8, frm: u8) -> Option<Rm> {
    Rm::from_bits(u32::from(if rm == 7 { frm } else { rm }))
}

impl State {
    /// Set mstatus.FS to Dirty, logging the mstatus change as Spike does.
    #[inline(always)]
    pub(crate) fn dirty_fs<T: Trace>(&mut self, t: &mut T) {
        if self.fs != 3 {
            self.fs = 3;
            if T::ENABLED {
                t.csr_write(csr::MSTATUS, self.mstatus());
            }
        }
    }

    /// Is FP arithmetic in RNE free of flag updates? `frm` is RNE, inexact has accrued and
    /// mstatus.FS is Dirty (see `exec`'s `ACCRUED`).
    #[inline]
    pub(crate) fn accrued_rne(&self) -> bool {
        self.frm == 0 && self.fflags.0 & Flags::NX != 0 && self.fs == 3
    }

    #[inline(always)]
    pub(crate) fn set_f<T: Trace>(&mut self, rd: u8, v: u64, t: &mut T) {
        self.f[usize::from(rd)] = v;
        if T::ENABLED {
            self.dirty_fs(t);
            // Registers past 31 are an extension's scratch registers (`offload.rs`).
            if rd < 32 {
                t.f_write(u32::from(rd), v);
            }
        } else {
            self.fs = 3;
        }
    }

    /// Hand the `Offload` op at arena position `at` to the extension, as the slow path would,
    /// with the retired count and the pc exact (`ran`: the instructions of this `exec` call
    /// before it). `None` when it simply retired and the block executor goes on to the next
    /// block (`self.retired` then back to the count before this call, `self.pc` past the op);
    /// otherwise the exit: it stalled or raised an exception, the extension counted replayed
    /// instructions, stopped offloading or changed decoded code (the last two are checked at
    /// block entry). Only extensions with [`Extension::OFFLOAD`] reach it, so `exec` without
    /// one is unchanged; inlined, as out of line the `fld` loop of `benches/timing.rs` in
    /// `macrosim-snitch` ran about 10% slower.
    #[inline(always)]
    fn offload_here<X: Extension, T: Trace>(
        &mut self,
        cache: &BlockCache,
        at: usize,
        ran: u64,
        ext: &mut X,
        mem: &mut SparseMemory,
        t: &mut T,
    ) -> Option<Exit> {
        self.retired += ran;
        let before = self.retired;
        self.pc = cache.ops[at].pc;
        let outcome = self.system(&cache.ops[at], cache.words[at], ext, mem, t);
        let retired = u64::from(outcome == SysOutcome::Retired);
        let replayed = self.retired - before - retired;
        if retired == 0 || replayed != 0 || !ext.offloading() || mem.code_epoch() != cache.epoch() {
            return Some(Exit::Offloaded {
                at,
                outcome,
                replayed,
            });
        }
        // Counted again with the block.
        self.retired = before - ran;
        None
    }

    /// Run ops from arena position `first` (a block's start), going from block to block through
    /// chained successors (and the jump cache for computed targets) until a successor is not
    /// yet known, code memory changes, an op needs the slow path, or `max` instructions ran.
    /// Ops at positions `end` and beyond are not run: a caller cuts the first block short by
    /// passing its start plus the instructions left. `self.retired` counts every op that
    /// retired, a block at a time; `self.pc` is set on a `Next` exit.
    ///
    /// Unfused, a chained block is cut the same way after the instructions still left, so a
    /// run of short blocks (a polling loop, a hart's quantum in a multi-core model) stays in
    /// here instead of going back to the run loop for every block. `FUSED` runs the fused ops
    /// (`fuse.rs`; untraced only): a fused op runs its own slot and the next, so a fused run
    /// must never be cut inside a block, and it chains only while a whole next block fits.
    ///
    /// `ACCRUED` (untraced only) says that `frm` is RNE, inexact has accrued in `fflags` and
    /// mstatus.FS is Dirty ([`State::accrued_rne`]). None of that can change inside this call:
    /// `frm` and FS change only through CSR instructions, which leave it, and `fflags` only
    /// gains flags. FP arithmetic in RNE then first tries the host ([`accrued`]), which needs no
    /// flag update at all.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn exec<M: Mmio, X: Extension, T: Trace, const FUSED: bool, const ACCRUED: bool>(
        &mut self,
        cache: &BlockCache,
        first: usize,
        end: usize,
        max: u64,
        mem: &mut SparseMemory,
        mmio: &mut M,
        ext: &mut X,
        win: Window,
        t: &mut T,
    ) -> Exit {
        macro_rules! x {
            ($r:expr) => {
                self.x[usize::from($r)]
            };
        }
        macro_rules! f {
            ($r:expr) => {
                self.f[usize::from($r)]
            };
        }
        macro_rules! fs {
            ($r:expr) => {
                unbox_f32(self.f[usize::from($r)])
            };
        }
        // The host fused multiply-add of op `$op`'s registers, with sign bits `$n1` on the
        // product and `$n3` on the addend (fmadd, fmsub, fnmsub, fnmadd).
        macro_rules! fma_d {
            ($op:expr, $n1:expr, $n3:expr) => {
                accrued::fma_d(f!($op.rs1) ^ $n1, f!($op.rs2), f!($op.rs3) ^ $n3)
            };
        }
        macro_rules! fma_s {
            ($op:expr, $n1:expr, $n3:expr) => {
                accrued::fma_s(fs!($op.rs1) ^ $n1, fs!($op.rs2), fs!($op.rs3) ^ $n3)
            };
        }
        const SIGN_S: u32 = 1 << 31;
        const SIGN_D: u64 = 1 << 63;
        // An FP register write (FS is already Dirty when ACCRUED).
        macro_rules! set_f {
            ($rd:expr, $v:expr) => {{
                let v: u64 = $v;
                if ACCRUED {
                    f!($rd) = v;
                } else {
                    self.set_f($rd, v, t);
                }
            }};
        }
        let epoch = cache.epoch();
        // Fused, `ops` ends at `end` (the arena's end); unfused, each block's ops end at `end`
        // at the latest (where it is cut short), which moves from block to block.
        let ops: &[Op] = if FUSED {
            &cache.fused[..end]
        } else {
            &cache.ops
        };
        let mut end = end;
        // Fused, chain into the next block only while `done` stays at or below this: it then
        // fits.
        let chain_limit = max.saturating_sub(MAX_BLOCK as u64);
        // Instructions retired by the blocks finished so far in this call.
        let mut done = 0u64;
        let mut it = ops[first..end].iter();
        // Traced (always unfused), the instruction words in step with `it`: cheaper than
        // `cache.words[pos!()]` per instruction (a division by the op's size and a bounds
        // check: ≈ 10 host instructions of a Tensix core's ≈ 80, session 9 of BENCHMARKS.md).
        let mut words = if T::ENABLED && !FUSED {
            cache.words[first..end].iter()
        } else {
            [].iter()
        };
        // The arena position of the op taken last from `it`.
        macro_rules! pos {
            () => {
                if FUSED {
                    ops.len() - it.len() - 1
                } else {
                    end - it.len() - 1
                }
            };
        }
        loop {
            // Run a block up to its exit: (next pc, successor slot: 0 fall-through, 1 taken,
            // 2 computed; the op holding the exit's successors and instruction count).
            let (npc, slot, exit) = 'ops: loop {
                // Leave with the instructions of this block before (`before`) or up to and
                // including (`after`) the op at `pos!()` retired.
                macro_rules! leave {
                    (before, $exit:expr) => {{
                        self.retired += done + u64::from(ops[pos!()].nth - 1);
                        return $exit;
                    }};
                    (after, $exit:expr) => {{
                        self.retired += done + u64::from(ops[pos!()].nth);
                        return $exit;
                    }};
                }
                let Some(op) = it.next() else {
                    // Cut short at `end`, inside a block: the op before `end` was the last to run
                    // (and did not leave the block, so the next instruction follows it).
                    let last = &ops[end - 1];
                    self.retired += done + u64::from(last.nth);
                    self.pc = last.pc.wrapping_add(4);
                    return Exit::Next { link: None };
                };
                if T::ENABLED {
                    let word = if FUSED {
                        cache.words[pos!()]
                    } else {
                        *words.next().expect("a word for every op")
                    };
                    if op.kind != Kind::Fallthrough {
                        t.begin(self.id, self.prv as u8, op.pc, word);
                    }
                }
                macro_rules! set_x {
                    ($v:expr) => {{
                        let v: u32 = $v;
                        x!(op.rd) = v;
                        if T::ENABLED {
                            t.x_write(u32::from(op.rd & 31), v);
                        }
                    }};
                }
                macro_rules! trap {
                    ($cause:expr, $tval:expr) => {{
                        if T::ENABLED {
                            t.discard();
                        }
                        leave!(
                            before,
                            Exit::Trap {
                                at: pos!(),
                                exc: Exception::new($cause, $tval),
                            }
                        )
                    }};
                }
                // Op `$op` ends its block: continue at `$pc` through `$slot`.
                macro_rules! jump {
                    ($op:expr, $pc:expr, $slot:expr) => {{
                        if T::ENABLED {
                            t.commit();
                        }
                        break 'ops ($pc, $slot, $op);
                    }};
                }
                // The second op of a fused pair (the pair's first never ends a block).
                macro_rules! second {
                    () => {{
                        let Some(op2) = it.next() else {
                            unreachable!("a fused pair's second op is in the same block")
                        };
                        op2
                    }};
                }
                macro_rules! load_at {
                    ($addr:expr, $size:expr, $read:ident) => {{
                        let addr: u32 = $addr;
                        let r = if win.hit::<M>(addr) {
                            mmio.load(mem, addr, $size).map(|v| v as _)
                        } else {
                            mem.$read(u64::from(addr))
                        };
                        match r {
                            Ok(v) => {
                                if T::ENABLED {
                                    t.mem_read(addr, $size);
                                }
                                v
                            }
                            Err(_) => trap!(Cause::LoadAccessFault, addr),
                        }
                    }};
                }
                macro_rules! load {
                    ($size:expr, $read:ident) => {
                        load_at!(x!(op.rs1).wrapping_add(op.imm), $size, $read)
                    };
                }
                // A store into decoded code: leave after this instruction (the run loop flushes
                // the cache and decodes afresh).
                macro_rules! code_changed {
                    () => {
                        if mem.code_epoch() != epoch {
                            if T::ENABLED {
                                t.commit();
                            }
                            self.pc = op.pc.wrapping_add(4);
                            leave!(after, Exit::Next { link: None })
                        }
                    };
                }
                // Two FP loads (fused): the second's exception is at its own position.
                macro_rules! fp_load_pair {
                    ($size:expr, $read:ident, $boxed:expr) => {{
                        let v = load!($size, $read);
                        set_f!(op.rd, $boxed(v));
                        let op2 = second!();
                        let v = load_at!(x!(op2.rs1).wrapping_add(op2.imm), $size, $read);
                        set_f!(op2.rd, $boxed(v));
                    }};
                }
                macro_rules! store {
                    ($size:expr, $write:ident, $value:expr) => {{
                        let addr = x!(op.rs1).wrapping_add(op.imm);
                        let value = $value;
                        let stop = if win.hit::<M>(addr) {
                            match mmio.store(mem, addr, $size, value as u64) {
                                Ok(e) => e == MmioEffect::Stop,
                                Err(_) => trap!(Cause::StoreAccessFault, addr),
                            }
                        } else {
                            match mem.$write(u64::from(addr), value) {
                                Ok(()) => false,
                                Err(_) => trap!(Cause::StoreAccessFault, addr),
                            }
                        };
                        if T::ENABLED {
                            t.mem_write(addr, value as u64, $size);
                        }
                        if stop {
                            if T::ENABLED {
                                t.commit();
                            }
                            leave!(after, Exit::Stop { at: pos!() })
                        }
                        code_changed!();
                    }};
                }
                macro_rules! amo {
                    ($f:expr) => {{
                        let addr = x!(op.rs1);
                        if addr & 3 != 0 {
                            trap!(Cause::StoreMisaligned, addr);
                        }
                        let old = match mem.read_u32(u64::from(addr)) {
                            Ok(v) => v,
                            Err(_) => trap!(Cause::StoreAccessFault, addr),
                        };
                        let f: fn(u32, u32) -> u32 = $f;
                        let new = f(old, x!(op.rs2));
                        if mem.write_u32(u64::from(addr), new).is_err() {
                            trap!(Cause::StoreAccessFault, addr);
                        }
                        if T::ENABLED {
                            t.mem_read(addr, 4);
                            t.mem_write(addr, u64::from(new), 4);
                        }
                        set_x!(old);
                        code_changed!();
                    }};
                }
                macro_rules! branch {
                    ($op:expr, $cond:expr) => {{
                        let op: &Op = $op;
                        let (a, b) = (x!(op.rs1), x!(op.rs2));
                        let f: fn(u32, u32) -> bool = $cond;
                        if f(a, b) {
                            jump!(op, op.imm, 1)
                        }
                    }};
                }
                // An F or D computational instruction through `exec_fp`. When it makes FP
                // arithmetic free of flag updates (inexact accrues), leave after it, so that the
                // run loop goes on in the ACCRUED mode.
                macro_rules! fp_full {
                    ($full:expr) => {{
                        let full: &Op = $full;
                        if self.exec_fp(full, t).is_none() {
                            trap!(Cause::IllegalInstruction, cache.words[pos!()]);
                        }
                        if !ACCRUED && !T::ENABLED && self.accrued_rne() {
                            self.pc = full.pc.wrapping_add(4);
                            leave!(after, Exit::Next { link: None })
                        }
                    }};
                }
                // FP arithmetic: with ACCRUED and an RNE (or dynamic) rounding mode, the host's
                // result if `accrued` accepts it (binary64 `d`, binary32 `s`); otherwise, or
                // when it declines, `fp_full!` on `$full` (the op as a single instruction).
                macro_rules! fp_hot {
                    ($full:expr, $fmt:ident, $hot:expr) => {{
                        let full: &Op = $full;
                        let r = if ACCRUED && (full.rm == 0 || full.rm == 7) {
                            $hot
                        } else {
                            None
                        };
                        match r {
                            Some(v) => f!(full.rd) = fp_hot!(@box $fmt, v),
                            None => fp_full!(full),
                        }
                    }};
                    (@box d, $v:expr) => {
                        $v
                    };
                    (@box s, $v:expr) => {
                        box_f32($v)
                    };
                }
                // Two fused multiply-adds (fused pair): the first as the single op `$kind`, in
                // format `$fmt` with `$fma` (`fma_d` or `fma_s`).
                macro_rules! fmadd_pair {
                    ($kind:expr, $fmt:ident, $fma:ident) => {{
                        fp_hot!(&Op { kind: $kind, ..*op }, $fmt, $fma!(op, 0, 0));
                        let op2 = second!();
                        fp_hot!(op2, $fmt, $fma!(op2, 0, 0));
                    }};
                }
                match op.kind {
                    Kind::Nop => {}
                    Kind::Li => set_x!(op.imm),
                    Kind::Addi => set_x!(x!(op.rs1).wrapping_add(op.imm)),
                    Kind::Slti => set_x!(u32::from((x!(op.rs1) as i32) < op.imm as i32)),
                    Kind::Sltiu => set_x!(u32::from(x!(op.rs1) < op.imm)),
                    Kind::Xori => set_x!(x!(op.rs1) ^ op.imm),
                    Kind::Ori => set_x!(x!(op.rs1) | op.imm),
                    Kind::Andi => set_x!(x!(op.rs1) & op.imm),
                    Kind::Slli => set_x!(x!(op.rs1) << (op.imm & 31)),
                    Kind::Srli => set_x!(x!(op.rs1) >> (op.imm & 31)),
                    Kind::Srai => set_x!(((x!(op.rs1) as i32) >> (op.imm & 31)) as u32),
                    Kind::Add => set_x!(x!(op.rs1).wrapping_add(x!(op.rs2))),
                    Kind::Sub => set_x!(x!(op.rs1).wrapping_sub(x!(op.rs2))),
                    Kind::Sll => set_x!(x!(op.rs1) << (x!(op.rs2) & 31)),
                    Kind::Slt => set_x!(u32::from((x!(op.rs1) as i32) < x!(op.rs2) as i32)),
                    Kind::Sltu => set_x!(u32::from(x!(op.rs1) < x!(op.rs2))),
                    Kind::Xor => set_x!(x!(op.rs1) ^ x!(op.rs2)),
                    Kind::Srl => set_x!(x!(op.rs1) >> (x!(op.rs2) & 31)),
                    Kind::Sra => set_x!(((x!(op.rs1) as i32) >> (x!(op.rs2) & 31)) as u32),
                    Kind::Or => set_x!(x!(op.rs1) | x!(op.rs2)),
                    Kind::And => set_x!(x!(op.rs1) & x!(op.rs2)),
                    Kind::Mul => set_x!(x!(op.rs1).wrapping_mul(x!(op.rs2))),
                    Kind::Mulh => set_x!(
                        ((i64::from(x!(op.rs1) as i32) * i64::from(x!(op.rs2) as i32)) >> 32)
                            as u32
                    ),
                    Kind::Mulhsu => set_x!(
                        ((i64::from(x!(op.rs1) as i32) * i64::from(x!(op.rs2))) >> 32) as u32
                    ),
                    Kind::Mulhu => {
                        set_x!(((u64::from(x!(op.rs1)) * u64::from(x!(op.rs2))) >> 32) as u32)
                    }
                    Kind::Div => {
                        let (a, b) = (x!(op.rs1) as i32, x!(op.rs2) as i32);
                        set_x!(if b == 0 {
                            u32::MAX
                        } else {
                            a.wrapping_div(b) as u32
                        })
                    }
                    Kind::Divu => {
                        let (a, b) = (x!(op.rs1), x!(op.rs2));
                        set_x!(a.checked_div(b).unwrap_or(u32::MAX))
                    }
                    Kind::Rem => {
                        let (a, b) = (x!(op.rs1) as i32, x!(op.rs2) as i32);
                        set_x!(if b == 0 {
                            a as u32
                        } else {
                            a.wrapping_rem(b) as u32
                        })
                    }
                    Kind::Remu => {
                        let (a, b) = (x!(op.rs1), x!(op.rs2));
                        set_x!(if b == 0 { a } else { a % b })
                    }
                    Kind::Lb => set_x!(load!(1, read_u8) as i8 as u32),
                    Kind::Lh => set_x!(load!(2, read_u16) as i16 as u32),
                    Kind::Lw => set_x!(load!(4, read_u32)),
                    Kind::Lbu => set_x!(u32::from(load!(1, read_u8))),
                    Kind::Lhu => set_x!(u32::from(load!(2, read_u16))),
                    Kind::Sb => store!(1, write_u8, x!(op.rs2) as u8),
                    Kind::Sh => store!(2, write_u16, x!(op.rs2) as u16),
                    Kind::Sw => store!(4, write_u32, x!(op.rs2)),
                    Kind::LrW => {
                        let addr = x!(op.rs1);
                        if addr & 3 != 0 {
                            trap!(Cause::LoadMisaligned, addr);
                        }
                        let v = match mem.read_u32(u64::from(addr)) {
                            Ok(v) => v,
                            Err(_) => trap!(Cause::LoadAccessFault, addr),
                        };
                        if T::ENABLED {
                            t.mem_read(addr, 4);
                        }
                        self.reservation = Some(addr);
                        set_x!(v);
                    }
                    Kind::ScW => {
                        let addr = x!(op.rs1);
                        if addr & 3 != 0 {
                            trap!(Cause::StoreMisaligned, addr);
                        }
                        let ok = self.reservation == Some(addr);
                        if ok {
                            let v = x!(op.rs2);
                            if mem.write_u32(u64::from(addr), v).is_err() {
                                trap!(Cause::StoreAccessFault, addr);
                            }
                            if T::ENABLED {
                                t.mem_write(addr, u64::from(v), 4);
                            }
                        }
                        self.reservation = None;
                        set_x!(u32::from(!ok));
                        code_changed!();
                    }
                    Kind::AmoSwap => amo!(|_, b| b),
                    Kind::AmoAdd => amo!(|a, b| a.wrapping_add(b)),
                    Kind::AmoXor => amo!(|a, b| a ^ b),
                    Kind::AmoAnd => amo!(|a, b| a & b),
                    Kind::AmoOr => amo!(|a, b| a | b),
                    Kind::AmoMin => amo!(|a, b| (a as i32).min(b as i32) as u32),
                    Kind::AmoMax => amo!(|a, b| (a as i32).max(b as i32) as u32),
                    Kind::AmoMinu => amo!(|a, b| a.min(b)),
                    Kind::AmoMaxu => amo!(|a, b| a.max(b)),
                    Kind::Flw => {
                        let v = load!(4, read_u32);
                        set_f!(op.rd, box_f32(v));
                    }
                    Kind::Fld => {
                        let v = load!(8, read_u64);
                        set_f!(op.rd, v);
                    }
                    Kind::Fsw => store!(4, write_u32, f!(op.rs2) as u32),
                    Kind::Fsd => store!(8, write_u64, f!(op.rs2)),
                    Kind::FaddS => fp_hot!(op, s, accrued::add_s(fs!(op.rs1), fs!(op.rs2))),
                    Kind::FsubS => fp_hot!(op, s, accrued::sub_s(fs!(op.rs1), fs!(op.rs2))),
                    Kind::FmulS => fp_hot!(op, s, accrued::mul_s(fs!(op.rs1), fs!(op.rs2))),
                    Kind::FdivS => fp_hot!(op, s, accrued::div_s(fs!(op.rs1), fs!(op.rs2))),
                    Kind::FsqrtS => fp_hot!(op, s, accrued::sqrt_s(fs!(op.rs1))),
                    Kind::FmaddS => fp_hot!(op, s, fma_s!(op, 0, 0)),
                    Kind::FmsubS => fp_hot!(op, s, fma_s!(op, 0, SIGN_S)),
                    Kind::FnmsubS => fp_hot!(op, s, fma_s!(op, SIGN_S, 0)),
                    Kind::FnmaddS => fp_hot!(op, s, fma_s!(op, SIGN_S, SIGN_S)),
                    Kind::FaddD => fp_hot!(op, d, accrued::add_d(f!(op.rs1), f!(op.rs2))),
                    Kind::FsubD => fp_hot!(op, d, accrued::sub_d(f!(op.rs1), f!(op.rs2))),
                    Kind::FmulD => fp_hot!(op, d, accrued::mul_d(f!(op.rs1), f!(op.rs2))),
                    Kind::FdivD => fp_hot!(op, d, accrued::div_d(f!(op.rs1), f!(op.rs2))),
                    Kind::FsqrtD => fp_hot!(op, d, accrued::sqrt_d(f!(op.rs1))),
                    Kind::FmaddD => fp_hot!(op, d, fma_d!(op, 0, 0)),
                    Kind::FmsubD => fp_hot!(op, d, fma_d!(op, 0, SIGN_D)),
                    Kind::FnmsubD => fp_hot!(op, d, fma_d!(op, SIGN_D, 0)),
                    Kind::FnmaddD => fp_hot!(op, d, fma_d!(op, SIGN_D, SIGN_D)),
                    Kind::FsgnjS
                    | Kind::FsgnjnS
                    | Kind::FsgnjxS
                    | Kind::FminS
                    | Kind::FmaxS
                    | Kind::FcvtWS
                    | Kind::FcvtWuS
                    | Kind::FmvXW
                    | Kind::FeqS
                    | Kind::FltS
                    | Kind::FleS
                    | Kind::FclassS
                    | Kind::FcvtSW
                    | Kind::FcvtSWu
                    | Kind::FmvWX
                    | Kind::FsgnjD
                    | Kind::FsgnjnD
                    | Kind::FsgnjxD
                    | Kind::FminD
                    | Kind::FmaxD
                    | Kind::FcvtSD
                    | Kind::FcvtDS
                    | Kind::FeqD
                    | Kind::FltD
                    | Kind::FleD
                    | Kind::FclassD
                    | Kind::FcvtWD
                    | Kind::FcvtWuD
                    | Kind::FcvtDW
                    | Kind::FcvtDWu => fp_full!(op),
                    // Fused pairs (fuse.rs): the second op's slot follows; consume it.
                    Kind::LiPair => {
                        x!(op.rd) = op.imm;
                        second!();
                    }
                    Kind::SlliAdd => {
                        x!(op.rd) = x!(op.rs1) << (op.imm & 31);
                        let op2 = second!();
                        x!(op2.rd) = x!(op2.rs1).wrapping_add(x!(op2.rs2));
                    }
                    Kind::AddiAddi => {
                        x!(op.rd) = x!(op.rs1).wrapping_add(op.imm);
                        let op2 = second!();
                        x!(op2.rd) = x!(op2.rs1).wrapping_add(op2.imm);
                    }
                    Kind::AddLw => {
                        x!(op.rd) = x!(op.rs1).wrapping_add(x!(op.rs2));
                        let op2 = second!();
                        x!(op2.rd) = load_at!(x!(op2.rs1).wrapping_add(op2.imm), 4, read_u32);
                    }
                    Kind::FldFld => fp_load_pair!(8, read_u64, |v: u64| v),
                    Kind::FlwFlw => fp_load_pair!(4, read_u32, box_f32),
                    Kind::FmaddDPair => fmadd_pair!(Kind::FmaddD, d, fma_d),
                    Kind::FmaddSPair => fmadd_pair!(Kind::FmaddS, s, fma_s),
                    Kind::LwAddi => {
                        x!(op.rd) = load!(4, read_u32);
                        let op2 = second!();
                        x!(op2.rd) = x!(op2.rs1).wrapping_add(op2.imm);
                    }
                    Kind::AddiJal => {
                        x!(op.rd) = x!(op.rs1).wrapping_add(op.imm);
                        let op2 = second!();
                        x!(op2.rd) = op2.pc.wrapping_add(4);
                        jump!(op2, op2.imm, 1)
                    }
                    Kind::AddiBranch | Kind::LwBranch => {
                        if op.kind == Kind::AddiBranch {
                            x!(op.rd) = x!(op.rs1).wrapping_add(op.imm);
                        } else {
                            x!(op.rd) = load!(4, read_u32);
                        }
                        let op2 = second!();
                        let (a, b) = (x!(op2.rs1), x!(op2.rs2));
                        let taken = match op2.kind {
                            Kind::Beq => a == b,
                            Kind::Bne => a != b,
                            Kind::Blt => (a as i32) < b as i32,
                            Kind::Bge => a as i32 >= b as i32,
                            Kind::Bltu => a < b,
                            _ => a >= b,
                        };
                        if taken {
                            jump!(op2, op2.imm, 1)
                        }
                    }
                    Kind::Jal => {
                        set_x!(op.pc.wrapping_add(4));
                        jump!(op, op.imm, 1)
                    }
                    Kind::Jalr => {
                        let target = x!(op.rs1).wrapping_add(op.imm) & !1;
                        if target & 2 != 0 {
                            trap!(Cause::InstructionMisaligned, target);
                        }
                        set_x!(op.pc.wrapping_add(4));
                        jump!(op, target, 2)
                    }
                    Kind::Beq => branch!(op, |a, b| a == b),
                    Kind::Bne => branch!(op, |a, b| a != b),
                    Kind::Blt => branch!(op, |a, b| (a as i32) < b as i32),
                    Kind::Bge => branch!(op, |a, b| a as i32 >= b as i32),
                    Kind::Bltu => branch!(op, |a, b| a < b),
                    Kind::Bgeu => branch!(op, |a, b| a >= b),
                    Kind::BranchMisaligned => {
                        let (a, b) = (x!(op.rs1), x!(op.rs2));
                        let taken = match op.rm {
                            0 => a == b,
                            1 => a != b,
                            4 => (a as i32) < b as i32,
                            5 => a as i32 >= b as i32,
                            6 => a < b,
                            _ => a >= b,
                        };
                        if taken {
                            trap!(Cause::InstructionMisaligned, op.imm);
                        }
                    }
                    // Not an instruction: the block stopped before a page end or at MAX_BLOCK.
                    Kind::Fallthrough => break 'ops (op.pc, 0, op),
                    Kind::Trap => trap!(Cause::from_code(op.rm), op.imm),
                    // Handed to the extension without leaving the block (`offload_here`).
                    Kind::Offload if X::OFFLOAD => {
                        if T::ENABLED {
                            t.discard();
                        }
                        let ran = done + u64::from(op.nth - 1);
                        if let Some(exit) = self.offload_here(cache, pos!(), ran, ext, mem, t) {
                            return exit;
                        }
                        break 'ops (self.pc, 0, op);
                    }
                    Kind::FenceI
                    | Kind::Ecall
                    | Kind::Ebreak
                    | Kind::Mret
                    | Kind::Wfi
                    | Kind::Csrrw
                    | Kind::Csrrs
                    | Kind::Csrrc
                    | Kind::Csrrwi
                    | Kind::Csrrsi
                    | Kind::Csrrci
                    | Kind::Ext
                    | Kind::Offload => {
                        if T::ENABLED {
                            t.discard();
                        }
                        leave!(before, Exit::System { at: pos!() })
                    }
                }
                if T::ENABLED {
                    t.commit();
                }
            };
            done += u64::from(exit.nth);
            let next = if slot < 2 {
                exit.next[slot]
            } else {
                cache.jump_target(npc)
            };
            let fits = if FUSED {
                done <= chain_limit
            } else {
                done < max
            };
            if next == NO_BLOCK || !fits {
                self.retired += done;
                self.pc = npc;
                let at = pos!() as u32;
                let link = (next == NO_BLOCK && slot < 2).then_some((at, slot));
                return Exit::Next { link };
            }
            if FUSED {
                it = ops[next as usize..].iter();
            } else {
                end = ops.len().min(next as usize + (max - done) as usize);
                it = ops[next as usize..end].iter();
                if T::ENABLED {
                    words = cache.words[next as usize..end].iter();
                }
            }
        }
    }
}
