//! TCVT element conversion (also used by ACCCVT): notes linx-tiles §4.5, QEMU v0.58
//! `linx_tile_operation_convert64` / `linx_tile_f32_as_dtype` with v0.4's fixed controls (no
//! B.DATR: rounding RNE, no saturation).
//!
//! * To a float type: one rounding, to nearest even. A NaN becomes the canonical NaN.
//! * To an integer type: round to nearest even; NaN, infinities and values outside the type
//!   give the "invalid" pattern, `0x80..0` for signed and all-ones for unsigned types (QEMU's
//!   no-saturation result): FP32 2.5 -> 2, 3.5 -> 4, -0.5 -> 0, 1e10 -> INT32 0x80000000.
//! * Integer to integer: the value when it fits, else the same invalid pattern.
//!
//! Choice: QEMU converts every type narrower than 64 bits through a `float`, so INT32 values
//! above 2^24 lose precision on the way (notes §4.6 calls it an inconsistency); here the
//! conversion is exact up to the single final rounding.

use crate::exec::tile_ops::dtype::Dt;
use crate::exec::tile_ops::lane::{f64_to_narrow, narrow_to_f64};
use rustc_apfloat::ieee::{BFloat, Half};
use rustc_apfloat::{Float, Round};

/// A lane's value, exactly.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    Float(f64),
    Int(i128),
}

/// Read a lane as its exact value.
pub fn value(dt: Dt, v: u64) -> Value {
    match dt {
        Dt::F64 => Value::Float(f64::from_bits(v)),
        Dt::F32 => Value::Float(f64::from(f32::from_bits(v as u32))),
        Dt::F16 | Dt::Bf16 => Value::Float(narrow_to_f64(dt, v)),
        Dt::S(_) => Value::Int(i128::from(dt.sext(v))),
        Dt::U(_) => Value::Int(i128::from(v & dt.mask())),
    }
}

/// The invalid-conversion pattern of an integer type.
fn invalid(dt: Dt) -> u64 {
    match dt {
        Dt::S(b) => 1u64 << (b - 1),
        _ => dt.mask(),
    }
}

fn int_range(dt: Dt) -> (i128, i128) {
    match dt {
        Dt::S(b) => (-(1i128 << (b - 1)), (1i128 << (b - 1)) - 1),
        _ => (0, (1i128 << dt.bits()) - 1),
    }
}

/// Write an exact value as a lane of `dt`.
pub fn to_lane(dt: Dt, x: Value) -> u64 {
    match (dt, x) {
        (Dt::F64, Value::Float(f)) => nan_or(dt, f, f.to_bits()),
        (Dt::F64, Value::Int(i)) => (i as f64).to_bits(),
        (Dt::F32, Value::Float(f)) => nan_or(dt, f, u64::from((f as f32).to_bits())),
        (Dt::F32, Value::Int(i)) => u64::from((i as f32).to_bits()),
        (Dt::F16 | Dt::Bf16, Value::Float(f)) => f64_to_narrow(dt, f),
        (Dt::F16, Value::Int(i)) => Half::from_i128_r(i, Round::NearestTiesToEven)
            .value
            .to_bits() as u64,
        (Dt::Bf16, Value::Int(i)) => BFloat::from_i128_r(i, Round::NearestTiesToEven)
            .value
            .to_bits() as u64,
        (_, Value::Float(f)) => {
            let r = f.round_ties_even();
            let (lo, hi) = int_range(dt);
            // NaN and infinities fail the range test too.
            if r >= lo as f64 && r <= hi as f64 {
                (r as i128 as u64) & dt.mask()
            } else {
                invalid(dt)
            }
        }
        (_, Value::Int(i)) => {
            let (lo, hi) = int_range(dt);
            if (lo..=hi).contains(&i) {
                (i as u64) & dt.mask()
            } else {
                invalid(dt)
            }
        }
    }
}

fn nan_or(dt: Dt, f: f64, bits: u64) -> u64 {
    if f.is_nan() { dt.default_nan() } else { bits }
}

/// TCVT of one lane from `from` to `to`.
pub fn convert(from: Dt, to: Dt, v: u64) -> u64 {
    to_lane(to, value(from, v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_to_int_rounds_half_even_and_has_no_saturation() {
        let f = |x: f32| convert(Dt::F32, Dt::S(32), u64::from(x.to_bits()));
        assert_eq!(
            [f(2.5), f(3.5), f(-0.5), f(-2.5)],
            [2, 4, 0, (-2i32) as u32 as u64]
        );
        assert_eq!(
            [f(1e10), f(f32::NAN), f(f32::NEG_INFINITY)],
            [0x8000_0000; 3]
        );
        let u = |x: f32| convert(Dt::F32, Dt::U(8), u64::from(x.to_bits()));
        assert_eq!([u(255.4), u(255.6), u(-1.0)], [255, 0xff, 0xff]);
    }

    #[test]
    fn int32_to_fp32_rounds_once_and_large_ints_stay_exact_in_fp64() {
        let big = 16_777_217u64; // 2^24 + 1: ties to even 2^24 in FP32
        assert_eq!(convert(Dt::S(32), Dt::F32, big), 0x4b80_0000);
        assert_eq!(
            f64::from_bits(convert(Dt::S(32), Dt::F64, big)),
            16_777_217.0
        );
    }

    #[test]
    fn fp32_to_fp16_and_bf16_round_to_nearest_even() {
        // 1 + 2^-11 is halfway between 1 and the next FP16 (1 + 2^-10): ties to even 1.0.
        let x = u64::from((1.0f32 + 2f32.powi(-11)).to_bits());
        assert_eq!(convert(Dt::F32, Dt::F16, x), 0x3c00);
        assert_eq!(
            convert(Dt::F32, Dt::F16, u64::from(70000f32.to_bits())),
            0x7c00
        );
        assert_eq!(
            convert(
                Dt::F32,
                Dt::Bf16,
                u64::from((1.0f32 + 2f32.powi(-8)).to_bits())
            ),
            0x3f80
        );
        assert_eq!(
            convert(Dt::F16, Dt::F32, 0x7e01),
            0x7fc0_0000,
            "NaN is canonical"
        );
    }
}
