//! The Vector Unit (SFPU, VectorUnit.md). Its own unit so that the SFPU issue can complete
//! it; this model has the LRegs and no instructions yet: every SFPU instruction is a fault
//! naming itself (the SFPU subset of issue 8 is not done).

use super::{Backend, ExecResult};

/// LReg.md: 17 registers × 32 lanes × 32 bits.
#[derive(Clone, Debug)]
pub struct Sfpu {
    pub lregs: [[u32; 32]; 17],
}

impl Default for Sfpu {
    fn default() -> Self {
        Sfpu {
            lregs: [[0; 32]; 17],
        }
    }
}

pub(super) fn execute(_b: &mut Backend, _t: usize, opcode: u8, _w: u32) -> ExecResult {
    if opcode == 0x8f {
        return Ok(()); // SFPNOP
    }
    Err("SFPU instructions are not modelled yet".into())
}
