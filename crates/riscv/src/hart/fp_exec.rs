//! The F and D computational instructions (Unprivileged ISA, F and D chapters), in a file of
//! their own; they are inlined into the execute loop (out of line, the call cost more than the
//! loop gained). Loads and stores stay with the other memory instructions.

use super::exec::rounding;
use super::op::{Kind, Op};
use super::state::State;
use crate::fpu::{self, Flags, box_f32, unbox_f32};
use crate::isa::csr;
use crate::trace::Trace;

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

    /// Execute FP op `op`; `None` when its rounding mode (static, or dynamic from `frm`) is
    /// reserved, which makes it an illegal instruction.
    #[inline(always)]
    pub(crate) fn exec_fp<T: Trace>(&mut self, op: &Op, t: &mut T) -> Option<()> {
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
        macro_rules! set_x {
            ($v:expr) => {{
                let v: u32 = $v;
                x!(op.rd) = v;
                if T::ENABLED {
                    t.x_write(u32::from(op.rd & 31), v);
                }
            }};
        }
        macro_rules! rm {
            () => {
                rounding(op.rm, self.frm)?
            };
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
        const SIGN_S: u32 = 0x8000_0000;
        const SIGN_D: u64 = 1 << 63;
        match op.kind {
            Kind::FmaddS => {
                fp_s!(|rm, fl| fpu::fma_s(fs!(op.rs1), fs!(op.rs2), fs!(op.rs3), rm, &mut fl))
            }
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
                let r = fpu::min_max_s(fs!(op.rs1), fs!(op.rs2), op.kind == Kind::FmaxS, &mut fl);
                self.fp_flags(fl, t);
                self.set_f(op.rd, box_f32(r), t);
            }
            Kind::FcvtWS | Kind::FcvtWuS => {
                fp_x!(|rm, fl| fpu::s_to_int(fs!(op.rs1), op.kind == Kind::FcvtWS, rm, &mut fl))
            }
            Kind::FmvXW => set_x!(f!(op.rs1) as u32),
            Kind::FeqS => {
                let mut fl = self.fp_acc::<T>();
                let r = fpu::eq_s(fs!(op.rs1), fs!(op.rs2), &mut fl);
                self.fp_flags(fl, t);
                set_x!(u32::from(r));
            }
            Kind::FltS | Kind::FleS => {
                let mut fl = self.fp_acc::<T>();
                let r = fpu::less_s(fs!(op.rs1), fs!(op.rs2), op.kind == Kind::FleS, &mut fl);
                self.fp_flags(fl, t);
                set_x!(u32::from(r));
            }
            Kind::FclassS => set_x!(fpu::class_s(fs!(op.rs1))),
            Kind::FcvtSW | Kind::FcvtSWu => {
                fp_s!(|rm, fl| fpu::int_to_s(x!(op.rs1), op.kind == Kind::FcvtSW, rm, &mut fl))
            }
            Kind::FmvWX => self.set_f(op.rd, box_f32(x!(op.rs1)), t),
            Kind::FmaddD => {
                fp_d!(|rm, fl| fpu::fma_d(f!(op.rs1), f!(op.rs2), f!(op.rs3), rm, &mut fl))
            }
            Kind::FmsubD => {
                fp_d!(|rm, fl| fpu::fma_d(f!(op.rs1), f!(op.rs2), f!(op.rs3) ^ SIGN_D, rm, &mut fl))
            }
            Kind::FnmsubD => {
                fp_d!(|rm, fl| fpu::fma_d(f!(op.rs1) ^ SIGN_D, f!(op.rs2), f!(op.rs3), rm, &mut fl))
            }
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
                let r = fpu::min_max_d(f!(op.rs1), f!(op.rs2), op.kind == Kind::FmaxD, &mut fl);
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
                let r = fpu::less_d(f!(op.rs1), f!(op.rs2), op.kind == Kind::FleD, &mut fl);
                self.fp_flags(fl, t);
                set_x!(u32::from(r));
            }
            Kind::FclassD => set_x!(fpu::class_d(f!(op.rs1))),
            Kind::FcvtWD | Kind::FcvtWuD => {
                fp_x!(|rm, fl| fpu::d_to_int(f!(op.rs1), op.kind == Kind::FcvtWD, rm, &mut fl))
            }
            Kind::FcvtDW | Kind::FcvtDWu => fp_d!(|rm, fl| {
                let _ = rm;
                fpu::int_to_d(x!(op.rs1), op.kind == Kind::FcvtDW, &mut fl)
            }),
            _ => unreachable!("not an FP computational op: {:?}", op.kind),
        }
        Some(())
    }
}
