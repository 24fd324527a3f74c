//! GPRs and configuration instructions: SETDMAREG (SETDMAREG_Immediate.md), the DMAREG
//! arithmetic of the Scalar Unit (ADDDMAREG.md … CMPDMAREG.md), WRCFG (WRCFG.md), RDCFG,
//! SETC16 (SETC16.md), RMWCIB (RMWCIB.md).

use super::config::{CFG_WORDS, THD_WORDS};
use super::{Backend, ExecResult};

pub(super) fn execute(b: &mut Backend, t: usize, opcode: u8, w: u32) -> ExecResult {
    match opcode {
        // SETDMAREG: immediate mode only (SetSignalsMode, bit 7, is not modelled; ttsim refuses
        // it too, notes/ttsim.md).
        0x45 => {
            if w >> 7 & 1 != 0 {
                return Err("SETDMAREG's signals mode is not modelled".into());
            }
            let half = (w & 0x7f) as usize;
            let value = (w >> 8) & 0xffff;
            let reg = &mut b.gpr[t][half / 2];
            let shift = 16 * (half % 2);
            *reg = (*reg & !(0xffff << shift)) | (value << shift);
        }
        // ADDDMAREG.md, SUBDMAREG.md, MULDMAREG.md, BITWOPDMAREG.md, SHIFTDMAREG.md,
        // CMPDMAREG.md share a layout: immediate variant[23], Mode[20:18], ResultReg[17:12],
        // RightReg or RightImm6[11:6] (SHIFTDMAREG: RightImm5[10:6]), LeftReg[5:0].
        0x58..=0x5d => {
            let left = b.gpr[t][(w & 0x3f) as usize];
            let imm = (w >> 6) & 0x3f;
            let right = if w >> 23 & 1 != 0 {
                if opcode == 0x5c { imm & 0x1f } else { imm }
            } else {
                b.gpr[t][imm as usize]
            };
            let mode = (w >> 18) & 7;
            let undefined = || Err(format!("Mode {mode} is undefined"));
            let r = match (opcode, mode) {
                (0x58, _) => left.wrapping_add(right),
                (0x59, _) => left.wrapping_sub(right),
                (0x5a, _) => (left & 0xffff).wrapping_mul(right & 0xffff),
                (0x5b, 0) => left & right,
                (0x5b, 1) => left | right,
                (0x5b, 2) => left ^ right,
                (0x5c, 0) => left << (right & 0x1f),
                (0x5c, 1) => left >> (right & 0x1f),
                (0x5d, 0) => u32::from(left > right),
                (0x5d, 1) => u32::from(left < right),
                (0x5d, 2) => u32::from(left == right),
                _ => return undefined(),
            };
            b.gpr[t][((w >> 12) & 0x3f) as usize] = r;
        }
        // WRCFG: GprAddress[23:16], wr128b[15], CfgReg[14:0].
        0xb0 => {
            let gpr = ((w >> 16) & 0x3f) as usize;
            let index = (w & 0x7fff) as usize;
            if index >= CFG_WORDS {
                return Err(format!(
                    "config index {index} is out of range (< {CFG_WORDS})"
                ));
            }
            let regs = b.gpr[t];
            let bank = b.cfg.bank_mut(t);
            if w >> 15 & 1 != 0 {
                for i in 0..4 {
                    bank[(index & !3) + i] = regs[(gpr & !3) + i];
                }
            } else {
                bank[index] = regs[gpr];
            }
        }
        // RDCFG: GprAddress[23:16], CfgReg[15:0].
        0xb1 => {
            let index = (w & 0xffff) as usize;
            if index >= CFG_WORDS {
                return Err(format!(
                    "config index {index} is out of range (< {CFG_WORDS})"
                ));
            }
            b.gpr[t][((w >> 16) & 0x3f) as usize] = b.cfg.bank(t)[index];
        }
        // SETC16: index[23:16], value[15:0].
        0xb2 => {
            let index = ((w >> 16) & 0xff) as usize;
            if index >= THD_WORDS {
                return Err(format!(
                    "thread config index {index} is out of range (< {THD_WORDS})"
                ));
            }
            b.cfg.thread_mut(t)[index] = w & 0xffff;
        }
        // RMWCIB0..3: byte (opcode - 0xb3) of config word CfgRegAddr, masked write.
        0xb3..=0xb6 => {
            let byte = u32::from(opcode - 0xb3) * 8;
            let (mask, data) = ((w >> 16) & 0xff, (w >> 8) & 0xff);
            let index = (w & 0xff) as usize;
            if index >= CFG_WORDS {
                return Err(format!(
                    "config index {index} is out of range (< {CFG_WORDS}, RMWCIB.md)"
                ));
            }
            let r = &mut b.cfg.bank_mut(t)[index];
            *r = (*r & !(mask << byte)) | ((data & mask) << byte);
        }
        _ => return Err("not an instruction of this model".into()),
    }
    Ok(())
}
