//! Tile-local memory of vector blocks: the `.local` forms of `V.L*`/`V.S*` on the tile bases
//! `TA/TB/TC/TD` (inputs) and `TO/TS` (output, scratch).
//!
//! Manual `04_block_isa.adoc` §"Kernel memory-bridge naming", "Bring-up operand constraints"
//! and "Bring-up tile-base binding":
//!
//! * `TA..TD` are the first four present source tiles of the header's `B.IOT/B.IOTI`
//!   descriptors, in header order, `SrcTile0` before `SrcTile1`. They are read-only, and are
//!   resolved (`hand#k` relative to the tile hands) when the header completes.
//! * `TO/TS` are the first two destination tiles. The manual says "the first two destination
//!   tiles encoded in an absent source slot (preferring SrcTile1, then SrcTile0)"; this model
//!   reads that as the destinations of the descriptors in header order (the LLVM kernels name
//!   exactly those: `B.IOTI [t#3, t#2] ->u<2KB>; B.IOTI [m#6], last ->m<2KB>` binds ta, tb, tc
//!   to t#3, t#2, m#6 and to, ts to the new u and m tiles). A destination tile starts zeroed at
//!   its descriptor's size; every destination is pushed onto its hand, in header order, when
//!   the block completes (a tile-producing block pushes new tiles, manual 03 §"Tile registers").
//! * The address of a `.local` access is a byte offset into the bound tile (the base reads as
//!   0); it must lie within the tile's tracked size, and only `TO`/`TS` may be stored to.
//!   An unbound base is illegal.

use crate::isa::regs::Reg10;
use crate::state::block::BlockType;
use crate::state::error::Fault;
use crate::state::header::{DstKind, Header};
use crate::state::tile::{self, MAX_TILE_BYTES, TileFile};

/// Class-2 RegId10 indices of the tile bases (see `isa::regs`): ta..td, to, ts.
const BASES: [(u8, &str); 6] = [
    (16, "ta"),
    (17, "tb"),
    (18, "tc"),
    (19, "td"),
    (24, "to"),
    (28, "ts"),
];

/// One bound tile: its tracked size and contents.
#[derive(Clone, Debug)]
struct Bound {
    size: usize,
    data: Vec<u8>,
}

/// The tile bases of one vector block, and the destination tiles it will push.
#[derive(Clone, Debug, Default)]
pub struct LocalTiles {
    inputs: Vec<Bound>,
    /// Destination tiles in header order with their hands (the first two are TO, TS).
    outputs: Vec<(u8, Bound)>,
}

impl LocalTiles {
    /// Bind the bases from the header's tile descriptors (at the header's end).
    pub fn bind(
        block: BlockType,
        header: &Header,
        tiles: &TileFile,
        read_reg: &dyn Fn(u8) -> u64,
    ) -> Result<Self, Fault> {
        let inputs = header
            .iots
            .iter()
            .flat_map(|d| d.srcs)
            .flatten()
            .take(4)
            .map(|id| {
                let t = tiles.get(id);
                Bound {
                    size: t.size,
                    data: t.bytes().to_vec(),
                }
            })
            .collect();
        let mut outputs = Vec::new();
        for d in &header.iots {
            if let Some(DstKind::Hand(hand)) = d.dst {
                let size = tile::resolve_size(block, d.size, read_reg)?;
                outputs.push((
                    hand,
                    Bound {
                        size,
                        data: vec![0; size],
                    },
                ));
            }
        }
        Ok(LocalTiles { inputs, outputs })
    }

    /// The bound tile a base operand names: (tile, writable).
    fn base(&mut self, code: u16) -> Result<(&mut Bound, bool), Fault> {
        let r = Reg10::from_code(code);
        let slot = (r.class == 2)
            .then(|| BASES.iter().position(|&(i, _)| i == r.index))
            .flatten()
            .ok_or_else(|| {
                Fault::Illegal(
                    ".local vector memory access must use a tile base (ta..td, to, ts)".into(),
                )
            })?;
        let name = BASES[slot].1;
        let unbound = || Fault::Illegal(format!("tile base {name} is not bound by the header"));
        if slot < 4 {
            let t = self.inputs.get_mut(slot).ok_or_else(unbound)?;
            Ok((t, false))
        } else {
            let t = self.outputs.get_mut(slot - 4).ok_or_else(unbound)?;
            Ok((&mut t.1, true))
        }
    }

    /// The bytes of a `.local` access at byte `offset` from tile base `code`.
    fn span(&mut self, code: u16, offset: u64, bytes: usize) -> Result<&mut [u8], Fault> {
        let name = Reg10::from_code(code).source_name().unwrap_or_default();
        let (t, _) = self.base(code)?;
        let end = offset
            .checked_add(bytes as u64)
            .filter(|&e| e <= t.size as u64);
        match end {
            Some(end) => Ok(&mut t.data[offset as usize..end as usize]),
            None => Err(Fault::Illegal(format!(
                "tile-local access of {bytes} byte(s) at offset {offset:#x} is outside {name} \
                 ({} bytes)",
                t.size
            ))),
        }
    }

    /// A little-endian load of `1 << log2` bytes, zero-extended.
    pub fn load(&mut self, code: u16, offset: u64, log2: u8) -> Result<u64, Fault> {
        let s = self.span(code, offset, 1 << log2)?;
        Ok(s.iter().rev().fold(0, |v, &b| v << 8 | u64::from(b)))
    }

    /// A little-endian store of the low `1 << log2` bytes; only `TO`/`TS` are writable.
    pub fn store(&mut self, code: u16, offset: u64, log2: u8, value: u64) -> Result<(), Fault> {
        if !self.base(code)?.1 {
            return Err(Fault::Illegal(
                ".local store to an input tile base (only to and ts are writable)".into(),
            ));
        }
        let s = self.span(code, offset, 1 << log2)?;
        for (i, b) in s.iter_mut().enumerate() {
            *b = (value >> (8 * i)) as u8;
        }
        Ok(())
    }

    /// Push the destination tiles onto their hands (at the block's end).
    pub fn commit(self, tiles: &mut TileFile) -> u64 {
        let mut bytes = 0;
        for (hand, t) in self.outputs {
            tiles.push(hand, t.size, &t.data[..t.size.min(MAX_TILE_BYTES)]);
            bytes += t.size as u64;
        }
        bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::header::{Iot, TileSize};

    fn code(index: u8) -> u16 {
        2 << 5 | u16::from(index)
    }

    fn header() -> Header {
        Header {
            iots: vec![
                Iot {
                    srcs: [Some(0), Some(8)], // t#1, u#1
                    dst: Some(DstKind::Hand(2)),
                    size: TileSize::Code(5),
                    last: false,
                },
                Iot {
                    srcs: [None, None],
                    dst: Some(DstKind::Hand(0)),
                    size: TileSize::Code(5),
                    last: true,
                },
            ],
            ..Header::default()
        }
    }

    #[test]
    fn bases_bind_in_header_order_and_outputs_push_at_commit() {
        let mut tiles = TileFile::new();
        tiles.push(0, 512, &[7; 512]);
        tiles.push(1, 1024, &[9; 1024]);
        let mut l = LocalTiles::bind(BlockType::Vpar, &header(), &tiles, &|_| 0).unwrap();
        assert_eq!(l.load(code(16), 0, 3).unwrap(), 0x0707_0707_0707_0707);
        assert_eq!(l.load(code(17), 1020, 2).unwrap(), 0x0909_0909);
        assert!(l.load(code(17), 1021, 2).is_err(), "past the tracked size");
        assert!(l.load(code(18), 0, 0).is_err(), "tc is unbound");
        assert!(l.store(code(16), 0, 0, 1).is_err(), "ta is read-only");
        l.store(code(24), 8, 1, 0xabcd).unwrap();
        l.store(code(28), 0, 0, 0x5a).unwrap();
        assert_eq!(l.load(code(24), 8, 1).unwrap(), 0xabcd);
        assert!(l.load(code(3), 0, 0).is_err(), "lc0 is not a tile base");
        assert_eq!(l.commit(&mut tiles), 1024);
        // to -> m#1 (hand 2), ts -> t#1 (hand 0, pushed second; the old t#1 is now t#2).
        assert_eq!(tiles.get(16).bytes()[8..10], [0xcd, 0xab]);
        assert_eq!(tiles.get(0).bytes()[0], 0x5a);
        assert_eq!(tiles.get(1).bytes()[0], 7);
    }
}
