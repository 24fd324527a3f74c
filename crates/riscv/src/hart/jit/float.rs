//! F and D computational instructions in translated code.
//!
//! Inline only where the interpreter itself proves the host's result bit-exact:
//! * arithmetic (add, sub, mul, div, sqrt, the four fused multiply-adds) in RNE while inexact
//!   has accrued and mstatus.FS is Dirty, taking the host's result only when it is clear
//!   (finite and above the smallest normal number): the conditions of `fpu::fast::accrued`,
//!   which the execute loop's `ACCRUED` mode uses (see that module for the proof);
//! * before inexact has accrued, binary64 add, sub, mul and the fused multiply-adds whose
//!   result is clear and exact (`fpu::fast::two_sum_err_d`, `exact_product_d`,
//!   `exact_fma_d`): a few host float operations instead of a call, for exact-valued code
//!   such as integer data in doubles, where inexact never accrues;
//! * sign injection, `fmv.x.w`, `fmv.w.x`, and `fcvt.d.w[u]` with a static rounding mode: bit
//!   operations and an exact conversion, which raise no flag (Unprivileged ISA, D extension:
//!   "all 32-bit integers can be represented exactly").
//!
//! Everything else, and arithmetic whose host result is not clear, runs the interpreter's own
//! routine (`helpers::fp`), the registers reloaded after the call.

use super::helpers;
use super::translate::{I32, I64, Tx};
use crate::fpu::CANONICAL_NAN_S;
use crate::fpu::fast::EXACT_PRODUCT_MIN;
use crate::hart::op::{Kind, Op};
use crate::hart::state::State;
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{InstBuilder, Value, types};

/// A host arithmetic operation; the fused multiply-adds with their sign flips (product, addend).
#[derive(Clone, Copy)]
pub(crate) enum Arith {
    Add,
    Sub,
    Mul,
    Div,
    Sqrt,
    Fma(bool, bool),
}

/// The host operation of an arithmetic op, and whether it is binary64.
pub(crate) fn arithmetic(kind: Kind) -> Option<(Arith, bool)> {
    use Arith as A;
    use Kind as K;
    Some(match kind {
        K::FaddS => (A::Add, false),
        K::FsubS => (A::Sub, false),
        K::FmulS => (A::Mul, false),
        K::FdivS => (A::Div, false),
        K::FsqrtS => (A::Sqrt, false),
        K::FmaddS => (A::Fma(false, false), false),
        K::FmsubS => (A::Fma(false, true), false),
        K::FnmsubS => (A::Fma(true, false), false),
        K::FnmaddS => (A::Fma(true, true), false),
        K::FaddD => (A::Add, true),
        K::FsubD => (A::Sub, true),
        K::FmulD => (A::Mul, true),
        K::FdivD => (A::Div, true),
        K::FsqrtD => (A::Sqrt, true),
        K::FmaddD => (A::Fma(false, false), true),
        K::FmsubD => (A::Fma(false, true), true),
        K::FnmsubD => (A::Fma(true, false), true),
        K::FnmaddD => (A::Fma(true, true), true),
        _ => return None,
    })
}

pub(crate) fn sign_injection(kind: Kind) -> bool {
    use Kind as K;
    matches!(
        kind,
        K::FsgnjS | K::FsgnjnS | K::FsgnjxS | K::FsgnjD | K::FsgnjnD | K::FsgnjxD
    )
}

/// Does F/D computational op `kind` write an x register (else an f register)?
fn writes_x(kind: Kind) -> bool {
    crate::hart::FpInsn::class_of(kind) == crate::hart::FpClass::ToInt
}

const BOX: i64 = i64::from_ne_bytes(0xffff_ffff_0000_0000u64.to_ne_bytes());

impl Tx<'_, '_> {
    /// Translate F/D computational op `op` (at `op_addr`, alive as long as the code).
    pub fn float(&mut self, op: &Op, op_addr: u64) {
        use Kind as K;
        if let Some((arith, double)) = arithmetic(op.kind)
            && (op.rm == 0 || op.rm == 7)
        {
            return self.arith(op, op_addr, arith, double);
        }
        match op.kind {
            K::FsgnjD | K::FsgnjnD | K::FsgnjxD => {
                let (a, c) = (self.f(op.rs1), self.f(op.rs2));
                let v = self.sign(op.kind, a, c, 1 << 63);
                self.set_f(op.rd, v);
            }
            K::FsgnjS | K::FsgnjnS | K::FsgnjxS => {
                let (a, c) = (self.f(op.rs1), self.f(op.rs2));
                let (a, c) = (self.unbox(a), self.unbox(c));
                let v = self.sign(op.kind, a, c, 1 << 31);
                let v = self.b.ins().uextend(I64, v);
                let v = self.b.ins().bor_imm(v, BOX);
                self.set_f(op.rd, v);
            }
            K::FmvXW => {
                let a = self.f(op.rs1);
                let v = self.b.ins().ireduce(I32, a);
                self.set_x(op.rd, v);
            }
            K::FmvWX => {
                let a = self.x(op.rs1);
                let v = self.b.ins().uextend(I64, a);
                let v = self.b.ins().bor_imm(v, BOX);
                self.set_f(op.rd, v);
            }
            K::FcvtDW | K::FcvtDWu if op.rm != 7 => {
                let a = self.x(op.rs1);
                let v = if op.kind == K::FcvtDW {
                    self.b.ins().fcvt_from_sint(types::F64, a)
                } else {
                    self.b.ins().fcvt_from_uint(types::F64, a)
                };
                let v = self
                    .b
                    .ins()
                    .bitcast(I64, cranelift_codegen::ir::MemFlags::new(), v);
                self.set_f(op.rd, v);
            }
            _ => self.helper(op, op_addr),
        }
    }

    /// A binary32 operand: the low half of a NaN-boxed value, else the canonical NaN.
    fn unbox(&mut self, v: Value) -> Value {
        let hi = self.b.ins().ushr_imm(v, 32);
        let boxed = self.b.ins().icmp_imm(IntCC::Equal, hi, 0xffff_ffff);
        let lo = self.b.ins().ireduce(I32, v);
        let nan = self.iconst(CANONICAL_NAN_S);
        self.b.ins().select(boxed, lo, nan)
    }

    /// Sign injection of `a` with `c`'s sign bit (`sign` is that bit), as `fp_exec` does.
    fn sign(&mut self, kind: Kind, a: Value, c: Value, sign: u64) -> Value {
        let ty = self.b.func.dfg.value_type(a);
        let s = sign as i64;
        let mag = self.b.ins().band_imm(a, !s);
        let v = match kind {
            Kind::FsgnjS | Kind::FsgnjD => {
                let cs = self.b.ins().band_imm(c, s);
                self.b.ins().bor(mag, cs)
            }
            Kind::FsgnjnS | Kind::FsgnjnD => {
                let n = self.b.ins().bnot(c);
                let cs = self.b.ins().band_imm(n, s);
                self.b.ins().bor(mag, cs)
            }
            _ => {
                let cs = self.b.ins().band_imm(c, s);
                self.b.ins().bxor(a, cs)
            }
        };
        debug_assert_eq!(self.b.func.dfg.value_type(v), ty);
        v
    }

    /// RNE arithmetic (static RNE or dynamic): the host's result when the accrued condition
    /// holds and the result is clear, else the helper. Before inexact has accrued, binary64
    /// sums, products and fused multiply-adds whose result is exact also take the host's
    /// result (the interpreter raises nothing for them either: `fpu::fast::add_d`, `mul_d`,
    /// `hot_fma_d`), so exact-valued code never calls the helper.
    fn arith(&mut self, op: &Op, op_addr: u64, arith: Arith, double: bool) {
        let (ity, fty, sign, min, inf) = if double {
            (
                I64,
                types::F64,
                1u64 << 63,
                f64::MIN_POSITIVE.to_bits(),
                f64::INFINITY.to_bits(),
            )
        } else {
            (
                I32,
                types::F32,
                1 << 31,
                u64::from(f32::MIN_POSITIVE.to_bits()),
                u64::from(f32::INFINITY.to_bits()),
            )
        };
        let mut go = self.b.use_var(self.accrued);
        let mut operand = |t: &mut Self, r: u8, flip: bool| {
            let raw = t.f(r);
            let bits = if double {
                raw
            } else {
                // An unboxed operand reads as the canonical NaN: the result is a NaN, never
                // clear, so decline at once.
                let hi = t.b.ins().ushr_imm(raw, 32);
                let boxed = t.b.ins().icmp_imm(IntCC::Equal, hi, 0xffff_ffff);
                go = t.b.ins().band(go, boxed);
                t.b.ins().ireduce(I32, raw)
            };
            let bits = if flip {
                t.b.ins().bxor_imm(bits, sign as i64)
            } else {
                bits
            };
            t.b.ins()
                .bitcast(fty, cranelift_codegen::ir::MemFlags::new(), bits)
        };
        let a = operand(self, op.rs1, matches!(arith, Arith::Fma(true, _)));
        // The operands after the sign flips: a, then c (and d for a fused multiply-add).
        let (c, d) = match arith {
            Arith::Sqrt => (None, None),
            Arith::Fma(_, n3) => (
                Some(operand(self, op.rs2, false)),
                Some(operand(self, op.rs3, n3)),
            ),
            _ => (Some(operand(self, op.rs2, false)), None),
        };
        let ins = self.b.ins();
        let r = match (arith, c, d) {
            (Arith::Sqrt, ..) => ins.sqrt(a),
            (Arith::Fma(..), Some(c), Some(d)) => ins.fma(a, c, d),
            (Arith::Add, Some(c), _) => ins.fadd(a, c),
            (Arith::Sub, Some(c), _) => ins.fsub(a, c),
            (Arith::Mul, Some(c), _) => ins.fmul(a, c),
            (_, Some(c), _) => ins.fdiv(a, c),
            _ => unreachable!("binary arithmetic has a second operand"),
        };
        let bits = self
            .b
            .ins()
            .bitcast(ity, cranelift_codegen::ir::MemFlags::new(), r);
        // clear: (|r| - (min + 1)) < inf - min - 1, unsigned (`fpu::fast::clear_d`).
        let mag = self.b.ins().band_imm(bits, !(sign as i64));
        let rel = self.b.ins().iadd_imm(mag, -((min + 1) as i64));
        let clear = self
            .b
            .ins()
            .icmp_imm(IntCC::UnsignedLessThan, rel, (inf - min - 1) as i64);
        let go = self.b.ins().band(go, clear);
        let fast = self.b.create_block();
        let slow = self.b.create_block();
        let done = self.b.create_block();
        self.b.set_cold_block(slow);
        if double && !matches!(arith, Arith::Div | Arith::Sqrt) {
            let exact = self.b.create_block();
            self.b.ins().brif(go, fast, &[], exact, &[]);
            self.b.switch_to_block(exact);
            let ok = self.exact_d(arith, a, c.expect("binary"), d, r);
            let rne = self.b.use_var(self.rne);
            let ok = self.b.ins().band(ok, rne);
            let ok = self.b.ins().band(ok, clear);
            self.b.ins().brif(ok, fast, &[], slow, &[]);
        } else {
            self.b.ins().brif(go, fast, &[], slow, &[]);
        }
        self.b.switch_to_block(fast);
        let v = if double {
            bits
        } else {
            let v = self.b.ins().uextend(I64, bits);
            self.b.ins().bor_imm(v, BOX)
        };
        // The accrued condition includes mstatus.FS Dirty.
        self.set_f_clean(op.rd, v);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(slow);
        self.helper(op, op_addr);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
    }

    /// Is the binary64 result `r` of `a + c`, `a - c`, `a * c` or `a * c + d` exact? An i8,
    /// nonzero when it is: Knuth's TwoSum error of a sum (`fpu::fast::two_sum_err_d`) is
    /// zero, or a product's residual is (`fpu::fast::exact_product_d`), or both, for a fused
    /// multiply-add (`fpu::fast::exact_fma_d`, which says why these tests are exact).
    fn exact_d(&mut self, arith: Arith, a: Value, c: Value, d: Option<Value>, r: Value) -> Value {
        match (arith, d) {
            (Arith::Add, _) => self.two_sum_exact(a, c, r),
            (Arith::Sub, _) => {
                let c = self.b.ins().fneg(c);
                self.two_sum_exact(a, c, r)
            }
            (Arith::Mul, _) => self.product_exact(a, c, r),
            (Arith::Fma(..), Some(d)) => {
                let p = self.b.ins().fmul(a, c);
                let product = self.product_exact(a, c, p);
                let s = self.b.ins().fadd(p, d);
                let sum = self.two_sum_exact(p, d, s);
                self.b.ins().band(product, sum)
            }
            _ => unreachable!("no exactness test for division or square root"),
        }
    }

    /// `fpu::fast::two_sum_err_d(x, y, s) == 0.0`.
    fn two_sum_exact(&mut self, x: Value, y: Value, s: Value) -> Value {
        let ins = &mut self.b;
        let bp = ins.ins().fsub(s, x);
        let ap = ins.ins().fsub(s, bp);
        let ea = ins.ins().fsub(x, ap);
        let eb = ins.ins().fsub(y, bp);
        let err = ins.ins().fadd(ea, eb);
        let zero = ins.ins().f64const(0.0);
        ins.ins().fcmp(FloatCC::Equal, err, zero)
    }

    /// `fpu::fast::exact_product_d(x, y, p)`.
    fn product_exact(&mut self, x: Value, y: Value, p: Value) -> Value {
        let ins = &mut self.b;
        let mag = ins.ins().fabs(p);
        let least = ins.ins().f64const(EXACT_PRODUCT_MIN);
        let big = ins.ins().fcmp(FloatCC::GreaterThanOrEqual, mag, least);
        let np = ins.ins().fneg(p);
        let residual = ins.ins().fma(x, y, np);
        let zero = ins.ins().f64const(0.0);
        let none = ins.ins().fcmp(FloatCC::Equal, residual, zero);
        ins.ins().band(big, none)
    }

    /// Run `op` through the interpreter's `exec_fp` (the registers in `State` are current),
    /// then reload what it writes (its destination, and the flags behind `accrued`); leave for
    /// the interpreter if it is illegal (then nothing changed).
    fn helper(&mut self, op: &Op, op_addr: u64) {
        let f = helpers::fp as extern "C" fn(&mut State, &Op) -> u32;
        let opv = self.b.ins().iconst(I64, op_addr as i64);
        // `exec_fp` reads its x operand from `State`.
        self.flush_x();
        let ok = self.call(f as usize, &[I64, I64], I32, &[self.state, opv]);
        if writes_x(op.kind) {
            // Only ops on the block's main path write x (`float`), never a slow path.
            self.forget_x(op.rd);
        } else {
            self.reload_f(op.rd);
        }
        self.reload_accrued();
        let bad = self.b.ins().icmp_imm(IntCC::Equal, ok, 0);
        self.interpret_if(bad, op);
    }
}
