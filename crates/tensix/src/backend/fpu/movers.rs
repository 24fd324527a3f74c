//! Data movement between Src and Dst: MOVA2D.md, MOVB2D.md, MOVD2A.md, MOVD2B.md,
//! TRNSPSRCB.md, SHIFTXB.md. Layouts are this model's (regs.rs): Src sign[18] exp[17:10] man[9:0], Dst in
//! IEEE order, so the pages' Shuffle/Remove helpers become the field moves below.

use super::{Backend, ExecResult, math_cfg};

const TF32: u32 = 4;

/// Fields of the four MOV instructions: UseDst32bLo[23], SrcRow[22:17], AddrMod[16:15],
/// instr_mod[14:12], DstRow[11:0].
struct Mov {
    src_row: usize,
    addr_mod: u32,
    instr_mod: u32,
    dst_row: usize,
}

fn fields(w: u32) -> Result<Mov, String> {
    if w >> 23 & 1 != 0 {
        return Err("UseDst32bLo is not modelled".into());
    }
    Ok(Mov {
        src_row: ((w >> 17) & 0x3f) as usize,
        addr_mod: (w >> 15) & 3,
        instr_mod: (w >> 12) & 7,
        dst_row: (w & 0x3ff) as usize,
    })
}

/// MOVA2D / MOVB2D: Src rows to Dst. `Use8bExponent` follows the SrcA format for both
/// (MOVB2D.md: "SrcAFmt really is used").
pub(super) fn src_to_dst(b: &mut Backend, t: usize, from_b: bool, w: u32) -> ExecResult {
    let f = fields(w)?;
    let m = math_cfg(b, t);
    let exp8 = m.mode.exp8;
    let (rwc_src, file) = if from_b {
        (b.rwc[t].srcb, &b.srcb)
    } else {
        (b.rwc[t].srca, &b.srca)
    };
    let mut src_row = f.src_row + rwc_src as usize;
    let mut dst_row = f.dst_row + m.dst_base as usize + b.rwc[t].dst as usize;
    let (rows, bcast_row, bcast_col) = if !from_b {
        if f.instr_mod & 2 != 0 {
            (8, false, false)
        } else {
            (1, false, false)
        }
    } else if f.instr_mod & 2 != 0 {
        (8, true, f.instr_mod & 1 != 0)
    } else if f.instr_mod & 4 != 0 {
        (4, false, f.instr_mod & 1 != 0)
    } else {
        (1, false, f.instr_mod & 1 != 0)
    };
    let align = if bcast_row { 1 } else { rows };
    src_row &= 0x3f & !(align - 1);
    dst_row &= 0x3ff & !(rows - 1);
    let bank = file.bank(file.fpu_bank);
    let mut out = [[0u32; 16]; 8];
    for (i, row) in out.iter_mut().enumerate().take(rows) {
        let r = if bcast_row { src_row } else { src_row + i };
        for (j, o) in row.iter_mut().enumerate() {
            let mut v = bank[r & 63][if bcast_col { 0 } else { j }];
            if (v >> 10) & 0xff == 0 {
                v = 0; // FlushDenormals (ALU_ACC_CTRL_Zero_Flag_disabled_src = 0)
            }
            *o = v;
        }
    }
    for (i, row) in out.iter().enumerate().take(rows) {
        for (j, &v) in row.iter().enumerate() {
            if m.srca_fmt == TF32 {
                b.dst.write32(dst_row + i, j, v << 13);
            } else if exp8 {
                b.dst.write16(dst_row + i, j, (v >> 3) as u16);
            } else {
                b.dst.write16(
                    dst_row + i,
                    j,
                    ((((v >> 18) & 1) << 15) | (v & 0x7fff)) as u16,
                );
            }
        }
    }
    b.apply_addr_mod(t, f.addr_mod, true);
    Ok(())
}

/// MOVD2A / MOVD2B: Dst rows to the FPU bank of SrcA / SrcB.
pub(super) fn dst_to_src(b: &mut Backend, t: usize, to_b: bool, w: u32) -> ExecResult {
    let f = fields(w)?;
    let m = math_cfg(b, t);
    let rows = if f.instr_mod & 2 != 0 { 4 } else { 1 };
    let rwc_src = if to_b { b.rwc[t].srcb } else { b.rwc[t].srca };
    let src_row = (f.src_row + rwc_src as usize) & 0x3f & !(rows - 1);
    let dst_row = (f.dst_row + m.dst_base as usize + b.rwc[t].dst as usize) & 0x3ff & !(rows - 1);
    let bf16_to_src = |x: u32| (x & 0xffff) << 3;
    let fp16_to_src = |x: u32| ((x & 0x8000) << 3) | (x & 0x7fff);
    for i in 0..rows {
        for j in 0..16 {
            let v = if m.mode.fp32 {
                let d = b.dst.read32(dst_row + i, j);
                match (m.srca_fmt, m.mode.exp8) {
                    (TF32, _) => d >> 13,
                    (_, true) => bf16_to_src(d >> 16),
                    (_, false) => fp16_to_src(d >> 16),
                }
            } else {
                let d = u32::from(b.dst.read16(dst_row + i, j));
                match (m.srca_fmt, m.mode.exp8) {
                    (TF32, _) => {
                        return Err("TF32 from a 16-bit Dst is undefined (MOVD2A.md)".into());
                    }
                    (_, true) => bf16_to_src(d),
                    (_, false) => fp16_to_src(d),
                }
            };
            let file = if to_b { &mut b.srcb } else { &mut b.srca };
            let bank = file.fpu_bank;
            file.bank_mut(bank)[src_row + i][j] = v;
        }
    }
    b.apply_addr_mod(t, f.addr_mod, true);
    Ok(())
}

/// TRNSPSRCB.md: transpose rows 16..32 of SrcB's FPU bank.
pub(super) fn transpose_srcb(b: &mut Backend) {
    let bank = b.srcb.fpu_bank;
    let s = b.srcb.bank_mut(bank);
    for i in 0..16 {
        for j in 0..i {
            let (ij, ji) = (s[16 + i][j], s[16 + j][i]);
            s[16 + i][j] = ji;
            s[16 + j][i] = ij;
        }
    }
}

/// SHIFTXB.md: AddrMod[16:15], ShiftInZero[10], SrcRow[5:0]. The page's summary says the row
/// shifts left by one lane, but its functional model copies only columns 1..=14 down
/// (`Column < 14`), so column 14 keeps its value; this follows the functional model.
pub(super) fn shiftxb(b: &mut Backend, t: usize, w: u32) {
    let row = ((w & 0x3f) + b.rwc[t].srcb) as usize & 0x3f;
    let bank = b.srcb.fpu_bank;
    let r = &mut b.srcb.bank_mut(bank)[row];
    let column0 = r[0];
    r.copy_within(1..15, 0);
    r[15] = if (w >> 10) & 1 != 0 { 0 } else { column0 };
    b.apply_addr_mod(t, (w >> 15) & 3, true);
}
