//! The Matrix Unit's integer mode (`ALU_ACC_CTRL_INT8_math_enabled`, not overridden by
//! FP16A_FORCE): MVMUL.md, ELWMUL.md, ELWADD.md and ELWSUB.md with SrcAStyle INT8 and a 32-bit
//! Dst holding integer "32".
//!
//! * Src integer "8" (SrcASrcB.md) is overlaid on FP16: in this model's Src layout (regs.rs)
//!   the sign is bit 18 and the 10-bit magnitude bits 9..0 (the page's `ReadSrcInt8`, whose
//!   own layout is Sign,Mag(10b),Zero(3b),Exp(5b)).
//! * The multiplications see only some magnitude bits per fidelity phase (the page's masks
//!   0x41fff/0x4e0ff for SrcA and 0x40fff/0x7f0ff for SrcB, in magnitude terms): SrcA bits 4..0
//!   when phase bit 0 is set, else bits 7..5 (bits 9..8 never: "usable values −255 … +255");
//!   SrcB bits 3..0 when phase bit 1 is set, else bits 9..4.
//! * Dst integer "32" is sign-magnitude (Dst.md); in this model's IEEE-ordered Dst it is the
//!   plain sign bit and 31-bit magnitude. The pages name `SaturateAddInt32`, `ReadDstInt32` and
//!   `WriteDstInt32` without defining them; ELWADD.md says the sum clamps at ±(2^31 − 1), which
//!   is the reading here (ttsim's saturate_add_int32 agrees).

use super::{Backend, ExecResult, MathCfg, flip};

/// The page's `ReadSrcInt8` on this model's Src layout, after masking the magnitude.
fn read_src_int8(x: u32, magnitude_mask: u32) -> i32 {
    let mag = (x & 0x3ff & magnitude_mask) as i32;
    if x >> 18 & 1 != 0 { -mag } else { mag }
}

fn srca_mask(phase: u32) -> u32 {
    if phase & 1 != 0 { 0x1f } else { 0xe0 }
}

fn srcb_mask(phase: u32) -> u32 {
    if phase & 2 != 0 { 0x0f } else { 0x3f0 }
}

fn read_dst_int32(v: u32) -> i64 {
    let mag = i64::from(v & 0x7fff_ffff);
    if v >> 31 != 0 { -mag } else { mag }
}

/// `SaturateAddInt32` then `WriteDstInt32`: clamp to ±(2^31 − 1), store sign-magnitude.
fn write_dst_int32(x: i64) -> u32 {
    let x = x.clamp(-0x7fff_ffff, 0x7fff_ffff);
    if x < 0 {
        0x8000_0000 | (-x) as u32
    } else {
        x as u32
    }
}

/// MVMUL.md, INT8 branch: Dst[8 rows] += Σ_k SrcB[i][k] · SrcA[k][j] on integers. Rows past
/// 63 wrap, as in the float path.
pub(super) fn mvmul(b: &mut Backend, t: usize, w: u32, m: &MathCfg) -> ExecResult {
    let srca_row = (b.rwc[t].srca & 0x38) as usize;
    let srcb_row = (b.rwc[t].srcb & 0x38) as usize;
    let dst_row = ((w & 0x3fff) + m.dst_base + b.rwc[t].dst) as usize & 0x3f8;
    let (ma, mb) = (srca_mask(m.phase), srcb_mask(m.phase));
    let (a, bb) = (b.srca.bank(b.srca.fpu_bank), b.srcb.bank(b.srcb.fpu_bank));
    for i in 0..8 {
        let brow = &bb[(srcb_row + i) & 63];
        for j in 0..16 {
            let x: i64 = (0..16)
                .map(|k| {
                    let arow = &a[(srca_row + k) & 63];
                    i64::from(read_src_int8(brow[k], mb)) * i64::from(read_src_int8(arow[j], ma))
                })
                .sum();
            let d = read_dst_int32(b.dst.read32(dst_row + i, j));
            b.dst.write32(dst_row + i, j, write_dst_int32(x + d));
        }
    }
    finish(b, t, w)
}

/// ELWMUL.md / ELWADD.md / ELWSUB.md, INT8 branch: AddDst[21] (ELWMUL always accumulates),
/// BroadcastSrcBRow[20], BroadcastSrcBCol0[19]. Only ELWMUL masks by fidelity phase.
pub(super) fn eltwise(b: &mut Backend, t: usize, opcode: u8, w: u32, m: &MathCfg) -> ExecResult {
    let (bcast_row, bcast_col) = (w >> 20 & 1 != 0, w >> 19 & 1 != 0);
    let add_dst = opcode == 0x27 || w >> 21 & 1 != 0;
    let srca_row = (b.rwc[t].srca & 0x38) as usize;
    let srcb_row = (b.rwc[t].srcb & if bcast_row { 0x3f } else { 0x38 }) as usize;
    let dst_row = ((w & 0x3fff) + m.dst_base + b.rwc[t].dst) as usize & 0x3f8;
    let (ma, mb) = if opcode == 0x27 {
        (srca_mask(m.phase), srcb_mask(m.phase))
    } else {
        (0x3ff, 0x3ff)
    };
    let a = b.srca.bank(b.srca.fpu_bank);
    let bb = b.srcb.bank(b.srcb.fpu_bank);
    for i in 0..8 {
        let arow = &a[(srca_row + i) & 63];
        let brow = &bb[(srcb_row + if bcast_row { 0 } else { i }) & 63];
        // Without AddDst the Dst term is 0 (`read_dst_int32(0)`).
        let mut d = if add_dst {
            b.dst.read32_row(dst_row + i)
        } else {
            [0; 16]
        };
        for (j, dj) in d.iter_mut().enumerate() {
            let av = i64::from(read_src_int8(arow[j], ma));
            let bv = i64::from(read_src_int8(brow[if bcast_col { 0 } else { j }], mb));
            let r = match opcode {
                0x27 => av * bv,
                0x28 => av + bv,
                _ => av - bv,
            };
            *dj = write_dst_int32(r + read_dst_int32(*dj));
        }
        b.dst.write32_row(dst_row + i, &d);
    }
    finish(b, t, w)
}

/// The pages' tail: the Flip bits, then ApplyAddrMod.
fn finish(b: &mut Backend, t: usize, w: u32) -> ExecResult {
    flip(b, t, (w >> 22) & 3);
    b.apply_addr_mod(t, (w >> 15) & 0xf, true);
    Ok(())
}
