//! TLOAD/TSTORE layout conversions (manual 09 §"Layout and dimension contract"; NZ/ZN index
//! formulas of notes linx-tiles §2.4), through the tile memory agent's public functions.

use macrosim_core::{Perm, SparseMemory};
use macrosim_linx::block::BlockType;
use macrosim_linx::state::header::{DstKind, Header, Ior, Iot, TileSize};
use macrosim_linx::state::tile::{TileError, TileFile, tload, tstore};

/// A 16x16 FP32 matrix (value = 100 * row + column) in GM.
fn matrix16(mem: &mut SparseMemory, at: u64) {
    mem.map(at, 0x2000, Perm::RW);
    for o in 0..16u64 {
        for i in 0..16u64 {
            mem.write_u32(at + (o * 16 + i) * 4, (100 * o + i) as u32)
                .unwrap();
        }
    }
}

fn conv_header(arg: u32, base_reg: u8, src: Option<u8>) -> Header {
    let mut h = Header {
        arg: Some(arg),
        dims: [Some(16), Some(16), Some(16)],
        ..Header::default()
    };
    h.iors.push(Ior {
        srcs: [base_reg, 0, 0],
        dst: 0,
    });
    h.iots.push(Iot {
        srcs: [src, None],
        dst: src.is_none().then_some(DstKind::Hand(0)),
        size: TileSize::Code(6),
        last: true,
    });
    h
}

#[test]
fn nd2nz_loads_fractal_blocks_and_stores_back_to_nd() {
    let mut mem = SparseMemory::new();
    matrix16(&mut mem, 0x10000);
    mem.map(0x20000, 0x2000, Perm::RW);
    let regs = |c: u8| if c == 2 { 0x10000 } else { 0x20000 };
    let mut tiles = TileFile::new();
    let t = BlockType::Tma {
        function: 0,
        dtype: 1,
    };
    tload(t, 1, &conv_header(4, 2, None), &regs, &mem, &mut tiles).unwrap();
    let tile = tiles.get(0);
    let at = |k: usize| u32::from_le_bytes(tile.data[k * 4..k * 4 + 4].try_into().unwrap());
    // NZ, FP32: 16x8 blocks, column-major between blocks: element 8 is (1, 0); element
    // 128 starts the second block column, (0, 8).
    assert_eq!([at(0), at(7), at(8), at(128), at(129)], [0, 7, 100, 8, 9]);
    let st = BlockType::Tma {
        function: 1,
        dtype: 1,
    };
    tstore(st, 1, &conv_header(4, 3, Some(0)), &regs, &mut mem, &tiles).unwrap();
    for k in [0u64, 17, 100, 255] {
        assert_eq!(
            mem.read_u32(0x20000 + k * 4).unwrap(),
            mem.read_u32(0x10000 + k * 4).unwrap()
        );
    }
}

#[test]
fn dn2zn_reads_column_major_gm_and_fractal_limits_are_checked() {
    let mut mem = SparseMemory::new();
    matrix16(&mut mem, 0x10000);
    let regs = |_| 0x10000;
    let mut tiles = TileFile::new();
    let t = BlockType::Tma {
        function: 0,
        dtype: 1,
    };
    tload(t, 1, &conv_header(8, 2, None), &regs, &mem, &mut tiles).unwrap();
    let tile = tiles.get(0);
    let at = |k: usize| u32::from_le_bytes(tile.data[k * 4..k * 4 + 4].try_into().unwrap());
    // GM DN: element (o, i) is at i * 16 + o, i.e. memory value 100 * i + o. ZN stores
    // (o, i) at i * 16 + o inside the first block: tile element 1 is (1, 0) = GM word 1.
    assert_eq!([at(0), at(1), at(16)], [0, 1, 100]);
    let mut h = conv_header(4, 2, None);
    h.dims = [Some(8), Some(8), Some(8)]; // TR 8 wide in a 1 KiB FP32 tile: 32 rows, fine
    assert!(tload(t, 1, &h, &regs, &mem, &mut tiles).is_ok());
    h.dims = [Some(4), Some(4), Some(4)]; // 16-byte tile rows: not a multiple of 32 bytes
    let e = tload(t, 1, &h, &regs, &mem, &mut tiles).unwrap_err();
    assert!(e.to_string().contains("NZ/ZN tile needs"), "{e}");
    let mut h = conv_header(1, 2, None);
    h.arg = Some(1);
    assert!(matches!(
        tload(t, 1, &h, &regs, &mem, &mut tiles),
        Err(TileError::Format(_))
    ));
}

/// Manual 09 §"Padding contract": tile elements outside the GM footprint get the pad value.
/// v0.4 encodes only `Null` (README "TLOAD/TSTORE pads"), implementation-defined: zero here.
/// Checked on a tile slot that held other data before (the hand's ring is filled first).
#[test]
fn a_partial_footprint_pads_the_rest_of_the_tile_with_zero_in_every_layout() {
    let mut mem = SparseMemory::new();
    matrix16(&mut mem, 0x10000);
    let regs = |_| 0x10000;
    let t = BlockType::Tma {
        function: 0,
        dtype: 1,
    };
    for (arg, gm_inner, gm_outer) in [(0u32, 3u64, 2u64), (4, 5, 10), (3, 5, 10), (9, 5, 10)] {
        let mut tiles = TileFile::new();
        for _ in 0..8 {
            tiles.push(0, 4096, &[0xff; 4096]);
        }
        let mut h = conv_header(arg, 2, None);
        // TR rows of 16 FP32 elements in a 1 KiB tile: 16 x 16; the GM footprint is smaller.
        h.dims = [Some(gm_inner), Some(gm_outer), Some(16)];
        tload(t, 1, &h, &regs, &mem, &mut tiles).unwrap();
        let tile = tiles.get(0);
        assert_eq!(tile.size, 1024);
        let words: Vec<u32> = tile.data[..1024]
            .chunks(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        let loaded = (gm_inner * gm_outer) as usize;
        // Without a stride register the GM matrix is dense, so the footprint is the first
        // `loaded` words of GM, whose value is 100 * (k / 16) + k % 16 (ND or DN alike).
        let mut want: Vec<u32> = (0..loaded as u32)
            .map(|k| 100 * (k / 16) + k % 16)
            .collect();
        let mut got: Vec<u32> = words.iter().copied().filter(|&w| w != 0).collect();
        // Element (0, 0) is 0 itself: count it among the loaded ones.
        got.push(0);
        got.sort_unstable();
        want.sort_unstable();
        assert_eq!(got, want, "B.ARG {arg}: the loaded elements, each once");
        assert_eq!(
            words.iter().filter(|&&w| w == 0).count(),
            256 - loaded + 1,
            "B.ARG {arg}: every other element is the zero pad"
        );
        assert!(tile.data[1024..].iter().all(|&b| b == 0), "beyond the size");
    }
}
