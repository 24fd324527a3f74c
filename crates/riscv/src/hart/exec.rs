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
use super::op::{Kind, Op};
use super::state::State;
use super::trap::{Cause, Exception};
use crate::fpu::{Rm, box_f32};
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
    /// (Fused runs only.) The next block is longer than the instructions left: run it unfused.
    Unfuse,
}

/// How one block ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BlockExit {
    /// All the ops ran; continue at `pc`. `slot` is the successor slot to chain through
    /// (0 fall-through, 1 taken) or 2 for a computed target.
    Next { pc: u32, slot: usize },
    /// Op `index` raised an exception; the ops before it retired.
    Trap { index: usize, exc: Exception },
    /// Op `index` is a system op for the slow path; the ops before it retired.
    System { index: usize },
    /// An MMIO device asked to stop after op `index`, which retired.
    Stop { index: usize },
    /// Op `index` (which retired) wrote to decoded code: continue after it, unchained.
    Resync { index: usize },
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

    #[inline(always)]
    pub(crate) fn set_f<T: Trace>(&mut self, rd: u8, v: u64, t: &mut T) {
        self.f[usize::from(rd)] = v;
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
    /// `FUSED` runs the fused ops (`fuse.rs`; untraced only), which never cut a block short: a
    /// block longer than the instructions left returns [`Exit::Unfuse`] instead.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn exec<M: Mmio, T: Trace, const FUSED: bool>(
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
                self.x[usize::from($r)]
            };
        }
        macro_rules! f {
            ($r:expr) => {
                self.f[usize::from($r)]
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
            } else if FUSED {
                return Exit::Unfuse;
            } else {
                left as usize
            };
            let arena = if FUSED { &cache.fused } else { &cache.ops };
            let ops = &arena[start..start + n];
            let mut it = ops.iter();
            let exit = 'ops: {
                while let Some(op) = it.next() {
                    // This op's index in the block (only evaluated on the way out).
                    let i = n - it.len() - 1;
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
                    // A store into decoded code: leave the block after this instruction (the
                    // run loop flushes the cache and decodes afresh).
                    macro_rules! code_changed {
                        () => {
                            if mem.code_epoch() != epoch {
                                finish!(BlockExit::Resync { index: i });
                            }
                        };
                    }
                    // Two FP loads (fused): the second's exception is at the next op.
                    macro_rules! fp_load_pair {
                        ($size:expr, $read:ident, $boxed:expr) => {{
                            let v = load!($size, $read);
                            self.set_f(op.rd, $boxed(v), t);
                            let Some(op2) = it.next() else {
                                unreachable!("pairs never end a block")
                            };
                            let addr = x!(op2.rs1).wrapping_add(op2.imm);
                            let r = if win.hit::<M>(addr) {
                                mmio.load(mem, addr, $size).map(|v| v as _)
                            } else {
                                mem.$read(u64::from(addr))
                            };
                            match r {
                                Ok(v) => self.set_f(op2.rd, $boxed(v), t),
                                Err(_) => {
                                    break 'ops BlockExit::Trap {
                                        index: i + 1,
                                        exc: Exception::new(Cause::LoadAccessFault, addr),
                                    };
                                }
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
                            self.set_f(op.rd, box_f32(v), t);
                        }
                        Kind::Fld => {
                            let v = load!(8, read_u64);
                            self.set_f(op.rd, v, t);
                        }
                        Kind::Fsw => store!(4, write_u32, f!(op.rs2) as u32),
                        Kind::Fsd => store!(8, write_u64, f!(op.rs2)),
                        Kind::FmaddS
                        | Kind::FmsubS
                        | Kind::FnmsubS
                        | Kind::FnmaddS
                        | Kind::FaddS
                        | Kind::FsubS
                        | Kind::FmulS
                        | Kind::FdivS
                        | Kind::FsqrtS
                        | Kind::FsgnjS
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
                        | Kind::FmaddD
                        | Kind::FmsubD
                        | Kind::FnmsubD
                        | Kind::FnmaddD
                        | Kind::FaddD
                        | Kind::FsubD
                        | Kind::FmulD
                        | Kind::FdivD
                        | Kind::FsqrtD
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
                        | Kind::FcvtDWu => {
                            if self.exec_fp(op, t).is_none() {
                                trap!(Cause::IllegalInstruction, cache.words[start + i]);
                            }
                        }
                        // Fused pairs (fuse.rs): the second op's slot follows; consume it.
                        Kind::LiPair => {
                            x!(op.rd) = op.imm;
                            it.next();
                        }
                        Kind::SlliAdd => {
                            x!(op.rd) = x!(op.rs1) << (op.imm & 31);
                            let Some(op2) = it.next() else {
                                unreachable!("pairs never end a block")
                            };
                            x!(op2.rd) = x!(op2.rs1).wrapping_add(x!(op2.rs2));
                        }
                        Kind::AddiAddi => {
                            x!(op.rd) = x!(op.rs1).wrapping_add(op.imm);
                            let Some(op2) = it.next() else {
                                unreachable!("pairs never end a block")
                            };
                            x!(op2.rd) = x!(op2.rs1).wrapping_add(op2.imm);
                        }
                        Kind::AddLw => {
                            x!(op.rd) = x!(op.rs1).wrapping_add(x!(op.rs2));
                            let Some(op2) = it.next() else {
                                unreachable!("pairs never end a block")
                            };
                            let addr = x!(op2.rs1).wrapping_add(op2.imm);
                            let r = if win.hit::<M>(addr) {
                                mmio.load(mem, addr, 4).map(|v| v as u32)
                            } else {
                                mem.read_u32(u64::from(addr))
                            };
                            match r {
                                Ok(v) => x!(op2.rd) = v,
                                Err(_) => {
                                    break 'ops BlockExit::Trap {
                                        index: i + 1,
                                        exc: Exception::new(Cause::LoadAccessFault, addr),
                                    };
                                }
                            }
                        }
                        Kind::FldFld => fp_load_pair!(8, read_u64, |v: u64| v),
                        Kind::FlwFlw => fp_load_pair!(4, read_u32, box_f32),
                        Kind::FmaddDPair | Kind::FmaddSPair => {
                            let first = Op {
                                kind: if op.kind == Kind::FmaddDPair {
                                    Kind::FmaddD
                                } else {
                                    Kind::FmaddS
                                },
                                ..*op
                            };
                            if self.exec_fp(&first, t).is_none() {
                                trap!(Cause::IllegalInstruction, cache.words[start + i]);
                            }
                            let Some(op2) = it.next() else {
                                unreachable!("pairs never end a block")
                            };
                            if self.exec_fp(op2, t).is_none() {
                                break 'ops BlockExit::Trap {
                                    index: i + 1,
                                    exc: Exception::illegal(cache.words[start + i + 1]),
                                };
                            }
                        }
                        Kind::LwAddi => {
                            let v = load!(4, read_u32);
                            x!(op.rd) = v;
                            let Some(op2) = it.next() else {
                                unreachable!("pairs never end a block")
                            };
                            x!(op2.rd) = x!(op2.rs1).wrapping_add(op2.imm);
                        }
                        Kind::AddiJal => {
                            x!(op.rd) = x!(op.rs1).wrapping_add(op.imm);
                            let Some(op2) = it.next() else {
                                unreachable!("the jump ends the block")
                            };
                            x!(op2.rd) = op2.pc.wrapping_add(4);
                            break 'ops BlockExit::Next {
                                pc: op2.imm,
                                slot: 1,
                            };
                        }
                        Kind::AddiBranch | Kind::LwBranch => {
                            if op.kind == Kind::AddiBranch {
                                x!(op.rd) = x!(op.rs1).wrapping_add(op.imm);
                            } else {
                                x!(op.rd) = load!(4, read_u32);
                            }
                            let Some(op2) = it.next() else {
                                unreachable!("the branch ends the block")
                            };
                            let (a, b) = (x!(op2.rs1), x!(op2.rs2));
                            let taken = match op2.kind {
                                Kind::Beq => a == b,
                                Kind::Bne => a != b,
                                Kind::Blt => (a as i32) < b as i32,
                                Kind::Bge => a as i32 >= b as i32,
                                Kind::Bltu => a < b,
                                _ => a >= b,
                            };
                            break 'ops if taken {
                                BlockExit::Next {
                                    pc: op2.imm,
                                    slot: 1,
                                }
                            } else {
                                BlockExit::Next {
                                    pc: op2.pc.wrapping_add(4),
                                    slot: 0,
                                }
                            };
                        }
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
                BlockExit::Resync { index } => {
                    self.retired += index as u64 + 1;
                    self.pc = cache.ops[start + index].pc.wrapping_add(4);
                    return Exit::Next { link: None };
                }
                BlockExit::Next { pc, slot } => {
                    let done = n as u64;
                    self.retired += done;
                    left -= done;
                    self.pc = pc;
                    let next = match slot {
                        0 | 1 if done == u64::from(block.len) => block.next[slot],
                        2 => cache.jump_target(pc),
                        _ => return Exit::Next { link: None },
                    };
                    if next == NO_BLOCK {
                        return Exit::Next {
                            link: Some((b, slot)),
                        };
                    }
                    if left == 0 {
                        return Exit::Next { link: None };
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
