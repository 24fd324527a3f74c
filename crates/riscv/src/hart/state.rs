//! The architectural state of one hart.

use crate::fpu::Flags;
use crate::isa::Isa;

/// Privilege mode (Privileged ISA, "Privilege Levels"). This hart has M and U.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Priv {
    User = 0,
    Machine = 3,
}

/// Registers, CSRs and counters.
pub(crate) struct State {
    pub id: u32,
    pub isa: Isa,
    /// x0..x31, then the write sink at index 32 ([`super::op::X_SINK`]); 256 entries so that
    /// indexing with an op's `u8` register field needs neither a mask nor a bounds check.
    pub x: [u32; 256],
    /// f0..f31 as raw bits (binary32 values NaN-boxed); 256 entries for the same reason.
    pub f: [u64; 256],
    pub pc: u32,
    pub prv: Priv,
    pub fflags: Flags,
    pub frm: u8,
    /// mstatus.FS: 0 Off, 1 Initial, 2 Clean, 3 Dirty.
    pub fs: u8,
    /// The other writable mstatus bits (see `csr::mstatus::STORED`).
    pub mstatus: u32,
    pub mie: u32,
    pub mtvec: u32,
    pub mcounteren: u32,
    pub mscratch: u32,
    pub mepc: u32,
    pub mcause: u32,
    pub mtval: u32,
    pub pmpcfg: [u32; 16],
    pub pmpaddr: [u32; 64],
    /// Instructions retired since reset; `cycle` and `instret` are this plus an offset that
    /// writes to `mcycle`/`minstret` set.
    pub retired: u64,
    pub cycle_offset: u64,
    pub instret_offset: u64,
    /// The LR/SC reservation: the reserved word's address.
    pub reservation: Option<u32>,
    /// Set by an extension ([`super::HartView::stall`]): the current instruction must not retire.
    pub stall: bool,
}

impl State {
    pub(crate) fn new(id: u32, isa: Isa) -> State {
        State {
            id,
            isa,
            x: [0; 256],
            f: [0; 256],
            pc: 0,
            prv: Priv::Machine,
            fflags: Flags::default(),
            frm: 0,
            fs: 0,
            mstatus: 0,
            mie: 0,
            mtvec: 0,
            mcounteren: 0,
            mscratch: 0,
            mepc: 0,
            mcause: 0,
            mtval: 0,
            pmpcfg: [0; 16],
            pmpaddr: [0; 64],
            retired: 0,
            cycle_offset: 0,
            instret_offset: 0,
            reservation: None,
            stall: false,
        }
    }
}
