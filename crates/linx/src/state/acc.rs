//! The CUBE accumulator: the singleton implicit `acc` that TMATMUL seeds, TMATMUL.ACC updates
//! and ACCCVT reads (manual `04_block_isa` §"block split patterns": "both commands target the
//! singleton implicit accumulator domain"; "no explicit accumulator tile id is encoded").
//!
//! Its element type is the accumulation type of the inputs (notes linx-tiles §5, QEMU v0.58
//! `linx_tile_numeric_acc_dtype`): FP64 for FP64, FP32 for FP32/FP16/BF16, 64-bit signed or
//! unsigned integers for the integer types.

/// How the accumulator's elements are held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccType {
    F32,
    F64,
    S64,
    U64,
}

/// The accumulator: `rows x cols` elements, row-major, as raw bits (FP32 in the low 32 bits).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Acc {
    /// `None` until a TMATMUL seeds it.
    pub ty: Option<AccType>,
    pub rows: usize,
    pub cols: usize,
    pub data: Vec<u64>,
}
