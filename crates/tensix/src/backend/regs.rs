//! The register files the FPU, unpackers and packers share: SrcA/SrcB (SrcASrcB.md) and Dst
//! (Dst.md).
//!
//! Storage order (a reading the pages leave to the implementation, since no instruction shows
//! the raw bit positions): a Src datum is kept as 19 bits sign[18] exp[17:10] man[9:0] (TF32
//! in IEEE field order; the pages' Sign,Man,Exp shuffle is an internal layout) and a Dst
//! datum in IEEE order (BF16/FP16 as their 16-bit patterns, FP32 as hi16 = its BF16 part at
//! AdjRow and lo16 = its low mantissa at AdjRow + 8, so that the 16- and 32-bit views alias as
//! Dst.md describes).

/// Who may use a Src bank (SrcASrcB.md `AllowedClient`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SrcClient {
    Unpackers,
    MatrixUnit,
}

pub const SRC_ROWS: usize = 64;

/// One of SrcA and SrcB: two banks of 64 × 16 datums.
#[derive(Debug)]
pub struct SrcFile {
    banks: [Box<[[u32; 16]; SRC_ROWS]>; 2],
    /// Per bank, its write stamp ([`super::stamp`]), moved by [`SrcFile::bank_mut`]: while it
    /// is unchanged, so are the bank's rows.
    stamps: [u64; 2],
    pub allowed: [SrcClient; 2],
    /// `MatrixUnit.SrcABank` / `SrcBBank`.
    pub fpu_bank: usize,
    /// `Unpackers[i].SrcBank`.
    pub unpack_bank: usize,
    /// `Unpackers[i].SrcRow[thread]`.
    pub unpack_row: [u32; 3],
}

impl Default for SrcFile {
    fn default() -> Self {
        SrcFile {
            banks: [Box::new([[0; 16]; SRC_ROWS]), Box::new([[0; 16]; SRC_ROWS])],
            stamps: [super::stamp::fresh(), super::stamp::fresh()],
            allowed: [SrcClient::Unpackers; 2],
            fpu_bank: 0,
            unpack_bank: 0,
            unpack_row: [0; 3],
        }
    }
}

impl Clone for SrcFile {
    /// The same rows and state under new stamps (the clone's writes are its own).
    fn clone(&self) -> Self {
        SrcFile {
            banks: self.banks.clone(),
            stamps: [super::stamp::fresh(), super::stamp::fresh()],
            ..*self
        }
    }
}

impl SrcFile {
    /// Bank `i`'s rows.
    #[inline]
    pub fn bank(&self, i: usize) -> &[[u32; 16]; SRC_ROWS] {
        &self.banks[i]
    }

    /// Bank `i`'s rows, to write: moves the bank's stamp.
    #[inline]
    pub fn bank_mut(&mut self, i: usize) -> &mut [[u32; 16]; SRC_ROWS] {
        self.stamps[i] += 1;
        &mut self.banks[i]
    }

    /// Bank `i`'s stamp (see [`SrcFile`]).
    #[inline]
    pub fn stamp(&self, i: usize) -> u64 {
        self.stamps[i]
    }

    /// The FPU may read its bank (the Wait Gate check of MVMUL.md and friends).
    #[inline]
    pub fn fpu_ready(&self) -> bool {
        self.allowed[self.fpu_bank] == SrcClient::MatrixUnit
    }

    #[inline]
    pub fn unpacker_ready(&self) -> bool {
        self.allowed[self.unpack_bank] == SrcClient::Unpackers
    }

    /// The Flip of MVMUL.md / SETRWC.md: hand the FPU bank back (unless disabled) and toggle.
    pub fn flip_fpu(&mut self, clear_dvalid_disabled: bool) {
        if !clear_dvalid_disabled {
            self.allowed[self.fpu_bank] = SrcClient::Unpackers;
        }
        self.fpu_bank ^= 1;
    }

    /// The FlipSrc of UNPACR_Regular.md: hand the unpacker bank to the FPU and toggle.
    pub fn flip_unpacker(&mut self, thread: usize, row_base: u32) {
        self.allowed[self.unpack_bank] = SrcClient::MatrixUnit;
        self.unpack_bank ^= 1;
        self.unpack_row[thread] = row_base;
    }
}

pub const DST_ROWS_16: usize = 1024;

/// Dst: 1024 × 16 × 16 bits, also seen as 512 × 16 × 32 bits (Dst.md).
#[derive(Clone, Debug)]
pub struct Dst {
    pub cells: Box<[[u16; 16]; DST_ROWS_16]>,
}

impl Default for Dst {
    fn default() -> Self {
        // ttsim: every row valid and zero after reset (notes/ttsim.md, tensix.cpp:20).
        Dst {
            cells: Box::new([[0; 16]; DST_ROWS_16]),
        }
    }
}

/// Dst.md: 32-bit row R lives at 16-bit row AdjRow (hi) and AdjRow + 8 (lo). R is a 10-bit
/// row index whose bit 9 passes through, so rows 256..511 and 512..767 both reach the upper
/// half (the packer and MVMUL address 32-bit rows with the 10-bit Dst offsets).
#[inline]
pub fn adj_row(r: usize) -> usize {
    (((r & 0x1f8) << 1) | (r & 0x207)) & 0x3ff
}

impl Dst {
    #[inline]
    pub fn read16(&self, row: usize, col: usize) -> u16 {
        self.cells[row & 0x3ff][col]
    }

    #[inline]
    pub fn write16(&mut self, row: usize, col: usize, v: u16) {
        self.cells[row & 0x3ff][col] = v;
    }

    #[inline]
    pub fn read32(&self, row: usize, col: usize) -> u32 {
        let a = adj_row(row);
        (u32::from(self.cells[a][col]) << 16) | u32::from(self.cells[a + 8][col])
    }

    /// A whole row of the 32-bit view.
    #[inline]
    pub fn read32_row(&self, row: usize) -> [u32; 16] {
        let a = adj_row(row);
        let (hi, lo) = (&self.cells[a], &self.cells[a + 8]);
        std::array::from_fn(|c| (u32::from(hi[c]) << 16) | u32::from(lo[c]))
    }

    /// A whole row of the 32-bit view.
    #[inline]
    pub fn write32_row(&mut self, row: usize, v: &[u32; 16]) {
        let a = adj_row(row);
        self.cells[a] = v.map(|x| (x >> 16) as u16);
        self.cells[a + 8] = v.map(|x| x as u16);
    }

    #[inline]
    pub fn write32(&mut self, row: usize, col: usize, v: u32) {
        let a = adj_row(row);
        self.cells[a][col] = (v >> 16) as u16;
        self.cells[a + 8][col] = v as u16;
    }

    /// ZEROACC's "undefined": read back as zero by the FPU and the packers (Dst.md), so the
    /// functional model stores zero.
    pub fn clear16(&mut self, rows: std::ops::Range<usize>) {
        for r in rows {
            self.cells[r & 0x3ff] = [0; 16];
        }
    }

    pub fn clear32(&mut self, rows: std::ops::Range<usize>) {
        for r in rows {
            let a = adj_row(r);
            self.cells[a] = [0; 16];
            self.cells[a + 8] = [0; 16];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Dst.md: 32-bit rows 0..7 use 16-bit rows 0..7 (hi) and 8..15 (lo); row 8 → 16 and 24;
    // bit 9 of the row passes through (rows 512.. of the 16-bit view).
    #[test]
    fn dst_32bit_view_aliases_as_dst_md_says() {
        assert_eq!(adj_row(0), 0);
        assert_eq!(adj_row(7), 7);
        assert_eq!(adj_row(8), 16);
        assert_eq!(adj_row(0x100), 0x200);
        assert_eq!(adj_row(0x200), 0x200, "bit 9 passes through");
        let mut d = Dst::default();
        d.write32(9, 3, 0x3f80_1234);
        assert_eq!(d.read16(17, 3), 0x3f80);
        assert_eq!(d.read16(25, 3), 0x1234);
        assert_eq!(d.read32(9, 3), 0x3f80_1234);
        let row: [u32; 16] = std::array::from_fn(|c| 0x4000_0000 | c as u32);
        d.write32_row(9, &row);
        assert_eq!(d.read16(17, 5), 0x4000);
        assert_eq!(d.read16(25, 5), 5);
        assert_eq!(d.read32_row(9), row);
    }

    // SrcASrcB.md: banks start owned by the unpackers; an unpacker flip hands the bank to
    // the FPU, an FPU flip hands it back.
    #[test]
    fn src_bank_handover() {
        let mut s = SrcFile::default();
        assert!(s.unpacker_ready() && !s.fpu_ready());
        s.flip_unpacker(0, 0);
        assert!(s.fpu_ready());
        assert_eq!(s.unpack_bank, 1);
        s.flip_fpu(false);
        assert_eq!(s.allowed, [SrcClient::Unpackers; 2]);
        assert_eq!(s.fpu_bank, 1);
    }
}
