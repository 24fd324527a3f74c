//! Block header descriptors (`B.*`) and the header validation of tile and vector blocks.
//!
//! Manual `04_block_isa.adoc` §"Block header descriptors" and §"Block-command lifecycle": the
//! descriptors after a block start marker pack the block command (B.ARG, B.IOR, B.IOT/B.IOTI,
//! B.DIM, B.TEXT, ...). They are reset at block start, consumed in header order, and in scalar
//! (coupled) blocks they are metadata only.
//!
//! Validation (manual `08_tile_blocks.adoc` and `10_system_and_privilege.adoc` §"Block-format
//! validation failures"): a missing mandatory descriptor raises `E_BLOCK(EC_BLOCKFMT)` with
//! `TRAPARG0 = family | detail << 8`, reporting exactly one family with the priority
//! B.ARG > B.TEXT > B.IOT > B.IOR > B.DIM, before any side effect of the block.

use crate::state::block::BlockType;
use std::fmt;

/// `MissingDescFamily` codes (`TRAPARG0[7:0]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DescFamily {
    Dim = 1,
    Text = 2,
    Arg = 3,
    Ior = 4,
    Iot = 5,
}

impl fmt::Display for DescFamily {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Dim => "B.DIM",
            Self::Text => "B.TEXT",
            Self::Arg => "B.ARG",
            Self::Ior => "B.IOR",
            Self::Iot => "B.IOT/B.IOTI",
        })
    }
}

/// `MissingDetail` codes (`TRAPARG0[15:8]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DescDetail {
    Missing = 0,
    /// Present but the value is invalid or out of range.
    Invalid = 1,
    /// Present but illegal in this block (e.g. B.TEXT in a TLOAD header).
    IllegalCombination = 2,
}

/// `E_BLOCK(EC_BLOCKFMT)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("E_BLOCK(EC_BLOCKFMT): {block} header: {family} {} (TRAPARG0={:#x})", detail_text(self.detail), self.traparg0())]
pub struct BlockFmt {
    pub block: BlockType,
    pub family: DescFamily,
    pub detail: DescDetail,
}

fn detail_text(d: DescDetail) -> &'static str {
    match d {
        DescDetail::Missing => "missing",
        DescDetail::Invalid => "has an invalid value",
        DescDetail::IllegalCombination => "is not allowed",
    }
}

impl BlockFmt {
    /// The architectural `TRAPARG0` value.
    pub fn traparg0(&self) -> u64 {
        (self.family as u64) | ((self.detail as u64) << 8)
    }
}

/// One `B.IOR [RegSrc0, RegSrc1, RegSrc2], [RegDst]` (register codes; 0 = absent).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ior {
    pub srcs: [u8; 3],
    pub dst: u8,
}

/// Where a tile-producing block puts its output (`DstTile`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DstKind {
    /// Push onto tile hand 0..=3 (T, U, M, N).
    Hand(u8),
    /// The singleton accumulator.
    Acc,
}

/// The size of the destination tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileSize {
    /// `B.IOTI` SizeCode: `bytes = 2^(code + 4)`.
    Code(u8),
    /// `B.IOT` RegSrc: the size is in this register at execution time.
    Reg(u8),
}

/// One `B.IOT` / `B.IOTI` descriptor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Iot {
    /// Source tile ids (hand * 8 + k - 1) that are present (`S0V`/`S1V` are inverted in the
    /// encoding: 0 means present).
    pub srcs: [Option<u8>; 2],
    pub dst: Option<DstKind>,
    pub size: TileSize,
    /// `group = 1`: the terminal descriptor (`last`).
    pub last: bool,
}

/// The descriptors collected from one block header.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// B.ARG payload (layout format / mode selector), if present.
    pub arg: Option<u32>,
    /// B.TEXT body entry (BodyTPC), if present.
    pub text: Option<u64>,
    pub iors: Vec<Ior>,
    pub iots: Vec<Iot>,
    /// LB0..LB2 as written by B.DIM / C.B.DIM / C.B.DIMI.
    pub dims: [Option<u64>; 3],
    /// Number of descriptors seen.
    pub count: u32,
}

impl Header {
    /// Forget the previous block's descriptors (block start).
    pub fn reset(&mut self) {
        self.arg = None;
        self.text = None;
        self.iors.clear();
        self.iots.clear();
        self.dims = [None; 3];
        self.count = 0;
    }

    /// LBn, with the default 1 for an omitted bound (linx-isa issue #202, notes §9).
    pub fn lb(&self, n: usize) -> u64 {
        self.dims[n].unwrap_or(1)
    }

    /// Check the mandatory descriptors of `block` (manual `08_tile_blocks.adoc`).
    pub fn validate(&self, block: BlockType) -> Result<(), BlockFmt> {
        use DescDetail::{IllegalCombination, Missing};
        let need = Need::of(block);
        let fail = |family, detail| BlockFmt {
            block,
            family,
            detail,
        };
        // Priority order of the report: ARG, TEXT, IOT, IOR, DIM.
        if need.arg && self.arg.is_none() {
            return Err(fail(DescFamily::Arg, Missing));
        }
        match (need.text, self.text) {
            (Some(true), None) => return Err(fail(DescFamily::Text, Missing)),
            (Some(false), Some(_)) => return Err(fail(DescFamily::Text, IllegalCombination)),
            _ => {}
        }
        if need.iot && self.iots.is_empty() {
            return Err(fail(DescFamily::Iot, Missing));
        }
        if block.is_simt() && self.iot_limits_exceeded() {
            return Err(fail(DescFamily::Iot, IllegalCombination));
        }
        if need.ior && self.iors.is_empty() {
            return Err(fail(DescFamily::Ior, Missing));
        }
        if need.dim && self.dims.iter().all(Option::is_none) {
            return Err(fail(DescFamily::Dim, Missing));
        }
        Ok(())
    }

    /// SIMT bodies take at most 3 unique tile inputs and 1 tile output (manual `04_block_isa`
    /// §"Strict runtime checks").
    fn iot_limits_exceeded(&self) -> bool {
        let mut inputs: Vec<u8> = self.iots.iter().flat_map(|d| d.srcs).flatten().collect();
        inputs.sort_unstable();
        inputs.dedup();
        let outputs = self.iots.iter().filter(|d| d.dst.is_some()).count();
        inputs.len() > 3 || outputs > 1
    }
}

/// Which descriptor families a block type requires (`text`: Some(true) required, Some(false)
/// illegal, None optional).
struct Need {
    arg: bool,
    text: Option<bool>,
    iot: bool,
    ior: bool,
    dim: bool,
}

impl Need {
    fn of(block: BlockType) -> Need {
        let none = Need {
            arg: false,
            text: None,
            iot: false,
            ior: false,
            dim: false,
        };
        match block {
            // Manual 08 §"SIMT vector blocks": B.DIM and B.TEXT are mandatory.
            BlockType::Mpar | BlockType::Mseq | BlockType::Vpar | BlockType::Vseq => Need {
                text: Some(true),
                dim: true,
                ..none
            },
            // §TMA: TLOAD/TSTORE need B.ARG, B.IOR and B.IOT; §TMOV: B.IOT (B.ARG optional,
            // default ND). Header-driven engine ops must not carry B.TEXT.
            BlockType::Tma {
                function: 0 | 1, ..
            } => Need {
                arg: true,
                text: Some(false),
                iot: true,
                ior: true,
                ..none
            },
            BlockType::Tma { .. } => Need {
                text: Some(false),
                iot: true,
                ..none
            },
            // §CUBE: TMATMUL(.ACC) need B.DIM, B.IOT, B.ARG; ACCCVT also B.IOR.
            BlockType::Cube { function, .. } => Need {
                arg: true,
                text: Some(false),
                iot: true,
                ior: function == 8,
                dim: true,
            },
            BlockType::Tepl { .. } | BlockType::Fixp => Need {
                text: Some(false),
                ..none
            },
            _ => none,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TLOAD: BlockType = BlockType::Tma {
        function: 0,
        dtype: 17,
    };

    fn iot() -> Iot {
        Iot {
            srcs: [None, None],
            dst: Some(DstKind::Hand(0)),
            size: TileSize::Code(8),
            last: true,
        }
    }

    #[test]
    fn missing_families_are_reported_in_priority_order() {
        let mut h = Header::default();
        let fam = |h: &Header| h.validate(TLOAD).unwrap_err().family;
        assert_eq!(fam(&h), DescFamily::Arg, "ARG outranks IOT and IOR");
        h.arg = Some(0);
        assert_eq!(fam(&h), DescFamily::Iot, "IOT outranks IOR");
        h.iots.push(iot());
        assert_eq!(fam(&h), DescFamily::Ior);
        h.iors.push(Ior::default());
        assert_eq!(h.validate(TLOAD), Ok(()));
    }

    #[test]
    fn b_text_is_illegal_in_a_tload_header() {
        let mut h = Header {
            arg: Some(0),
            text: Some(0x100),
            ..Header::default()
        };
        h.iots.push(iot());
        h.iors.push(Ior::default());
        let e = h.validate(TLOAD).unwrap_err();
        assert_eq!(
            (e.family, e.detail),
            (DescFamily::Text, DescDetail::IllegalCombination)
        );
        assert_eq!(e.traparg0(), 0x202);
    }

    #[test]
    fn simt_blocks_need_text_then_dim() {
        let mut h = Header::default();
        assert_eq!(
            h.validate(BlockType::Mseq).unwrap_err().family,
            DescFamily::Text
        );
        h.text = Some(0x40);
        assert_eq!(
            h.validate(BlockType::Mseq).unwrap_err().family,
            DescFamily::Dim
        );
        h.dims[0] = Some(4);
        assert_eq!(h.validate(BlockType::Mseq), Ok(()));
        assert_eq!(
            h.validate(BlockType::Std),
            Ok(()),
            "scalar blocks need nothing"
        );
    }

    #[test]
    fn simt_headers_bind_at_most_one_output_tile() {
        let mut h = Header {
            text: Some(0x40),
            dims: [Some(1), None, None],
            ..Header::default()
        };
        h.iots.push(iot());
        h.iots.push(iot());
        assert_eq!(
            h.validate(BlockType::Vpar).unwrap_err().detail,
            DescDetail::IllegalCombination
        );
    }
}
