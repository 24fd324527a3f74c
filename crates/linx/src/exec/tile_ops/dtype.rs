//! Tile element types with numerics: the v0.4 `DataType` codes (manual `04_block_isa`
//! §"tile DataType field assignments") and how a lane is read from and written to tile bytes.
//!
//! FP8/FPL8/FP4/FPL4 and the 4-bit integers have no arithmetic in any reference (notes
//! linx-tiles §4.2 lists the v0.58 types with numerics), so they are not [`Dt`]s: a tile
//! arithmetic block with one of them is a block fault.

/// An element type that has lane arithmetic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dt {
    F64,
    F32,
    F16,
    Bf16,
    /// Signed integer of this many bits.
    S(u32),
    /// Unsigned integer of this many bits.
    U(u32),
}

impl Dt {
    /// From a v0.4 DataType code (FP16 = 2, BF16 = 6: the v0.4 numbering, not v0.58's 4/5).
    pub fn from_code(code: u8) -> Option<Dt> {
        Some(match code {
            0 => Dt::F64,
            1 => Dt::F32,
            2 => Dt::F16,
            6 => Dt::Bf16,
            16 => Dt::S(64),
            17 => Dt::S(32),
            18 => Dt::S(16),
            19 => Dt::S(8),
            24 => Dt::U(64),
            25 => Dt::U(32),
            26 => Dt::U(16),
            27 => Dt::U(8),
            _ => return None,
        })
    }

    pub fn bits(self) -> u32 {
        match self {
            Dt::F64 => 64,
            Dt::F32 => 32,
            Dt::F16 | Dt::Bf16 => 16,
            Dt::S(b) | Dt::U(b) => b,
        }
    }

    pub fn bytes(self) -> usize {
        self.bits() as usize / 8
    }

    pub fn is_float(self) -> bool {
        matches!(self, Dt::F64 | Dt::F32 | Dt::F16 | Dt::Bf16)
    }

    pub fn is_signed_int(self) -> bool {
        matches!(self, Dt::S(_))
    }

    /// All-ones in the element width.
    pub fn mask(self) -> u64 {
        u64::MAX >> (64 - self.bits())
    }

    /// Sign-extend a lane of a signed type (other types: unchanged).
    pub fn sext(self, v: u64) -> i64 {
        let sh = 64 - self.bits();
        ((v << sh) as i64) >> sh
    }

    /// The canonical quiet NaN pattern of a float type (H58 §4.4: 0x7fc00000, 0x7e00, 0x7fc0,
    /// 0x7ff8000000000000).
    pub fn default_nan(self) -> u64 {
        match self {
            Dt::F64 => 0x7ff8_0000_0000_0000,
            Dt::F32 => 0x7fc0_0000,
            Dt::F16 => 0x7e00,
            Dt::Bf16 => 0x7fc0,
            _ => 0,
        }
    }

    /// Whether a lane of a float type holds a NaN.
    pub fn is_nan(self, v: u64) -> bool {
        let (exp, frac) = match self {
            Dt::F64 => (0x7ff0_0000_0000_0000, 0x000f_ffff_ffff_ffff),
            Dt::F32 => (0x7f80_0000, 0x007f_ffff),
            Dt::F16 => (0x7c00, 0x03ff),
            Dt::Bf16 => (0x7f80, 0x007f),
            _ => return false,
        };
        v & exp == exp && v & frac != 0
    }

    /// Read element `i` (little-endian, zero-extended).
    #[inline]
    pub fn read(self, bytes: &[u8], i: usize) -> u64 {
        let n = self.bytes();
        let mut b = [0u8; 8];
        b[..n].copy_from_slice(&bytes[i * n..i * n + n]);
        u64::from_le_bytes(b)
    }

    /// Write element `i` (truncated to the element width).
    #[inline]
    pub fn write(self, bytes: &mut [u8], i: usize, v: u64) {
        let n = self.bytes();
        bytes[i * n..i * n + n].copy_from_slice(&v.to_le_bytes()[..n]);
    }
}

impl std::fmt::Display for Dt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Dt::F64 => f.write_str("FP64"),
            Dt::F32 => f.write_str("FP32"),
            Dt::F16 => f.write_str("FP16"),
            Dt::Bf16 => f.write_str("BF16"),
            Dt::S(b) => write!(f, "INT{b}"),
            Dt::U(b) => write!(f, "UINT{b}"),
        }
    }
}
