//! Host-side conversion between float matrices and the L1 bytes of Tensix data formats and
//! layouts (the kernel manifests' `format` and `layout`).
//!
//! * `tiles`: 32×32 tiles in row-major tile order, each four 16×16 faces (f0 f1 / f2 f3),
//!   row-major inside a face; `rows`: plain row-major.
//! * FP32/TF32/FP16/BF16 are little-endian words of their IEEE patterns; INT32 and INT8 are
//!   sign-magnitude integers (Packers/FormatConversion.md "INT32", "INT8": one sign bit, 31 or
//!   7 magnitude bits), values rounded to the nearest integer (ties away from zero) and
//!   saturated to the largest magnitude. BF16, FP16 and TF32 round to nearest, ties to even (a host-side choice; the
//!   shipped inputs are exact in their formats).
//! * BFP8/BFP4 (FloatBitPatterns.md "BFP", the BF16-style shared exponent the unpacker's
//!   BFP8ToBF16 reads, UNPACR_Regular.md): per tile, 64 shared 8-bit exponents (one per 16
//!   datums, in tile order) then the datums, each sign | magnitude (7 bits for BFP8, 3 for
//!   BFP4) with value magnitude / 2^(bits−1) · 2^(exp−127); BFP4 puts datum 2i in the low
//!   nibble of byte i (UNPACR's bit addressing). Encoding shares the block's largest exponent
//!   and rounds the magnitude to nearest, ties to even, saturating.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fmt {
    Fp32,
    Tf32,
    Fp16,
    Bf16,
    Int32,
    Int8,
    Bfp8,
    Bfp4,
}

impl Fmt {
    pub fn parse(s: &str) -> Option<Fmt> {
        Some(match s {
            "fp32" => Fmt::Fp32,
            "tf32" => Fmt::Tf32,
            "fp16" => Fmt::Fp16,
            "bf16" => Fmt::Bf16,
            "int32" => Fmt::Int32,
            "int8" => Fmt::Int8,
            "bfp8" => Fmt::Bfp8,
            "bfp4" => Fmt::Bfp4,
            _ => return None,
        })
    }

    pub fn is_bfp(self) -> bool {
        matches!(self, Fmt::Bfp8 | Fmt::Bfp4)
    }

    /// Magnitude bits of a BFP datum.
    fn mag_bits(self) -> u32 {
        if self == Fmt::Bfp8 { 7 } else { 3 }
    }
}

const TILE: usize = 1024;
const BLOCK: usize = 16;

/// Bytes of a `rows`×`cols` matrix in `fmt`.
pub fn byte_len(fmt: Fmt, rows: usize, cols: usize) -> usize {
    let n = rows * cols;
    match fmt {
        Fmt::Fp16 | Fmt::Bf16 => 2 * n,
        Fmt::Int8 => n,
        Fmt::Bfp8 => n / TILE * (64 + TILE),
        Fmt::Bfp4 => n / TILE * (64 + TILE / 2),
        _ => 4 * n,
    }
}

/// The position of element (r, c) in the layout.
fn index(tiles: bool, r: usize, c: usize, cols: usize) -> usize {
    if !tiles {
        return r * cols + c;
    }
    let tile = (r / 32) * (cols / 32) + c / 32;
    let (tr, tc) = (r % 32, c % 32);
    tile * TILE + ((tr / 16) * 2 + tc / 16) * 256 + (tr % 16) * 16 + tc % 16
}

/// Round-to-nearest-even of FP32 bits to their top `keep` bits.
fn round_bits(b: u32, keep: u32) -> u32 {
    let drop = 32 - keep;
    let r = b.wrapping_add((1u32 << (drop - 1)) - 1 + ((b >> drop) & 1));
    r >> drop
}

fn fp32_to_fp16(x: f32) -> u16 {
    // Through f64 → the nearest FP16 by scaling: exact for the values FP16 represents.
    let b = x.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    let a = f64::from(x.abs());
    if a == 0.0 {
        return sign;
    }
    let e = a.log2().floor() as i32;
    let e = e.clamp(-14, 15);
    let m = (a / 2f64.powi(e - 10)).round_ties_even() as u32;
    let (e, m) = if m >= 2048 { (e + 1, m / 2) } else { (e, m) };
    if e > 15 {
        return sign | 0x7c00;
    }
    if m < 1024 {
        return sign | m as u16; // subnormal (e == -14)
    }
    sign | (((e + 15) as u16) << 10) | (m as u16 & 0x3ff)
}

fn fp16_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let (e, m) = (i32::from((h >> 10) & 0x1f), f64::from(h & 0x3ff));
    sign * if e == 0 {
        m * 2f64.powi(-24)
    } else {
        (1024.0 + m) * 2f64.powi(e - 25)
    }
}

fn encode_scalar(fmt: Fmt, v: f64) -> (u32, usize) {
    let b = (v as f32).to_bits();
    match fmt {
        Fmt::Fp32 => (b, 4),
        Fmt::Tf32 => (round_bits(b, 19) << 13, 4),
        Fmt::Bf16 => (round_bits(b, 16), 2),
        Fmt::Fp16 => (u32::from(fp32_to_fp16(v as f32)), 2),
        Fmt::Int8 => (sign_magnitude(v, 7), 1),
        _ => (sign_magnitude(v, 31), 4),
    }
}

/// `v` as a sign bit above `bits` magnitude bits.
fn sign_magnitude(v: f64, bits: u32) -> u32 {
    let max = (1u64 << bits) - 1;
    let mag = (v.abs().round() as u64).min(max) as u32;
    (u32::from(v.is_sign_negative() && mag != 0) << bits) | mag
}

fn decode_scalar(fmt: Fmt, bits: u32) -> f64 {
    match fmt {
        Fmt::Fp32 | Fmt::Tf32 => f64::from(f32::from_bits(bits)),
        Fmt::Bf16 => f64::from(f32::from_bits(bits << 16)),
        Fmt::Fp16 => fp16_to_f64(bits as u16),
        Fmt::Int8 => {
            let mag = f64::from(bits & 0x7f);
            if bits & 0x80 != 0 { -mag } else { mag }
        }
        _ => {
            let mag = f64::from(bits & 0x7fff_ffff);
            if bits >> 31 != 0 { -mag } else { mag }
        }
    }
}

/// `values` (row-major `rows`×`cols`) as L1 bytes.
pub fn encode(values: &[f64], fmt: Fmt, tiles: bool, rows: usize, cols: usize) -> Vec<u8> {
    let mut flat = vec![0f64; rows * cols];
    for r in 0..rows {
        for c in 0..cols {
            flat[index(tiles, r, c, cols)] = values[r * cols + c];
        }
    }
    if fmt.is_bfp() {
        return flat
            .chunks(TILE)
            .flat_map(|t| encode_bfp_tile(t, fmt.mag_bits()))
            .collect();
    }
    let mut out = Vec::with_capacity(byte_len(fmt, rows, cols));
    for &v in &flat {
        let (bits, n) = encode_scalar(fmt, v);
        out.extend_from_slice(&bits.to_le_bytes()[..n]);
    }
    out
}

/// L1 bytes as a row-major `rows`×`cols` matrix.
pub fn decode(bytes: &[u8], fmt: Fmt, tiles: bool, rows: usize, cols: usize) -> Vec<f64> {
    let flat: Vec<f64> = if fmt.is_bfp() {
        let per_tile = byte_len(fmt, 32, 32);
        bytes
            .chunks(per_tile)
            .flat_map(|t| decode_bfp_tile(t, fmt.mag_bits()))
            .collect()
    } else {
        let n = match fmt {
            Fmt::Fp16 | Fmt::Bf16 => 2,
            Fmt::Int8 => 1,
            _ => 4,
        };
        bytes
            .chunks(n)
            .map(|c| {
                let mut w = [0u8; 4];
                w[..n].copy_from_slice(c);
                decode_scalar(fmt, u32::from_le_bytes(w))
            })
            .collect()
    };
    let mut out = vec![0f64; rows * cols];
    for r in 0..rows {
        for c in 0..cols {
            out[r * cols + c] = flat[index(tiles, r, c, cols)];
        }
    }
    out
}

fn encode_bfp_tile(t: &[f64], mag_bits: u32) -> Vec<u8> {
    let mut exps = Vec::with_capacity(64);
    let mut datums = Vec::with_capacity(TILE);
    for block in t.chunks(BLOCK) {
        let exp = block
            .iter()
            .map(|&v| ((v as f32).to_bits() >> 23) & 0xff)
            .max()
            .unwrap_or(0);
        exps.push(exp as u8);
        let scale = 2f64.powi(mag_bits as i32 - 1 - (exp as i32 - 127));
        let max = (1u32 << mag_bits) - 1;
        for &v in block {
            let mag = ((v.abs() * scale).round_ties_even() as u32).min(max);
            let sign = u32::from(v.is_sign_negative() && mag != 0);
            datums.push(((sign << mag_bits) | mag) as u8);
        }
    }
    if mag_bits == 3 {
        datums = datums.chunks(2).map(|p| p[0] | (p[1] << 4)).collect();
    }
    exps.extend(datums);
    exps
}

fn decode_bfp_tile(t: &[u8], mag_bits: u32) -> Vec<f64> {
    let (exps, data) = t.split_at(64);
    (0..TILE)
        .map(|i| {
            let raw = if mag_bits == 3 {
                u32::from(data[i / 2] >> (4 * (i % 2))) & 15
            } else {
                u32::from(data[i])
            };
            let mag = f64::from(raw & ((1 << mag_bits) - 1));
            let v = mag * 2f64.powi(i32::from(exps[i / BLOCK]) - 127 - (mag_bits as i32 - 1));
            if raw >> mag_bits & 1 != 0 { -v } else { v }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    // The tiles layout: (0, 16) is the first datum of face 1, (16, 0) of face 2, (0, 32) of
    // the second tile of a 32×64 matrix.
    #[test]
    fn tile_layout_positions() {
        assert_eq!(index(true, 0, 16, 32), 256);
        assert_eq!(index(true, 16, 0, 32), 512);
        assert_eq!(index(true, 1, 1, 32), 17);
        assert_eq!(index(true, 0, 32, 64), 1024);
    }

    // BFP8: a block whose largest exponent is 2^0 stores 1.5 as 0x60 (1.5 · 2^6) and −0.25 as
    // sign | 16; the next block's exponent is 3.0's (128); BFP4 keeps 3 magnitude bits, two
    // datums a byte, low nibble first; both decode back exactly.
    #[test]
    fn bfp_round_trip() {
        let mut m = vec![0.0; 1024];
        m[0] = 1.5;
        m[1] = -0.25;
        m[32] = 3.0; // row 1, column 0: tile position 16, the second block
        let b = encode(&m, Fmt::Bfp8, true, 32, 32);
        assert_eq!(b.len(), 64 + 1024);
        assert_eq!((b[0], b[1]), (127, 128));
        assert_eq!((b[64], b[65]), (0x60, 0x80 | 16));
        assert_eq!(decode(&b, Fmt::Bfp8, true, 32, 32), m);
        let b4 = encode(&m, Fmt::Bfp4, true, 32, 32);
        assert_eq!(b4.len(), 64 + 512);
        assert_eq!(
            b4[64],
            0x6 | (0x9 << 4),
            "1.5 → 6 (1.5 · 2^2), −0.25 → sign | 1"
        );
        assert_eq!(decode(&b4, Fmt::Bfp4, true, 32, 32), m);
    }

    // FP16 / BF16 / TF32 scalars round to nearest even; FP16 subnormals decode.
    #[test]
    fn scalar_formats() {
        assert_eq!(encode_scalar(Fmt::Fp16, 1.0), (0x3c00, 2));
        assert_eq!(encode_scalar(Fmt::Fp16, -2.5), (0xc100, 2));
        assert_eq!(fp16_to_f64(0x0001), 2f64.powi(-24));
        assert_eq!(
            encode_scalar(Fmt::Bf16, f64::from(f32::from_bits(0x3f80_8000))),
            (0x3f80, 2)
        );
        assert_eq!(
            encode_scalar(Fmt::Bf16, f64::from(f32::from_bits(0x3f81_8000))),
            (0x3f82, 2)
        );
        // FormatConversion.md: INT32 and INT8 are sign-magnitude.
        assert_eq!(decode_scalar(Fmt::Int32, 0x8000_0002), -2.0);
        assert_eq!(encode_scalar(Fmt::Int32, -2.0), (0x8000_0002, 4));
        assert_eq!(encode_scalar(Fmt::Int8, -5.0), (0x85, 1));
        assert_eq!(encode_scalar(Fmt::Int8, 300.0), (0x7f, 1), "saturates");
        assert_eq!(decode_scalar(Fmt::Int8, 0x85), -5.0);
        let m: Vec<f64> = (0..1024).map(|i| f64::from(i % 255 - 127)).collect();
        let b = encode(&m, Fmt::Int8, true, 32, 32);
        assert_eq!(b.len(), 1024);
        assert_eq!(decode(&b, Fmt::Int8, true, 32, 32), m);
    }
}
