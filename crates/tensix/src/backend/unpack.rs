//! The two unpackers (UNPACR_Regular.md): L1 → SrcA / SrcB / Dst with format conversion.
//!
//! Modelled: uncompressed input, MultiContextMode with explicit or counted contexts, the ADC
//! addressing of the page, FP32 → TF32/BF16/FP16 and same-format FP32/TF32/FP16/BF16/INT32/
//! BFP8/BFP4 (with the exponent section), INT8 (signed or unsigned, as "Integer 8" on FP16),
//! tilize's discontiguous rows (`Tileize_mode`), FlipSrc and `Unpack_Src_Reg_Set_Upd`.
//! Refused with a fault (the page's features not modelled here): compressed input,
//! RowSearch, upsampling, column shift, transpose.

use super::config::{CfgField, Fields, cfg};
use super::{Backend, ExecResult};
use macrosim_core::{Access, SparseMemory};
use std::sync::OnceLock;

/// Per-unpacker state not in the register files.
#[derive(Clone, Debug, Default)]
pub struct Unpackers {
    /// `Unpackers[i].ContextCounter[thread]`.
    pub context_counter: [[u32; 3]; 2],
    /// The L1 bytes of an UNPACR's rows when they are read at once (kept between UNPACRs to
    /// save the allocation; no state of the model).
    bulk: Vec<u8>,
}

/// Data formats (tt-llk `DataFormat`, the pages' names in comments).
pub mod fmt {
    pub const FP32: u32 = 0;
    pub const FP16: u32 = 1;
    pub const BFP8A: u32 = 2;
    pub const BFP4A: u32 = 3;
    pub const TF32: u32 = 4;
    pub const BF16: u32 = 5;
    /// The pages' BFP8 (BF16-style shared exponent).
    pub const BFP8: u32 = 6;
    pub const BFP4: u32 = 7;
    pub const INT32: u32 = 8;
    pub const INT16: u32 = 9;
    pub const INT8: u32 = 14;
}

struct UnpFields {
    descriptor: [CfgField; 4],
    out_fmt: CfgField,
    tileize: CfgField,
    haloize: CfgField,
    src_reg_set_upd: CfgField,
    if_sel: CfgField,
    ovrd_fmt: CfgField,
    upsample: CfgField,
    context_count: CfgField,
    force_shared_exp: CfgField,
    shift_amount: [CfgField; 4],
    base: [CfgField; 8],
    offset: [CfgField; 4],
    in_fmt_cntx: [CfgField; 8],
    out_fmt_cntx: [CfgField; 8],
    if_sel_cntx: [CfgField; 8],
    x_dim_cntx: [CfgField; 4],
    dest_cntx: [CfgField; 4],
    out_base: CfgField,
    out_ystride: CfgField,
    out_zstride: CfgField,
    out_wstride: CfgField,
    add_dest_addr_cntr: CfgField,
    context_offset: CfgField,
}

fn fields(u: usize) -> &'static UnpFields {
    static F: OnceLock<[UnpFields; 2]> = OnceLock::new();
    &F.get_or_init(|| {
        std::array::from_fn(|u| {
            let s = |n: &str| cfg(&format!("THCON_SEC{u}_{n}"));
            let p = |n: &str| cfg(&format!("UNP{u}_{n}"));
            let d = s("REG0_TileDescriptor");
            UnpFields {
                descriptor: std::array::from_fn(|i| CfgField {
                    word: d.word + i as u16,
                    shift: 0,
                    size: 32,
                }),
                out_fmt: s("REG2_Out_data_format"),
                tileize: s("REG2_Tileize_mode"),
                haloize: s("REG2_Haloize_mode"),
                src_reg_set_upd: s("REG2_Unpack_Src_Reg_Set_Upd"),
                if_sel: s("REG2_Unpack_If_Sel"),
                ovrd_fmt: s("REG2_Ovrd_data_format"),
                upsample: s("REG2_Upsample_rate"),
                context_count: s("REG2_Context_count"),
                force_shared_exp: s("REG2_Force_shared_exp"),
                shift_amount: std::array::from_fn(|i| s(&format!("REG2_Shift_amount_cntx{i}"))),
                base: std::array::from_fn(|i| match i {
                    0 => s("REG3_Base_address"),
                    1..=3 => s(&format!("REG3_Base_cntx{i}_address")),
                    _ => s(&format!("REG4_Base_cntx{i}_address")),
                }),
                offset: std::array::from_fn(|i| match i {
                    0 => s("REG7_Offset_address"),
                    _ => s(&format!("REG7_Offset_cntx{i}_address")),
                }),
                in_fmt_cntx: std::array::from_fn(|i| {
                    s(&format!("REG7_Unpack_data_format_cntx{i}"))
                }),
                out_fmt_cntx: std::array::from_fn(|i| {
                    s(&format!("REG7_Unpack_out_data_format_cntx{i}"))
                }),
                if_sel_cntx: std::array::from_fn(|i| s(&format!("REG2_Unpack_if_sel_cntx{i}"))),
                x_dim_cntx: std::array::from_fn(|i| s(&format!("REG5_Tile_x_dim_cntx{i}"))),
                dest_cntx: std::array::from_fn(|i| s(&format!("REG5_Dest_cntx{i}_address"))),
                out_base: p("ADDR_BASE_REG_1_Base"),
                out_ystride: p("ADDR_CTRL_XY_REG_1_Ystride"),
                out_zstride: p("ADDR_CTRL_ZW_REG_1_Zstride"),
                out_wstride: p("ADDR_CTRL_ZW_REG_1_Wstride"),
                add_dest_addr_cntr: p("ADD_DEST_ADDR_CNTR_add_dest_addr_cntr"),
                context_offset: super::config::thd(&format!(
                    "UNPACK_MISC_CFG_CfgContextOffset_{u}"
                )),
            }
        })
    })[u]
}

fn datum_bits(f: u32) -> Option<u32> {
    Some(match f {
        fmt::BFP4 | fmt::BFP4A => 4,
        fmt::BFP8 | fmt::BFP8A | fmt::INT8 => 8,
        fmt::FP16 | fmt::BF16 | fmt::INT16 => 16,
        fmt::FP32 | fmt::TF32 | fmt::INT32 => 32,
        _ => return None,
    })
}

/// BFP8ToBF16 of UNPACR_Regular.md.
pub fn bfp8_to_bf16(datum: u32, exp: u32) -> u32 {
    let sign = (datum >> 7) & 1;
    let mag = (datum << 1) & 0xff;
    if mag == 0 {
        return if sign != 0 { 0xff80 } else { 0 };
    }
    let lz = mag.leading_zeros() - 24;
    let mag = (mag << lz) & 0xff;
    let exp = exp.wrapping_sub(lz) & 0xff;
    (sign << 15) | (exp << 7) | (mag & 0x7e)
}

/// FP32 → FP16 for the FP32 → FP16 unpack; the page leaves `FP32ToFP16` undefined: we
/// truncate the mantissa, flush values below FP16's normal range to zero and saturate large
/// ones to the largest finite FP16 (a reading, not checked against ttsim).
fn fp32_to_fp16(x: u32) -> u32 {
    let sign = (x >> 16) & 0x8000;
    let exp = ((x >> 23) & 0xff) as i32 - 127 + 15;
    if exp <= 0 {
        return sign;
    }
    if exp >= 31 {
        return sign | 0x7bff;
    }
    sign | ((exp as u32) << 10) | ((x >> 13) & 0x3ff)
}

/// Where an UNPACR's datums go, fixed for the whole instruction: Src's 19-bit form
/// sign[18] exp[17:10] man[9:0], or Dst's 16- or 32-bit view.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    SrcA,
    SrcB,
    Dst16,
    Dst32,
}

/// Whether `inf` → `outf` into Dst fills the 32-bit view (same-width 32-bit formats).
fn to_dst32(inf: u32, outf: u32) -> bool {
    matches!(
        (inf, outf),
        (fmt::FP32, fmt::FP32)
            | (fmt::FP32, fmt::TF32)
            | (fmt::TF32, fmt::TF32)
            | (fmt::INT32, fmt::INT32)
    )
}

/// INT8 → "Integer 8" overlaid on FP16 (UNPACR_Regular.md `FormatConversion`): sign-magnitude
/// (or unsigned when `ALU_FORMAT_SPEC_REG0_Src{A,B}Unsigned`), a dummy exponent 16 on non-zero
/// magnitudes, the sign moved to FP16's bit 15.
pub fn int8_to_fp16(bits: u32, unsigned: bool) -> u32 {
    let sign = if unsigned { 0 } else { bits & 0x80 };
    let mut d = bits - sign;
    if d != 0 {
        d |= 16 << 10;
    }
    d | (sign << 8)
}

/// An UNPACR's format conversion (UNPACR_Regular.md `FormatConversion`), chosen once per
/// instruction from its input and output formats and whether it writes Dst; each datum then
/// becomes Src's 19-bit form, or Dst bits (32 with [`to_dst32`], else 16).
#[derive(Clone, Copy)]
struct Conv {
    kind: ConvKind,
    to_dst: bool,
}

#[derive(Clone, Copy)]
enum ConvKind {
    /// Same-width 32-bit formats into Dst's 32-bit view: the bits as they are.
    Bits32,
    /// UNPACR_Regular.md: FP32 → TF32 drops 13 mantissa bits (ttsim tensix.cpp:2923 agrees).
    Fp32ToTf32,
    Fp32ToBf16,
    Fp32ToFp16,
    Bf16,
    Fp16,
    /// INT8 → "Integer 8" overlaid on FP16 ([`int8_to_fp16`]); from there it is FP16.
    Int8 {
        unsigned: bool,
    },
    Bfp8,
    Bfp4,
}

impl Conv {
    /// The conversion of `inf` → `outf`, or why it is undefined (an error that depends only
    /// on the formats).
    fn of(inf: u32, outf: u32, to_dst: bool, int8_unsigned: bool) -> Result<Conv, String> {
        let kind = match (inf, outf) {
            _ if to_dst && to_dst32(inf, outf) => ConvKind::Bits32,
            (fmt::FP32, fmt::TF32) => ConvKind::Fp32ToTf32,
            (fmt::FP32, fmt::BF16) => ConvKind::Fp32ToBf16,
            (fmt::FP32, fmt::FP16) => ConvKind::Fp32ToFp16,
            (i, o) if i != o => {
                return Err(format!(
                    "unpack from format {i} to format {o} is undefined (UNPACR_Regular.md)"
                ));
            }
            (fmt::BF16, _) => ConvKind::Bf16,
            (fmt::FP16, _) => ConvKind::Fp16,
            (fmt::INT8, _) => ConvKind::Int8 {
                unsigned: int8_unsigned,
            },
            (fmt::BFP8, _) => ConvKind::Bfp8,
            (fmt::BFP4, _) => ConvKind::Bfp4,
            (f, _) => return Err(format!("unpacking format {f} is not modelled")),
        };
        Ok(Conv { kind, to_dst })
    }

    /// One datum (`exp`: its block's shared exponent, for BFP inputs) into Dst (`TO_DST`,
    /// `Conv::to_dst`) or Src.
    #[inline(always)]
    fn one<const TO_DST: bool>(kind: ConvKind, bits: u32, exp: u32) -> u32 {
        let src_bf16 = |x: u32| (x & 0xffff) << 3;
        let src_fp16 = |x: u32| ((x & 0x8000) << 3) | (x & 0x7fff);
        /// A 16-bit datum into Dst as it is, into Src by `src`.
        #[inline(always)]
        fn half<const TO_DST: bool>(h: u32, src: impl Fn(u32) -> u32) -> u32 {
            if TO_DST { h & 0xffff } else { src(h) }
        }
        match kind {
            ConvKind::Bits32 => bits,
            ConvKind::Fp32ToTf32 => bits >> 13,
            ConvKind::Fp32ToBf16 => {
                let b = if bits & 0x7f80_0000 == 0 {
                    bits & 0x8000_0000
                } else {
                    bits
                };
                half::<TO_DST>(b >> 16, src_bf16)
            }
            ConvKind::Fp32ToFp16 => half::<TO_DST>(fp32_to_fp16(bits), src_fp16),
            ConvKind::Bf16 => half::<TO_DST>(bits, src_bf16),
            ConvKind::Fp16 => half::<TO_DST>(bits, src_fp16),
            ConvKind::Int8 { unsigned } => half::<TO_DST>(int8_to_fp16(bits, unsigned), src_fp16),
            ConvKind::Bfp8 => half::<TO_DST>(bfp8_to_bf16(bits, exp), src_bf16),
            ConvKind::Bfp4 => half::<TO_DST>(bfp8_to_bf16(bits << 4, exp), src_bf16),
        }
    }

    /// A row of datums: the kind and the target are matched once, each arm a loop of its
    /// own.
    fn row(self, raw: &[u32; 16], exps: &[u32; 16], out: &mut [u32; 16]) {
        if self.to_dst {
            Self::row_into::<true>(self.kind, raw, exps, out);
        } else {
            Self::row_into::<false>(self.kind, raw, exps, out);
        }
    }

    #[inline(always)]
    fn row_into<const TO_DST: bool>(
        kind: ConvKind,
        raw: &[u32; 16],
        exps: &[u32; 16],
        out: &mut [u32; 16],
    ) {
        #[inline(always)]
        fn each(
            out: &mut [u32; 16],
            raw: &[u32; 16],
            exps: &[u32; 16],
            f: impl Fn(u32, u32) -> u32,
        ) {
            for ((o, &r), &e) in out.iter_mut().zip(raw).zip(exps) {
                *o = f(r, e);
            }
        }
        let one = Self::one::<TO_DST>;
        match kind {
            ConvKind::Bits32 => each(out, raw, exps, |r, e| one(ConvKind::Bits32, r, e)),
            ConvKind::Fp32ToTf32 => each(out, raw, exps, |r, e| one(ConvKind::Fp32ToTf32, r, e)),
            ConvKind::Fp32ToBf16 => each(out, raw, exps, |r, e| one(ConvKind::Fp32ToBf16, r, e)),
            ConvKind::Fp32ToFp16 => each(out, raw, exps, |r, e| one(ConvKind::Fp32ToFp16, r, e)),
            ConvKind::Bf16 => each(out, raw, exps, |r, e| one(ConvKind::Bf16, r, e)),
            ConvKind::Fp16 => each(out, raw, exps, |r, e| one(ConvKind::Fp16, r, e)),
            k @ ConvKind::Int8 { .. } => each(out, raw, exps, |r, e| one(k, r, e)),
            ConvKind::Bfp8 => each(out, raw, exps, |r, e| one(ConvKind::Bfp8, r, e)),
            ConvKind::Bfp4 => each(out, raw, exps, |r, e| one(ConvKind::Bfp4, r, e)),
        }
    }
}

/// Byte-aligned datums of `W` bytes, little-endian, from the start of `span`.
#[inline(always)]
fn load_le<const W: usize>(span: &[u8; 72], raw: &mut [u32]) {
    for (k, r) in raw.iter_mut().enumerate() {
        let mut le = [0u8; 4];
        for j in 0..W {
            le[j] = span[k * W + j];
        }
        *r = u32::from_le_bytes(le);
    }
}

pub(super) fn execute(
    b: &mut Backend,
    t: usize,
    opcode: u8,
    w: u32,
    l1: &mut SparseMemory,
) -> ExecResult {
    if opcode == 0x43 {
        return Ok(()); // UNPACR_NOP: no effect in the functional model.
    }
    let which = ((w >> 23) & 1) as usize;
    let incs = (w >> 15) & 0xff;
    let f = fields(which);
    let multi = (w >> 7) & 1 != 0;
    let use_counter = (w >> 3) & 1 != 0;
    let flip = (w >> 6) & 1 != 0;
    let all_zero = (w >> 4) & 1 != 0;
    if (w >> 2) & 1 != 0 {
        return Err("RowSearch is not modelled".into());
    }
    let bank = *b.cfg.bank(t);
    let g = |fl: CfgField| fl.get(&bank);
    let (ctx, adc_t) = if multi {
        let c = if use_counter {
            b.unpackers.context_counter[which][t]
        } else {
            (w >> 10) & 7
        };
        let c = (c + b.cfg.thd(t, f.context_offset)) & 7;
        ((c) as usize, ((w >> 8) & 3) as usize)
    } else {
        (0, t)
    };
    if adc_t == 3 || (which == 1 && ctx >= 2) {
        return Err(format!(
            "context {ctx} / ADC {adc_t} is undefined behaviour (UNPACR_Regular.md)"
        ));
    }
    let desc = [
        g(f.descriptor[0]),
        g(f.descriptor[1]),
        g(f.descriptor[2]),
        g(f.descriptor[3]),
    ];
    let uncompressed = if multi { true } else { desc[0] >> 4 & 1 != 0 };
    if !uncompressed {
        return Err("compressed input is not modelled".into());
    }
    let xdim = if multi && which == 0 {
        g(f.x_dim_cntx[ctx & 3])
    } else {
        desc[0] >> 16
    };
    let ydim = desc[1] & 0xff;
    let zdim = ((desc[1] >> 16) & 0xff).max(1);
    let (inf, outf) = if multi && g(f.ovrd_fmt) != 0 {
        (g(f.in_fmt_cntx[ctx]), g(f.out_fmt_cntx[ctx]))
    } else {
        (desc[0] & 0xf, g(f.out_fmt))
    };
    let bits = datum_bits(inf).ok_or_else(|| format!("input format {inf} is not modelled"))?;
    if g(f.upsample) != 0 || g(f.haloize) != 0 {
        return Err("upsampling / transpose (Haloize_mode) are not modelled".into());
    }
    let digest = desc[3] >> 24;
    let base = if multi && ctx != 0 {
        g(f.base[ctx]) + (g(f.offset[ctx & 3]) & 0xffff)
    } else {
        g(f.base[0]) + (g(f.offset[0]) & 0xffff)
    };
    let mut in_addr = u64::from(base + 1 + digest) * 16;
    let is_bfp = matches!(inf, fmt::BFP8 | fmt::BFP8A | fmt::BFP4 | fmt::BFP4A);
    let xy = b.adcs.unpacker[adc_t][which][0];
    let zw = b.adcs.unpacker[t][which][0];
    let x_end = b.adcs.unpacker[adc_t][which][1].x + 1;
    let first = ((zw.w * zdim + zw.z) * ydim + xy.y) * xdim + xy.x;
    let count = x_end.saturating_sub(xy.x);
    // For a cycle model: the datums plus one shared exponent byte per 16 (BFP).
    b.last_l1_bytes = (u64::from(count) * u64::from(bits)).div_ceil(8)
        + if is_bfp {
            u64::from(count.div_ceil(16))
        } else {
            0
        };
    let mut exp_addr = 0u64;
    if is_bfp && g(f.force_shared_exp) == 0 {
        exp_addr = in_addr;
        let wdim = ((desc[2]) & 0xff).max(1);
        let n_exp = (xdim * ydim * zdim * wdim).div_ceil(16);
        in_addr += u64::from(n_exp.div_ceil(16) * 16);
    }
    let tileize = g(f.tileize) != 0;
    let row_stride = if tileize {
        u64::from(
            (g(f.shift_amount[0]) << 4)
                | (g(f.shift_amount[1]) << 8)
                | (g(f.shift_amount[2]) << 12),
        )
    } else {
        u64::from(bits) * 2
    };
    let mut bit_addr = in_addr * 8 + u64::from(first) * u64::from(bits);
    b.last_l1_spans = [(bit_addr / 8, b.last_l1_bytes), (0, 0), (0, 0), (0, 0)];
    let to_dst = which == 0
        && if multi {
            g(f.if_sel_cntx[ctx]) != 0
        } else {
            g(f.if_sel) != 0
        };
    let out = b.adcs.unpacker[t][which][1];
    let mut out_addr = g(f.out_base)
        + out.y * g(f.out_ystride)
        + out.z * g(f.out_zstride)
        + out.w * g(f.out_wstride);
    match outf {
        fmt::FP32 | fmt::TF32 | fmt::INT32 => out_addr >>= 2,
        fmt::FP16 | fmt::BF16 | fmt::INT16 => out_addr >>= 1,
        _ => {}
    }
    if multi && which == 0 {
        let c = g(f.dest_cntx[ctx & 3]);
        out_addr = if to_dst || g(f.add_dest_addr_cntr) != 0 {
            out_addr + c
        } else {
            c
        };
    }
    let ovrd_with_addr = b.cfg.thd(t, Fields::get().srca_ovrd_with_addr) != 0;
    let src_bank = if which == 0 {
        b.srca.unpack_bank
    } else {
        b.srcb.unpack_bank
    };
    let src_row = if which == 0 {
        b.srca.unpack_row[t]
    } else {
        b.srcb.unpack_row[t]
    };
    let int8_unsigned = inf == fmt::INT8
        && g(cfg(if which == 1 {
            "ALU_FORMAT_SPEC_REG0_SrcBUnsigned"
        } else {
            "ALU_FORMAT_SPEC_REG0_SrcAUnsigned"
        })) != 0;
    let read = |l1: &SparseMemory, bit: u64, n: u32| -> Result<u32, String> {
        let byte = bit / 8;
        let v = l1
            .read_u32(byte & !3)
            .map_err(|e| format!("L1 read at {byte:#x}: {e}"))?;
        let v = if n == 32 {
            v
        } else {
            let hi = l1.read_u32((byte & !3) + 4).unwrap_or(0);
            let wide = (u64::from(hi) << 32) | u64::from(v);
            (wide >> (bit - (byte & !3) * 8)) as u32
        };
        Ok(if n == 32 { v } else { v & ((1 << n) - 1) })
    };
    let target = match (which, to_dst) {
        (1, _) => Target::SrcB,
        (_, false) => Target::SrcA,
        _ if !all_zero && to_dst32(inf, outf) => Target::Dst32,
        _ => Target::Dst16,
    };
    let conv = if !all_zero && count > 0 {
        Some(Conv::of(inf, outf, to_dst, int8_unsigned)?)
    } else {
        None
    };
    // The register row a datum for (unpacker) row `row` lands in; `None`: nowhere (SrcA's
    // rows 0–3 are not written).
    let dest_row = |row: u32| -> Result<Option<usize>, String> {
        Ok(Some(match target {
            Target::SrcB => ((row + src_row) & 0x3f) as usize,
            Target::SrcA => {
                if row < 4 {
                    return Ok(None);
                }
                let r = row - 4;
                if ovrd_with_addr {
                    if r >= 64 {
                        return Err(format!("SrcA row {r} ≥ 64 (UNPACR_Regular.md: undefined)"));
                    }
                    r as usize
                } else {
                    if r >= 16 {
                        return Err(format!("SrcA row {r} ≥ 16 (UNPACR_Regular.md: undefined)"));
                    }
                    ((r + src_row) & 63) as usize
                }
            }
            Target::Dst16 | Target::Dst32 => {
                let r = row.wrapping_sub(4) as usize;
                if ovrd_with_addr { r & 15 } else { r & 0x3ff }
            }
        }))
    };
    // A row of 16 datums at a time: they are contiguous in L1, so they are read at once
    // (bytes beyond them are only loaded, never used), datum by datum near a fault. Rows that
    // follow each other in L1 (no tileize stride) are all read at once when that read
    // succeeds (else row by row, as near a fault).
    let width = bits as usize;
    let span_len = 2 * width + 8;
    let bulk_start = bit_addr / 8;
    let rows = count.div_ceil(16) as usize;
    let mut bulk = std::mem::take(&mut b.unpackers.bulk);
    let bulk_ok = rows > 0 && row_stride == 2 * u64::from(bits) && {
        let len = (rows - 1) * 2 * width + span_len;
        // Room for a whole `span_buf` from the last row's start (bytes past `len` unused).
        if bulk.len() < len + 72 {
            bulk.resize(len + 72, 0);
        }
        l1.read_into(bulk_start, &mut bulk[..len], Access::Read)
            .is_ok()
    };
    let mut span_buf = [0u8; 72];
    // Datums past a short last row convert stale values that are never used.
    let (mut raw, mut exps) = ([0u32; 16], [0u32; 16]);
    let mut i = 0;
    while i < count {
        let n = (count - i).min(16) as usize;
        let span_bit = bit_addr & !7;
        let span = if bulk_ok {
            let o = (bit_addr / 8 - bulk_start) as usize;
            Some(<&[u8; 72]>::try_from(&bulk[o..o + 72]).expect("72 bytes"))
        } else {
            l1.read_into(bit_addr / 8, &mut span_buf[..span_len], Access::Read)
                .is_ok()
                .then_some(&span_buf)
        };
        if let Some(span) = span {
            let shift = (bit_addr - span_bit) as usize;
            match (width, shift) {
                (32, 0) => load_le::<4>(span, &mut raw[..n]),
                (16, 0) => load_le::<2>(span, &mut raw[..n]),
                (8, 0) => load_le::<1>(span, &mut raw[..n]),
                _ => {
                    for (k, r) in raw[..n].iter_mut().enumerate() {
                        let off = shift + k * width;
                        let word =
                            u64::from_le_bytes(span[off / 8..off / 8 + 8].try_into().expect("8"));
                        *r = (word >> (off % 8)) as u32 & (u32::MAX >> (32 - bits));
                    }
                }
            }
        } else {
            for (k, r) in raw[..n].iter_mut().enumerate() {
                *r = read(l1, bit_addr + (k * width) as u64, bits)?;
            }
        }
        bit_addr += row_stride * 8;
        let mut vals = [0u32; 16];
        if let Some(conv) = conv {
            if is_bfp {
                for (k, e) in exps[..n].iter_mut().enumerate() {
                    let at = exp_addr + u64::from((first + i + k as u32) / 16);
                    *e = u32::from(
                        l1.read_u8(at)
                            .map_err(|e| format!("L1 exponent read: {e}"))?,
                    );
                }
            }
            conv.row(&raw, &exps, &mut vals);
        }
        i += n as u32;
        if n == 16 && out_addr.is_multiple_of(16) {
            // A whole register row.
            let row = dest_row(out_addr / 16)?;
            out_addr += 16;
            let Some(r) = row else { continue };
            match target {
                Target::SrcA => b.srca.bank_mut(src_bank)[r] = vals,
                Target::SrcB => b.srcb.bank_mut(src_bank)[r] = vals,
                Target::Dst16 => b.dst.cells[r] = vals.map(|v| v as u16),
                Target::Dst32 => b.dst.write32_row(r, &vals),
            }
            continue;
        }
        for &v in &vals[..n] {
            let (row, col) = (out_addr / 16, (out_addr & 15) as usize);
            out_addr += 1;
            let Some(r) = dest_row(row)? else { continue };
            match target {
                Target::SrcA => b.srca.bank_mut(src_bank)[r][col] = v,
                Target::SrcB => b.srcb.bank_mut(src_bank)[r][col] = v,
                Target::Dst16 => b.dst.write16(r, col, v as u16),
                Target::Dst32 => b.dst.write32(r, col, v),
            }
        }
    }
    b.unpackers.bulk = bulk;
    if multi && use_counter {
        let next = ctx as u32 + 1;
        b.unpackers.context_counter[which][t] = if next >= 1 << g(f.context_count) {
            0
        } else {
            next
        };
    }
    for i in [t, adc_t] {
        let a = &mut b.adcs.unpacker[i][which];
        a[0].y += (incs >> 2) & 3;
        a[0].z += incs & 3;
        a[1].y += (incs >> 6) & 3;
        a[1].z += (incs >> 4) & 3;
        a[0].wrap();
        a[1].wrap();
        if adc_t == t {
            break;
        }
    }
    let fl = Fields::get();
    let base_row = if which == 1 {
        b.cfg.thd(t, fl.srcb_set_base)
    } else {
        b.cfg.thd(t, fl.srca_set_base)
    } << 4;
    let src = if which == 1 { &mut b.srcb } else { &mut b.srca };
    if flip {
        src.flip_unpacker(t, base_row);
    } else if g(f.src_reg_set_upd) != 0 {
        src.unpack_row[t] = (src.unpack_row[t] + 16 + base_row) & 0x3f;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    // UNPACR_Regular.md BFP8ToBF16: mantissa 0x40 (sign 0, 1.000000b) with exponent 127 is
    // 1.0; 0x20 is 0.5; sign with zero magnitude is −0 as 0xff80 (the page's value).
    #[test]
    fn bfp8_conversion() {
        assert_eq!(bfp8_to_bf16(0x40, 127), 0x3f80);
        assert_eq!(bfp8_to_bf16(0x20, 127), 0x3f00);
        assert_eq!(bfp8_to_bf16(0xc0, 127), 0xbf80);
        assert_eq!(bfp8_to_bf16(0x80, 127), 0xff80);
        assert_eq!(bfp8_to_bf16(0, 3), 0);
    }

    // UNPACR_Regular.md FormatConversion, case INT8: sign-magnitude −5 (0x85) keeps its
    // magnitude, gains the dummy exponent 16 and FP16's sign bit; unsigned 0x85 is 133; −0
    // keeps only the sign; zero stays zero.
    #[test]
    fn int8_becomes_integer_8_on_fp16() {
        assert_eq!(int8_to_fp16(0x85, false), 0x8000 | (16 << 10) | 5);
        assert_eq!(int8_to_fp16(0x85, true), (16 << 10) | 0x85);
        assert_eq!(int8_to_fp16(0x80, false), 0x8000);
        assert_eq!(int8_to_fp16(0, false), 0);
        assert_eq!(int8_to_fp16(0x7f, false), (16 << 10) | 0x7f);
    }
}
