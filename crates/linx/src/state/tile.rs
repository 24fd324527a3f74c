//! The v0.4 tile register file and the tile memory agent (TLOAD / TSTORE / TMOV).
//!
//! Manual `03_programming_model.adoc` §"Tile registers (TAU)", `04_block_isa.adoc` §"Tile
//! blocks", `09_memory_operations.adoc` §"TLOAD/TSTORE semantics"; seed 003 Checks 19-20:
//!
//! * 32 architectural tiles, organised as 4 hands (T, U, M, N) x depth 8. A reference `hand#k`
//!   (k = 1..8, tile id `hand * 8 + k - 1`) names a position in the hand's queue, `#1` newest.
//! * Every tile tracks its size, 512 B..4 KiB; operations only touch the tracked size.
//! * A tile-producing block never mutates a tile: it pushes a new `hand#1`, shifting the others
//!   and evicting `hand#8`. Tile hands are not reset at block start (they are global state).
//! * Renaming is an implementation matter: here each hand is a ring of 8 physical tiles and a
//!   push rotates the ring.
//!
//! Tile arithmetic (TEPL, CUBE) is in `crate::exec::tile_ops`; the accumulator in
//! [`crate::state::acc`].
//!
//! Layout (manual `09` §"Layout and dimension contract"): `NORM` copies rows here; the
//! conversions ND2NZ / ND2ZN / DN2NZ / DN2ZN are in [`crate::state::tile_layout`]. Padding uses
//! zero fill (the `Null` policy is implementation-defined; this model chooses zero).

pub use crate::state::acc::Acc;
use crate::state::block::BlockType;
use crate::state::header::{BlockFmt, DescDetail, DescFamily, DstKind, Header, Iot, TileSize};
use crate::state::tile_layout::{self, Transfer};
use macrosim_core::{Access, MemFault, SparseMemory};

/// Tile hands (T, U, M, N).
pub const TILE_HANDS: usize = 4;
/// Definitions kept per tile hand.
pub const TILE_DEPTH: usize = 8;
/// Largest architectural tile.
pub const MAX_TILE_BYTES: usize = 4096;
/// Smallest architectural tile.
pub const MIN_TILE_BYTES: usize = 512;

const HAND_NAMES: [char; TILE_HANDS] = ['t', 'u', 'm', 'n'];

/// One tile register: its tracked size and its (maximum-size) storage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tile {
    pub size: usize,
    pub data: Box<[u8; MAX_TILE_BYTES]>,
    /// The DataType code of the block that produced it (TCVT's source type), if any.
    pub dtype: Option<u8>,
}

impl Default for Tile {
    fn default() -> Self {
        Tile {
            size: MIN_TILE_BYTES,
            data: Box::new([0; MAX_TILE_BYTES]),
            dtype: None,
        }
    }
}

impl Tile {
    /// The bytes within the tracked size.
    pub fn bytes(&self) -> &[u8] {
        &self.data[..self.size]
    }
}

/// The 32 tile registers plus the CUBE accumulator.
#[derive(Clone, Debug, Default)]
pub struct TileFile {
    slots: Vec<Tile>,
    head: [usize; TILE_HANDS],
    /// The CUBE accumulator (singleton, manual 04 §"block split patterns").
    pub acc: Acc,
}

impl TileFile {
    pub fn new() -> Self {
        TileFile {
            slots: vec![Tile::default(); TILE_HANDS * TILE_DEPTH],
            head: [0; TILE_HANDS],
            acc: Acc::default(),
        }
    }

    fn slot(&self, id: u8) -> usize {
        let hand = usize::from(id) / TILE_DEPTH % TILE_HANDS;
        let k = usize::from(id) % TILE_DEPTH;
        hand * TILE_DEPTH + (self.head[hand] + k) % TILE_DEPTH
    }

    /// The physical tile (0..32) a tile id names now (the timing model's renaming).
    pub fn physical(&self, id: u8) -> usize {
        self.slot(id)
    }

    /// The tile named by a tile id (`hand * 8 + k - 1`).
    pub fn get(&self, id: u8) -> &Tile {
        &self.slots[self.slot(id)]
    }

    /// Push `bytes` (of length `size`, zero-extended to the storage) as the new `hand#1`.
    pub fn push(&mut self, hand: u8, size: usize, bytes: &[u8]) {
        self.push_typed(hand, size, bytes, None);
    }

    /// [`Self::push`], recording the element type of the producing block.
    pub fn push_typed(&mut self, hand: u8, size: usize, bytes: &[u8], dtype: Option<u8>) {
        let h = usize::from(hand) % TILE_HANDS;
        self.head[h] = (self.head[h] + TILE_DEPTH - 1) % TILE_DEPTH;
        let tile = &mut self.slots[h * TILE_DEPTH + self.head[h]];
        tile.size = size;
        tile.dtype = dtype;
        let n = bytes.len().min(MAX_TILE_BYTES);
        tile.data[..n].copy_from_slice(&bytes[..n]);
        tile.data[n..].fill(0);
    }
}

/// The assembler spelling of a tile id (`t#1`, `n#8`).
pub fn tile_name(id: u8) -> String {
    let hand = usize::from(id) / TILE_DEPTH % TILE_HANDS;
    format!("{}#{}", HAND_NAMES[hand], usize::from(id) % TILE_DEPTH + 1)
}

/// Bytes per element of a v0.4 tile `DataType` (manual `04_block_isa` §"tile DataType field
/// assignments"); `None` for 4-bit packed and reserved types.
pub fn elem_bytes(dtype: u8) -> Option<usize> {
    Some(match dtype {
        0 | 16 | 24 => 8,     // FP64, INT64, UINT64
        1 | 17 | 25 => 4,     // FP32, INT32, UINT32
        2 | 6 | 18 | 26 => 2, // FP16, BF16, INT16, UINT16
        3 | 7 | 19 | 27 => 1, // FP8, FPL8, INT8, UINT8
        _ => return None,
    })
}

/// Why a tile block failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TileError {
    #[error(transparent)]
    Format(#[from] BlockFmt),
    #[error("tile memory access: {0}")]
    Mem(#[from] MemFault),
    #[error("{0}")]
    Param(String),
    #[error("unimplemented: {0}")]
    Unimplemented(String),
}

/// The B.ARG layout selectors this model executes.
const ARG_NORM: u32 = 0;

/// The operands of one header-driven TMA block, resolved from its header and the GPRs.
struct TmaPlan<'h> {
    block: BlockType,
    elem: usize,
    iot: &'h Iot,
    base: u64,
    stride: u64,
    lb: [usize; 3],
}

/// What a tile engine block did, for the timing model.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TileWork {
    pub bytes: u64,
    /// Tile elements an arithmetic block computed (TEPL lanes, CUBE multiply-adds).
    pub elems: u64,
    pub loads: bool,
    pub stores: bool,
}

/// The size of a destination tile (manual `04` §"Bring-up v0.4 descriptor rules"):
/// * `B.IOTI` SizeCode: `bytes = 2^(SizeCode + 4)` "with strict architectural clamp to
///   512B..4KB". The LLVM output relies on the clamp (the normalized v0.4 dump carries codes 9
///   and 10 printed as `<4KB>`), so codes outside 5..=8 are clamped.
/// * `B.IOT` RegSrc (dynamic): "runtime MUST fail fast on out-of-range dynamic sizes": the value
///   must be a SizeCode 5..=8 or a power of two from 512 to 4096 bytes, else EC_BLOCKFMT.
pub fn resolve_size(
    block: BlockType,
    size: TileSize,
    read_reg: &dyn Fn(u8) -> u64,
) -> Result<usize, BlockFmt> {
    match size {
        TileSize::Code(code) => Ok(1usize << (u32::from(code) + 4).clamp(9, 12)),
        TileSize::Reg(reg) => {
            let bytes = match read_reg(reg) {
                v @ 5..=8 => 1 << (v + 4),
                v => v,
            };
            if (MIN_TILE_BYTES as u64..=MAX_TILE_BYTES as u64).contains(&bytes)
                && bytes.is_power_of_two()
            {
                Ok(bytes as usize)
            } else {
                Err(BlockFmt {
                    block,
                    family: DescFamily::Iot,
                    detail: DescDetail::Invalid,
                })
            }
        }
    }
}

fn plan<'h>(
    block: BlockType,
    dtype: u8,
    header: &'h Header,
    read_reg: &dyn Fn(u8) -> u64,
) -> Result<TmaPlan<'h>, TileError> {
    let elem = elem_bytes(dtype).ok_or_else(|| {
        TileError::Unimplemented(format!("{block} with 4-bit or reserved DataType {dtype}"))
    })?;
    let iot = &header.iots[0];
    // An omitted LB2 (TR row length) defaults to LB0: the tile rows are as long as the GM rows.
    let lb0 = header.lb(0) as usize;
    let lb = [
        lb0,
        header.lb(1) as usize,
        header.dims[2].map_or(lb0, |v| v as usize),
    ];
    // Base and stride: the most recent B.IOR; RegSrc1 is the base when present, RegSrc0 the
    // stride; a base-only descriptor (RegSrc0) means dense rows (manual 09 §"Bring-up binding").
    let (base, stride) = match header.iors.last() {
        Some(ior) if ior.srcs[1] != 0 => (
            read_reg(ior.srcs[1]),
            if ior.srcs[0] != 0 {
                read_reg(ior.srcs[0])
            } else {
                (lb[0] * elem) as u64
            },
        ),
        Some(ior) => (read_reg(ior.srcs[0]), (lb[0] * elem) as u64),
        None => (0, 0),
    };
    Ok(TmaPlan {
        block,
        elem,
        iot,
        base,
        stride,
        lb,
    })
}

impl TmaPlan<'_> {
    /// A B.ARG layout conversion ([`crate::state::tile_layout`]); `None` for NORM.
    fn conversion(
        &self,
        header: &Header,
        read_reg: &dyn Fn(u8) -> u64,
        tile_bytes: usize,
    ) -> Result<Option<Transfer>, TileError> {
        let arg = header.arg.unwrap_or(ARG_NORM);
        if arg == ARG_NORM {
            return Ok(None);
        }
        let (gm, tr) = tile_layout::format(self.block, arg)?;
        let stride = header
            .iors
            .last()
            .filter(|d| d.srcs[0] != 0 && d.srcs[1] != 0)
            .map(|d| read_reg(d.srcs[0]));
        Ok(Some(Transfer {
            block: self.block,
            gm,
            tr,
            elem: self.elem,
            base: self.base,
            stride,
            lb: self.lb,
            tile_bytes,
        }))
    }

    /// GM inner/outer counts and the TR row length (elements), checked to fit `tile_bytes`.
    fn geometry(&self, tile_bytes: usize) -> Result<(usize, usize, usize), TileError> {
        let [gm_inner, gm_outer, tr_inner] = self.lb;
        let tile_elems = tile_bytes / self.elem;
        if tr_inner == 0 || gm_inner > tr_inner || gm_outer > tile_elems / tr_inner {
            return Err(TileError::Param(format!(
                "{}: GM footprint {gm_outer}x{gm_inner} elements does not fit a {tile_bytes}-byte \
                 tile with rows of {tr_inner} elements (LB0/LB1/LB2)",
                self.block
            )));
        }
        Ok((gm_inner, gm_outer, tr_inner))
    }
}

/// TLOAD: global memory -> new tile (pushed on the destination hand).
pub fn tload(
    block: BlockType,
    dtype: u8,
    header: &Header,
    read_reg: &dyn Fn(u8) -> u64,
    mem: &SparseMemory,
    tiles: &mut TileFile,
) -> Result<TileWork, TileError> {
    let p = plan(block, dtype, header, read_reg)?;
    let Some(DstKind::Hand(hand)) = p.iot.dst else {
        return Err(invalid_iot(block).into());
    };
    let size = resolve_size(block, p.iot.size, read_reg)?;
    if let Some(x) = p.conversion(header, read_reg, size)? {
        let (gi, go, ti, to) = x.shape().map_err(TileError::Param)?;
        let mut buf = [0u8; MAX_TILE_BYTES];
        let e = p.elem;
        for o in 0..go {
            for i in 0..gi {
                let at = x.tile_index(to, ti, o, i) * e;
                mem.read_into(x.gm_addr(o, i), &mut buf[at..at + e], Access::Read)?;
            }
        }
        tiles.push_typed(hand, size, &buf[..size], Some(dtype));
        return Ok(TileWork {
            bytes: (gi * go * e) as u64,
            loads: true,
            ..TileWork::default()
        });
    }
    let (inner, outer, tr_inner) = p.geometry(size)?;
    let mut buf = [0u8; MAX_TILE_BYTES];
    let row = inner * p.elem;
    for r in 0..outer {
        let at = r * tr_inner * p.elem;
        let addr = p.base.wrapping_add(r as u64 * p.stride);
        mem.read_into(addr, &mut buf[at..at + row], Access::Read)?;
    }
    tiles.push_typed(hand, size, &buf[..size], Some(dtype));
    Ok(TileWork {
        bytes: (row * outer) as u64,
        loads: true,
        ..TileWork::default()
    })
}

/// TSTORE: the first source tile -> global memory.
pub fn tstore(
    block: BlockType,
    dtype: u8,
    header: &Header,
    read_reg: &dyn Fn(u8) -> u64,
    mem: &mut SparseMemory,
    tiles: &TileFile,
) -> Result<TileWork, TileError> {
    let p = plan(block, dtype, header, read_reg)?;
    let src = first_source(header).ok_or_else(|| invalid_iot(block))?;
    let tile = tiles.get(src);
    if let Some(x) = p.conversion(header, read_reg, tile.size)? {
        let (gi, go, ti, to) = x.shape().map_err(TileError::Param)?;
        let e = p.elem;
        for o in 0..go {
            for i in 0..gi {
                let at = x.tile_index(to, ti, o, i) * e;
                mem.write_bytes(x.gm_addr(o, i), &tile.data[at..at + e])?;
            }
        }
        return Ok(TileWork {
            bytes: (gi * go * e) as u64,
            stores: true,
            ..TileWork::default()
        });
    }
    let (inner, outer, tr_inner) = p.geometry(tile.size)?;
    let row = inner * p.elem;
    for r in 0..outer {
        let at = r * tr_inner * p.elem;
        let addr = p.base.wrapping_add(r as u64 * p.stride);
        mem.write_bytes(addr, &tile.data[at..at + row])?;
    }
    Ok(TileWork {
        bytes: (row * outer) as u64,
        stores: true,
        ..TileWork::default()
    })
}

/// TMOV mode `V2V` (tile to tile), the B.ARG value 0 (`NORM.normal` or `B.ARG 0`) and the
/// default when B.ARG is absent (manual 08 §TMOV: "if `B.ARG` is absent, the layout is ND").
pub const TMOV_V2V: u32 = 0;
/// TMOV mode `A2V` (accumulator to tile), B.ARG value 1. Manual 04 §"v0.4 TMOV contracts":
/// "`V2V` and `A2V` are defined, and all other modes are reserved/illegal"; the values are the
/// PTO layer's (linx-isa e4b5515 `lib/pto/include/pto/linx/impl/backend.hpp` `tileTMov`: "tmov
/// mode must be 0(V2V) or 1(A2V)"; `pto/common/event.hpp`: `TMOV_A2V` "Acc to Vec"), carried in
/// the catalog's `B.ARG format` field. Executed by `crate::exec::tile_ops::cube::a2v`.
pub const TMOV_A2V: u32 = 1;

/// TMOV `V2V`: copy the first source tile into a new destination tile (tile state only, no
/// memory). The copy covers the smaller of the two sizes; the rest of a larger destination is
/// zero. Any B.ARG other than V2V (A2V runs elsewhere) is `E_BLOCK(EC_BLOCKFMT)` B.ARG invalid.
pub fn tmov(
    block: BlockType,
    header: &Header,
    read_reg: &dyn Fn(u8) -> u64,
    tiles: &mut TileFile,
) -> Result<TileWork, TileError> {
    if header.arg.is_some_and(|a| a != TMOV_V2V) {
        return Err(TileError::Format(BlockFmt {
            block,
            family: DescFamily::Arg,
            detail: DescDetail::Invalid,
        }));
    }
    let src = first_source(header).ok_or_else(|| invalid_iot(block))?;
    let iot = header
        .iots
        .iter()
        .find(|d| d.dst.is_some())
        .ok_or_else(|| invalid_iot(block))?;
    let Some(DstKind::Hand(hand)) = iot.dst else {
        return Err(invalid_iot(block).into());
    };
    let size = resolve_size(block, iot.size, read_reg)?;
    let from = tiles.get(src);
    let n = from.size.min(size);
    let mut buf = [0u8; MAX_TILE_BYTES];
    buf[..n].copy_from_slice(&from.data[..n]);
    let dtype = from.dtype;
    tiles.push_typed(hand, size, &buf[..size], dtype);
    Ok(TileWork {
        bytes: n as u64,
        ..TileWork::default()
    })
}

/// The first present source tile across the header's descriptors.
pub fn first_source(header: &Header) -> Option<u8> {
    header.iots.iter().flat_map(|d| d.srcs).flatten().next()
}

fn invalid_iot(block: BlockType) -> BlockFmt {
    BlockFmt {
        block,
        family: DescFamily::Iot,
        detail: DescDetail::Invalid,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::header::Ior;
    use macrosim_core::Perm;

    const TLOAD: BlockType = BlockType::Tma {
        function: 0,
        dtype: 17,
    };

    #[test]
    fn pushes_shift_the_hand_and_evict_the_eighth() {
        let mut tf = TileFile::new();
        for v in 1..=9u8 {
            tf.push(1, 512, &[v; 512]);
        }
        // u#1 (id 8) is the newest push (9), u#8 (id 15) holds 2; 1 was evicted.
        assert_eq!(tf.get(8).data[0], 9);
        assert_eq!(tf.get(15).data[0], 2);
        assert_eq!(tf.get(0).data[0], 0, "the T hand is untouched");
        assert_eq!(tile_name(15), "u#8");
    }

    #[test]
    fn size_codes_clamp_and_dynamic_sizes_fail_fast() {
        let no_regs = |_| 0;
        assert_eq!(resolve_size(TLOAD, TileSize::Code(5), &no_regs), Ok(512));
        assert_eq!(resolve_size(TLOAD, TileSize::Code(8), &no_regs), Ok(4096));
        assert_eq!(resolve_size(TLOAD, TileSize::Code(4), &no_regs), Ok(512));
        assert_eq!(resolve_size(TLOAD, TileSize::Code(10), &no_regs), Ok(4096));
        let reg = |_| 1024;
        assert_eq!(resolve_size(TLOAD, TileSize::Reg(3), &reg), Ok(1024));
        let bad = |_| 1000;
        assert!(resolve_size(TLOAD, TileSize::Reg(3), &bad).is_err());
    }

    #[test]
    fn tload_then_tstore_moves_a_strided_matrix() {
        let mut mem = SparseMemory::new();
        mem.map(0x10000, 0x4000, Perm::RW);
        // A 4x3 matrix of u32 with a row stride of 64 bytes.
        for r in 0..4u64 {
            for c in 0..3u64 {
                mem.write_u32(0x10000 + r * 64 + c * 4, (10 * r + c) as u32)
                    .unwrap();
            }
        }
        let regs = |code: u8| match code {
            2 => 64,      // a0: stride
            3 => 0x10000, // a1: base
            4 => 0x12000, // a2: destination base
            _ => 0,
        };
        let mut h = Header {
            arg: Some(ARG_NORM),
            dims: [Some(3), Some(4), Some(4)],
            ..Header::default()
        };
        h.iors.push(Ior {
            srcs: [2, 3, 0],
            dst: 0,
        });
        h.iots.push(Iot {
            srcs: [None, None],
            dst: Some(DstKind::Hand(0)),
            size: TileSize::Code(5),
            last: true,
        });
        let mut tiles = TileFile::new();
        let w = tload(TLOAD, 17, &h, &regs, &mem, &mut tiles).unwrap();
        assert_eq!(w.bytes, 48);
        let t = tiles.get(0);
        assert_eq!(t.size, 512);
        // Row r starts at element r * LB2 = r * 4; the fourth column is padding (zero).
        let at = |i: usize| u32::from_le_bytes(t.data[i * 4..i * 4 + 4].try_into().unwrap());
        assert_eq!(
            [at(0), at(1), at(2), at(3), at(4), at(14)],
            [0, 1, 2, 0, 10, 32]
        );

        // Store it back densely (base-only B.IOR: stride = LB0 * 4).
        let mut st = h.clone();
        st.iors = vec![Ior {
            srcs: [4, 0, 0],
            dst: 0,
        }];
        st.iots = vec![Iot {
            srcs: [Some(0), None],
            dst: None,
            size: TileSize::Code(5),
            last: true,
        }];
        let tstore_t = BlockType::Tma {
            function: 1,
            dtype: 17,
        };
        tstore(tstore_t, 17, &st, &regs, &mut mem, &tiles).unwrap();
        let got: Vec<u32> = (0..12)
            .map(|i| mem.read_u32(0x12000 + i * 4).unwrap())
            .collect();
        assert_eq!(got, [0, 1, 2, 10, 11, 12, 20, 21, 22, 30, 31, 32]);
    }

    #[test]
    fn a_footprint_larger_than_the_tile_is_rejected() {
        let mem = SparseMemory::new();
        let mut h = Header {
            arg: Some(ARG_NORM),
            dims: [Some(200), Some(1), Some(200)],
            ..Header::default()
        };
        h.iors.push(Ior::default());
        h.iots.push(Iot {
            srcs: [None, None],
            dst: Some(DstKind::Hand(0)),
            size: TileSize::Code(5),
            last: true,
        });
        let e = tload(TLOAD, 17, &h, &|_| 0, &mem, &mut TileFile::new()).unwrap_err();
        assert!(matches!(e, TileError::Param(_)), "{e}");
    }

    #[test]
    fn tmov_copies_into_a_new_tile_and_leaves_the_source() {
        let mut tiles = TileFile::new();
        tiles.push(0, 512, &[7; 512]);
        let mut h = Header::default();
        h.iots.push(Iot {
            srcs: [Some(0), None],
            dst: Some(DstKind::Hand(2)),
            size: TileSize::Code(6),
            last: true,
        });
        tmov(
            BlockType::Tma {
                function: 2,
                dtype: 17,
            },
            &h,
            &|_| 0,
            &mut tiles,
        )
        .unwrap();
        let m1 = tiles.get(16);
        assert_eq!(
            (m1.size, m1.data[0], m1.data[511], m1.data[512]),
            (1024, 7, 7, 0)
        );
        assert_eq!(tiles.get(0).data[0], 7);
    }
}
