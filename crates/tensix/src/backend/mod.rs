//! The Tensix backend of one tile, functional model: the Wait Gate of each thread, the Sync
//! Unit, configuration and GPRs, RWCs and ADCs, the register files, the unpackers, the
//! Matrix Unit (FPU), the packers and the Vector Unit (SFPU).
//!
//! [`Backend::issue`] offers one instruction of one thread to its Wait Gate: either it stalls
//! (nothing changes; the reason is returned) or it executes whole and its effects are
//! visible at once. One issue per thread per cycle is the functional tile's clock; every
//! executed instruction is counted per unit ([`Backend::counts`]) so that a cycle model can
//! replay the same stream of (thread, unit, word) events with latencies of its own.

pub mod adc;
pub mod config;
mod dvalid;
pub mod fpu;
mod gate;
pub mod pack;
mod pack_int8;
pub mod regs;
pub mod rwc;
mod scalar_mem;
pub mod sfpu;
mod stamp;
pub mod sync;
mod thcon;
pub mod unit;
pub mod unpack;

pub use gate::{Latched, Stall};
pub use unit::Unit;

use crate::isa::IsaTable;
use config::Config;
use macrosim_core::SparseMemory;
use regs::{Dst, SrcFile};
use rwc::Rwc;
use sync::SyncUnit;

/// A fault of the backend: the instruction cannot run in this model.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("thread T{thread}: {unit} instruction {word:#010x} ({mnemonic}): {what}")]
pub struct BackendFault {
    pub thread: usize,
    pub word: u32,
    pub unit: &'static str,
    pub mnemonic: &'static str,
    pub what: String,
}

/// The outcome of offering an instruction to a Wait Gate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Issue {
    Executed,
    Stalled(Stall),
}

/// What an executing instruction reports back to [`Backend::issue`].
pub(crate) type ExecResult = Result<(), String>;

/// The whole backend state of one tile.
pub struct Backend {
    pub table: &'static IsaTable,
    pub cfg: Config,
    pub rwc: [Rwc; 3],
    pub gpr: [[u32; 64]; 3],
    pub srca: SrcFile,
    pub srcb: SrcFile,
    pub dst: Dst,
    pub sync: SyncUnit,
    pub adcs: adc::Adcs,
    pub unpackers: unpack::Unpackers,
    pub packers: pack::Packers,
    pub sfpu: sfpu::Sfpu,
    /// MVMUL's decoded Src operands, reused while Src holds the same data.
    mvmul_cache: fpu::lanes::MvmulCache,
    /// Per thread, the math configuration as decoded at a config stamp (`fpu::math_cfg`).
    math_cfgs: [std::cell::Cell<Option<(u64, fpu::MathCfg)>>; 3],
    /// The ADDR_MOD slots as decoded at a config stamp ([`Backend::apply_addr_mod`]).
    addr_mods: rwc::AddrModCache,
    gates: [gate::WaitGate; 3],
    counts: [[u64; 9]; 3],
    /// STALLWAIT condition bits (C0–C7, C12–C14: a unit still busy) that a cycle model says
    /// hold this cycle; always 0 in the functional model, where every unit finishes at issue.
    pub busy_conditions: u32,
    /// Bytes the last UNPACR read from L1 or the last PACR wrote to it (for a cycle model's
    /// bandwidth cost).
    pub last_l1_bytes: u64,
    /// Where: per stream (an UNPACR's one; a PACR's packer i: i), its first L1 byte and
    /// byte count (a cycle model's L1 bank use).
    pub last_l1_spans: [(u64, u64); 4],
    /// Moves whenever something a stalled instruction waits on may have changed ([`Stall`]'s
    /// reasons: semaphores, mutexes, Src ownership, L1): on every executed instruction outside
    /// the Vector Unit (whose instructions touch only its own registers and Dst) and on
    /// [`Backend::touch`]. An instruction that stalled at the current epoch stalls the same
    /// way when offered again.
    epoch: u64,
}

impl Backend {
    pub fn new(table: &'static IsaTable) -> Self {
        Backend {
            table,
            cfg: Config::default(),
            rwc: [Rwc::default(); 3],
            gpr: [[0; 64]; 3],
            srca: SrcFile::default(),
            srcb: SrcFile::default(),
            dst: Dst::default(),
            sync: SyncUnit::default(),
            adcs: adc::Adcs::default(),
            unpackers: unpack::Unpackers::default(),
            packers: pack::Packers::default(),
            sfpu: sfpu::Sfpu::for_table(table),
            mvmul_cache: Default::default(),
            math_cfgs: Default::default(),
            addr_mods: Default::default(),
            gates: Default::default(),
            counts: [[0; 9]; 3],
            busy_conditions: 0,
            last_l1_bytes: 0,
            last_l1_spans: [(0, 0); 4],
            epoch: 0,
        }
    }

    /// Executed instructions per thread and unit (indexed by [`Unit::index`]).
    pub fn counts(&self) -> &[[u64; 9]; 3] {
        &self.counts
    }

    /// The end of one backend cycle (the Vector Unit's SFPLOADMACRO delays that count cycles).
    pub fn end_cycle(&mut self) -> Result<(), BackendFault> {
        sfpu::end_cycle(self).map_err(|(thread, word, what)| BackendFault {
            thread,
            word,
            unit: "sfpu",
            mnemonic: "scheduled by SFPLOADMACRO",
            what,
        })
    }

    /// `ApplyAddrMod(addr_mod, fidelity)` of RWCs.md on thread `t`'s RWCs.
    pub(crate) fn apply_addr_mod(&mut self, t: usize, addr_mod: u32, fidelity: bool) {
        let extra = self.rwc[t].extra_addr_mod_bit;
        let m = self.addr_mods.get(&self.cfg, t, addr_mod, extra);
        self.rwc[t].apply(&m, fidelity);
    }

    /// See [`Backend::epoch`]'s field.
    pub fn epoch(&self) -> u64 {
        self.epoch
    }

    /// Something outside the backend (a core's MMIO store, a cycle model's busy conditions)
    /// may have changed what stalled instructions wait on.
    pub fn touch(&mut self) {
        self.epoch += 1;
    }

    /// Whether a cycle without any issue leaves the backend as it is: no SFPLOADMACRO step
    /// that counts cycles is due.
    pub fn idle_cycle_is_noop(&self) -> bool {
        !self.sfpu.scheduled.counts_cycles()
    }

    /// The wait thread `t` has latched, if any.
    pub fn latched(&self, t: usize) -> Option<Latched> {
        self.gates[t].latched
    }

    /// Offers instruction `word` of thread `t` to its Wait Gate and, unless it stalls,
    /// executes it.
    pub fn issue(
        &mut self,
        t: usize,
        word: u32,
        l1: &mut SparseMemory,
    ) -> Result<Issue, BackendFault> {
        let opcode = (word >> 24) as u8;
        let unit = Unit::of(opcode);
        if let Some(stall) = self.gate_check(t, unit) {
            return Ok(Issue::Stalled(stall));
        }
        if let Some(stall) = self.operand_wait(t, opcode, word) {
            return Ok(Issue::Stalled(stall));
        }
        let fault = |what: String| BackendFault {
            thread: t,
            word,
            unit: unit.name(),
            mnemonic: self
                .table
                .by_opcode(opcode)
                .map_or("unknown opcode", |d| d.mnemonic),
            what,
        };
        let r = match unit {
            Unit::Nop => Ok(()),
            Unit::Fpu => fpu::execute(self, t, opcode, word),
            Unit::Sfpu => sfpu::execute(self, t, opcode, word),
            Unit::Unpack => unpack::execute(self, t, opcode, word, l1),
            Unit::Pack => pack::execute(self, t, opcode, word, l1),
            Unit::Sync => gate::execute_sync(self, t, opcode, word),
            Unit::ThCon if scalar_mem::handles(opcode) => {
                match scalar_mem::execute(self, t, opcode, word, l1) {
                    Ok(Some(stall)) => return Ok(Issue::Stalled(stall)),
                    r => r.map(|_| ()),
                }
            }
            Unit::Config | Unit::ThCon => thcon::execute(self, t, opcode, word),
            Unit::Misc => {
                if opcode == 0x57 {
                    dvalid::setdvalid(self, t, word);
                    Ok(())
                } else if opcode == 0x60
                    || adc::execute(&mut self.adcs, t, opcode, word & 0xff_ffff)
                {
                    Ok(())
                } else {
                    Err("not an instruction of this model".into())
                }
            }
        };
        r.map_err(fault)?;
        if unit != Unit::Sfpu {
            self.epoch += 1;
        }
        self.counts[t][unit.index()] += 1;
        Ok(Issue::Executed)
    }
}
