//! The CSRs this hart implements (Privileged ISA, chapters 2-3; Unprivileged ISA, Zicsr,
//! Zicntr and F) and the access rules of "CSR Address Mapping Conventions": bits 9..8 of the
//! number give the lowest privilege that may access it, bits 11..10 == 3 mean read-only; an
//! access that breaks either, or to a CSR not listed here, is an illegal instruction.
//!
//! What each CSR does here (the WARL choices are ours; the manual allows them):
//!
//! | CSR | behaviour |
//! |---|---|
//! | `fflags` `frm` `fcsr` | with F only; illegal while mstatus.FS is Off; writes make FS Dirty |
//! | `cycle` `time` `instret` (+`h`) | read-only views of the counters; U-mode needs the mcounteren bit; `time` counts retired instructions |
//! | `hpmcounter3..31` (+`h`) | read as 0 (same mcounteren rule) |
//! | `mstatus` | MIE, MPIE, MPP (WARL: S and the reserved value become U), FS (with F), MPRV, TW writable; SD = (FS == Dirty); the S-mode, XS and VS fields read 0 |
//! | `mstatush` | reads 0 (little-endian only), writes ignored |
//! | `misa` | the hart's extensions, MXL = 1; writes ignored (nothing can be switched) |
//! | `medeleg` `mideleg` | read 0, writes ignored: with no S-mode nothing can be delegated. The Privileged ISA ("Machine Trap Delegation Registers") says they *should* not exist then; issue 3 asks for their writes to be accepted (riscv-tests' `DELEGATE_NO_TRAPS` writes them), so they exist, WARL zero |
//! | `mie` | MSIE, MTIE, MEIE writable; `mip` reads 0, writes ignored (no interrupt sources) |
//! | `mtvec` | MODE 0 or 1 (bit 1 of a write is dropped); exceptions always go to BASE |
//! | `mepc` | bits 1..0 read as 0 (IALIGN = 32) |
//! | `mcause` `mtval` `mscratch` | plain 32-bit registers |
//! | `mcounteren` | plain 32-bit register |
//! | `mcycle` `minstret` (+`h`) | writable; a write suppresses that instruction's own increment |
//! | `mhpmcounter3..31` (+`h`), `mhpmevent3..31` | read 0, writes ignored |
//! | `mvendorid` `marchid` `mimpid` `mconfigptr` | 0; `mhartid` the hart's id |
//! | `pmpcfg0..15` `pmpaddr0..63` | plain registers; no access checks are made (no PMP) |
//! | `tselect` `tdata1..3` | read 0, writes ignored: no triggers (tdata1 type 0) |

use super::state::{Priv, State};
use crate::isa::csr as n;

/// mstatus bits (Privileged ISA, figure "Machine-mode status register (mstatus) for RV32").
pub(crate) mod mstatus {
    pub const MIE: u32 = 1 << 3;
    pub const MPIE: u32 = 1 << 7;
    pub const MPP_SHIFT: u32 = 11;
    pub const MPP: u32 = 3 << MPP_SHIFT;
    pub const FS_SHIFT: u32 = 13;
    pub const MPRV: u32 = 1 << 17;
    pub const TW: u32 = 1 << 21;
    pub const SD: u32 = 1 << 31;
    /// Bits kept in `State::mstatus` (FS lives in `State::fs`).
    pub const STORED: u32 = MIE | MPIE | MPP | MPRV | TW;
}

/// Why a CSR access is refused: always an illegal-instruction exception.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CsrDenied;

impl State {
    /// mstatus as read: the stored bits, FS and SD.
    pub(crate) fn mstatus(&self) -> u32 {
        let fs = u32::from(self.fs);
        let sd = if fs == 3 { mstatus::SD } else { 0 };
        self.mstatus | fs << mstatus::FS_SHIFT | sd
    }

    fn fp_csr_ok(&self) -> bool {
        self.isa.has_f() && self.fs != 0
    }

    /// Check that the current privilege may access CSR `csr` (writing if `write`).
    pub(crate) fn csr_check(&self, csr: u16, write: bool) -> Result<(), CsrDenied> {
        let min_priv = (csr >> 8) & 3;
        if u16::from(self.prv as u8) < min_priv || (write && csr >> 10 == 3) {
            return Err(CsrDenied);
        }
        match csr {
            n::FFLAGS | n::FRM | n::FCSR if !self.fp_csr_ok() => Err(CsrDenied),
            n::CYCLE..=n::HPMCOUNTER31 | n::CYCLEH..=n::HPMCOUNTER31H
                if self.prv == Priv::User && self.mcounteren >> (csr & 31) & 1 == 0 =>
            {
                Err(CsrDenied)
            }
            _ => Ok(()),
        }
    }

    /// Read CSR `csr`; `Err` if this hart has no such CSR.
    pub(crate) fn csr_read(&self, csr: u16) -> Result<u32, CsrDenied> {
        Ok(match csr {
            n::FFLAGS => u32::from(self.fflags.0),
            n::FRM => u32::from(self.frm),
            n::FCSR => u32::from(self.frm) << 5 | u32::from(self.fflags.0),
            n::CYCLE | n::MCYCLE => self.cycle() as u32,
            n::CYCLEH | n::MCYCLEH => (self.cycle() >> 32) as u32,
            n::TIME => self.retired as u32,
            n::TIMEH => (self.retired >> 32) as u32,
            n::INSTRET | n::MINSTRET => self.instret() as u32,
            n::INSTRETH | n::MINSTRETH => (self.instret() >> 32) as u32,
            n::HPMCOUNTER3..=n::HPMCOUNTER31
            | n::HPMCOUNTER3H..=n::HPMCOUNTER31H
            | n::MHPMCOUNTER3..=n::MHPMCOUNTER31
            | n::MHPMCOUNTER3H..=n::MHPMCOUNTER31H
            | n::MHPMEVENT3..=n::MHPMEVENT31 => 0,
            n::MSTATUS => self.mstatus(),
            n::MSTATUSH | n::MIP | n::MEDELEG | n::MIDELEG => 0,
            n::MISA => self.isa.misa(),
            n::MIE => self.mie,
            n::MTVEC => self.mtvec,
            n::MCOUNTEREN => self.mcounteren,
            n::MSCRATCH => self.mscratch,
            n::MEPC => self.mepc,
            n::MCAUSE => self.mcause,
            n::MTVAL => self.mtval,
            n::MVENDORID | n::MARCHID | n::MIMPID | n::MCONFIGPTR => 0,
            n::MHARTID => self.id,
            n::PMPCFG0..=n::PMPCFG15 => self.pmpcfg[usize::from(csr - n::PMPCFG0)],
            n::PMPADDR0..=n::PMPADDR63 => self.pmpaddr[usize::from(csr - n::PMPADDR0)],
            n::TSELECT | n::TDATA1 | n::TDATA2 | n::TDATA3 => 0,
            _ => return Err(CsrDenied),
        })
    }

    /// Write CSR `csr` (already checked with [`csr_check`](Self::csr_check)); returns the
    /// CSRs whose value changed as Spike logs them: `(number, new value)`, at most three.
    pub(crate) fn csr_write(&mut self, csr: u16, v: u32) -> CsrWrites {
        let mut out = CsrWrites::default();
        match csr {
            n::FFLAGS | n::FRM | n::FCSR => {
                if csr != n::FRM {
                    self.fflags.0 = (v & 0x1f) as u8;
                    out.push(n::FFLAGS, v & 0x1f);
                }
                if csr != n::FFLAGS {
                    let frm = if csr == n::FCSR { v >> 5 } else { v } & 7;
                    self.frm = frm as u8;
                    out.push(n::FRM, frm);
                }
                if self.fs != 3 {
                    self.fs = 3;
                    out.push(n::MSTATUS, self.mstatus());
                }
                return out;
            }
            n::MCYCLE | n::MCYCLEH | n::MINSTRET | n::MINSTRETH => {
                let (cur, high) = match csr {
                    n::MCYCLE | n::MCYCLEH => (self.cycle(), csr == n::MCYCLEH),
                    _ => (self.instret(), csr == n::MINSTRETH),
                };
                let new = if high {
                    cur & 0xffff_ffff | u64::from(v) << 32
                } else {
                    cur & !0xffff_ffff | u64::from(v)
                };
                // The value after this instruction retires, its own increment suppressed
                // (Privileged ISA, "Machine Counter-Timer Registers").
                let offset = new.wrapping_sub(self.retired.wrapping_add(1));
                if matches!(csr, n::MCYCLE | n::MCYCLEH) {
                    self.cycle_offset = offset;
                } else {
                    self.instret_offset = offset;
                }
                out.push(csr, v);
                return out;
            }
            n::MSTATUS => {
                let mpp = match (v & mstatus::MPP) >> mstatus::MPP_SHIFT {
                    3 => 3,
                    _ => 0,
                };
                self.mstatus = v & mstatus::STORED & !mstatus::MPP | mpp << mstatus::MPP_SHIFT;
                if self.isa.has_f() {
                    self.fs = ((v >> mstatus::FS_SHIFT) & 3) as u8;
                }
            }
            n::MIE => self.mie = v & 0x888,
            n::MTVEC => self.mtvec = v & !2,
            n::MCOUNTEREN => self.mcounteren = v,
            n::MSCRATCH => self.mscratch = v,
            n::MEPC => self.mepc = v & !3,
            n::MCAUSE => self.mcause = v,
            n::MTVAL => self.mtval = v,
            n::PMPCFG0..=n::PMPCFG15 => self.pmpcfg[usize::from(csr - n::PMPCFG0)] = v,
            n::PMPADDR0..=n::PMPADDR63 => self.pmpaddr[usize::from(csr - n::PMPADDR0)] = v,
            _ => {} // WARL with nothing writable: the write is logged with the value kept
        }
        if let Ok(value) = self.csr_read(csr) {
            out.push(csr, value);
        }
        out
    }

    fn cycle(&self) -> u64 {
        self.retired.wrapping_add(self.cycle_offset)
    }

    fn instret(&self) -> u64 {
        self.retired.wrapping_add(self.instret_offset)
    }
}

/// The CSR values a write changed, for the commit log.
#[derive(Default)]
pub(crate) struct CsrWrites {
    pub list: [(u16, u32); 3],
    pub len: usize,
}

impl CsrWrites {
    fn push(&mut self, csr: u16, v: u32) {
        self.list[self.len] = (csr, v);
        self.len += 1;
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = &(u16, u32)> {
        self.list[..self.len].iter()
    }
}
