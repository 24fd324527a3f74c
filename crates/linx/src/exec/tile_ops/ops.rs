//! The v0.4 TEPL TileOpcode table (manual `04_block_isa` §"TEPL tile opcode allocation",
//! `state/engine_ops.json`): what each opcode does and how many source tiles it takes.

use crate::exec::tile_ops::lane::{Bin, Un};

/// A row or column reduction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Red {
    Max,
    Min,
    Sum,
}

/// What a TEPL opcode computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Tile (op) tile.
    Bin(Bin),
    /// Tile (op) the B.IOR scalar (Mode 1).
    Scalar(Bin),
    Un(Un),
    Prelu,
    Cvt,
    Row(Red),
    Col(Red),
    ExpandS,
    Gather,
    Scatter,
    Reshape,
    Transpose,
    ColExpand,
    RowExpand,
}

const BASE: [&str; 32] = [
    "TADD",
    "TSUB",
    "TMUL",
    "TDIV",
    "TMAX",
    "TMIN",
    "TAND",
    "TOR",
    "TXOR",
    "TSHL",
    "TSHR",
    "TRELU",
    "TPRELU",
    "TCVT",
    "TEXP",
    "TLOG",
    "TSQRT",
    "TRSQRT",
    "TROWMAX",
    "TROWMIN",
    "TROWSUM",
    "TCOLMAX",
    "TCOLMIN",
    "TCOLSUM",
    "TRECIP",
    "TEXPANDS",
    "TGATHER",
    "TSCATTER",
    "TRESHAPE",
    "TTRANSPOSE",
    "TCOLEXPAND",
    "TROWEXPAND",
];
const SCALAR: [&str; 11] = [
    "TADDS", "TSUBS", "TMULS", "TDIVS", "TMAXS", "TMINS", "TANDS", "TORS", "TXORS", "TSHLS",
    "TSHRS",
];
const BINS: [Bin; 11] = [
    Bin::Add,
    Bin::Sub,
    Bin::Mul,
    Bin::Div,
    Bin::Max,
    Bin::Min,
    Bin::And,
    Bin::Or,
    Bin::Xor,
    Bin::Shl,
    Bin::Shr,
];

/// The op of a TileOpcode and its name; `None` for the reserved opcodes (Mode 1 functions
/// 11..31 and `TileOpcode[9:6] != 0`).
pub fn decode(opcode: u16) -> Option<(Kind, &'static str)> {
    let f = usize::from(opcode & 0x1f);
    if opcode >> 5 == 1 {
        return (f < SCALAR.len()).then(|| (Kind::Scalar(BINS[f]), SCALAR[f]));
    }
    if opcode >> 5 != 0 {
        return None;
    }
    let kind = match f {
        0..=10 => Kind::Bin(BINS[f]),
        11 => Kind::Un(Un::Relu),
        12 => Kind::Prelu,
        13 => Kind::Cvt,
        14 => Kind::Un(Un::Exp),
        15 => Kind::Un(Un::Log),
        16 => Kind::Un(Un::Sqrt),
        17 => Kind::Un(Un::Rsqrt),
        18 => Kind::Row(Red::Max),
        19 => Kind::Row(Red::Min),
        20 => Kind::Row(Red::Sum),
        21 => Kind::Col(Red::Max),
        22 => Kind::Col(Red::Min),
        23 => Kind::Col(Red::Sum),
        24 => Kind::Un(Un::Recip),
        25 => Kind::ExpandS,
        26 => Kind::Gather,
        27 => Kind::Scatter,
        28 => Kind::Reshape,
        29 => Kind::Transpose,
        30 => Kind::ColExpand,
        _ => Kind::RowExpand,
    };
    Some((kind, BASE[f]))
}

impl Kind {
    /// Source tiles (`engine_ops.json` `src_tiles`; TPRELU takes its slope from a second tile
    /// there, where QEMU v0.58 reads a B.IOR scalar: v0.4 wins).
    pub fn arity(self) -> usize {
        match self {
            Kind::ExpandS => 0,
            Kind::Bin(_) | Kind::Prelu | Kind::Gather | Kind::Scatter => 2,
            _ => 1,
        }
    }
}
