//! Tile arithmetic: the numerics the CUBE and TAU/TEPL processing elements run for a block
//! command (seed 003 Checks 19-21; manual `04_block_isa` §"block split patterns").
//!
//! Sources of the rules (README "Linx tile arithmetic" gives the per-op table): v0.4 for what
//! the catalog and manual define (encodings, DataType codes, hands, tile sizes, descriptors,
//! operand counts, TDIV's integer results); QEMU v0.58's lane rules (notes linx-tiles §4-5)
//! for the numbers v0.4 leaves open.
//!
//! * [`dtype`]: element types; [`lane`]: one lane of an operation; [`convert`]: TCVT;
//!   [`ops`]: the TileOpcode table; [`tepl`]: TEPL blocks; [`cube`]: TMATMUL(.ACC), ACCCVT.

pub mod convert;
pub mod cube;
pub mod dtype;
pub mod lane;
pub mod ops;
pub mod tepl;

use crate::state::block::BlockType;
use crate::state::header::{BlockFmt, DescDetail, DescFamily, DstKind, Header};
use crate::state::tile::{TileError, TileFile, TileWork, resolve_size};
use dtype::Dt;

/// What a tile arithmetic block works on.
pub struct TileCtx<'a> {
    pub block: BlockType,
    pub header: &'a Header,
    pub read_reg: &'a dyn Fn(u8) -> u64,
    pub tiles: &'a mut TileFile,
}

/// Run a CUBE or TEPL block. Structural errors name the block (`BSTART.<op>`) and what is
/// wrong; the engine adds its pc.
pub fn run(cx: &mut TileCtx) -> Result<TileWork, TileError> {
    let r = match cx.block {
        BlockType::Tepl { opcode, dtype } => tepl::tepl(cx, opcode, dtype),
        BlockType::Cube { function: 0, dtype } => cube::matmul(cx, dtype, false),
        BlockType::Cube { function: 2, dtype } => cube::matmul(cx, dtype, true),
        BlockType::Cube { function: 8, dtype } => cube::acccvt(cx, dtype),
        BlockType::Cube { function, .. } => Err(TileError::Param(format!(
            "CUBE Function {function} is not assigned in v0.4 (0 TMATMUL, 2 TMATMUL.ACC, 8 ACCCVT)"
        ))),
        other => Err(TileError::Param(format!(
            "{other} is not a tile arithmetic block"
        ))),
    };
    r.map_err(|e| name_block(cx.block, e))
}

/// Prefix a block fault's message with the block (`BSTART.<op>: `).
pub fn name_block(block: BlockType, e: TileError) -> TileError {
    match e {
        TileError::Param(msg) => TileError::Param(format!("BSTART.{block}: {msg}")),
        e => e,
    }
}

/// A block fault with this message.
pub(crate) fn fail<T>(msg: String) -> Result<T, TileError> {
    Err(TileError::Param(msg))
}

/// `E_BLOCK(EC_BLOCKFMT)`: a required descriptor family is missing.
pub(crate) fn missing(block: BlockType, family: DescFamily) -> TileError {
    TileError::Format(BlockFmt {
        block,
        family,
        detail: DescDetail::Missing,
    })
}

/// The element type of a DataType code that has numerics.
pub(crate) fn dtype_of(what: &str, code: u8) -> Result<Dt, TileError> {
    Dt::from_code(code).ok_or_else(|| {
        TileError::Param(format!(
            "{what}: DataType {} has no tile arithmetic (FP8/FPL8/FP4/FPL4/4-bit integers have no \
             reference numerics; reserved codes are illegal)",
            crate::isa::tiles::data_type_text(i64::from(code))
        ))
    })
}

/// The destination hand and size of a tile-producing block (the B.IOT with a destination).
pub(crate) fn dest(cx: &TileCtx, what: &str) -> Result<(u8, usize), TileError> {
    let iot = cx.header.iots.iter().find(|d| d.dst.is_some());
    match iot.and_then(|d| d.dst.map(|k| (k, d.size))) {
        Some((DstKind::Hand(h), size)) => Ok((h, resolve_size(cx.block, size, cx.read_reg)?)),
        Some((DstKind::Acc, _)) => fail(format!(
            "{what}: writes a tile (->t/u/m/n), not the accumulator"
        )),
        None => fail(format!(
            "{what}: the header names no destination tile (B.IOT ->t/u/m/n)"
        )),
    }
}
