//! Scalar floating point (FSU, manual `13_fsu.adoc`; FCSR in `03_programming_model.adoc`).
//!
//! Bit-exact IEEE 754 through `rustc_apfloat` (a pure-Rust port of LLVM's APFloat, all five
//! rounding directions, IEEE status flags) for add/sub/mul/div/fma and every conversion; square
//! root is computed here with integer arithmetic (correctly rounded in every direction), since
//! APFloat has none. Host floats are not used.
//!
//! Choices where the documents are silent (stated once here):
//! * Values live in GPRs as raw bits. `SrcType` 0 = double, 1 = single in the low 32 bits
//!   (`semantics_conventions.json` `format_select`; other values are treated as double). A
//!   single result is written zero-extended.
//! * The rounding direction is FCSR.RM (bits 10:8: 0 RNE, 1 RDN, 2 RUP, 3 RTZ, 4 RMM; the
//!   reserved 5..7 are treated as RNE). FP exceptions never trap (manual §FCSR); they set the
//!   sticky flags FCSR[4:0], read in RISC-V order: NV=4, DZ=3, OF=2, UF=1, NX=0.
//! * Any NaN result is the canonical quiet NaN (0x7ff8000000000000 / 0x7fc00000), the value
//!   `semantics_conventions.json` gives for FMIN/FMAX.
//! * Compares are ordered (a NaN operand makes the predicate false, FNE included); the quiet
//!   forms raise NV only for a signalling NaN, the `S` forms for any NaN. FMIN/FMAX follow
//!   minNum/maxNum with the signed-zero rules of `floating_point_compare.minmax`.
//! * Float-to-integer conversions saturate, a NaN converts to 0, and both raise NV (the
//!   AArch64 FCVT* behaviour, to match the ARM-like integer division rules). Integer type codes
//!   are those of manual `05c` (0 u64, 1 u32, 2 u16, 3 u8, 8 s64, 9 s32, 10 s16, 11 s8; as used
//!   by the LLVM output, e.g. `fcvtz a0, ->a0, DstType=9`); SCVTF/UCVTF's 2-bit SrcType is the
//!   integer width (0 = 64, 1 = 32 bits). Float type codes for FCVT's DstType are `05c`'s
//!   (0 FP64, 1 FP32, 4 FP16).
//! * FRECIP is the correctly rounded 1/x. FEXP has no defined result and is unimplemented.

use crate::exec::op::{Cvt, Fpu, Round};
use crate::state::error::Fault;
use rustc_apfloat::ieee::{Double, Half, Quad, Single};
use rustc_apfloat::{Float, FloatConvert, Round as R, Status, StatusAnd};

const NV: u32 = 1 << 4;
const DZ: u32 = 1 << 3;
const OF: u32 = 1 << 2;
const UF: u32 = 1 << 1;
const NX: u32 = 1;

fn flags(s: Status) -> u32 {
    let mut f = 0;
    for (bit, v) in [
        (Status::INVALID_OP, NV),
        (Status::DIV_BY_ZERO, DZ),
        (Status::OVERFLOW, OF),
        (Status::UNDERFLOW, UF),
        (Status::INEXACT, NX),
    ] {
        if s.contains(bit) {
            f |= v;
        }
    }
    f
}

fn rounding(fcsr: u32) -> R {
    apf_round(match fcsr >> 8 & 7 {
        1 => Round::Down,
        2 => Round::Up,
        3 => Round::Zero,
        4 => Round::NearestAway,
        _ => Round::NearestEven,
    })
}

fn apf_round(r: Round) -> R {
    match r {
        Round::NearestEven => R::NearestTiesToEven,
        Round::Down => R::TowardNegative,
        Round::Up => R::TowardPositive,
        Round::Zero => R::TowardZero,
        Round::NearestAway => R::NearestTiesToAway,
    }
}

/// One IEEE binary format as stored in a GPR.
trait Fmt:
    Float + FloatConvert<Double> + FloatConvert<Single> + FloatConvert<Half> + FloatConvert<Quad> + Copy
{
    const WIDTH: u32;
    fn canonical_nan() -> u64;
    fn get(v: u64) -> Self {
        Self::from_bits(u128::from(v & mask(Self::WIDTH)))
    }
    fn put(v: Self) -> u64 {
        if v.is_nan() {
            Self::canonical_nan()
        } else {
            v.to_bits() as u64
        }
    }
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    }
}

impl Fmt for Double {
    const WIDTH: u32 = 64;
    fn canonical_nan() -> u64 {
        0x7ff8_0000_0000_0000
    }
}

impl Fmt for Single {
    const WIDTH: u32 = 32;
    fn canonical_nan() -> u64 {
        0x7fc0_0000
    }
}

impl Fmt for Half {
    const WIDTH: u32 = 16;
    fn canonical_nan() -> u64 {
        0x7e00
    }
}

/// Execute an FP operation: (result bits, FCSR flags to OR in).
pub fn exec(f: Fpu, ty: u8, a: u64, b: u64, c: u64, fcsr: u32) -> Result<(u64, u32), Fault> {
    if ty == 1 {
        op::<Single>(f, a, b, c, fcsr)
    } else {
        op::<Double>(f, a, b, c, fcsr)
    }
}

/// Execute an FP operation on vector elements of `bytes` bytes (8 FP64, 4 FP32, 2 FP16).
pub fn exec_elem(
    f: Fpu,
    bytes: u8,
    a: u64,
    b: u64,
    c: u64,
    fcsr: u32,
) -> Result<(u64, u32), Fault> {
    match bytes {
        8 => op::<Double>(f, a, b, c, fcsr),
        4 => op::<Single>(f, a, b, c, fcsr),
        2 => op::<Half>(f, a, b, c, fcsr),
        _ => Err(Fault::Unimplemented(
            "vector FP on 8-bit elements (fb: FP8 formats are not modelled)".into(),
        )),
    }
}

fn op<F: Fmt>(f: Fpu, a: u64, b: u64, c: u64, fcsr: u32) -> Result<(u64, u32), Fault> {
    let (x, y, z) = (F::get(a), F::get(b), F::get(c));
    let rm = rounding(fcsr);
    let arith = |r: StatusAnd<F>| {
        let mut fl = flags(r.status);
        if rounded_down_overflow::<F>(f, x, y, z, &r) {
            fl |= OF;
        }
        (F::put(r.value), fl)
    };
    let cmp = |holds: bool, signalling: bool| {
        let any_nan = x.is_nan() || y.is_nan();
        let nv = if signalling {
            any_nan
        } else {
            x.is_signaling() || y.is_signaling()
        };
        (u64::from(holds && !any_nan), if nv { NV } else { 0 })
    };
    let ord = x.partial_cmp(&y);
    use std::cmp::Ordering::*;
    Ok(match f {
        Fpu::Add => arith(x.add_r(y, rm)),
        Fpu::Sub => arith(x.sub_r(y, rm)),
        Fpu::Mul => arith(x.mul_r(y, rm)),
        Fpu::Div => arith(x.div_r(y, rm)),
        Fpu::Recip => arith(F::from_u128(1).value.div_r(x, rm)),
        Fpu::Madd => arith(x.mul_add_r(y, z, rm)),
        Fpu::Msub => arith(x.mul_add_r(y, -z, rm)),
        Fpu::Nmadd => arith((-x).mul_add_r(y, -z, rm)),
        Fpu::Nmsub => arith((-x).mul_add_r(y, z, rm)),
        Fpu::Sqrt => sqrt(a, F::WIDTH, fcsr),
        Fpu::Abs => (a & mask(F::WIDTH) & !(1u64 << (F::WIDTH - 1)), 0),
        Fpu::Exp => return Err(Fault::Unimplemented("FEXP (no defined result)".into())),
        Fpu::Eq => cmp(ord == Some(Equal), false),
        Fpu::Ne => cmp(ord != Some(Equal), false),
        Fpu::Lt => cmp(ord == Some(Less), false),
        Fpu::Ge => cmp(matches!(ord, Some(Greater | Equal)), false),
        Fpu::EqS => cmp(ord == Some(Equal), true),
        Fpu::NeS => cmp(ord != Some(Equal), true),
        Fpu::LtS => cmp(ord == Some(Less), true),
        Fpu::GeS => cmp(matches!(ord, Some(Greater | Equal)), true),
        Fpu::Max | Fpu::Min => {
            let nv = if x.is_signaling() || y.is_signaling() {
                NV
            } else {
                0
            };
            let v = if x.is_nan() && y.is_nan() {
                F::canonical_nan()
            } else if x.is_nan() {
                F::put(y)
            } else if y.is_nan() {
                F::put(x)
            } else if x.is_zero() && y.is_zero() {
                // fmax(+-0, +-0) = +0; fmin = -0 iff either is -0.
                let neg = if f == Fpu::Max {
                    x.is_negative() && y.is_negative()
                } else {
                    x.is_negative() || y.is_negative()
                };
                if neg {
                    F::put(-F::ZERO)
                } else {
                    F::put(F::ZERO)
                }
            } else if (ord == Some(Greater)) == (f == Fpu::Max) {
                F::put(x)
            } else {
                F::put(y)
            };
            (v, nv)
        }
    })
}

/// APFloat reports a result rounded down to the largest finite number as merely inexact; IEEE
/// 754 (7.4) raises overflow whenever the exactly rounded result with an unbounded exponent would
/// exceed it. Redo the operation in binary128 (exact for products, truncated otherwise: the
/// threshold 2^(emax+1) is representable there, so truncation decides the comparison exactly).
fn rounded_down_overflow<F: Fmt>(f: Fpu, x: F, y: F, z: F, r: &StatusAnd<F>) -> bool {
    let v = r.value;
    let at_max = !v.is_nan() && !v.is_infinite() && v.abs().bitwise_eq(F::largest());
    if !at_max || !r.status.contains(Status::INEXACT) || r.status.contains(Status::OVERFLOW) {
        return false;
    }
    let q = |v: F| -> Quad { v.convert(&mut false).value };
    let (qx, qy, qz) = (q(x), q(y), q(z));
    let tz = R::TowardZero;
    let exact = match f {
        Fpu::Add => qx.add_r(qy, tz),
        Fpu::Sub => qx.sub_r(qy, tz),
        Fpu::Mul => qx.mul_r(qy, tz),
        Fpu::Div => qx.div_r(qy, tz),
        Fpu::Recip => Quad::from_u128(1).value.div_r(qx, tz),
        Fpu::Madd => qx.mul_add_r(qy, qz, tz),
        Fpu::Msub => qx.mul_add_r(qy, -qz, tz),
        Fpu::Nmadd => (-qx).mul_add_r(qy, -qz, tz),
        Fpu::Nmsub => (-qx).mul_add_r(qy, qz, tz),
        _ => return false,
    }
    .value;
    // 2^(emax+1) = largest + one ulp of it.
    let largest = q(F::largest());
    let ulp: Quad = q(F::largest())
        .sub_r(q(F::largest().next_down().value), tz)
        .value;
    let threshold = largest.add_r(ulp, tz).value;
    exact.abs() >= threshold
}

/// Correctly rounded square root of the `bits`-wide float in `v` (32 or 64 bits).
fn sqrt(v: u64, bits: u32, fcsr: u32) -> (u64, u32) {
    let (exp_bits, man_bits) = if bits == 32 { (8, 23) } else { (11, 52) };
    let bias = (1i64 << (exp_bits - 1)) - 1;
    let sign = v >> (bits - 1) & 1;
    let exp = (v >> man_bits & mask(exp_bits)) as i64;
    let frac = v & mask(man_bits);
    let nan = if bits == 32 {
        Single::canonical_nan()
    } else {
        Double::canonical_nan()
    };
    let max_exp = mask(exp_bits) as i64;
    if exp == max_exp {
        if frac != 0 {
            let signalling = frac >> (man_bits - 1) == 0;
            return (nan, if signalling { NV } else { 0 });
        }
        return if sign == 1 { (nan, NV) } else { (v, 0) };
    }
    if exp == 0 && frac == 0 {
        return (v, 0); // sqrt(+-0) = +-0
    }
    if sign == 1 {
        return (nan, NV);
    }
    // x = m * 2^e with m an integer.
    let (mut m, mut e) = if exp == 0 {
        (u128::from(frac), 1 - bias - man_bits as i64)
    } else {
        (
            u128::from(frac | 1 << man_bits),
            exp - bias - man_bits as i64,
        )
    };
    if e & 1 != 0 {
        m <<= 1;
        e -= 1;
    }
    // Scale so the root has at least man_bits + 3 bits: shift m left by an even amount.
    let p = i64::from(man_bits) + 1;
    let s = ((2 * (p + 2) - (128 - m.leading_zeros()) as i64).max(0) + 1) & !1;
    let big = m << s;
    let root = isqrt(big);
    let sticky = root * root != big;
    // sqrt(x) = root * 2^((e - s) / 2); round root to p bits.
    let n = 128 - root.leading_zeros() as i64;
    let drop = n - p;
    let mut q = root >> drop;
    let rem = root & ((1u128 << drop) - 1);
    let half = 1u128 << (drop - 1);
    let inexact = rem != 0 || sticky;
    let up = match fcsr >> 8 & 7 {
        1 | 3 => false,
        2 => inexact,
        4 => rem >= half,
        _ => rem > half || (rem == half && (sticky || q & 1 == 1)),
    };
    let mut exp_out = (e - s) / 2 + drop + (p - 1);
    if up {
        q += 1;
        if q >> p != 0 {
            q >>= 1;
            exp_out += 1;
        }
    }
    let biased = (exp_out + bias) as u64;
    let out = (biased << man_bits) | (q as u64 & mask(man_bits));
    (out, if inexact { NX } else { 0 })
}

/// Floor of the square root of a 128-bit integer.
fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    let mut x = 1u128 << ((128 - n.leading_zeros()).div_ceil(2));
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}

/// Execute a conversion.
pub fn convert(f: Cvt, src: u8, dst: u8, a: u64, fcsr: u32) -> Result<(u64, u32), Fault> {
    match f {
        Cvt::F2F => match src {
            0 => f2f::<Double>(dst, a, fcsr),
            1 => f2f::<Single>(dst, a, fcsr),
            t => Err(unsupported_type("FCVT source", t)),
        },
        Cvt::F2I(r) => match src {
            0 => f2i::<Double>(dst, a, apf_round(r)),
            1 => f2i::<Single>(dst, a, apf_round(r)),
            t => Err(unsupported_type("FCVT* source", t)),
        },
        Cvt::I2F { signed } => {
            let width = match src {
                0 => 64,
                1 => 32,
                t => return Err(unsupported_type("SCVTF/UCVTF source", t)),
            };
            let v = a & mask(width);
            let rm = rounding(fcsr);
            let from = |x: i128| -> Result<(u64, u32), Fault> {
                Ok(match dst {
                    0 => put(Double::from_i128_r(x, rm)),
                    1 => put(Single::from_i128_r(x, rm)),
                    4 => put(Half::from_i128_r(x, rm)),
                    t => return Err(unsupported_type("SCVTF/UCVTF destination", t)),
                })
            };
            if signed {
                from(crate::exec::alu::sext(v, width) as i64 as i128)
            } else {
                from(i128::from(v))
            }
        }
    }
}

fn put<F: Fmt>(r: StatusAnd<F>) -> (u64, u32) {
    (F::put(r.value), flags(r.status))
}

fn unsupported_type(what: &str, t: u8) -> Fault {
    Fault::Unimplemented(format!("{what} type code {t}"))
}

fn f2f<F: Fmt>(dst: u8, a: u64, fcsr: u32) -> Result<(u64, u32), Fault> {
    let x = F::get(a);
    let rm = rounding(fcsr);
    let nv = if x.is_signaling() { NV } else { 0 };
    let mut lost = false;
    let (v, fl) = match dst {
        0 => put::<Double>(x.convert_r(rm, &mut lost)),
        1 => put::<Single>(x.convert_r(rm, &mut lost)),
        4 => put::<Half>(x.convert_r(rm, &mut lost)),
        t => return Err(unsupported_type("FCVT destination", t)),
    };
    Ok((v, fl | nv))
}

fn f2i<F: Fmt>(dst: u8, a: u64, rm: R) -> Result<(u64, u32), Fault> {
    let (width, signed) = match dst {
        0 => (64, false),
        1 => (32, false),
        2 => (16, false),
        3 => (8, false),
        8 => (64, true),
        9 => (32, true),
        10 => (16, true),
        11 => (8, true),
        t => return Err(unsupported_type("FCVT* integer destination", t)),
    };
    let x = F::get(a);
    if x.is_nan() {
        return Ok((0, NV));
    }
    let mut exact = true;
    Ok(if signed {
        let r = x.to_i128_r(width, rm, &mut exact);
        let lo = -(1i128 << (width - 1));
        let hi = (1i128 << (width - 1)) - 1;
        let v = if r.status.contains(Status::INVALID_OP) {
            if x.is_negative() { lo } else { hi }
        } else {
            r.value
        };
        (v as i64 as u64, flags(r.status))
    } else {
        let r = x.to_u128_r(width, rm, &mut exact);
        let v = if r.status.contains(Status::INVALID_OP) {
            if x.is_negative() {
                0
            } else {
                (1u128 << width) - 1
            }
        } else {
            r.value
        };
        // A u32 result is written zero-extended.
        (v as u64, flags(r.status))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const RNE: u32 = 0;
    const RTZ: u32 = 3 << 8;
    const RUP: u32 = 2 << 8;

    fn d(x: f64) -> u64 {
        x.to_bits()
    }

    #[test]
    fn double_arithmetic_is_ieee_with_flags() {
        assert_eq!(
            exec(Fpu::Add, 0, d(1.5), d(2.25), 0, RNE).unwrap(),
            (d(3.75), 0)
        );
        let (v, f) = exec(Fpu::Div, 0, d(1.0), d(3.0), 0, RNE).unwrap();
        assert_eq!((v, f), (d(1.0 / 3.0), NX));
        let (v, f) = exec(Fpu::Div, 0, d(1.0), d(0.0), 0, RNE).unwrap();
        assert_eq!((v, f), (d(f64::INFINITY), DZ));
        let (v, f) = exec(Fpu::Mul, 0, d(f64::MAX), d(2.0), 0, RTZ).unwrap();
        assert_eq!((v, f), (d(f64::MAX), OF | NX), "RTZ overflow gives MAX");
        let (v, f) = exec(Fpu::Sub, 0, d(f64::INFINITY), d(f64::INFINITY), 0, RNE).unwrap();
        assert_eq!((v, f), (0x7ff8_0000_0000_0000, NV));
    }

    #[test]
    fn fused_multiply_add_rounds_once() {
        // (1 + 2^-52) * (1 - 2^-52) - 1 = -2^-104 exactly with one rounding.
        let a = d(1.0 + f64::EPSILON);
        let b = d(1.0 - f64::EPSILON);
        let (v, _) = exec(Fpu::Msub, 0, a, b, d(1.0), RNE).unwrap();
        assert_eq!(v, d(-(2f64.powi(-104))));
    }

    #[test]
    fn single_precision_lives_in_the_low_32_bits() {
        let s = |x: f32| u64::from(x.to_bits());
        assert_eq!(
            exec(Fpu::Add, 1, s(0.1), s(0.2), 0, RNE).unwrap().0,
            s(0.1 + 0.2)
        );
    }

    #[test]
    fn sqrt_is_correctly_rounded_in_every_direction() {
        // (x, exact?) -- a subnormal and the largest double included.
        let cases = [
            (2.0f64, false),
            (3.0, false),
            (0.5, false),
            (1e-310, false),
            (f64::MAX, false),
            (4.0, true),
            (0.25, true),
        ];
        for (x, exact) in cases {
            let (v, f) = exec(Fpu::Sqrt, 0, d(x), 0, 0, RNE).unwrap();
            assert_eq!(v, d(x.sqrt()), "sqrt({x})");
            assert_eq!(f, if exact { 0 } else { NX }, "flags of sqrt({x})");
            let (up, _) = exec(Fpu::Sqrt, 0, d(x), 0, 0, RUP).unwrap();
            let (dn, _) = exec(Fpu::Sqrt, 0, d(x), 0, 0, RTZ).unwrap();
            assert_eq!(
                up - dn,
                u64::from(!exact),
                "directed results bracket sqrt({x})"
            );
        }
        assert_eq!(
            exec(Fpu::Sqrt, 0, d(-1.0), 0, 0, RNE).unwrap(),
            (0x7ff8_0000_0000_0000, NV)
        );
        let s = |x: f32| u64::from(x.to_bits());
        assert_eq!(
            exec(Fpu::Sqrt, 1, s(2.0), 0, 0, RNE).unwrap().0,
            s(2f32.sqrt())
        );
    }

    #[test]
    fn compares_are_ordered_and_minmax_follows_the_conventions() {
        let nan = d(f64::NAN);
        assert_eq!(exec(Fpu::Ne, 0, nan, d(1.0), 0, RNE).unwrap(), (0, 0));
        assert_eq!(exec(Fpu::LtS, 0, nan, d(1.0), 0, RNE).unwrap(), (0, NV));
        assert_eq!(exec(Fpu::Lt, 0, d(1.0), d(2.0), 0, RNE).unwrap(), (1, 0));
        assert_eq!(exec(Fpu::Max, 0, nan, d(1.0), 0, RNE).unwrap().0, d(1.0));
        assert_eq!(
            exec(Fpu::Max, 0, d(-0.0), d(0.0), 0, RNE).unwrap().0,
            d(0.0)
        );
        assert_eq!(
            exec(Fpu::Min, 0, d(-0.0), d(0.0), 0, RNE).unwrap().0,
            d(-0.0)
        );
    }

    #[test]
    fn conversions_saturate_and_use_the_05c_type_codes() {
        let z = Cvt::F2I(Round::Zero);
        assert_eq!(
            convert(z, 0, 9, d(-2.7), RNE).unwrap(),
            ((-2i64) as u64, NX)
        );
        assert_eq!(
            convert(z, 0, 9, d(1e20), RNE).unwrap(),
            (i32::MAX as u64, NV)
        );
        assert_eq!(convert(z, 0, 1, d(-1.0), RNE).unwrap(), (0, NV));
        assert_eq!(convert(z, 0, 9, d(f64::NAN), RNE).unwrap(), (0, NV));
        let n = Cvt::F2I(Round::NearestEven);
        assert_eq!(convert(n, 0, 8, d(2.5), RNE).unwrap().0, 2);
        let a = Cvt::F2I(Round::NearestAway);
        assert_eq!(convert(a, 0, 8, d(2.5), RNE).unwrap().0, 3);
        let s = Cvt::I2F { signed: true };
        assert_eq!(convert(s, 1, 0, 0xffff_ffff, RNE).unwrap(), (d(-1.0), 0));
        let u = Cvt::I2F { signed: false };
        assert_eq!(
            convert(u, 1, 0, 0xffff_ffff, RNE).unwrap(),
            (d(4294967295.0), 0)
        );
        let (v, f) = convert(Cvt::F2F, 0, 1, d(0.1), RNE).unwrap();
        assert_eq!((v, f), (u64::from(0.1f32.to_bits()), NX));
    }
}
