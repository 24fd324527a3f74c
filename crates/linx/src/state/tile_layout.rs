//! TLOAD/TSTORE layout conversions (manual `09_memory_operations` §"Layout and dimension
//! contract"; index formulas from QEMU's `linx_tile_linear_index`, notes linx-tiles §2.4).
//!
//! * `B.ARG` selects one of the five legal formats. Its 5-bit selector is read with the code
//!   table the v0.4 catalog's fixed `B.ARG` forms use (`ND2ZN.normal` = 3, `DN2ZN.normal` = 8,
//!   `DN2NZ.normal` = 9, `NZ2DN.canon` = 0x1c; the same numbers as QEMU v0.58's 5-bit layout
//!   codes, where ND->NZ = 4): 0 NORM (ND<->ND), 4 ND2NZ, 3 ND2ZN, 9 DN2NZ, 8 DN2ZN, 0x1c
//!   NZ2DN (GM DN, tile NZ). Every other value is `E_BLOCK(EC_BLOCKFMT)` B.ARG invalid. (QEMU
//!   v0.4-window reads `B.ARG format` as layout = bits 2:0, pad = bits 4:3, which contradicts
//!   the catalog's fixed forms: 3 would be DN2NZ there. The catalog wins.)
//! * NZ/ZN are tile-side layouts (GM is ND or DN): blocks of 16 rows x `32 / elem` columns
//!   (32-byte block rows); NZ orders the blocks column-major and is row-major inside a block,
//!   ZN the reverse. They need `TR_inner * elem % 32 == 0` and `TR_outer % 16 == 0`.
//! * A GM element `(o, i)` of an `outer x inner` matrix is at `base + o * stride + i * elem`
//!   (ND) or `base + i * stride + o * elem` (DN); without a stride register the matrix is dense
//!   (`stride = inner * elem` for ND, `outer * elem` for DN).
//! * Padding (TLOAD): tile elements outside the GM footprint get the pad value. The only pad
//!   the v0.4 encodings name is `Null` (the fixed forms' `, Null`), which is
//!   implementation-defined; this model fills zero (QEMU fills a pseudo-random pattern).

use crate::state::block::BlockType;
use crate::state::header::{BlockFmt, DescDetail, DescFamily};

/// A matrix linearization.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    Nd,
    Dn,
    Nz,
    Zn,
}

/// The (GM layout, tile layout) of a B.ARG selector.
pub fn format(block: BlockType, arg: u32) -> Result<(Layout, Layout), BlockFmt> {
    use Layout::*;
    Ok(match arg {
        0 => (Nd, Nd),
        4 => (Nd, Nz),
        3 => (Nd, Zn),
        9 | 0x1c => (Dn, Nz),
        8 => (Dn, Zn),
        _ => {
            return Err(BlockFmt {
                block,
                family: DescFamily::Arg,
                detail: DescDetail::Invalid,
            });
        }
    })
}

/// Element index of `(o, i)` in an `outer x inner` matrix of `layout`; `None` when a fractal
/// layout does not tile the matrix.
pub fn linear_index(
    layout: Layout,
    outer: usize,
    inner: usize,
    elem: usize,
    o: usize,
    i: usize,
) -> Option<usize> {
    let bw = (32 / elem).max(1);
    let area = 16 * bw;
    let fractal_ok = inner.is_multiple_of(bw) && outer.is_multiple_of(16);
    Some(match layout {
        Layout::Nd => o * inner + i,
        Layout::Dn => i * outer + o,
        Layout::Nz if fractal_ok => {
            ((i / bw) * (outer / 16) + o / 16) * area + (o % 16) * bw + i % bw
        }
        Layout::Zn if fractal_ok => {
            ((o / 16) * (inner / bw) + i / bw) * area + (i % bw) * 16 + o % 16
        }
        _ => return None,
    })
}

/// The geometry of one converted transfer.
pub struct Transfer {
    pub block: BlockType,
    pub gm: Layout,
    pub tr: Layout,
    pub elem: usize,
    pub base: u64,
    /// Explicit GM stride in bytes, if bound.
    pub stride: Option<u64>,
    /// LB0 (GM inner), LB1 (GM outer), LB2 (tile inner).
    pub lb: [usize; 3],
    pub tile_bytes: usize,
}

impl Transfer {
    /// Check the shape; returns (gm_inner, gm_outer, tr_inner, tr_outer).
    pub fn shape(&self) -> Result<(usize, usize, usize, usize), String> {
        let [gi, go, ti] = self.lb;
        let elems = self.tile_bytes / self.elem;
        let bad = |what: String| Err(format!("{}: {what}", self.block));
        if ti == 0 || !elems.is_multiple_of(ti) {
            return bad(format!(
                "tile rows of LB2 = {ti} elements do not divide the {elems}-element tile"
            ));
        }
        let to = elems / ti;
        if gi > ti || go > to {
            return bad(format!(
                "GM footprint {go}x{gi} (LB1 x LB0) exceeds the {to}x{ti} tile (manual 09: TR size \
                 must be >= GM size)"
            ));
        }
        if matches!(self.tr, Layout::Nz | Layout::Zn)
            && (!(ti * self.elem).is_multiple_of(32) || !to.is_multiple_of(16))
        {
            return bad(format!(
                "an NZ/ZN tile needs TR_inner * {} bytes a multiple of 32 and TR_outer a multiple \
                 of 16 (TR is {to}x{ti})",
                self.elem
            ));
        }
        Ok((gi, go, ti, to))
    }

    /// GM address of element `(o, i)`.
    pub fn gm_addr(&self, o: usize, i: usize) -> u64 {
        let [gi, go, _] = self.lb;
        let e = self.elem as u64;
        let (major, minor) = match self.gm {
            Layout::Dn => (i, o),
            _ => (o, i),
        };
        let dense = if self.gm == Layout::Dn { go } else { gi } as u64 * e;
        let stride = self.stride.unwrap_or(dense);
        self.base
            .wrapping_add(major as u64 * stride)
            .wrapping_add(minor as u64 * e)
    }

    /// Tile element index of `(o, i)`.
    pub fn tile_index(&self, to: usize, ti: usize, o: usize, i: usize) -> usize {
        // shape() checked the fractal constraints, so the index exists.
        linear_index(self.tr, to, ti, self.elem, o, i).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractal_indices_follow_the_block_order() {
        // FP32: blocks of 16 rows x 8 columns (32-byte rows), area 128.
        // NZ: blocks column-major; (o=0, i=8) is the first element of the second block column,
        // which comes after all row blocks of the first column: (1 * 2 + 0) * 128 = 256.
        assert_eq!(linear_index(Layout::Nz, 32, 16, 4, 0, 8), Some(256));
        assert_eq!(linear_index(Layout::Nz, 32, 16, 4, 1, 1), Some(9));
        assert_eq!(linear_index(Layout::Nz, 32, 16, 4, 16, 0), Some(128));
        // ZN: blocks row-major, column-major inside: (o=1, i=0) is 1, (o=0, i=1) is 16.
        assert_eq!(linear_index(Layout::Zn, 32, 16, 4, 1, 0), Some(1));
        assert_eq!(linear_index(Layout::Zn, 32, 16, 4, 0, 1), Some(16));
        assert_eq!(linear_index(Layout::Zn, 32, 16, 4, 0, 8), Some(128));
        assert_eq!(
            linear_index(Layout::Nz, 8, 16, 4, 0, 0),
            None,
            "outer not a multiple of 16"
        );
        assert_eq!(linear_index(Layout::Dn, 4, 3, 4, 1, 2), Some(9));
    }

    #[test]
    fn selectors_follow_the_catalog_codes() {
        let b = BlockType::Tma {
            function: 0,
            dtype: 1,
        };
        assert_eq!(format(b, 3).unwrap(), (Layout::Nd, Layout::Zn));
        assert_eq!(format(b, 9).unwrap(), (Layout::Dn, Layout::Nz));
        assert!(format(b, 1).is_err());
    }
}
