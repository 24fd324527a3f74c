//! The Matrix Unit (FPU) instructions: MVMUL.md, ELWADD.md, ELWSUB.md, ELWMUL.md, ZEROACC.md,
//! ZEROSRC.md, SETRWC.md, INCRWC.md, MOVA2D.md, MOVB2D.md, GAPOOL.md, GMPOOL.md, SHIFTXB.md.
//! Arithmetic in [`arith`].

pub mod arith;
mod elw_row;
mod int8;
pub(super) mod lanes;
mod movers;
#[cfg(target_arch = "x86_64")]
mod mvmul_avx2;
mod pool;

use super::config::Fields;
use super::regs;
use super::{Backend, ExecResult};
use arith::AccMode;

/// Src formats (tt-llk `DataFormat`): FP16 = 1, FP8 = 10 are the FP16 style; TF32 = 4 keeps
/// all 10 mantissa bits; the rest are the BF16 style (MVMUL.md).
fn src_mask(fmt: u32) -> u32 {
    match fmt {
        1 | 10 => 0x4_7fff,
        4 => 0x7_ffff,
        _ => 0x7_fff8,
    }
}

#[derive(Clone, Copy, Debug)]
pub(super) struct MathCfg {
    /// The effective SrcA format (FP16 when FP16A_FORCE).
    srca_fmt: u32,
    mode: AccMode,
    int8: bool,
    mask_a: u32,
    mask_b: u32,
    /// FIDELITY_BASE_Phase, which the phase adds to the thread's fidelity RWC.
    fidelity_base: u32,
    phase: u32,
    dst_base: u32,
}

/// Thread `t`'s math configuration: decoded from Config and ThreadConfig once per config
/// stamp (`Config::stamp`), the fidelity phase from the thread's RWC each time.
pub(super) fn math_cfg(b: &Backend, t: usize) -> MathCfg {
    let stamp = b.cfg.stamp();
    let mut m = match b.math_cfgs[t].get() {
        Some((s, m)) if s == stamp => m,
        _ => {
            let m = decode_math_cfg(b, t);
            b.math_cfgs[t].set(Some((stamp, m)));
            m
        }
    };
    m.phase = (b.rwc[t].fidelity + m.fidelity_base) & 3;
    m
}

/// [`math_cfg`] but for the phase.
fn decode_math_cfg(b: &Backend, t: usize) -> MathCfg {
    let f = Fields::get();
    // The thread's config bank and its own registers, looked up once.
    let (cfg, thd) = (b.cfg.bank(t), b.cfg.thread(t));
    let fp16_force = f.fp16a_force.get(thd) != 0;
    let int8 = f.int8_math.get(cfg) != 0;
    let srca_fmt = if f.alu_srca_override.get(cfg) != 0 {
        f.alu_srca_val.get(cfg)
    } else {
        f.alu_srca_fmt.get(cfg)
    };
    let srcb_fmt = f.alu_srcb_fmt.get(cfg);
    let (fa, fb) = if fp16_force {
        (1, 1)
    } else {
        (srca_fmt, srcb_fmt)
    };
    let exp8 = !matches!(fa, 1 | 10);
    let fp32 = !fp16_force && (int8 || f.fp32_acc.get(cfg) != 0);
    MathCfg {
        srca_fmt: fa,
        mode: AccMode { fp32, exp8 },
        int8,
        mask_a: src_mask(fa),
        mask_b: src_mask(fb),
        fidelity_base: f.fidelity_base.get(thd),
        phase: 0,
        dst_base: f.math_offset.get(thd) + f.dest_regw_base.get(cfg),
    }
}

/// One Dst row as FP32-shaped patterns: FP32 Dst as is, BF16 in the high half, FP16 with its
/// 5-bit exponent in the FP32 exponent field (ttsim's form, which [`arith`] computes on).
#[inline(always)]
fn read_dst_row(b: &Backend, m: &MathCfg, row: usize) -> [u32; 16] {
    if m.mode.fp32 {
        let a = regs::adj_row(row);
        let (hi, lo) = (&b.dst.cells[a], &b.dst.cells[a + 8]);
        std::array::from_fn(|j| (u32::from(hi[j]) << 16) | u32::from(lo[j]))
    } else {
        let r = &b.dst.cells[row & 0x3ff];
        if m.mode.exp8 {
            r.map(|x| u32::from(x) << 16)
        } else {
            r.map(|x| ((u32::from(x) & 0x8000) << 16) | ((u32::from(x) & 0x7fff) << 13))
        }
    }
}

/// Writes FP32-shaped patterns back as [`read_dst_row`] reads them.
#[inline(always)]
fn write_dst_row(b: &mut Backend, m: &MathCfg, row: usize, v: &[u32; 16]) {
    if m.mode.fp32 {
        let a = regs::adj_row(row);
        b.dst.cells[a] = v.map(|x| (x >> 16) as u16);
        b.dst.cells[a + 8] = v.map(|x| x as u16);
    } else if m.mode.exp8 {
        b.dst.cells[row & 0x3ff] = v.map(|x| (x >> 16) as u16);
    } else {
        b.dst.cells[row & 0x3ff] = v.map(|x| (((x >> 16) & 0x8000) | ((x >> 13) & 0x7fff)) as u16);
    }
}

/// The Flip bits (clear_dvalid[23:22]: bit 0 SrcA, bit 1 SrcB) of MVMUL.md and SETRWC.md.
fn flip(b: &mut Backend, t: usize, bits: u32) {
    let f = Fields::get();
    if bits & 1 != 0 {
        let off = b.cfg.thd(t, f.clr_dvalid_a_disable) != 0;
        b.srca.flip_fpu(off);
    }
    if bits & 2 != 0 {
        let off = b.cfg.thd(t, f.clr_dvalid_b_disable) != 0;
        b.srcb.flip_fpu(off);
    }
}

pub(super) fn execute(b: &mut Backend, t: usize, opcode: u8, w: u32) -> ExecResult {
    match opcode {
        0x26 => mvmul(b, t, w),
        0x34 => matmul(b, t, w, 4),
        0x33 => pool::gmpool(b, t, w),
        0x18 => {
            movers::shiftxb(b, t, w);
            Ok(())
        }
        0x27 | 0x28 | 0x30 => eltwise(b, t, opcode, w),
        0x10 => zeroacc(b, t, w),
        0x36 => {
            super::dvalid::cleardvalid(b, w);
            Ok(())
        }
        0x11 => {
            zerosrc(b, w);
            Ok(())
        }
        // SETRWC: clear_ab_vld[23:22], rwc_cr[21:18], d[17:14], b[13:10], a[9:6], mask[5:0].
        0x37 => {
            b.rwc[t].setrwc(
                (w >> 18) & 15,
                (w >> 14) & 15,
                (w >> 10) & 15,
                (w >> 6) & 15,
                w & 0x3f,
            );
            flip(b, t, (w >> 22) & 3);
            Ok(())
        }
        // INCRWC: cr[20:18], d[17:14], b[13:10], a[9:6].
        0x38 => {
            b.rwc[t].incrwc((w >> 18) & 7, (w >> 14) & 15, (w >> 10) & 15, (w >> 6) & 15);
            Ok(())
        }
        0x12 | 0x13 => movers::src_to_dst(b, t, opcode == 0x13, w),
        0x08 | 0x0a => movers::dst_to_src(b, t, opcode == 0x0a, w),
        0x16 => {
            movers::transpose_srcb(b);
            Ok(())
        }
        _ => Err("not an instruction of this model (yet)".into()),
    }
}

/// MVMUL.md: Dst[8 rows] += SrcB[8 rows] × SrcA[16 rows].
fn mvmul(b: &mut Backend, t: usize, w: u32) -> ExecResult {
    let broadcast = (w >> 19) & 7;
    if broadcast != 0 {
        return Err(format!(
            "instr_mod19 = {broadcast} (BroadcastSrcBRow) is not modelled"
        ));
    }
    matmul(b, t, w, 8)
}

/// MVMUL.md's model on `rows` rows: 8 for MVMUL, 4 for GAPOOL (GAPOOL.md: `NumRows = 4`,
/// BroadcastSrcBRow always false; SrcB stays the top of an aligned 8-row block, Dst an
/// aligned `rows`-row block).
fn matmul(b: &mut Backend, t: usize, w: u32, rows: usize) -> ExecResult {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: matmul_avx2 only needs AVX2, which the host has (checked just above).
        #[allow(unsafe_code)]
        unsafe {
            return matmul_avx2(b, t, w, rows);
        }
    }
    matmul_body(b, t, w, rows)
}

/// [`matmul`] compiled for AVX2, so that the Dst rows are converted 8 datums at a time and
/// handed to the AVX2 kernel in whole vectors.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn matmul_avx2(b: &mut Backend, t: usize, w: u32, rows: usize) -> ExecResult {
    matmul_body(b, t, w, rows)
}

#[inline(always)]
fn matmul_body(b: &mut Backend, t: usize, w: u32, rows: usize) -> ExecResult {
    let m = math_cfg(b, t);
    if m.int8 && m.mode.fp32 {
        // INT8 unless FP16A_FORCE overrides it (MVMUL.md); GAPOOL.md has no integer model.
        if rows != 8 {
            return Err("INT8 GAPOOL is not modelled".into());
        }
        return int8::mvmul(b, t, w, &m);
    }
    let srca_row = (b.rwc[t].srca & 0x38) as usize;
    let srcb_row = (b.rwc[t].srcb & 0x38) as usize;
    let dst_row = ((w & 0x3fff) + m.dst_base + b.rwc[t].dst) as usize & (0x400 - rows);
    let (ba, bb) = (b.srca.fpu_bank, b.srcb.fpu_bank);
    let mut dst: [[u32; 16]; 8] = [[0; 16]; 8];
    for (i, d) in dst[..rows].iter_mut().enumerate() {
        *d = read_dst_row(b, &m, dst_row + i);
    }
    let src = lanes::MvmulSrc {
        a: std::array::from_fn(|k| &b.srca.bank(ba)[(srca_row + k) & 63]),
        b: std::array::from_fn(|i| &b.srcb.bank(bb)[(srcb_row + i) & 63]),
        mask_a: m.mask_a,
        mask_b: m.mask_b,
        stamps: Some((b.srca.stamp(ba), b.srcb.stamp(bb))),
    };
    lanes::mvmul(&mut b.mvmul_cache, &src, &mut dst[..rows], m.mode, m.phase);
    for (i, d) in dst[..rows].iter().enumerate() {
        write_dst_row(b, &m, dst_row + i, d);
    }
    flip(b, t, (w >> 22) & 3);
    b.apply_addr_mod(t, (w >> 15) & 0xf, true);
    Ok(())
}

/// ELWMUL.md / ELWADD.md / ELWSUB.md on 8 rows × 16 columns.
fn eltwise(b: &mut Backend, t: usize, opcode: u8, w: u32) -> ExecResult {
    let m = math_cfg(b, t);
    if m.int8 && m.mode.fp32 {
        return int8::eltwise(b, t, opcode, w, &m);
    }
    let accumulate = opcode == 0x27 || (w >> 21) & 1 != 0;
    if opcode != 0x27 && m.phase != 0 {
        return Err(format!(
            "fidelity phase {} with ELWADD/ELWSUB (ELWADD.md: software keeps it 0)",
            m.phase
        ));
    }
    let bcast = (w >> 19) & 3;
    // ELWADD.md / ELWMUL.md: an aligned 8-row block of SrcA; SrcB's too unless one row is
    // broadcast.
    let srca_row = (b.rwc[t].srca & 0x38) as usize;
    let srcb_row = (b.rwc[t].srcb & if bcast & 2 != 0 { 0x3f } else { 0x38 }) as usize;
    let dst_row = ((w & 0x3fff) + m.dst_base + b.rwc[t].dst) as usize & 0x3f8;
    let (ba, bb) = (b.srca.fpu_bank, b.srcb.fpu_bank);
    for i in 0..8 {
        let mut out = if accumulate {
            read_dst_row(b, &m, dst_row + i)
        } else {
            [0; 16]
        };
        // A row at a time (lanes::add_row, elw_row::mul_row).
        let brow = if bcast & 2 != 0 {
            srcb_row
        } else {
            srcb_row + i
        };
        let sub = if opcode == 0x30 { 1 << 18 } else { 0 };
        let brow = &b.srcb.bank(bb)[brow & 63];
        let x = b.srca.bank(ba)[(srca_row + i) & 63].map(|v| v & m.mask_a);
        let y: [u32; 16] =
            std::array::from_fn(|j| (brow[if bcast & 1 != 0 { 0 } else { j }] & m.mask_b) ^ sub);
        if opcode == 0x27 {
            elw_row::mul_row(&x, &y, &mut out, m.mode, m.phase);
        } else {
            let zero = |v: u32| if arith::src_is_zero(v) { 0 } else { v };
            lanes::add_row(&x.map(zero), &y.map(zero), &mut out, m.mode);
        }
        write_dst_row(b, &m, dst_row + i, &out);
    }
    flip(b, t, (w >> 22) & 3);
    b.apply_addr_mod(t, (w >> 15) & 0xf, true);
    Ok(())
}

/// ZEROACC.md: clear_mode[23:19] (bit 2 UseDst32b, bits 1:0 Mode), AddrMode[18:15], Imm10.
fn zeroacc(b: &mut Backend, t: usize, w: u32) -> ExecResult {
    let mode = (w >> 19) & 3;
    let dst32 = (w >> 21) & 1 != 0;
    let imm = (w & 0x3ff) as usize;
    match mode {
        0 => {
            let m = math_cfg(b, t);
            let row = (imm + m.dst_base as usize + b.rwc[t].dst as usize) & 0x3ff;
            if m.mode.fp32 {
                b.dst.clear32(row..row + 1);
            } else {
                b.dst.clear16(row..row + 1);
            }
        }
        1 => {
            let block = imm & 0xff;
            if dst32 && block < 32 {
                b.dst.clear32(block * 16..block * 16 + 16);
            } else if !dst32 && block < 64 {
                b.dst.clear16(block * 16..block * 16 + 16);
            }
        }
        2 => {
            let half = if imm & 1 != 0 { 512..1024 } else { 0..512 };
            b.dst.clear16(half);
        }
        _ => b.dst.clear16(0..1024),
    }
    if mode <= 1 {
        b.apply_addr_mod(t, (w >> 15) & 0xf, true);
    }
    Ok(())
}

/// ZEROSRC.md: zero_val[4] (NegativeInfSrcA), write_mode[3] (SingleBankMatrixUnit),
/// bank_mask[2] (BothBanks), src_mask[1:0] (ClearSrcB, ClearSrcA).
fn zerosrc(b: &mut Backend, w: u32) {
    let neg_inf_a = (w >> 4) & 1 != 0;
    let single_fpu = (w >> 3) & 1 != 0;
    let both = (w >> 2) & 1 != 0;
    for (which, src) in [(1, &mut b.srca), (2, &mut b.srcb)] {
        if w & which == 0 {
            continue;
        }
        let banks: &[usize] = if both {
            &[0, 1]
        } else if single_fpu {
            &[src.fpu_bank]
        } else {
            &[src.unpack_bank]
        };
        let fill = if which == 1 && neg_inf_a { 0x7_ffff } else { 0 };
        for &bank in banks {
            for row in src.bank_mut(bank).iter_mut() {
                *row = [fill; 16];
            }
        }
    }
}
