//! The Vector Unit (SFPU, VectorUnit.md): 32 lanes, the LRegs (LReg.md), lane enables.
//!
//! This unit holds the first SFPU subset (seed 001's SFPU tile add): SFPLOAD / SFPSTORE in the
//! FP16, BF16, FP32 and INT32 formats (and the SrcB-resolved format), SFPLOADI, SFPMAD / SFPADD
//! / SFPMUL, SFPMOV and SFPNOP. Every other SFPU instruction is a fault naming itself; the SFPU
//! issue completes the unit (predication, integer ops, LUTs, SFPCONFIG …) in this module.

mod arith;
mod dst_io;

use super::{Backend, ExecResult};

pub const LANES: usize = 32;

/// LReg.md: 17 registers × 32 lanes × 32 bits, and the lane-enable state of VectorUnit.md.
#[derive(Clone, Debug)]
pub struct Sfpu {
    pub lregs: [[u32; LANES]; 17],
    pub lane_flags: [bool; LANES],
    pub use_lane_flags: bool,
}

impl Default for Sfpu {
    fn default() -> Self {
        let mut lregs = [[0u32; LANES]; 17];
        // LReg.md: LReg[8] = 0.8373, LReg[9] = 0, LReg[10] = 1.0, LReg[15][i] = 2i.
        lregs[8] = [0.8373f32.to_bits(); LANES];
        lregs[10] = [1.0f32.to_bits(); LANES];
        lregs[15] = std::array::from_fn(|i| 2 * i as u32);
        // LReg.md: 11..=14 are written by SFPCONFIG; SFPCONFIG's defaults (notes/ttsim.md item 6:
        // the pages' LReg[12] = 1/65536); the rest zero.
        Sfpu {
            lregs,
            lane_flags: [false; LANES],
            use_lane_flags: false,
        }
    }
}

impl Sfpu {
    /// VectorUnit.md `IsLaneEnabled`.
    #[inline]
    pub fn lane_enabled(&self, lane: usize) -> bool {
        !self.use_lane_flags || self.lane_flags[lane]
    }
}

pub(super) fn execute(b: &mut Backend, t: usize, opcode: u8, w: u32) -> ExecResult {
    match opcode {
        0x70 | 0x72 => dst_io::load_store(b, t, opcode == 0x72, w),
        0x71 => loadi(&mut b.sfpu, w),
        0x84..=0x86 => arith::mad(&mut b.sfpu, w),
        0x7c => mov(&mut b.sfpu, w),
        0x8f => Ok(()), // SFPNOP
        _ => Err("this SFPU instruction is not modelled yet (the SFPU issue's)".into()),
    }
}

/// SFPLOADI.md: lreg_ind[23:20], instr_mod0[19:16], imm16.
fn loadi(s: &mut Sfpu, w: u32) -> ExecResult {
    let vd = ((w >> 20) & 15) as usize;
    let mode = (w >> 16) & 15;
    let imm = w & 0xffff;
    if vd >= 8 {
        return Ok(()); // LReg[8..] are not writable by SFPLOADI.
    }
    for lane in 0..LANES {
        if !s.lane_enabled(lane) {
            continue;
        }
        let old = s.lregs[vd][lane];
        s.lregs[vd][lane] = match mode {
            0 => imm << 16,
            1 => {
                let (sign, exp, man) = (imm >> 15, (imm >> 10) & 0x1f, imm & 0x3ff);
                (sign << 31) | ((exp + 112) << 23) | (man << 13)
            }
            2 => imm,
            4 => imm as u16 as i16 as i32 as u32,
            8 => (imm << 16) | (old & 0xffff),
            10 => (old & 0xffff_0000) | imm,
            m => return Err(format!("SFPLOADI Mod0 {m} is undefined (SFPLOADI.md)")),
        };
    }
    Ok(())
}

/// SFPMOV.md: imm12[23:12], lreg_c[11:8], lreg_dest[7:4], instr_mod1[3:0].
fn mov(s: &mut Sfpu, w: u32) -> ExecResult {
    let (vc, vd, mod1) = (((w >> 8) & 15) as usize, ((w >> 4) & 15) as usize, w & 15);
    if mod1 & 8 != 0 {
        return Err("SFPMOV from special registers is not modelled yet".into());
    }
    for lane in 0..LANES {
        if !(s.lane_enabled(lane) || mod1 == 2) {
            continue;
        }
        let mut x = s.lregs[vc][lane];
        if mod1 & 1 != 0 {
            x ^= 0x8000_0000;
        }
        if vd < 8 || vd == 16 {
            s.lregs[vd][lane] = x;
        }
    }
    Ok(())
}
