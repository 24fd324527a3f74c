//! SFPLOAD / SFPSTORE (SFPLOAD.md, SFPSTORE.md): 32 lanes ↔ a 4-row × 8-column slice of Dst.

use super::LANES;
use crate::backend::config::{Fields, cfg};
use crate::backend::{Backend, ExecResult};
use std::sync::OnceLock;

const MOD0_SRCB: u32 = 0;
const MOD0_FP16: u32 = 1;
const MOD0_BF16: u32 = 2;
const MOD0_FP32: u32 = 3;
const MOD0_INT32: u32 = 4;

/// MOD0_FMT_SRCB resolved from the configuration (SFPLOAD.md).
fn resolve(b: &Backend, t: usize, mod0: u32) -> u32 {
    static F: OnceLock<[crate::backend::config::CfgField; 3]> = OnceLock::new();
    let [sfpu_fp32, srcb_override, srcb_val] = *F.get_or_init(|| {
        [
            cfg("ALU_ACC_CTRL_SFPU_Fp32_enabled"),
            cfg("ALU_FORMAT_SPEC_REG_SrcB_override"),
            cfg("ALU_FORMAT_SPEC_REG_SrcB_val"),
        ]
    });
    if mod0 != MOD0_SRCB {
        return mod0;
    }
    if b.cfg.cfg(t, sfpu_fp32) != 0 {
        return MOD0_FP32;
    }
    let fmt = if b.cfg.cfg(t, srcb_override) != 0 {
        b.cfg.cfg(t, srcb_val)
    } else {
        b.cfg.cfg(t, Fields::get().alu_srcb_fmt)
    };
    // {FP32, TF32, BF16, BFP8, BFP4, BFP2, INT32, INT16} → BF16, the rest FP16.
    if matches!(fmt, 0 | 4 | 5 | 6 | 7 | 15 | 8 | 9) {
        MOD0_BF16
    } else {
        MOD0_FP16
    }
}

/// ReadFP16 of SFPLOAD.md (Dst FP16 kept in IEEE order here; ENABLE_FP16A_INF off).
fn fp16_to_fp32(x: u32) -> u32 {
    let (sign, exp, man) = (x >> 15 & 1, (x >> 10) & 0x1f, x & 0x3ff);
    let exp = if exp != 0 { exp + 112 } else { 0 };
    (sign << 31) | (exp << 23) | (man << 13)
}

/// ToFP16 of SFPSTORE.md: flush underflow, saturate overflow, truncate.
fn fp32_to_fp16(x: u32) -> u32 {
    let sign = x >> 31;
    let exp = ((x >> 23) & 0xff) as i32 - 112;
    let (exp, man) = if exp <= 0 {
        (0, 0)
    } else if exp > 31 {
        (31, 0x7f_ffff)
    } else {
        (exp as u32, x & 0x7f_ffff)
    };
    (sign << 15) | (exp << 10) | (man >> 13)
}

/// ToBF16 of SFPSTORE.md: flush denormals to signed zero, truncate.
fn fp32_to_bf16(x: u32) -> u32 {
    let x = if x & 0x7f80_0000 == 0 {
        x & 0x8000_0000
    } else {
        x
    };
    x >> 16
}

/// lreg_ind[23:20], instr_mod0[19:16], sfpu_addr_mode[15:14], dest_reg_addr (Imm10).
pub fn load_store(b: &mut Backend, t: usize, store: bool, w: u32) -> ExecResult {
    let vd = ((w >> 20) & 15) as usize;
    let mod0 = resolve(b, t, (w >> 16) & 15);
    if !matches!(mod0, MOD0_FP16 | MOD0_BF16 | MOD0_FP32 | MOD0_INT32) {
        return Err(format!(
            "Mod0 {mod0} is not modelled yet (FP16, BF16, FP32, INT32 are)"
        ));
    }
    let f = Fields::get();
    let addr =
        ((w & 0x3ff) + b.cfg.thd(t, f.math_offset) + b.rwc[t].dst + b.cfg.cfg(t, f.dest_regw_base))
            as usize
            & 0x3ff;
    for lane in 0..LANES {
        if !b.sfpu.lane_enabled(lane) {
            continue;
        }
        let row = (addr & !3) + lane / 8;
        let col = (lane & 7) * 2 + usize::from(addr & 2 != 0);
        if store {
            if vd >= 12 {
                continue; // LReg.md: 12.. are not stored (no backdoor-load configuration).
            }
            let v = b.sfpu.lregs[vd][lane];
            match mod0 {
                MOD0_FP16 => b.dst.write16(row, col, fp32_to_fp16(v) as u16),
                MOD0_BF16 => b.dst.write16(row, col, fp32_to_bf16(v) as u16),
                _ => b.dst.write32(row, col, v),
            }
        } else if vd < 8 {
            b.sfpu.lregs[vd][lane] = match mod0 {
                MOD0_FP16 => fp16_to_fp32(u32::from(b.dst.read16(row, col))),
                MOD0_BF16 => u32::from(b.dst.read16(row, col)) << 16,
                _ => b.dst.read32(row, col),
            };
        }
    }
    let cfg = &b.cfg;
    b.rwc[t].apply_addr_mod(cfg, t, (w >> 14) & 3, false);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    // SFPSTORE.md ToFP16 / ToBF16 and SFPLOAD.md ReadFP16.
    #[test]
    fn format_conversions() {
        assert_eq!(fp32_to_fp16(1.0f32.to_bits()), 0x3c00);
        assert_eq!(fp32_to_fp16(1e-10f32.to_bits()), 0, "underflow flushes");
        assert_eq!(
            fp32_to_fp16(1e10f32.to_bits()),
            0x7fff,
            "overflow saturates"
        );
        assert_eq!(fp32_to_fp16((-1.0 - 2f32.powi(-10)).to_bits()), 0xbc01);
        assert_eq!(fp16_to_fp32(0x3c00), 1.0f32.to_bits());
        assert_eq!(fp32_to_bf16(0x3f81_ffff), 0x3f81, "truncates");
        assert_eq!(fp32_to_bf16(0x8000_0001), 0x8000, "denormal to signed zero");
    }
}
