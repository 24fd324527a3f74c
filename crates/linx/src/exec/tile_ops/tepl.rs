//! TEPL: the header-driven element-wise tile operations (manual `04_block_isa` §"Generic
//! accelerator block (`BSTART.TEPL`)", `state/engine_ops.json`; lane rules and structural ops
//! from QEMU v0.58, notes linx-tiles §4.3-4.5).
//!
//! * Shape (notes §4.3): `cols = LB0` (required: `engine_ops.json` `dim_lb_required`), `rows =
//!   LB1` (omitted: 1), row pitch `LB2` (omitted: `cols`; the catalog's generic default of 1
//!   would make every multi-column op illegal as a pitch, so an omitted LB2 is read as QEMU
//!   does). Active lane `(r, c)` lives at element `r * pitch + c` of every operand.
//! * Sources are the present B.IOT source tiles in header order; the destination is the
//!   B.IOT destination, zero-filled, its active lanes written, every active lane of a float
//!   type NaN-canonicalised, then pushed onto its hand as the new `#1` (manual 04 §TMOV
//!   contracts: "destination allocation is queue-push only").
//! * The scalar of the Mode-1 ops and TEXPANDS is the first non-zero B.IOR source register in
//!   RegSrc0, RegSrc1, RegSrc2 order, truncated to the element width (raw bits: an FP32 scalar
//!   is its bit pattern; `engine_ops.json` `scalar_rhs_extract: truncate_low_bits`). Missing:
//!   `E_BLOCK(EC_BLOCKFMT)` B.IOR (the catalog's `missing_required_ior_trap`).
//! * Every illegal case is a block fault naming the op and what is wrong, never a silent zero.

use crate::exec::tile_ops::convert::convert;
use crate::exec::tile_ops::dtype::Dt;
use crate::exec::tile_ops::lane::{self, Bin};
use crate::exec::tile_ops::ops::{Kind, Red, decode};
use crate::exec::tile_ops::{TileCtx, dest, dtype_of, fail, missing};
use crate::state::header::DescFamily;
use crate::state::tile::{MAX_TILE_BYTES, TileError, TileWork};

/// The active region of a TEPL block.
#[derive(Clone, Copy, Debug)]
struct Shape {
    rows: usize,
    cols: usize,
    pitch: usize,
}

impl Shape {
    fn at(self, r: usize, c: usize) -> usize {
        r * self.pitch + c
    }
    /// Position of the `i`-th active lane in row-major order.
    fn lane(self, i: usize) -> usize {
        self.at(i / self.cols, i % self.cols)
    }
    fn active(self) -> usize {
        self.rows * self.cols
    }
}

/// Run one TEPL block.
pub fn tepl(cx: &mut TileCtx, opcode: u16, dtype: u8) -> Result<TileWork, TileError> {
    let block = cx.block;
    let (kind, name) = decode(opcode).ok_or_else(|| {
        TileError::Param(format!(
            "TileOpcode {opcode:#x} is reserved in v0.4 (manual 04 §TEPL allocation)"
        ))
    })?;
    let dt = dtype_of(name, dtype)?;
    check_type(kind, name, dt)?;
    let h = cx.header;
    if matches!(kind, Kind::Cvt) {
        // engine_ops.json: TCVT requires_b_arg and requires_b_ior.
        if h.arg.is_none() {
            return Err(missing(block, DescFamily::Arg));
        }
        if h.iors.is_empty() {
            return Err(missing(block, DescFamily::Ior));
        }
    }
    if h.dims[0].is_none() {
        return Err(missing(block, DescFamily::Dim));
    }
    let srcs: Vec<u8> = h.iots.iter().flat_map(|d| d.srcs).flatten().collect();
    if srcs.len() != kind.arity() {
        return fail(format!(
            "{name}: needs {} source tile(s), the header binds {}",
            kind.arity(),
            srcs.len()
        ));
    }
    let (hand, size) = dest(cx, name)?;
    let eb = dt.bytes();
    let elems = size / eb;
    let cols = h.dims[0].unwrap_or(0) as usize;
    let s = Shape {
        cols,
        rows: h.lb(1) as usize,
        pitch: h.dims[2].map_or(cols, |v| v as usize),
    };
    if s.cols == 0 || s.rows == 0 || s.pitch < s.cols || s.rows > elems / s.pitch.max(1) {
        return fail(format!(
            "{name}: shape {}x{} with row pitch {} (LB1 x LB0, LB2) does not fit the {size}-byte \
             {dt} destination ({elems} elements) or has pitch < columns",
            s.rows, s.cols, s.pitch
        ));
    }
    let need = s.rows * s.pitch * eb;
    let tiles = &cx.tiles;
    let src_bytes = |k: usize| tiles.get(srcs[k]).bytes();
    // Element-wise sources must cover the active region (P58 pre-publish check).
    let elementwise = matches!(
        kind,
        Kind::Bin(_) | Kind::Scalar(_) | Kind::Un(_) | Kind::Prelu | Kind::Cvt
    ) || matches!(kind, Kind::Row(_) | Kind::Col(_) | Kind::Transpose);
    if elementwise {
        for (k, &id) in srcs.iter().enumerate() {
            if src_bytes(k).len() < need {
                return fail(format!(
                    "{name}: source tile {} holds {} bytes, the {}x{} region with pitch {} needs {need}",
                    crate::state::tile::tile_name(id),
                    src_bytes(k).len(),
                    s.rows,
                    s.cols,
                    s.pitch
                ));
            }
        }
    }
    let scalar = if matches!(kind, Kind::Scalar(_) | Kind::ExpandS) {
        let code = h
            .iors
            .iter()
            .flat_map(|d| d.srcs)
            .find(|&c| c != 0)
            .ok_or_else(|| missing(block, DescFamily::Ior))?;
        (cx.read_reg)(code) & dt.mask()
    } else {
        0
    };
    let mut out = vec![0u8; size];
    let rd = |k: usize, i: usize| dt.read(src_bytes(k), i);
    let mut wr = |i: usize, v: u64| dt.write(&mut out, i, v);
    match kind {
        Kind::Bin(op) => each(s, |i| wr(i, lane::binary(op, dt, rd(0, i), rd(1, i)))),
        Kind::Scalar(op) => each(s, |i| wr(i, lane::binary(op, dt, rd(0, i), scalar))),
        Kind::Un(op) => each(s, |i| wr(i, lane::unary(op, dt, rd(0, i)))),
        Kind::Prelu => each(s, |i| {
            let a = rd(0, i);
            let v = if negative(dt, a) {
                lane::binary(Bin::Mul, dt, a, rd(1, i))
            } else {
                a
            };
            wr(i, v)
        }),
        Kind::Cvt => {
            let from_code = tiles.get(srcs[0]).dtype.ok_or_else(|| {
                TileError::Param(format!(
                    "TCVT source tile {} has no element type (no block produced it)",
                    crate::state::tile::tile_name(srcs[0])
                ))
            })?;
            let from = dtype_of("TCVT source", from_code)?;
            if src_bytes(0).len() < s.lane(s.active() - 1) * from.bytes() + from.bytes() {
                return fail(format!(
                    "TCVT: the {from} source tile is too small for the region"
                ));
            }
            each(s, |i| wr(i, convert(from, dt, from.read(src_bytes(0), i))))
        }
        Kind::Row(red) => {
            for r in 0..s.rows {
                let v = fold(red, dt, (0..s.cols).map(|c| rd(0, s.at(r, c))));
                wr(s.at(r, 0), v);
            }
        }
        Kind::Col(red) => {
            for c in 0..s.cols {
                let v = fold(red, dt, (0..s.rows).map(|r| rd(0, s.at(r, c))));
                wr(c, v);
            }
        }
        Kind::ExpandS => each(s, |i| wr(i, scalar)),
        Kind::Gather | Kind::Scatter => {
            let (data, index) = (src_bytes(0), src_bytes(1));
            let n = s.active().min(index.len() / eb);
            for i in 0..n {
                // The index tile's lanes are signed integers of the element width (choice: QEMU's
                // reading of the index lane type was not seen); a negative index skips the lane,
                // others wrap modulo the active lanes (QEMU; v0.4 `index_range_rule:
                // unpredictable`).
                let ix = dt.sext(dt.read(index, s.lane(i)));
                if ix < 0 {
                    continue;
                }
                let j = ix as usize % s.active();
                let (from, to) = if kind == Kind::Gather { (j, i) } else { (i, j) };
                if s.lane(from) * eb + eb > data.len() {
                    return fail(format!("{name}: lane {from} is outside the data tile"));
                }
                wr(s.lane(to), dt.read(data, s.lane(from)));
            }
        }
        Kind::Reshape => {
            let src = src_bytes(0);
            if src.len() != size {
                return fail(format!(
                    "TRESHAPE: source holds {} bytes, the destination {size}",
                    src.len()
                ));
            }
            out.copy_from_slice(src);
        }
        Kind::Transpose => {
            if (s.cols - 1) * s.pitch + s.rows > elems || s.rows > s.pitch {
                return fail(format!(
                    "TTRANSPOSE: the transposed {}x{} region does not fit rows of {} in {elems} elements",
                    s.cols, s.rows, s.pitch
                ));
            }
            for r in 0..s.rows {
                for c in 0..s.cols {
                    wr(s.at(c, r), rd(0, s.at(r, c)));
                }
            }
        }
        Kind::ColExpand | Kind::RowExpand => {
            let vec = src_bytes(0);
            let last = if kind == Kind::ColExpand {
                s.cols - 1
            } else {
                (s.rows - 1) * s.pitch
            };
            if (last + 1) * eb > vec.len() {
                return fail(format!(
                    "{name}: the vector tile is too small for the region"
                ));
            }
            each(s, |i| {
                let (r, c) = (i / s.pitch, i % s.pitch);
                let v = if kind == Kind::ColExpand {
                    rd(0, c)
                } else {
                    rd(0, r * s.pitch)
                };
                wr(i, v)
            });
        }
    }
    if dt.is_float() {
        each(s, |i| {
            if dt.is_nan(dt.read(&out, i)) {
                dt.write(&mut out, i, dt.default_nan());
            }
        });
    }
    debug_assert!(size <= MAX_TILE_BYTES);
    cx.tiles.push_typed(hand, size, &out, Some(dtype));
    Ok(TileWork {
        bytes: size as u64,
        elems: s.active() as u64,
        ..TileWork::default()
    })
}

/// Call `f` with the element index of every active lane.
fn each(s: Shape, mut f: impl FnMut(usize)) {
    for r in 0..s.rows {
        for c in 0..s.cols {
            f(s.at(r, c));
        }
    }
}

/// Row/column reduction (notes §4.5): MAX/MIN start from the first element, SUM from +0, then
/// fold in order with the TMAX/TMIN/TADD lane rule.
fn fold(red: Red, dt: Dt, mut xs: impl Iterator<Item = u64>) -> u64 {
    let (op, start) = match red {
        Red::Max => (Bin::Max, xs.next().unwrap_or(0)),
        Red::Min => (Bin::Min, xs.next().unwrap_or(0)),
        Red::Sum => (Bin::Add, 0),
    };
    xs.fold(start, |acc, x| lane::binary(op, dt, acc, x))
}

/// TPRELU's test (H58 §4.5): a signed integer or float lane below zero (-0 and NaN are not).
fn negative(dt: Dt, a: u64) -> bool {
    match dt {
        Dt::S(_) => dt.sext(a) < 0,
        Dt::U(_) => false,
        Dt::F64 => f64::from_bits(a) < 0.0,
        Dt::F32 => f32::from_bits(a as u32) < 0.0,
        _ => lane::narrow_to_f64(dt, a) < 0.0,
    }
}

/// The op/type pairs with numerics (H58 `linx_tile_operation_impl_dtype_supported`, §4.2).
fn check_type(kind: Kind, name: &str, dt: Dt) -> Result<(), TileError> {
    let ok = match kind {
        Kind::Bin(op) | Kind::Scalar(op) => !op.integer_only() || !dt.is_float(),
        Kind::Un(op) => op.supports(dt),
        _ => true,
    };
    if ok {
        Ok(())
    } else {
        fail(format!("{name} has no numerics for DataType {dt}"))
    }
}
