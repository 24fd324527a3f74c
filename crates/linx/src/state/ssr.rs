//! System status registers visible to a Linux user program (ACR2).
//!
//! IDs and access from `state/system_registers.json` (v0.4 `ssr.base`). The manager-ACR family
//! `0xnFxx` (ECSTATE, EVBASE, TRAPNO, EBARG...) is privileged: from ACR2 it traps with E_ISSR,
//! which this model reports as a privileged-access fault.

use crate::state::error::Fault;

/// Thread pointer (TLS base).
pub const TP: u16 = 0x0000;
/// Global pointer.
pub const GP: u16 = 0x0001;
/// Timer counter (read-only).
pub const TIME: u16 = 0x0010;
/// Common state: active ACR and interrupt mask.
pub const CSTATE: u16 = 0x0020;
/// Cycle counter; "bring-up may model as instruction count" (read-only).
pub const CYCLE: u16 = 0x0C00;

/// The user-visible SSRs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ssrs {
    pub tp: u64,
    pub gp: u64,
    pub lcfr_en: u64,
    /// LC0..LC2 (lane counters), readable from scalar code.
    pub lc: [u64; 3],
}

/// The active ring of a Linux user program (`CSTATE.ACR`).
const ACR_USER: u64 = 2;

impl Ssrs {
    /// Read SSR `id`. `insns` feeds CYCLE and TIME (this model has no separate clock: one
    /// instruction is one tick). LB0..LB2 are served by the caller (they live in the header).
    pub fn read(&self, id: u16, insns: u64) -> Result<u64, Fault> {
        Ok(match id {
            TP => self.tp,
            GP => self.gp,
            TIME | CYCLE => insns,
            CSTATE => ACR_USER,
            0x0021 => 0,      // LXLCID: core 0
            0x0022 => 0,      // VENDOR
            0x0023 => 0x0004, // VERSION: v0.4
            0x0024 => 0,      // LCFR: no optional features
            0x0025 => self.lcfr_en,
            0x0053..=0x0055 => self.lc[usize::from(id - 0x53)],
            _ => return Err(unknown(id)),
        })
    }

    /// Write SSR `id`.
    pub fn write(&mut self, id: u16, v: u64) -> Result<(), Fault> {
        match id {
            TP => self.tp = v,
            GP => self.gp = v,
            0x0025 => self.lcfr_en = v,
            0x0053..=0x0055 => self.lc[usize::from(id - 0x53)] = v,
            TIME | CYCLE | CSTATE | 0x0021..=0x0024 => {
                return Err(Fault::Illegal(format!("SSR {id:#06x} is read-only")));
            }
            _ => return Err(unknown(id)),
        }
        Ok(())
    }
}

fn unknown(id: u16) -> Fault {
    if id & 0x0f00 == 0x0f00 {
        Fault::Privileged(format!("access to manager SSR {id:#06x} (E_ISSR)"))
    } else {
        Fault::Illegal(format!("no SSR {id:#06x} in v0.4"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tp_is_read_write_and_cycle_read_only() {
        let mut s = Ssrs::default();
        s.write(TP, 0x1234).unwrap();
        assert_eq!(s.read(TP, 0).unwrap(), 0x1234);
        assert_eq!(s.read(CYCLE, 99).unwrap(), 99);
        assert!(s.write(CYCLE, 1).is_err());
        assert!(matches!(s.read(0x1f02, 0), Err(Fault::Privileged(_))));
        assert!(matches!(s.read(0x0777, 0), Err(Fault::Illegal(_))));
    }
}
