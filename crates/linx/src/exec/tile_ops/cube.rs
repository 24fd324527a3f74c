//! CUBE: TMATMUL, TMATMUL.ACC and ACCCVT (manual `04_block_isa` §"block split patterns";
//! numerics from QEMU v0.58 `linx_tile_cube_compute_common_058`, notes linx-tiles §5).
//!
//! * `m, n, k = LB0, LB1, LB2` (v0.4). A is `m x k`, B is `k x n`, both row-major with their
//!   column count as row pitch (QEMU's `row * tile_cols + col` with the tiles' shapes).
//! * FP32, FP16 and BF16 inputs accumulate in FP32, FP64 in FP64: for every `(i, j)`, starting
//!   from 0 (TMATMUL) or the accumulator (TMATMUL.ACC), one fused multiply-add per k step in k
//!   order, rounded to nearest even (softfloat `float32_muladd`; Rust's `mul_add` is the same
//!   IEEE fusedMultiplyAdd). A NaN result is the canonical NaN (QEMU's default-NaN mode).
//!   Integer inputs accumulate in 64 bits, modulo 2^64.
//! * TMATMUL.ACC needs an accumulator seeded by TMATMUL of the same type and `m x n` (QEMU
//!   v0.58's check; manual: "MUST reject TMATMUL.ACC/ACCCVT when the accumulator dependency does
//!   not derive from a prior TMATMUL/TMATMUL.ACC producer").
//! * Choice: v0.4 does not limit m/n/k to powers of two (QEMU v0.58 does, for its cell
//!   hardware); here any non-zero sizes whose tiles fit are accepted.

use crate::exec::tile_ops::convert::{Value, to_lane, value};
use crate::exec::tile_ops::dtype::Dt;
use crate::exec::tile_ops::{TileCtx, dest, dtype_of, fail};
use crate::state::acc::{Acc, AccType};
use crate::state::header::{BlockFmt, DescDetail, DescFamily, DstKind};
use crate::state::tile::{TileError, TileWork, resolve_size, tile_name};

fn acc_type(dt: Dt) -> AccType {
    match dt {
        Dt::F64 => AccType::F64,
        Dt::F32 | Dt::F16 | Dt::Bf16 => AccType::F32,
        Dt::S(_) => AccType::S64,
        Dt::U(_) => AccType::U64,
    }
}

fn acc_dt(t: AccType) -> Dt {
    match t {
        AccType::F32 => Dt::F32,
        AccType::F64 => Dt::F64,
        AccType::S64 => Dt::S(64),
        AccType::U64 => Dt::U(64),
    }
}

/// TMATMUL (`accumulate = false`) or TMATMUL.ACC.
pub fn matmul(cx: &mut TileCtx, dtype: u8, accumulate: bool) -> Result<TileWork, TileError> {
    let name = if accumulate { "TMATMUL.ACC" } else { "TMATMUL" };
    let dt = dtype_of(name, dtype)?;
    let h = cx.header;
    let [m, n, k] = [0, 1, 2].map(|i| h.lb(i) as usize);
    if m == 0 || n == 0 || k == 0 {
        return fail(format!(
            "{name}: m, n, k = LB0, LB1, LB2 = {m}, {n}, {k} must be non-zero"
        ));
    }
    let srcs: Vec<u8> = h.iots.iter().flat_map(|d| d.srcs).flatten().collect();
    if srcs.len() != 2 {
        return fail(format!(
            "{name}: needs two source tiles (A, B), the header binds {}",
            srcs.len()
        ));
    }
    let at = acc_type(dt);
    let eb = dt.bytes();
    let acc_eb = if matches!(at, AccType::F32) { 4 } else { 8 };
    for iot in &h.iots {
        match iot.dst {
            Some(DstKind::Hand(_)) => {
                return fail(format!(
                    "{name}: the destination is the accumulator (->acc), not a tile hand"
                ));
            }
            Some(DstKind::Acc) => {
                let size = resolve_size(cx.block, iot.size, cx.read_reg)?;
                if m * n * acc_eb > size {
                    return fail(format!(
                        "{name}: a {m}x{n} accumulator of {acc_eb}-byte elements does not fit ->acc<{size}B>"
                    ));
                }
            }
            None => {}
        }
    }
    let a = cx.tiles.get(srcs[0]).bytes();
    let b = cx.tiles.get(srcs[1]).bytes();
    for (id, t, need, what) in [
        (srcs[0], a, m * k, "A (m x k)"),
        (srcs[1], b, k * n, "B (k x n)"),
    ] {
        if t.len() < need * eb {
            return fail(format!(
                "{name}: {what} needs {} bytes of {dt}, tile {} holds {}",
                need * eb,
                tile_name(id),
                t.len()
            ));
        }
    }
    let acc = &cx.tiles.acc;
    if accumulate && (acc.ty != Some(at) || acc.rows != m || acc.cols != n) {
        return fail(format!(
            "{name}: no {m}x{n} {at:?} accumulator from an earlier TMATMUL (it holds {}x{} {:?})",
            acc.rows, acc.cols, acc.ty
        ));
    }
    let mut out = vec![0u64; m * n];
    for i in 0..m {
        for j in 0..n {
            let init = if accumulate { acc.data[i * n + j] } else { 0 };
            let ak = (0..k).map(|kk| dt.read(a, i * k + kk));
            let bk = (0..k).map(|kk| dt.read(b, kk * n + j));
            out[i * n + j] = dot(dt, at, init, ak.zip(bk));
        }
    }
    cx.tiles.acc = Acc {
        ty: Some(at),
        rows: m,
        cols: n,
        data: out,
    };
    Ok(TileWork {
        bytes: ((m * k + k * n) * eb) as u64,
        elems: (m * n * k) as u64,
        ..TileWork::default()
    })
}

/// One accumulator element: `init` then a fused multiply-add per (a, b) pair, in order.
fn dot(dt: Dt, at: AccType, init: u64, pairs: impl Iterator<Item = (u64, u64)>) -> u64 {
    let f = |v: u64| match value(dt, v) {
        Value::Float(x) => x,
        Value::Int(i) => i as f64,
    };
    match at {
        AccType::F32 => {
            let r = pairs.fold(f32::from_bits(init as u32), |acc, (x, y)| {
                (f(x) as f32).mul_add(f(y) as f32, acc)
            });
            if r.is_nan() {
                Dt::F32.default_nan()
            } else {
                u64::from(r.to_bits())
            }
        }
        AccType::F64 => {
            let r = pairs.fold(f64::from_bits(init), |acc, (x, y)| f(x).mul_add(f(y), acc));
            if r.is_nan() {
                Dt::F64.default_nan()
            } else {
                r.to_bits()
            }
        }
        AccType::S64 => pairs.fold(init, |acc, (x, y)| {
            acc.wrapping_add((dt.sext(x) as u64).wrapping_mul(dt.sext(y) as u64))
        }),
        AccType::U64 => pairs.fold(init, |acc, (x, y)| {
            acc.wrapping_add((x & dt.mask()).wrapping_mul(y & dt.mask()))
        }),
    }
}

/// ACCCVT: the accumulator, quantized and converted to the block's DataType, pushed as a new
/// tile (row-major `m x n`, the rest zero).
///
/// Quantization (manual 04: "`B.ARG` (quantization mode) plus `B.IOR` scalar bindings (`scale`
/// and `zero-point` are required)"; no reference implements it, notes §2.8/§5). Reading chosen:
/// * B.DIM's LB0 x LB1 must be the accumulator's m x n (manual 08 §ACCCVT).
/// * `scale` is `ri0` (the first B.IOR source register), an FP32 bit pattern in its low 32
///   bits; `zero point` is `ri1`, a signed 64-bit integer. Fewer than two bound registers is
///   `E_BLOCK(EC_BLOCKFMT)` B.IOR invalid. B.ARG (the mode) is required and recorded; v0.4
///   names no modes, so every value behaves the same.
/// * `y = acc * scale`, one rounding in the accumulator's float type (FP32 or FP64; an integer
///   accumulator is first converted to binary64). `scale = 1.0` leaves the value exact.
/// * Integer destination: `q = round_to_nearest_even(y) + zero_point`, then the TCVT range rule
///   (out of range or NaN: the invalid pattern). Float destination: `y + zero_point`, then one
///   rounding to the destination by TCVT. With scale 1 and zero point 0 this is the plain TCVT
///   conversion of the accumulator.
pub fn acccvt(cx: &mut TileCtx, dtype: u8) -> Result<TileWork, TileError> {
    let dt = dtype_of("ACCCVT", dtype)?;
    let acc = &cx.tiles.acc;
    let Some(at) = acc.ty else {
        return fail("ACCCVT: the accumulator holds no TMATMUL result".into());
    };
    let regs: Vec<u8> = cx
        .header
        .iors
        .iter()
        .flat_map(|d| d.srcs)
        .filter(|&c| c != 0)
        .collect();
    if regs.len() < 2 {
        return Err(TileError::Format(BlockFmt {
            block: cx.block,
            family: DescFamily::Ior,
            detail: DescDetail::Invalid,
        }));
    }
    let scale = f32::from_bits((cx.read_reg)(regs[0]) as u32);
    let zp = (cx.read_reg)(regs[1]) as i64;
    let (hand, size) = dest(cx, "ACCCVT")?;
    let (m, n) = (acc.rows, acc.cols);
    // Manual 08 §ACCCVT: "ACC shape/layout is derived from B.DIM (matmul dimension state)".
    let (lb0, lb1) = (cx.header.lb(0) as usize, cx.header.lb(1) as usize);
    if (lb0, lb1) != (m, n) {
        return fail(format!(
            "ACCCVT: B.DIM m x n = {lb0}x{lb1} (LB0, LB1) is not the accumulator's {m}x{n}"
        ));
    }
    materialize(cx, "ACCCVT", (dt, dtype), (hand, size), at, (scale, zp))
}

/// TMOV `A2V` (B.ARG mode 1, [`crate::state::tile::TMOV_A2V`]): the accumulator moved into a
/// new tile of the block's DataType. v0.4 names the mode and nothing more (manual 04 §"v0.4
/// TMOV contracts"; the PTO layer calls it "Acc to Vec"). Reading chosen: the plain
/// conversion of ACCCVT with scale 1 and zero point 0 (the TCVT rules), `m x n` row-major
/// as the accumulator holds it; no B.DIM or B.IOR is needed, and a source tile in the header
/// is a fault (the source is the implicit accumulator, as for ACCCVT).
pub fn a2v(cx: &mut TileCtx, dtype: u8) -> Result<TileWork, TileError> {
    let dt = dtype_of("TMOV A2V", dtype)?;
    if let Some(id) = crate::state::tile::first_source(cx.header) {
        return fail(format!(
            "TMOV A2V: reads the accumulator, but the header binds source tile {}",
            tile_name(id)
        ));
    }
    let Some(at) = cx.tiles.acc.ty else {
        return fail("TMOV A2V: the accumulator holds no TMATMUL result".into());
    };
    let (hand, size) = dest(cx, "TMOV A2V")?;
    materialize(cx, "TMOV A2V", (dt, dtype), (hand, size), at, (1.0, 0))
}

/// Push the accumulator, each element through [`quantize`], as a new `hand#1` of `size`
/// bytes (row-major `m x n`, the rest zero).
fn materialize(
    cx: &mut TileCtx,
    what: &str,
    (dt, dtype): (Dt, u8),
    (hand, size): (u8, usize),
    at: AccType,
    (scale, zp): (f32, i64),
) -> Result<TileWork, TileError> {
    let acc = &cx.tiles.acc;
    let (m, n) = (acc.rows, acc.cols);
    if m * n * dt.bytes() > size {
        return fail(format!(
            "{what}: {m}x{n} elements of {dt} do not fit the {size}-byte destination"
        ));
    }
    let from = acc_dt(at);
    let mut out = vec![0u8; size];
    for (i, &v) in acc.data.iter().enumerate() {
        dt.write(&mut out, i, quantize(from, dt, v, scale, zp));
    }
    cx.tiles.push_typed(hand, size, &out, Some(dtype));
    Ok(TileWork {
        bytes: size as u64,
        elems: (m * n) as u64,
        ..TileWork::default()
    })
}

/// One ACCCVT element (see [`acccvt`] for the reading).
pub fn quantize(from: Dt, to: Dt, v: u64, scale: f32, zp: i64) -> u64 {
    let x = value(from, v);
    let y = if scale == 1.0 {
        x
    } else {
        match (from, x) {
            (Dt::F32, Value::Float(f)) => Value::Float(f64::from(f as f32 * scale)),
            (_, Value::Float(f)) => Value::Float(f * f64::from(scale)),
            (_, Value::Int(i)) => Value::Float(i as f64 * f64::from(scale)),
        }
    };
    if zp == 0 {
        return to_lane(to, y);
    }
    match (to.is_float(), y) {
        (true, Value::Float(f)) => to_lane(to, Value::Float(f + zp as f64)),
        (true, Value::Int(i)) => to_lane(to, Value::Int(i + i128::from(zp))),
        (false, Value::Int(i)) => to_lane(to, Value::Int(i + i128::from(zp))),
        (false, Value::Float(f)) => {
            let r = f.round_ties_even();
            if r.is_finite() && r.abs() < 2f64.powi(100) {
                to_lane(to, Value::Int(r as i128 + i128::from(zp)))
            } else {
                to_lane(to, Value::Float(f))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(x: f32) -> u64 {
        u64::from(x.to_bits())
    }

    #[test]
    fn acccvt_quantizes_by_scale_then_zero_point() {
        // Integer destination: round_half_even(acc * scale) + zero point.
        assert_eq!(quantize(Dt::F32, Dt::S(8), f(10.0), 0.5, 3), 8);
        assert_eq!(
            quantize(Dt::F32, Dt::S(8), f(3.0), 0.5, -1),
            1,
            "1.5 -> 2, then -1"
        );
        assert_eq!(
            quantize(Dt::F32, Dt::S(8), f(5.0), 0.5, 0),
            2,
            "2.5 -> 2 (ties even)"
        );
        // Out of range after the zero point: the TCVT invalid pattern (no saturation).
        assert_eq!(quantize(Dt::F32, Dt::S(8), f(250.0), 0.5, 10), 0x80);
        // Float destination: (acc * scale + zero point), one rounding.
        assert_eq!(
            quantize(Dt::F32, Dt::F16, f(3.0), 0.5, 1),
            0x4100,
            "2.5 in FP16"
        );
        // Integer accumulator.
        assert_eq!(quantize(Dt::S(64), Dt::S(32), 1000, 0.25, -50), 200);
    }

    #[test]
    fn acccvt_with_scale_one_and_zero_point_zero_is_the_plain_conversion() {
        for v in [f(-0.0), f(2.5), f(-7.25), 0x7fc0_0000, f(1e10)] {
            for to in [Dt::F32, Dt::F16, Dt::S(32), Dt::U(8)] {
                assert_eq!(
                    quantize(Dt::F32, to, v, 1.0, 0),
                    crate::exec::tile_ops::convert::convert(Dt::F32, to, v)
                );
            }
        }
        let big = (1u64 << 62) + 1;
        assert_eq!(quantize(Dt::S(64), Dt::S(64), big, 1.0, 0), big, "exact");
    }
}
