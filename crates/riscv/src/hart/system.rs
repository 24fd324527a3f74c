//! The slow path: Zicsr instructions, `ecall`, `ebreak`, `mret`, `wfi`, `fence.i`, extension
//! instructions, FP instructions an extension takes over (`Extension::offload`), and trap entry (Privileged ISA, "Machine-Mode Privileged Instructions" and
//! "Machine Trap Handling"). These end their block, so when they run the retired-instruction
//! count and the pc are exact.

use super::csr::mstatus;
use super::extension::{CsrAccess, CsrOp, ExtInsn, Extension, HartView};
use super::offload::FpInsn;
use super::op::{Kind, Op};
use super::state::{Priv, State};
use super::trap::{Cause, Exception};
use crate::isa::csr;
use crate::trace::Trace;
use macrosim_core::SparseMemory;

/// What a system op asks of the run loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SysOutcome {
    /// Retired; continue at the next pc.
    Retired,
    /// Retired, and the decoded-block cache must be flushed (`fence.i`).
    Flush,
    /// Raised an exception (nothing retired).
    Exception(Exception),
    /// The extension stalled it (nothing retired; run it again later).
    Stall,
}

impl State {
    /// Run system op `op` (encoded as `word`) at `self.pc`.
    pub(crate) fn system<X: Extension, T: Trace>(
        &mut self,
        op: &Op,
        word: u32,
        ext: &mut X,
        mem: &mut SparseMemory,
        t: &mut T,
    ) -> SysOutcome {
        let illegal = SysOutcome::Exception(Exception::illegal(word));
        if T::ENABLED {
            t.begin(self.id, self.prv as u8, self.pc, word);
        }
        let mut next_pc = self.pc.wrapping_add(4);
        let mut outcome = SysOutcome::Retired;
        match op.kind {
            Kind::Ecall => {
                let cause = match self.prv {
                    Priv::User => Cause::EcallFromU,
                    Priv::Machine => Cause::EcallFromM,
                };
                outcome = SysOutcome::Exception(Exception::new(cause, 0));
            }
            Kind::Ebreak => {
                // mtval = the breakpoint's address, as Spike does.
                outcome = SysOutcome::Exception(Exception::new(Cause::Breakpoint, self.pc));
            }
            Kind::Mret => {
                if self.prv != Priv::Machine {
                    outcome = illegal;
                } else {
                    // MIE = MPIE, MPIE = 1, MPP = U (the least-privileged mode), privilege = MPP.
                    let s = self.mstatus;
                    let mpp = (s & mstatus::MPP) >> mstatus::MPP_SHIFT;
                    self.prv = if mpp == 3 { Priv::Machine } else { Priv::User };
                    let mut s = s & !(mstatus::MIE | mstatus::MPP) | mstatus::MPIE;
                    if self.mstatus & mstatus::MPIE != 0 {
                        s |= mstatus::MIE;
                    }
                    if self.prv != Priv::Machine {
                        s &= !mstatus::MPRV;
                    }
                    self.mstatus = s;
                    self.reservation = None;
                    next_pc = self.mepc;
                    if T::ENABLED {
                        t.csr_write(csr::MSTATUS, self.mstatus());
                    }
                }
            }
            Kind::Wfi => {
                // No interrupt can ever become pending, so WFI completes at once (unless the
                // extension waits for a wakeup); in U-mode with mstatus.TW set it would wait
                // forever and so traps (Privileged ISA, "Virtualization Support in mstatus
                // Register").
                if self.prv == Priv::User && self.mstatus & mstatus::TW != 0 {
                    outcome = illegal;
                } else {
                    let mut view = HartView {
                        state: self,
                        mem,
                        trace: t,
                    };
                    if let Err(e) = ext.wfi(&mut view) {
                        outcome = SysOutcome::Exception(e);
                    }
                }
            }
            Kind::FenceI => outcome = SysOutcome::Flush,
            Kind::Csrrw
            | Kind::Csrrs
            | Kind::Csrrc
            | Kind::Csrrwi
            | Kind::Csrrsi
            | Kind::Csrrci => match self.ext_csr_op(op, ext, mem, t) {
                Some(Ok(())) => {}
                Some(Err(e)) => outcome = SysOutcome::Exception(e),
                None => match self.csr_op(op, t) {
                    Ok(()) => {}
                    Err(()) => outcome = illegal,
                },
            },
            Kind::Ext => {
                let insn = ExtInsn {
                    table: usize::from(op.ext),
                    id: op.imm as u16,
                    word,
                    pc: self.pc,
                };
                let mut view = HartView {
                    state: self,
                    mem,
                    trace: t,
                };
                if let Err(e) = ext.execute(&mut view, insn) {
                    outcome = SysOutcome::Exception(e);
                }
            }
            Kind::Offload => {
                let fp = Op {
                    kind: Kind::from_fp_index(op.ext),
                    ..*op
                };
                let mut view = HartView {
                    state: self,
                    mem,
                    trace: t,
                };
                if let Err(e) = ext.offload(&mut view, FpInsn::new(fp, word)) {
                    outcome = SysOutcome::Exception(e);
                }
            }
            _ => unreachable!("not a system op: {:?}", op.kind),
        }
        if self.stall {
            self.stall = false;
            if !matches!(outcome, SysOutcome::Exception(_)) {
                outcome = SysOutcome::Stall;
            }
        }
        match outcome {
            SysOutcome::Exception(_) | SysOutcome::Stall => {
                if T::ENABLED {
                    t.discard();
                }
            }
            _ => {
                self.pc = next_pc;
                self.retired += 1;
                if T::ENABLED {
                    t.commit();
                }
            }
        }
        outcome
    }

    /// A CSR instruction the extension claims ([`Extension::csr`]): `None` if it does not.
    fn ext_csr_op<X: Extension, T: Trace>(
        &mut self,
        op: &Op,
        ext: &mut X,
        mem: &mut SparseMemory,
        t: &mut T,
    ) -> Option<Result<(), Exception>> {
        let imm = matches!(op.kind, Kind::Csrrwi | Kind::Csrrsi | Kind::Csrrci);
        let access = CsrAccess {
            csr: op.imm as u16,
            op: match op.kind {
                Kind::Csrrw | Kind::Csrrwi => CsrOp::Write,
                Kind::Csrrs | Kind::Csrrsi => CsrOp::Set,
                _ => CsrOp::Clear,
            },
            src: if imm {
                u32::from(op.rs1)
            } else {
                self.x[usize::from(op.rs1)]
            },
            write: matches!(op.kind, Kind::Csrrw | Kind::Csrrwi) || op.rs1 != 0,
            imm,
        };
        let mut view = HartView {
            state: self,
            mem,
            trace: t,
        };
        let old = match ext.csr(&mut view, access)? {
            Ok(old) => old,
            Err(e) => return Some(Err(e)),
        };
        if !self.stall {
            self.x[usize::from(op.rd)] = old;
            if T::ENABLED {
                t.x_write(u32::from(op.rd & 31), old);
            }
        }
        Some(Ok(()))
    }

    /// csrrw/csrrs/csrrc and the immediate forms (Unprivileged ISA, "Zicsr", table "Conditions
    /// determining whether a CSR instruction reads or writes the specified CSR").
    fn csr_op<T: Trace>(&mut self, op: &Op, t: &mut T) -> Result<(), ()> {
        let num = op.imm as u16;
        let imm_form = matches!(op.kind, Kind::Csrrwi | Kind::Csrrsi | Kind::Csrrci);
        let src = if imm_form {
            u32::from(op.rs1)
        } else {
            self.x[usize::from(op.rs1)]
        };
        let write = match op.kind {
            Kind::Csrrw | Kind::Csrrwi => true,
            _ => op.rs1 != 0,
        };
        self.csr_check(num, write).map_err(|_| ())?;
        let old = self.csr_read(num).map_err(|_| ())?;
        if write {
            let new = match op.kind {
                Kind::Csrrw | Kind::Csrrwi => src,
                Kind::Csrrs | Kind::Csrrsi => old | src,
                _ => old & !src,
            };
            let changed = self.csr_write(num, new);
            if T::ENABLED {
                for &(c, v) in changed.iter() {
                    t.csr_write(c, v);
                }
            }
        }
        self.x[usize::from(op.rd)] = old;
        if T::ENABLED {
            t.x_write(u32::from(op.rd & 31), old);
        }
        Ok(())
    }

    /// Enter the machine-mode trap handler for `exc` raised at `self.pc`.
    pub(crate) fn take_trap(&mut self, exc: Exception) {
        self.mepc = self.pc;
        self.mcause = exc.cause.code();
        self.mtval = exc.tval;
        let mie = self.mstatus & mstatus::MIE != 0;
        let mut s = self.mstatus & !(mstatus::MIE | mstatus::MPIE | mstatus::MPP);
        if mie {
            s |= mstatus::MPIE;
        }
        s |= u32::from(self.prv as u8) << mstatus::MPP_SHIFT;
        self.mstatus = s;
        self.prv = Priv::Machine;
        self.reservation = None;
        self.pc = self.mtvec & !3;
    }
}
