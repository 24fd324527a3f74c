//! The Scalar Unit's (ThCon's) memory instructions: ATINCGET (ATINCGET.md), ATSWAP
//! (ATSWAP.md), ATCAS (ATCAS.md), LOADIND (LOADIND.md), STOREIND in its three modes
//! (STOREIND_L1.md, STOREIND_MMIO.md, STOREIND_Src.md), LOADREG (LOADREG.md), STOREREG
//! (STOREREG.md) and FLUSHDMA (FLUSHDMA.md).
//!
//! The pages split most of these into a part done at issue and a part done "at some later
//! point in time" (the L1 request, the GPR write-back). The functional model does both at
//! issue, so nothing is ever outstanding: FLUSHDMA's conditions C0–C3 hold only when a cycle
//! model says so ([`Backend::busy_conditions`], as for STALLWAIT).
//!
//! Where a page says `UndefinedBehaviour()` the model stops with a fault naming the address.
//! The MMIO window of LOADREG, STOREREG and STOREIND's MMIO mode (0xFFB11000–0xFFBFFFFC,
//! BabyRISCV/README.md's memory map) holds the TDMA-RISC, debug, PIC, NoC, NoC-overlay and
//! MOP-expander registers; the tile model has none of these as a device the backend reaches,
//! so an access there faults naming the device (ttsim likewise refuses every address but the
//! NoC overlay's, which this tile does not have).

use super::regs::SrcClient;
use super::{Backend, Stall, config::Fields};
use crate::tile::L1_SIZE;
use macrosim_core::SparseMemory;

/// Whether `opcode` is one of this file's instructions.
pub(super) fn handles(opcode: u8) -> bool {
    matches!(opcode, 0x46 | 0x49 | 0x61 | 0x63 | 0x64 | 0x66..=0x68)
}

/// Executes one instruction: `Ok(None)` when done, `Ok(Some(stall))` when it must wait (ATCAS
/// comparing unequal, FLUSHDMA's conditions, STOREIND waiting for its Src bank).
pub(super) fn execute(
    b: &mut Backend,
    t: usize,
    opcode: u8,
    w: u32,
    l1: &mut SparseMemory,
) -> Result<Option<Stall>, String> {
    let field = |lsb: u32, width: u32| (w >> lsb) & ((1 << width) - 1);
    let (addr_reg, data_reg) = (field(0, 6) as usize, field(6, 6) as usize);
    match opcode {
        0x46 => return Ok(flushdma(b, field(0, 4))),
        0x49 => loadind(b, t, w, l1)?,
        // ATINCGET: IntWidth[18:14], Ofs[13:12], InOutReg[11:6], AddrReg[5:0].
        0x61 => {
            let addr =
                l1_address(u64::from(b.gpr[t][addr_reg]) * 16 + u64::from(field(12, 2)) * 4)?;
            let increment = b.gpr[t][data_reg];
            let mask = 2u32.wrapping_shl(field(14, 5)).wrapping_sub(1);
            let original = read(l1, addr, 4)?;
            let incremented = original.wrapping_add(increment);
            write(l1, addr, 4, (incremented & mask) | (original & !mask))?;
            b.gpr[t][data_reg] = original;
        }
        // ATSWAP: SingleDataReg[22], Mask[21:14], DataReg[11:6], AddrReg[5:0].
        0x63 => {
            let addr = l1_address(u64::from(b.gpr[t][addr_reg]) * 16)?;
            let mut to_write = [0u32; 4];
            if field(22, 1) != 0 {
                to_write[data_reg & 3] = b.gpr[t][data_reg];
            } else {
                to_write.copy_from_slice(&b.gpr[t][data_reg & 0x3c..][..4]);
            }
            let mask = field(14, 8);
            for i in 0..8 {
                if mask >> i & 1 != 0 {
                    let half = to_write[i / 2] >> (16 * (i % 2));
                    write(l1, addr + 2 * i as u32, 2, half & 0xffff)?;
                }
            }
        }
        // ATCAS: SetVal[21:18], CmpVal[17:14], Ofs[13:12], AddrReg[5:0].
        0x64 => {
            let addr =
                l1_address(u64::from(b.gpr[t][addr_reg]) * 16 + u64::from(field(12, 2)) * 4)?;
            let (set, cmp) = (field(18, 4), field(14, 4));
            let value = read(l1, addr, 4)?;
            if value != cmp {
                return Ok(Some(Stall::L1Compare {
                    addr,
                    value,
                    want: cmp,
                }));
            }
            write(l1, addr, 4, set)?;
        }
        0x66 => return storeind(b, t, w, l1),
        // LOADREG / STOREREG: Reg[23:18], AddrLo[17:0].
        0x67 | 0x68 => return Err(mmio_fault(0xFFB0_0000 + (field(0, 18) << 2))),
        _ => return Err("not an instruction of this model".into()),
    }
    Ok(None)
}

/// FLUSHDMA.md: ConditionMask 0 means all four; wait while any selected condition holds.
fn flushdma(b: &Backend, mask: u32) -> Option<Stall> {
    let mask = if mask == 0 { 0xf } else { mask };
    (b.busy_conditions & mask != 0).then_some(Stall::FlushDma { conditions: mask })
}

/// `(char*)&GPRs[CurrentThread][0] + OffsetHalfReg * 2` of LOADIND.md / STOREIND*.md: the
/// 16-bit halves of a thread's GPRs, low half first (little-endian).
fn half(b: &Backend, t: usize, h: usize) -> u32 {
    (b.gpr[t][h / 2] >> (16 * (h % 2))) & 0xffff
}

fn set_half(b: &mut Backend, t: usize, h: usize, v: u32) {
    let shift = 16 * (h % 2);
    let r = &mut b.gpr[t][h / 2];
    *r = (*r & !(0xffff << shift)) | ((v & 0xffff) << shift);
}

/// The `OffsetIncrement` switch shared by LOADIND.md and STOREIND*.md.
fn increment_offset(b: &mut Backend, t: usize, h: usize, spec: u32) {
    let by = [0, 2, 4, 16][spec as usize];
    set_half(b, t, h, half(b, t, h).wrapping_add(by));
}

/// LOADIND.md: Size[23:22], OffsetHalfReg[20:14], OffsetIncrement[13:12], ResultReg[11:6],
/// AddrReg[5:0].
fn loadind(b: &mut Backend, t: usize, w: u32, l1: &SparseMemory) -> Result<(), String> {
    let size = (w >> 22) & 3;
    let h = ((w >> 14) & 0x7f) as usize;
    let result = ((w >> 6) & 0x3f) as usize & if size != 0 { 0x3f } else { 0x3c };
    let addr =
        l1_address(u64::from(b.gpr[t][(w & 0x3f) as usize]) * 16 + u64::from(half(b, t, h)))?;
    increment_offset(b, t, h, (w >> 12) & 3);
    let r = &mut b.gpr[t];
    match size {
        0 => {
            for i in 0..4 {
                r[result + i] = read(l1, (addr & !15) + 4 * i as u32, 4)?;
            }
        }
        1 => r[result] = read(l1, addr & !3, 4)?,
        2 => r[result] = (r[result] & !0xffff) | read(l1, addr & !1, 2)?,
        _ => r[result] = (r[result] & !0xff) | read(l1, addr, 1)?,
    }
    Ok(())
}

/// STOREIND (opcode 0x66): MemHierSel[23] picks L1 (STOREIND_L1.md); otherwise bit 22 picks
/// MMIO (STOREIND_MMIO.md) or Src (STOREIND_Src.md).
fn storeind(
    b: &mut Backend,
    t: usize,
    w: u32,
    l1: &mut SparseMemory,
) -> Result<Option<Stall>, String> {
    let h = ((w >> 14) & 0x7f) as usize;
    let spec = (w >> 12) & 3;
    let (data_reg, addr_reg) = (((w >> 6) & 0x3f) as usize, (w & 0x3f) as usize);
    if w >> 23 & 1 != 0 {
        // STOREIND_L1.md: Size[22:21].
        let size = (w >> 21) & 3;
        let data = data_reg & if size != 0 { 0x3f } else { 0x3c };
        let addr = l1_address(u64::from(b.gpr[t][addr_reg]) * 16 + u64::from(half(b, t, h)))?;
        increment_offset(b, t, h, spec);
        let r = b.gpr[t];
        match size {
            0 => {
                for i in 0..4 {
                    write(l1, (addr & !15) + 4 * i as u32, 4, r[data + i])?;
                }
            }
            1 => write(l1, addr & !3, 4, r[data])?,
            2 => write(l1, addr & !1, 2, r[data] & 0xffff)?,
            _ => write(l1, addr, 1, r[data] & 0xff)?,
        }
        return Ok(None);
    }
    let addr = b.gpr[t][addr_reg].wrapping_add(half(b, t, h) >> 4);
    if w >> 22 & 1 != 0 {
        // STOREIND_MMIO.md.
        return Err(mmio_fault(0xFFB0_0000 + (addr & 0x000F_FFFC)));
    }
    // STOREIND_Src.md: StoreToSrcB[21]; Addr is a uint20_t.
    let to_srcb = w >> 21 & 1 != 0;
    let src = if to_srcb { &b.srcb } else { &b.srca };
    if src.allowed[src.unpack_bank] != SrcClient::Unpackers {
        return Ok(Some(Stall::SrcNotFree {
            unpacker: usize::from(to_srcb),
        }));
    }
    let lo = b.gpr[t][data_reg & 0x3c];
    let hi = b.gpr[t][(data_reg & 0x3c) + 1];
    let datum = [bf16_lo(lo), bf16_hi(lo), bf16_lo(hi), bf16_hi(hi)];
    increment_offset(b, t, h, spec);
    let addr = addr & 0xf_ffff;
    if addr & 0xf_0000 != 0 {
        return Err(format!(
            "Src address {addr:#x} has bits 16..19 set (undefined, STOREIND_Src.md)"
        ));
    }
    let column0 = (addr as usize & 3) * 4;
    let fl = Fields::get();
    let row = if to_srcb {
        let row = (addr >> 2) as usize;
        if row >= 16 {
            return Err(format!("SrcB row {row} ≥ 16 (undefined, STOREIND_Src.md)"));
        }
        row + b.srcb.unpack_row[t] as usize
    } else {
        let Some(row) = (addr >> 2).checked_sub(4) else {
            return Ok(None); // rows −4..−1 write nothing
        };
        let row = row as usize;
        if b.cfg.thd(t, fl.srca_ovrd_with_addr) != 0 {
            if row >= 64 {
                return Err(format!("SrcA row {row} ≥ 64 (undefined, STOREIND_Src.md)"));
            }
            row
        } else {
            if row >= 16 {
                return Err(format!("SrcA row {row} ≥ 16 (undefined, STOREIND_Src.md)"));
            }
            row + b.srca.unpack_row[t] as usize
        }
    };
    let src = if to_srcb { &mut b.srcb } else { &mut b.srca };
    let bank = src.unpack_bank;
    src.bank_mut(bank)[row & 63][column0..column0 + 4].copy_from_slice(&datum);
    Ok(None)
}

/// STOREIND_Src.md `ReadBF16Lo`: the low 16 bits hold Sign(1b),Man(7b),Exp(8b). Returned in
/// this model's Src order sign[18] exp[17:10] man[9:0] (regs.rs), the 7-bit mantissa at the
/// top of the 10.
fn bf16_lo(x: u32) -> u32 {
    let (sign, man, exp) = ((x >> 15) & 1, (x >> 8) & 0x7f, x & 0xff);
    (sign << 18) | (exp << 10) | (man << 3)
}

/// STOREIND_Src.md `ReadBF16Hi`: the high 16 bits hold an ordinary BF16 (Sign, Exp, Man).
fn bf16_hi(x: u32) -> u32 {
    let (sign, exp, man) = (x >> 31, (x >> 23) & 0xff, (x >> 16) & 0x7f);
    (sign << 18) | (exp << 10) | (man << 3)
}

/// The L1 check the pages share: `if (L1Address >= (1464*1024)) UndefinedBehaviour();`.
fn l1_address(addr: u64) -> Result<u32, String> {
    if addr >= u64::from(L1_SIZE) {
        return Err(format!(
            "L1 address {addr:#x} is past L1's {} KiB (undefined)",
            L1_SIZE / 1024
        ));
    }
    Ok(addr as u32)
}

fn read(l1: &SparseMemory, addr: u32, size: u32) -> Result<u32, String> {
    let a = u64::from(addr);
    match size {
        1 => l1.read_u8(a).map(u32::from),
        2 => l1.read_u16(a).map(u32::from),
        _ => l1.read_u32(a),
    }
    .map_err(|e| format!("L1 read at {addr:#x}: {e}"))
}

fn write(l1: &mut SparseMemory, addr: u32, size: u32, v: u32) -> Result<(), String> {
    let a = u64::from(addr);
    match size {
        1 => l1.write_u8(a, v as u8),
        2 => l1.write_u16(a, v as u16),
        _ => l1.write_u32(a, v),
    }
    .map_err(|e| format!("L1 write at {addr:#x}: {e}"))
}

/// The fault of an access to the MMIO window 0xFFB00000 + AddrLo × 4 (LOADREG.md,
/// STOREREG.md, STOREIND_MMIO.md), naming the device of BabyRISCV/README.md's memory map.
fn mmio_fault(addr: u32) -> String {
    if addr < 0xFFB1_1000 {
        return format!("MMIO address {addr:#010x} is below 0xFFB11000 (undefined)");
    }
    let device = match addr {
        0xFFB1_1000..0xFFB1_2000 => "the TDMA-RISC configuration registers",
        0xFFB1_2000..0xFFB1_3000 => "the tile control / debug / status registers",
        0xFFB1_3000..0xFFB1_4000 => "the PIC registers",
        0xFFB2_0000..0xFFB4_0000 => "the NoC registers",
        0xFFB4_0000..0xFFB8_0000 => "the NoC overlay",
        0xFFB8_0000..0xFFB8_0024 => "the MOP expander configuration",
        _ => "an unmapped address",
    };
    format!("MMIO address {addr:#010x} is {device}, which this tile model does not have")
}
