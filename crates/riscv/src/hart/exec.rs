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

use super::cache::{BlockCache, NO_BLOCK};
use super::op::Kind;
use super::state::State;
use super::trap::{Cause, Exception};
use crate::fpu::{self, Flags, Rm, box_f32, unbox_f32};
use crate::isa::csr;
use crate::mmio::{Mmio, MmioEffect};
use crate::trace::Trace;
use macrosim_core::SparseMemory;

/// How a run of blocks ended. Op positions are indices into the cache's op arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Exit {
    /// Continue at `self.pc`; when the next block was not chained yet, `link` names the exit
    /// (block, slot) to chain it to once found.
    Next { link: Option<(u32, usize)> },
    /// The op at `at` raised an exception; the ops before it retired.
    Trap { at: usize, exc: Exception },
    /// The op at `at` is a system op for the slow path; the ops before it retired.
    System { at: usize },
    /// An MMIO device asked to stop after the op at `at`, which retired.
    Stop { at: usize },
}

/// How one block ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BlockExit {
    /// Every op ran; continue at `pc`. `slot` is the successor slot to chain through
    /// (0 fall-through, 1 taken) or 2 for a computed target.
    Next { pc: u32, slot: usize },
    /// Op `index` raised an exception; the ops before it retired.
    Trap { index: usize, exc: Exception },
    /// Op `index` is a system op for the slow path; the ops before it retired.
    System { index: usize },
    /// An MMIO device asked to stop after op `index`, which retired.
    Stop { index: usize },
}

/// The MMIO window as `(base - 7, len + 7)`: any access of up to 8 bytes overlapping it.
#[derive(Clone, Copy)]
pub(crate) struct Window {
    lo: u32,
    len: u32,
}

impl Window {
    pub(crate) fn of<M: Mmio>(m: &M) -> Window {
        let (base, len) = m.window();
        if len == 0 {
            Window { lo: 0, len: 0 }
        } else {
            Window {
                lo: base.wrapping_sub(7),
                len: len + 7,
            }
        }
    }

    #[inline(always)]
    fn hit<M: Mmio>(self, addr: u32) -> bool {
        M::PRESENT && addr.wrapping_sub(self.lo) < self.len
    }
}

/// The rounding mode for an op's `rm` field (7 = dynamic, from `frm`); `None` when the
/// resulting mode is reserved (an illegal instruction).
#[inline(always)]
fn rounding(rm: u8, frm: u8) -> Option<Rm> {
    Rm::from_bits(u32::from(if rm == 7 { frm } else { rm }))
}

impl State {
    /// Record FP flags raised by one instruction: untraced, `flags` is the `fflags` value
    /// itself; traced, it holds this instruction's flags only (Spike logs an fflags write for
    /// every instruction that raises one).
    #[inline(always)]
    fn fp_flags<T: Trace>(&mut self, flags: Flags, t: &mut T) {
        if T::ENABLED {
            if flags.0 != 0 {
                self.fflags.0 |= flags.0;
                self.dirty_fs(t);
                t.csr_write(csr::FFLAGS, u32::from(self.fflags.0));
            }
        } else if flags != self.fflags {
            self.fflags = flags;
            self.fs = 3;
        }
    }

    /// The flags accumulator for one FP instruction (see [`fp_flags`](Self::fp_flags)).
    #[inline(always)]
    fn fp_acc<T: Trace>(&self) -> Flags {
        if T::ENABLED {
            Flags::default()
        } else {
            self.fflags
        }
    }

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

    #[inline(always)]
    fn set_f<T: Trace>(&mut self, rd: u8, v: u64, t: &mut T) {
        self.f[usize::from(rd & 31)] = v;
        if T::ENABLED {
            self.dirty_fs(t);
            t.f_write(u32::from(rd & 31), v);
        } else {
            self.fs = 3;
        }
    }

    /// Run blocks from block `first`, following chained successors, until `max` instructions
    /// have retired, a successor is not yet known, code memory changes, or an op needs the slow
    /// path. `self.retired` counts every op that retired; `self.pc` is set on a `Next` exit.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn exec<M: Mmio, T: Trace>(
        &mut self,
        cache: &BlockCache,
        first: u32,
        max: u64,
        mem: &mut SparseMemory,
        mmio: &mut M,
        win: Window,
        t: &mut T,
    ) -> Exit {
        macro_rules! x {
            ($r:expr) => {
                self.x[usize::from($r & 63)]
            };
        }
        macro_rules! f {
            ($r:expr) => {
                self.f[usize::from($r & 31)]
            };
        }
        macro_rules! fs {
            ($r:expr) => {
                unbox_f32(self.f[usize::from($r & 31)])
            };
        }
        let epoch = cache.epoch();
        let mut left = max;
        let mut b = first;
        loop {
            let block = cache.blocks[b as usize];
            let start = block.start as usize;
            let n = if u64::from(block.len) <= left {
                block.len as usize
            } else {
                left as usize
            };
            let ops = &cache.ops[start..start + n];
            let mut index = 0;
            let exit = 'ops: {
                for op in ops {
                    let i = index;
                    index += 1;
                    if T::ENABLED {
                        t.begin(self.id, self.prv as u8, op.pc, cache.words[start + i]);
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
                            break 'ops BlockExit::Trap {
                                index: i,
                                exc: Exception::new($cause, $tval),
                            };
                        }};
                    }
                    macro_rules! finish {
                        ($exit:expr) => {{
                            if T::ENABLED {
                                t.commit();
                            }
                            break 'ops $exit;
                        }};
                    }
                    macro_rules! rm {
                        () => {
                            match rounding(op.rm, self.frm) {
                                Some(rm) => rm,
                                None => trap!(Cause::IllegalInstruction, cache.words[start + i]),
                            }
                        };
                    }
                    macro_rules! load {
                        ($size:expr, $read:ident) => {{
                            let addr = x!(op.rs1).wrapping_add(op.imm);
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
                                finish!(BlockExit::Stop { index: i });
                            }
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
                        }};
                    }
                    // Binary32 and binary64 operations with a rounding mode and flags.
                    macro_rules! fp_s {
                        (|$rm:ident, $fl:ident| $e:expr) => {{
                            let $rm = rm!();
                            let mut $fl = self.fp_acc::<T>();
                            let r: u32 = $e;
                            self.fp_flags($fl, t);
                            self.set_f(op.rd, box_f32(r), t);
                        }};
                    }
                    macro_rules! fp_d {
                        (|$rm:ident, $fl:ident| $e:expr) => {{
                            let $rm = rm!();
                            let mut $fl = self.fp_acc::<T>();
                            let r: u64 = $e;
                            self.fp_flags($fl, t);
                            self.set_f(op.rd, r, t);
                        }};
                    }
                    macro_rules! fp_x {
                        (|$rm:ident, $fl:ident| $e:expr) => {{
                            let $rm = rm!();
                            let _ = $rm;
                            let mut $fl = self.fp_acc::<T>();
                            let r: u32 = $e;
                            self.fp_flags($fl, t);
                            set_x!(r);
                        }};
                    }
                    macro_rules! branch {
                        ($cond:expr) => {{
                            let (a, b) = (x!(op.rs1), x!(op.rs2));
                            let f: fn(u32, u32) -> bool = $cond;
                            if f(a, b) {
                                finish!(BlockExit::Next {
                                    pc: op.imm,
                                    slot: 1
                                })
                            } else {
                                finish!(BlockExit::Next {
                                    pc: op.pc.wrapping_add(4),
                                    slot: 0
                                })
                            }
                        }};
                    }
                    const SIGN_S: u32 = 0x8000_0000;
                    const SIGN_D: u64 = 1 << 63;
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
                            self.set_f(op.rd, box_f32(v), t);
                        }
                        Kind::Fld => {
                            let v = load!(8, read_u64);
                            self.set_f(op.rd, v, t);
                        }
                        Kind::Fsw => store!(4, write_u32, f!(op.rs2) as u32),
                        Kind::Fsd => store!(8, write_u64, f!(op.rs2)),
                        Kind::FmaddS => fp_s!(|rm, fl| fpu::fma_s(
                            fs!(op.rs1),
                            fs!(op.rs2),
                            fs!(op.rs3),
                            rm,
                            &mut fl
                        )),
                        Kind::FmsubS => fp_s!(|rm, fl| fpu::fma_s(
                            fs!(op.rs1),
                            fs!(op.rs2),
                            fs!(op.rs3) ^ SIGN_S,
                            rm,
                            &mut fl
                        )),
                        Kind::FnmsubS => fp_s!(|rm, fl| fpu::fma_s(
                            fs!(op.rs1) ^ SIGN_S,
                            fs!(op.rs2),
                            fs!(op.rs3),
                            rm,
                            &mut fl
                        )),
                        Kind::FnmaddS => fp_s!(|rm, fl| fpu::fma_s(
                            fs!(op.rs1) ^ SIGN_S,
                            fs!(op.rs2),
                            fs!(op.rs3) ^ SIGN_S,
                            rm,
                            &mut fl
                        )),
                        Kind::FaddS => {
                            fp_s!(|rm, fl| fpu::add_s(fs!(op.rs1), fs!(op.rs2), rm, &mut fl))
                        }
                        Kind::FsubS => {
                            fp_s!(|rm, fl| fpu::sub_s(fs!(op.rs1), fs!(op.rs2), rm, &mut fl))
                        }
                        Kind::FmulS => {
                            fp_s!(|rm, fl| fpu::mul_s(fs!(op.rs1), fs!(op.rs2), rm, &mut fl))
                        }
                        Kind::FdivS => {
                            fp_s!(|rm, fl| fpu::div_s(fs!(op.rs1), fs!(op.rs2), rm, &mut fl))
                        }
                        Kind::FsqrtS => fp_s!(|rm, fl| fpu::sqrt_s(fs!(op.rs1), rm, &mut fl)),
                        Kind::FsgnjS => {
                            let v = fs!(op.rs1) & !SIGN_S | fs!(op.rs2) & SIGN_S;
                            self.set_f(op.rd, box_f32(v), t);
                        }
                        Kind::FsgnjnS => {
                            let v = fs!(op.rs1) & !SIGN_S | !fs!(op.rs2) & SIGN_S;
                            self.set_f(op.rd, box_f32(v), t);
                        }
                        Kind::FsgnjxS => {
                            let v = fs!(op.rs1) ^ fs!(op.rs2) & SIGN_S;
                            self.set_f(op.rd, box_f32(v), t);
                        }
                        Kind::FminS | Kind::FmaxS => {
                            let mut fl = self.fp_acc::<T>();
                            let r = fpu::min_max_s(
                                fs!(op.rs1),
                                fs!(op.rs2),
                                op.kind == Kind::FmaxS,
                                &mut fl,
                            );
                            self.fp_flags(fl, t);
                            self.set_f(op.rd, box_f32(r), t);
                        }
                        Kind::FcvtWS | Kind::FcvtWuS => fp_x!(|rm, fl| fpu::s_to_int(
                            fs!(op.rs1),
                            op.kind == Kind::FcvtWS,
                            rm,
                            &mut fl
                        )),
                        Kind::FmvXW => set_x!(f!(op.rs1) as u32),
                        Kind::FeqS => {
                            let mut fl = self.fp_acc::<T>();
                            let r = fpu::eq_s(fs!(op.rs1), fs!(op.rs2), &mut fl);
                            self.fp_flags(fl, t);
                            set_x!(u32::from(r));
                        }
                        Kind::FltS | Kind::FleS => {
                            let mut fl = self.fp_acc::<T>();
                            let r = fpu::less_s(
                                fs!(op.rs1),
                                fs!(op.rs2),
                                op.kind == Kind::FleS,
                                &mut fl,
                            );
                            self.fp_flags(fl, t);
                            set_x!(u32::from(r));
                        }
                        Kind::FclassS => set_x!(fpu::class_s(fs!(op.rs1))),
                        Kind::FcvtSW | Kind::FcvtSWu => fp_s!(|rm, fl| fpu::int_to_s(
                            x!(op.rs1),
                            op.kind == Kind::FcvtSW,
                            rm,
                            &mut fl
                        )),
                        Kind::FmvWX => self.set_f(op.rd, box_f32(x!(op.rs1)), t),
                        Kind::FmaddD => {
                            fp_d!(|rm, fl| fpu::fma_d(
                                f!(op.rs1),
                                f!(op.rs2),
                                f!(op.rs3),
                                rm,
                                &mut fl
                            ))
                        }
                        Kind::FmsubD => fp_d!(|rm, fl| fpu::fma_d(
                            f!(op.rs1),
                            f!(op.rs2),
                            f!(op.rs3) ^ SIGN_D,
                            rm,
                            &mut fl
                        )),
                        Kind::FnmsubD => fp_d!(|rm, fl| fpu::fma_d(
                            f!(op.rs1) ^ SIGN_D,
                            f!(op.rs2),
                            f!(op.rs3),
                            rm,
                            &mut fl
                        )),
                        Kind::FnmaddD => fp_d!(|rm, fl| fpu::fma_d(
                            f!(op.rs1) ^ SIGN_D,
                            f!(op.rs2),
                            f!(op.rs3) ^ SIGN_D,
                            rm,
                            &mut fl
                        )),
                        Kind::FaddD => {
                            fp_d!(|rm, fl| fpu::add_d(f!(op.rs1), f!(op.rs2), rm, &mut fl))
                        }
                        Kind::FsubD => {
                            fp_d!(|rm, fl| fpu::sub_d(f!(op.rs1), f!(op.rs2), rm, &mut fl))
                        }
                        Kind::FmulD => {
                            fp_d!(|rm, fl| fpu::mul_d(f!(op.rs1), f!(op.rs2), rm, &mut fl))
                        }
                        Kind::FdivD => {
                            fp_d!(|rm, fl| fpu::div_d(f!(op.rs1), f!(op.rs2), rm, &mut fl))
                        }
                        Kind::FsqrtD => fp_d!(|rm, fl| fpu::sqrt_d(f!(op.rs1), rm, &mut fl)),
                        Kind::FsgnjD => {
                            let v = f!(op.rs1) & !SIGN_D | f!(op.rs2) & SIGN_D;
                            self.set_f(op.rd, v, t);
                        }
                        Kind::FsgnjnD => {
                            let v = f!(op.rs1) & !SIGN_D | !f!(op.rs2) & SIGN_D;
                            self.set_f(op.rd, v, t);
                        }
                        Kind::FsgnjxD => {
                            let v = f!(op.rs1) ^ f!(op.rs2) & SIGN_D;
                            self.set_f(op.rd, v, t);
                        }
                        Kind::FminD | Kind::FmaxD => {
                            let mut fl = self.fp_acc::<T>();
                            let r = fpu::min_max_d(
                                f!(op.rs1),
                                f!(op.rs2),
                                op.kind == Kind::FmaxD,
                                &mut fl,
                            );
                            self.fp_flags(fl, t);
                            self.set_f(op.rd, r, t);
                        }
                        Kind::FcvtSD => {
                            fp_s!(|rm, fl| fpu::d_to_s(f!(op.rs1), rm, &mut fl))
                        }
                        Kind::FcvtDS => fp_d!(|rm, fl| {
                            let _ = rm;
                            fpu::s_to_d(fs!(op.rs1), &mut fl)
                        }),
                        Kind::FeqD => {
                            let mut fl = self.fp_acc::<T>();
                            let r = fpu::eq_d(f!(op.rs1), f!(op.rs2), &mut fl);
                            self.fp_flags(fl, t);
                            set_x!(u32::from(r));
                        }
                        Kind::FltD | Kind::FleD => {
                            let mut fl = self.fp_acc::<T>();
                            let r =
                                fpu::less_d(f!(op.rs1), f!(op.rs2), op.kind == Kind::FleD, &mut fl);
                            self.fp_flags(fl, t);
                            set_x!(u32::from(r));
                        }
                        Kind::FclassD => set_x!(fpu::class_d(f!(op.rs1))),
                        Kind::FcvtWD | Kind::FcvtWuD => fp_x!(|rm, fl| fpu::d_to_int(
                            f!(op.rs1),
                            op.kind == Kind::FcvtWD,
                            rm,
                            &mut fl
                        )),
                        Kind::FcvtDW | Kind::FcvtDWu => fp_d!(|rm, fl| {
                            let _ = rm;
                            fpu::int_to_d(x!(op.rs1), op.kind == Kind::FcvtDW, &mut fl)
                        }),
                        Kind::Jal => {
                            set_x!(op.pc.wrapping_add(4));
                            finish!(BlockExit::Next {
                                pc: op.imm,
                                slot: 1
                            })
                        }
                        Kind::Jalr => {
                            let target = x!(op.rs1).wrapping_add(op.imm) & !1;
                            if target & 2 != 0 {
                                trap!(Cause::InstructionMisaligned, target);
                            }
                            set_x!(op.pc.wrapping_add(4));
                            finish!(BlockExit::Next {
                                pc: target,
                                slot: 2
                            })
                        }
                        Kind::Beq => branch!(|a, b| a == b),
                        Kind::Bne => branch!(|a, b| a != b),
                        Kind::Blt => branch!(|a, b| (a as i32) < b as i32),
                        Kind::Bge => branch!(|a, b| a as i32 >= b as i32),
                        Kind::Bltu => branch!(|a, b| a < b),
                        Kind::Bgeu => branch!(|a, b| a >= b),
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
                            finish!(BlockExit::Next {
                                pc: op.pc.wrapping_add(4),
                                slot: 0
                            })
                        }
                        Kind::Trap => {
                            trap!(Cause::from_code(op.rm), op.imm)
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
                        | Kind::Ext => {
                            if T::ENABLED {
                                t.discard();
                            }
                            break 'ops BlockExit::System { index: i };
                        }
                    }
                    if T::ENABLED {
                        t.commit();
                    }
                }
                let last = ops.last().map_or(0, |o| o.pc);
                BlockExit::Next {
                    pc: last.wrapping_add(4),
                    slot: 0,
                }
            };
            match exit {
                BlockExit::Next { pc, slot } => {
                    self.retired += n as u64;
                    left -= n as u64;
                    self.pc = pc;
                    if n < block.len as usize {
                        return Exit::Next { link: None };
                    }
                    let next = cache.chained(b, slot, pc);
                    if next == NO_BLOCK || left == 0 || mem.code_epoch() != epoch {
                        return Exit::Next {
                            link: (next == NO_BLOCK).then_some((b, slot)),
                        };
                    }
                    b = next;
                }
                BlockExit::Trap { index, exc } => {
                    self.retired += index as u64;
                    return Exit::Trap {
                        at: start + index,
                        exc,
                    };
                }
                BlockExit::System { index } => {
                    self.retired += index as u64;
                    return Exit::System { at: start + index };
                }
                BlockExit::Stop { index } => {
                    self.retired += index as u64 + 1;
                    return Exit::Stop { at: start + index };
                }
            }
        }
    }
}
