//! The four packers (PACR.md, Packers/InputAddressGenerator.md,
//! Packers/OutputAddressGenerator.md, Packers/FormatConversion.md): Dst → L1.
//!
//! Modelled: uncompressed output from Dst, the input and output address generators with their
//! ADCs and ADDR_MOD_PACK, the data stream's NeedsNewAddress, Dst FP32/BF16/FP16 → FP32/TF32/
//! BF16/FP16, 32-bit Dst → INT8/UINT8 ([`super::pack_int8`]). FP32 Dst → BF16 rounds half
//! away from zero as ttsim does (tensix.cpp:2297, notes/ttsim.md; the page's rounding helper
//! is not defined). Refused with a fault:
//! compression, BFP outputs, L1-to-L1 packing, edge masking, ReLU, downsampling.

use super::config::{CfgField, cfg, thd};
use super::pack_int8::Int8Read;
use super::unpack::fmt;
use super::{Backend, ExecResult};
use macrosim_core::SparseMemory;
use std::sync::OnceLock;

#[derive(Clone, Debug, Default)]
pub struct Packers {
    /// `DataStream.ByteAddress` once set; `None` = NeedsNewAddress.
    pub data_addr: [Option<u64>; 4],
    /// `ExponentStream.ByteAddress` (BFP outputs); `None` = NeedsNewAddress.
    pub exp_addr: [Option<u64>; 4],
    /// A PACR's output bytes, written to L1 at once (kept between PACRs to save the
    /// allocation; no state of the model).
    bytes: Vec<u8>,
}

struct PackFields {
    l1_dest: CfgField,
    exp_section_size: CfgField,
    sub_header: CfgField,
    in_fmt: CfgField,
    out_fmt: CfgField,
    disable_compress: CfgField,
    addr_cnt_context: CfgField,
    source_if: CfgField,
    dest_offset: CfgField,
}

struct Common {
    packer: [PackFields; 4],
    in_base: CfgField,
    in_xstride: CfgField,
    in_ystride: CfgField,
    in_zstride: CfgField,
    in_wstride: CfgField,
    out_base: CfgField,
    out_ystride: CfgField,
    out_zstride: CfgField,
    out_wstride: CfgField,
    addr_mod: [[CfgField; 10]; 8],
    read_32b: CfgField,
}

fn fields() -> &'static Common {
    static F: OnceLock<Common> = OnceLock::new();
    F.get_or_init(|| Common {
        packer: std::array::from_fn(|i| {
            let reg = format!("THCON_SEC{}_REG{}", i / 2, if i % 2 == 0 { 1 } else { 8 });
            let r = |n: &str| cfg(&format!("{reg}_{n}"));
            PackFields {
                l1_dest: r("L1_Dest_addr"),
                exp_section_size: r("Exp_section_size"),
                sub_header: r("Sub_l1_tile_header_size"),
                in_fmt: r("In_data_format"),
                out_fmt: r("Out_data_format"),
                disable_compress: r("Disable_zero_compress"),
                addr_cnt_context: r("Addr_cnt_context"),
                source_if: r("Source_interface_selection"),
                dest_offset: cfg(&format!("DEST_TARGET_REG_CFG_PACK_SEC{i}_Offset")),
            }
        }),
        in_base: cfg("PCK0_ADDR_BASE_REG_0_Base"),
        in_xstride: cfg("PCK0_ADDR_CTRL_XY_REG_0_Xstride"),
        in_ystride: cfg("PCK0_ADDR_CTRL_XY_REG_0_Ystride"),
        in_zstride: cfg("PCK0_ADDR_CTRL_ZW_REG_0_Zstride"),
        in_wstride: cfg("PCK0_ADDR_CTRL_ZW_REG_0_Wstride"),
        out_base: cfg("PCK0_ADDR_BASE_REG_1_Base"),
        out_ystride: cfg("PCK0_ADDR_CTRL_XY_REG_1_Ystride"),
        out_zstride: cfg("PCK0_ADDR_CTRL_ZW_REG_1_Zstride"),
        out_wstride: cfg("PCK0_ADDR_CTRL_ZW_REG_1_Wstride"),
        read_32b: cfg("PCK_DEST_RD_CTRL_Read_32b_data"),
        addr_mod: std::array::from_fn(|n| {
            let names = [
                "YsrcIncr",
                "YsrcCR",
                "YsrcClear",
                "ZsrcIncr",
                "ZsrcClear",
                "YdstIncr",
                "YdstCR",
                "YdstClear",
                "ZdstIncr",
                "ZdstClear",
            ];
            names.map(|f| thd(&format!("ADDR_MOD_PACK_SEC{n}_{f}")))
        }),
    })
}

/// The packer's Dst read (Packers/FormatConversion.md's first stage): a 32-bit Dst datum
/// (`PCK_DEST_RD_CTRL_Read_32b_data`) becomes the packer input format. FP32 → BF16 rounds
/// half away from zero on the magnitude, NaN becomes infinity and results below the normal
/// range become zero, as ttsim does (tensix.cpp:2297-2305, notes/ttsim.md; the page's
/// rounding helper is not defined).
fn from_dst32(inf: u32, v: u32) -> Result<u32, String> {
    Ok(match inf {
        fmt::FP32 | fmt::INT32 | fmt::TF32 => v,
        fmt::BF16 => fp32_to_bf16(v),
        f => {
            return Err(format!(
                "packing 32-bit Dst as input format {f} is not modelled"
            ));
        }
    })
}

/// [`from_dst32`]'s FP32 → BF16.
#[inline(always)]
fn fp32_to_bf16(v: u32) -> u32 {
    let v = if v & 0x7fff_ffff > 0x7f80_0000 {
        (v & 0x8000_0000) | 0x7f80_0000
    } else {
        v
    };
    let h = v.wrapping_add(0x8000) >> 16;
    if h & 0x7fff < 0x80 { 0 } else { h }
}

/// The second stage: input format → output format (only same-format output is modelled;
/// INT8 → INT8 is one byte a datum).
fn to_out(inf: u32, outf: u32, v: u32) -> Result<(u32, u32), String> {
    match (inf, outf) {
        (fmt::FP32 | fmt::INT32 | fmt::TF32, o) if o == inf => Ok((v, 4)),
        (fmt::BF16 | fmt::FP16, o) if o == inf => Ok((v & 0xffff, 2)),
        (fmt::INT8, fmt::INT8) => Ok((v & 0xff, 1)),
        (i, o) => Err(format!(
            "packing input format {i} as output format {o} is not modelled"
        )),
    }
}

/// How one PACR reads its datums from Dst (the early conversion), chosen once per instruction.
#[derive(Clone, Copy)]
enum DstRead {
    /// `ZeroWrite`: zeros instead of Dst.
    Zero,
    /// 32-bit Dst to INT8 ([`super::pack_int8`]).
    Int8(Int8Read),
    /// 32-bit Dst as it is ([`from_dst32`] of FP32, TF32, INT32).
    Dst32,
    /// 32-bit Dst to BF16 ([`from_dst32`] of BF16).
    Dst32Bf16,
    Dst16,
}

impl DstRead {
    /// The read for input format `inf` (32-bit Dst: an input format [`from_dst32`] takes).
    fn of(
        zero_write: bool,
        int8: Option<Int8Read>,
        read32: bool,
        inf: u32,
    ) -> Result<Self, String> {
        Ok(if zero_write {
            DstRead::Zero
        } else if let Some(c) = int8 {
            DstRead::Int8(c)
        } else if !read32 {
            DstRead::Dst16
        } else if inf == fmt::BF16 {
            DstRead::Dst32Bf16
        } else {
            from_dst32(inf, 0)?;
            DstRead::Dst32
        })
    }

    /// Datums `col..col + n` of Dst row `row` (the packer's 10-bit row) into `out[..n]`.
    fn read(self, dst: &super::regs::Dst, row: usize, col: usize, out: &mut [u32]) {
        let cols = col..col + out.len();
        match self {
            DstRead::Zero => out.fill(0),
            DstRead::Int8(c) => {
                for (o, &v) in out.iter_mut().zip(&dst.read32_row(row)[cols]) {
                    *o = c.convert(v);
                }
            }
            DstRead::Dst32 => {
                let r = dst.read32_row(row);
                // A whole row is a copy of known size (no call to memcpy).
                match <&mut [u32; 16]>::try_from(&mut *out) {
                    Ok(whole) => *whole = r,
                    Err(_) => out.copy_from_slice(&r[cols]),
                }
            }
            DstRead::Dst32Bf16 => {
                for (o, &v) in out.iter_mut().zip(&dst.read32_row(row)[cols]) {
                    *o = fp32_to_bf16(v);
                }
            }
            DstRead::Dst16 => {
                for (o, &v) in out.iter_mut().zip(&dst.cells[row & 0x3ff][cols]) {
                    *o = u32::from(v);
                }
            }
        }
    }
}

/// The low `W` bytes of each datum, little-endian, one after the other.
#[inline(always)]
fn store_le<const W: usize>(bytes: &mut [u8; 64], vals: &[u32]) {
    for (k, &v) in vals.iter().enumerate() {
        let le = v.to_le_bytes();
        for j in 0..W {
            bytes[k * W + j] = le[j];
        }
    }
}

/// ADDR_MOD_PACK on one channel: [Y incr, Y CR, Y clear, Z incr, Z clear]
/// (Packers/InputAddressGenerator.md, OutputAddressGenerator.md).
fn step_channel(c: &mut super::adc::Channel, [y_incr, y_cr, y_clear, z_incr, z_clear]: [u32; 5]) {
    super::rwc::counter_step((&mut c.y, &mut c.y_cr), y_incr, y_cr != 0, y_clear != 0);
    if z_clear != 0 {
        (c.z, c.z_cr) = (0, 0);
    } else {
        c.z += z_incr;
    }
}

/// Packers/FormatConversion.md, BF16 → BFP8 (BFP4): one shared exponent, the block's largest;
/// each significand (implicit 1 and 7 bits) shifted right by the exponent difference plus one
/// and rounded to nearest with ties away from zero on the magnitude, saturating at 127; BFP4
/// then truncates to 3 magnitude bits (two datums a byte, the first in the low nibble). A
/// zero magnitude is stored without its sign (tile-fw's model; ttsim agrees on the shipped
/// kernels).
fn bf16_block_to_bfp(block: &[u32; 16], bfp4: bool) -> (u8, Vec<u8>) {
    let exp_of = |h: u32| (h >> 7) & 0xff;
    let emax = block.iter().map(|&h| exp_of(h)).max().unwrap_or(0);
    let datums = block.map(|h| {
        let e = exp_of(h);
        let man = (h & 0x7f) | if e != 0 { 0x80 } else { 0 };
        let shift = emax - e;
        let mag = if shift >= 8 {
            0
        } else {
            ((man + (1 << shift)) >> (shift + 1)).min(127)
        };
        let (mag, bits) = if bfp4 { (mag >> 4, 3) } else { (mag, 7) };
        let sign = if mag != 0 { (h >> 15) & 1 } else { 0 };
        ((sign << bits) | mag) as u8
    });
    let bytes = if bfp4 {
        datums.chunks(2).map(|p| p[0] | (p[1] << 4)).collect()
    } else {
        datums.to_vec()
    };
    (emax as u8, bytes)
}

pub(super) fn execute(
    b: &mut Backend,
    t: usize,
    opcode: u8,
    w: u32,
    l1: &mut SparseMemory,
) -> ExecResult {
    if opcode == 0x4a {
        return Err("PACR_SETREG is not modelled".into());
    }
    b.last_l1_bytes = 0;
    b.last_l1_spans = [(0, 0); 4];
    let f = fields();
    let bank = *b.cfg.bank(t);
    let g = |fl: CfgField| fl.get(&bank);
    let mut mask = (w >> 8) & 0xf;
    if mask == 0 {
        mask = 1;
    }
    let zero_write = (w >> 12) & 7 != 0;
    let ovrd = (w >> 7) & 1 != 0;
    let flush = (w >> 1) & 7 != 0;
    let last = w & 1 != 0;
    let read32 = g(f.read_32b) != 0;
    let mut advance = [false; 3];
    let mut p0_initial = 0u32;
    for i in 0..4 {
        let pf = &f.packer[i];
        let mut dest = g(pf.l1_dest) + u32::from(g(pf.sub_header) == 0);
        if i == 0 {
            p0_initial = dest;
        } else if p0_initial >> 31 != 0 {
            dest = dest.wrapping_add(p0_initial);
        }
        if mask >> i & 1 == 0 {
            continue;
        }
        let adc_t = if ovrd {
            let c = g(pf.addr_cnt_context) as usize;
            if c == 3 { 0 } else { c }
        } else {
            t
        };
        advance[adc_t] = true;
        if g(pf.disable_compress) == 0 {
            return Err("compressed packing is not modelled (set Disable_zero_compress)".into());
        }
        if g(pf.source_if) != 0 && i == 0 {
            return Err("L1-to-L1 packing is not modelled".into());
        }
        let (inf, outf) = (g(pf.in_fmt), g(pf.out_fmt));
        let ch0 = b.adcs.packers[adc_t][0];
        let ch1 = b.adcs.packers[adc_t][1];
        let (bytes, xmask) = match inf & 3 {
            0 => (4, 3),
            1 => (2, 7),
            _ => (1, 15),
        };
        let in_addr = g(f.in_base)
            + ch0.x * (g(f.in_xstride) & 0xf)
            + ch0.y * g(f.in_ystride)
            + ch0.z * g(f.in_zstride)
            + ch0.w * g(f.in_wstride);
        let first = ((in_addr / bytes) & !xmask) + (ch0.x & xmask) + (g(pf.dest_offset) << 4);
        let count = if flush {
            0
        } else {
            (ch1.x + 1).saturating_sub(ch0.x)
        };
        let yzw = g(f.out_base)
            + ch1.y * g(f.out_ystride)
            + ch1.z * g(f.out_zstride)
            + ch1.w * g(f.out_wstride);
        let mut addr = dest.wrapping_add(yzw & !0xf);
        let bfp = matches!(outf, fmt::BFP8 | fmt::BFP4);
        let int8 = (inf == fmt::INT8)
            .then(|| Int8Read::from_config(&bank, read32))
            .transpose()?;
        if outf & 2 != 0 && !bfp && outf != fmt::INT8 {
            return Err(format!("packing to output format {outf} is not modelled"));
        }
        if bfp {
            // OutputAddressGenerator.md: the exponent stream first, the data after
            // Exp_section_size (16-byte units).
            b.packers.exp_addr[i].get_or_insert(u64::from(addr & 0x1ffff) << 4);
            addr = addr.wrapping_add(g(pf.exp_section_size));
        }
        let mut block = [0u32; 16];
        let mut out = *b.packers.data_addr[i].get_or_insert(u64::from(addr & 0x1ffff) << 4);
        let (span_start, bytes_before) = (out, b.last_l1_bytes);
        let read = if count > 0 {
            DstRead::of(zero_write, int8, read32, inf)?
        } else {
            DstRead::Zero
        };
        if bfp && inf != fmt::BF16 && count > 0 {
            return Err(format!(
                "BFP output from input format {inf} is not modelled"
            ));
        }
        let width = if bfp || count == 0 {
            0
        } else {
            to_out(inf, outf, 0)?.1 as usize
        };
        // The data stream's bytes (not BFP), written at `out` after the loop.
        let mut stream = std::mem::take(&mut b.packers.bytes);
        stream.clear();
        stream.reserve(count as usize * width);
        let mut k = 0;
        while k < count {
            let src = first + k;
            let (row, col) = ((src >> 4) as usize, (src & 15) as usize);
            let n = (16 - col).min((count - k) as usize);
            let mut vals = [0u32; 16];
            read.read(&b.dst, row, col, &mut vals[..n]);
            k += n as u32;
            if bfp {
                // Blocks of 16 datums from the PACR's first one.
                for (j, &v) in vals[..n].iter().enumerate() {
                    let at = (k as usize - n + j) % 16;
                    block[at] = v;
                    if at == 15 {
                        let (exp, bytes) = bf16_block_to_bfp(&block, outf == fmt::BFP4);
                        let ea = b.packers.exp_addr[i].as_mut().expect("set above");
                        l1.write_u8(*ea, exp)
                            .map_err(|e| format!("L1 write at {ea:#x}: {e}"))?;
                        *ea += 1;
                        l1.write_bytes(out, &bytes)
                            .map_err(|e| format!("L1 write at {out:#x}: {e}"))?;
                        out += bytes.len() as u64;
                        b.last_l1_bytes += bytes.len() as u64 + 1;
                    }
                }
                continue;
            }
            // `to_out` of a modelled pair keeps the datum's low `width` bytes.
            let mut bytes = [0u8; 64];
            match width {
                4 => store_le::<4>(&mut bytes, &vals[..n]),
                2 => store_le::<2>(&mut bytes, &vals[..n]),
                _ => store_le::<1>(&mut bytes, &vals[..n]),
            }
            if n * width == bytes.len() {
                // A whole row of 4-byte datums: a copy of known size (no call to memcpy).
                stream.extend_from_slice(&bytes);
            } else {
                stream.extend_from_slice(&bytes[..n * width]);
            }
        }
        if !stream.is_empty() && l1.write_bytes(out, &stream).is_err() {
            // Datum by datum, to name the first one that cannot be written (those before it
            // are written).
            for (d, chunk) in stream.chunks_exact(width).enumerate() {
                let at = out + (d * width) as u64;
                l1.write_bytes(at, chunk)
                    .map_err(|e| format!("L1 write at {at:#x}: {e}"))?;
            }
        }
        out += stream.len() as u64;
        b.last_l1_bytes += stream.len() as u64;
        b.packers.bytes = stream;
        if bfp && count % 16 != 0 {
            return Err(format!(
                "{count} datums is not a whole number of 16-datum BFP blocks"
            ));
        }
        b.last_l1_spans[i] = (span_start, b.last_l1_bytes - bytes_before);
        if last || flush {
            b.packers.exp_addr[i] = None;
        }
        b.packers.data_addr[i] = if last || flush { None } else { Some(out) };
    }
    let am = &f.addr_mod[((w >> 15) & 7) as usize];
    let tc = *b.cfg.thread(t);
    let v = |k: usize| am[k].get(&tc);
    for (i, adv) in advance.iter().enumerate() {
        if !adv {
            continue;
        }
        let a = &mut b.adcs.packers[i];
        // Channel 0 by the input address generator (Ysrc/Zsrc), channel 1 by the output one.
        step_channel(&mut a[0], [v(0), v(1), v(2), v(3), v(4)]);
        step_channel(&mut a[1], [v(5), v(6), v(7), v(8), v(9)]);
        a[0].wrap();
        a[1].wrap();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    // notes/ttsim.md: packer FP32 → BF16 rounds half away from zero (ttsim tensix.cpp:2297).
    #[test]
    fn fp32_to_bf16_rounds_half_away() {
        assert_eq!(from_dst32(fmt::BF16, 0x3f80_8000), Ok(0x3f81));
        assert_eq!(from_dst32(fmt::BF16, 0xbf80_8000), Ok(0xbf81));
        assert_eq!(from_dst32(fmt::BF16, 0x3f80_7fff), Ok(0x3f80));
        assert_eq!(
            from_dst32(fmt::BF16, 0x7fc0_0000),
            Ok(0x7f80),
            "NaN → infinity"
        );
        assert_eq!(
            from_dst32(fmt::BF16, 0x0000_1234),
            Ok(0),
            "below normal → 0"
        );
        assert_eq!(from_dst32(fmt::FP32, 0x1234_5678), Ok(0x1234_5678));
        assert_eq!(to_out(fmt::FP32, fmt::FP32, 7), Ok((7, 4)));
        assert!(to_out(fmt::FP32, fmt::BFP8, 0).is_err());
    }

    // FormatConversion.md BF16 → BFP8: the block shares 2^0 (1.5's exponent); 1.5 is exact
    // (0x60 = 1.5 · 2^6), 1.5 · 2^-7 rounds half away from zero to magnitude 1 (2^-6), 2^-8
    // is below the block's last bit; BFP4 keeps the top 3 magnitude bits.
    #[test]
    fn bf16_to_bfp_rounds_ties_away() {
        let mut block = [0u32; 16];
        block[..4].copy_from_slice(&[0x3fc0, 0x3c40, 0x3b80, 0xbfc0]);
        let (exp, bytes) = bf16_block_to_bfp(&block, false);
        assert_eq!(exp, 127);
        assert_eq!(&bytes[..4], &[0x60, 1, 0, 0x80 | 0x60]);
        let (_, b4) = bf16_block_to_bfp(&block, true);
        assert_eq!(b4[0], 0x6, "1.5 → 6, then 2^-6 truncates to 0");
        assert_eq!(
            b4[1], 0xe0,
            "third datum 0 in the low nibble, −1.5 (sign | 6) in the high"
        );
    }
}
