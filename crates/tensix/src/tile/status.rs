//! The Tensix status CSRs of the RISC-V cores: `tt_cfg_qstatus` (0xBC0) and `tt_cfg_bstatus`
//! (0xBC1), as Blackhole's `BabyRISCV/CSRs.md` defines them. Wormhole's pages do not document
//! the RISC-V CSRs (notes/tensix.md §1.7); our reading is that Wormhole's cores have the same
//! two CSRs with the same layout (tt-llk reads them by the same numbers on both).
//!
//! * qstatus [10:0]: for TRISC *i*, the instruction types pushed by it and still occupying
//!   queue space in its thread's frontend; [11] `sfpu_cc` (some SFPU lane enabled);
//!   [23:13] the OR of [10:0] over the three threads; [24] a copy of bit 11. BRISC (no
//!   thread of its own) reads the OR in [10:0] ("Elsewhere: copy of …").
//! * bstatus [10:0]: the same, or executing in the backend; [21:11] its OR over the threads.
//!   In the functional tile an instruction executes whole when it leaves its Wait Gate, so
//!   nothing is "executing" past that point: bstatus holds the same types as qstatus.
//!
//! "Occupying queue space in the frontend" is read as: pushed words not yet taken by the MOP
//! or replay expanders, a MOP being expanded (type MOP), a replay being played back (type
//! REPLAY), and the instruction waiting at the Wait Gate (its own type). The 11 type bits are
//! CSRs.md's: 0 REPLAY, 1 MOP, 2 Scalar Unit (ThCon), 3 Mover, 4 Unpacker, 5 Packer,
//! 6 Configuration Unit, 7 Sync Unit, 8 Miscellaneous Unit or Mover, ThCon, Packer, Unpacker,
//! 9 Vector Unit, 10 Matrix Unit.

use super::mmio::InputQueue;
use crate::backend::Unit;
use crate::frontend::{FrontendInput, OPCODE_MOP, OPCODE_MOP_CFG, OPCODE_NOP, OPCODE_REPLAY};
use macrosim_riscv::hart::{CsrAccess, Exception, ExtInsn, Extension, HartView};
use macrosim_riscv::isa::Table;
use macrosim_riscv::trace::Trace;
use std::cell::Cell;
use std::rc::Rc;

pub const CSR_QSTATUS: u16 = 0xbc0;
pub const CSR_BSTATUS: u16 = 0xbc1;

pub const TYPE_REPLAY: u32 = 1 << 0;
pub const TYPE_MOP: u32 = 1 << 1;
const TYPE_THCON: u32 = 1 << 2;
const TYPE_MOVER: u32 = 1 << 3;
const TYPE_UNPACK: u32 = 1 << 4;
const TYPE_PACK: u32 = 1 << 5;
const TYPE_CONFIG: u32 = 1 << 6;
const TYPE_SYNC: u32 = 1 << 7;
const TYPE_MISC: u32 = 1 << 8;
const TYPE_SFPU: u32 = 1 << 9;
const TYPE_FPU: u32 = 1 << 10;

/// The type bits of one Tensix instruction word (MOP_CFG and NOP have none; a REPLAY that
/// only records, `Load` and not `Exec`, has none either: CSRs.md).
pub fn type_bits(word: u32) -> u32 {
    let opcode = (word >> 24) as u8;
    match opcode {
        OPCODE_MOP => TYPE_MOP,
        OPCODE_MOP_CFG | OPCODE_NOP => 0,
        OPCODE_REPLAY => {
            let (exec, load) = ((word >> 1) & 1 != 0, word & 1 != 0);
            if exec || !load { TYPE_REPLAY } else { 0 }
        }
        // XMOV: the Mover.
        0x40 => TYPE_MOVER | TYPE_MISC,
        _ => match Unit::of(opcode) {
            Unit::Fpu => TYPE_FPU,
            Unit::Sfpu => TYPE_SFPU,
            Unit::Unpack => TYPE_UNPACK | TYPE_MISC,
            Unit::Pack => TYPE_PACK | TYPE_MISC,
            Unit::Sync => TYPE_SYNC,
            Unit::Config => TYPE_CONFIG,
            Unit::ThCon => TYPE_THCON | TYPE_MISC,
            Unit::Misc => TYPE_MISC,
            Unit::Nop => 0,
        },
    }
}

/// The types a thread holds past its input queue: `words` (expander FIFOs, the Wait Gate)
/// and MOP / REPLAY while its MOP expander expands / its replay expander plays back.
pub fn held_bits(words: impl Iterator<Item = u32>, expanding: bool, playing_back: bool) -> u32 {
    let bits = words.fold(0, |acc, w| acc | type_bits(w));
    bits | if expanding { TYPE_MOP } else { 0 } | if playing_back { TYPE_REPLAY } else { 0 }
}

/// What the CSRs read, shared by the tile (which refreshes the backend side before the cores
/// run; it cannot change while they run) and the cores' harts (which add their threads'
/// queued pushes live, since a push in the same quantum shows at once).
pub struct StatusView {
    queues: [InputQueue; 3],
    /// Per thread: the types held past the input queue (expanders, Wait Gate).
    backend: Cell<[u32; 3]>,
    sfpu_cc: Cell<bool>,
    /// The cycle model's mode (`--timing`): the backend side was not refreshed for the
    /// current cycle, so a read must stall until the tile refreshes it (computing it for
    /// every run-ahead chunk would cost more than the rare reads).
    stale: Cell<bool>,
    /// A read stalled on `stale`.
    wanted: Cell<bool>,
}

impl StatusView {
    pub fn new(queues: [InputQueue; 3]) -> Rc<StatusView> {
        Rc::new(StatusView {
            queues,
            backend: Cell::new([0; 3]),
            sfpu_cc: Cell::new(false),
            stale: Cell::new(false),
            wanted: Cell::new(false),
        })
    }

    /// Refresh the backend side: per thread's expander and Wait Gate types, and `sfpu_cc`.
    pub fn refresh(&self, backend: [u32; 3], sfpu_cc: bool) {
        self.backend.set(backend);
        self.sfpu_cc.set(sfpu_cc);
        self.stale.set(false);
    }

    /// The backend side is out of date: reads stall until [`StatusView::refresh`].
    pub fn mark_stale(&self) {
        self.stale.set(true);
    }

    /// Whether a read stalled since the last call (and clear it).
    pub fn take_wanted(&self) -> bool {
        self.wanted.take()
    }

    /// The 11 type bits of thread `t`.
    pub fn thread_bits(&self, t: usize) -> u32 {
        let queued = self.queues[t].borrow().iter().fold(0, |acc, x| match x {
            FrontendInput::Push(p) => acc | type_bits(p.word),
            _ => acc,
        });
        queued | self.backend.get()[t]
    }

    /// qstatus and bstatus as core `thread` (None: BRISC) reads them.
    pub fn read(&self, thread: Option<usize>) -> (u32, u32) {
        let all = (0..3).fold(0, |acc, t| acc | self.thread_bits(t));
        let own = thread.map_or(all, |t| self.thread_bits(t));
        let cc = u32::from(self.sfpu_cc.get());
        let q = own | (cc << 11) | (all << 13) | (cc << 24);
        let b = own | (all << 11);
        (q, b)
    }
}

/// The hart extension of a tile core: no instructions of its own, the two status CSRs (read
/// only here: the model's hardware keeps writing them, CSRs.md `DisTTStatusReg` clear).
pub struct StatusCsrs {
    pub thread: Option<usize>,
    pub view: Rc<StatusView>,
}

impl Extension for StatusCsrs {
    fn tables(&self) -> Vec<&'static Table> {
        Vec::new()
    }

    fn execute<T: Trace>(
        &mut self,
        _: &mut HartView<'_, T>,
        insn: ExtInsn,
    ) -> Result<(), Exception> {
        Err(Exception::illegal(insn.word))
    }

    fn csr<T: Trace>(
        &mut self,
        hart: &mut HartView<'_, T>,
        access: CsrAccess,
    ) -> Option<Result<u32, Exception>> {
        if !matches!(access.csr, CSR_QSTATUS | CSR_BSTATUS) {
            return None;
        }
        if self.view.stale.get() {
            self.view.wanted.set(true);
            hart.stall();
            return Some(Ok(0));
        }
        let (q, b) = self.view.read(self.thread);
        match access.csr {
            CSR_QSTATUS => Some(Ok(q)),
            CSR_BSTATUS => Some(Ok(b)),
            _ => None,
        }
    }
}
