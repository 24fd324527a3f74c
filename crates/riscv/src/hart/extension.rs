//! Custom instruction sets on top of the base hart (Snitch's FREP at custom-0, SSR and DMA at
//! custom-1; `notes/snitch.md` §1). An [`Extension`] brings its own decoder [`Table`]s, which the
//! hart tries after the base tables, and executes their instructions through a [`HartView`].
//! The base decoder and semantics do not change. Extension instructions end their block, so
//! when one runs the pc and the retired count are exact.
//!
//! Hooks for extensions that change how base instructions behave (Snitch's stream registers,
//! its FP repetition buffer, its barrier CSR), all on the slow path so that a hart without them
//! runs exactly as before:
//! * [`Extension::OFFLOAD`] + [`Extension::offloading`]: while `offloading` is true, every
//!   instruction executed by the FP subsystem (F/D loads, stores, arithmetic, moves and
//!   conversions) ends its block and goes to [`Extension::offload`] as an [`FpInsn`] (called
//!   from the block executor, with the pc and the retired count exact), whose register operands
//!   the extension may redirect before running it with [`HartView::exec_fp`]. The hart
//!   re-checks `offloading` at every block entry and after every offloaded instruction (the
//!   state can change only in slow-path instructions and the offload hook); `OFFLOAD = false`
//!   folds the check away.
//! * [`Extension::csr`] handles a CSR access the extension claims, before the base CSRs.
//! * [`Extension::wfi`] runs `wfi`.
//! * [`HartView::stall`] keeps an instruction that cannot complete yet (a barrier) from
//!   retiring; [`Hart::run`](super::Hart::run) returns [`Stop::Stall`](super::Stop) and the next
//!   `run` executes it again.

use super::offload::FpInsn;
use super::state::State;
use super::trap::Exception;
use crate::fpu::box_f32;
use crate::isa::Table;
use crate::trace::Trace;
use macrosim_core::SparseMemory;

/// One decoded extension instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExtInsn {
    /// Index into [`Extension::tables`].
    pub table: usize,
    /// The entry's `id` in that table.
    pub id: u16,
    /// The instruction word (extract operands with [`crate::isa::Field`]).
    pub word: u32,
    pub pc: u32,
}

/// A set of extra instructions and the state they need.
pub trait Extension {
    /// The extension's decoder tables, in priority order (after the base tables).
    fn tables(&self) -> Vec<&'static Table>;

    /// Execute `insn`. On `Ok` the instruction retires and the pc moves on by 4; an `Err` is
    /// taken as an exception at `insn.pc`.
    fn execute<T: Trace>(
        &mut self,
        hart: &mut HartView<'_, T>,
        insn: ExtInsn,
    ) -> Result<(), Exception>;

    /// Does this extension ever take over FP-subsystem instructions? (See the module docs.)
    const OFFLOAD: bool = false;

    /// Should FP-subsystem instructions go to [`offload`](Self::offload) now?
    fn offloading(&self) -> bool {
        false
    }

    /// Execute an FP-subsystem instruction while [`offloading`](Self::offloading). On `Ok` it
    /// retires; an `Err` is an exception at `insn.pc`.
    fn offload<T: Trace>(
        &mut self,
        hart: &mut HartView<'_, T>,
        insn: FpInsn,
    ) -> Result<(), Exception> {
        hart.exec_fp(&insn)
    }

    /// A CSR instruction on `access.csr`: `Some(Ok(old))` if the extension handled it (the hart
    /// writes `old` to rd), `Some(Err(e))` to raise `e`, `None` to leave it to the base CSRs.
    fn csr<T: Trace>(
        &mut self,
        hart: &mut HartView<'_, T>,
        access: CsrAccess,
    ) -> Option<Result<u32, Exception>> {
        let _ = (hart, access);
        None
    }

    /// `wfi`: by default it completes at once (no interrupt sources); an extension may
    /// [`stall`](HartView::stall) the hart until a wakeup.
    fn wfi<T: Trace>(&mut self, hart: &mut HartView<'_, T>) -> Result<(), Exception> {
        let _ = hart;
        Ok(())
    }
}

/// The CSR-modifying operation of a CSR instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CsrOp {
    /// csrrw / csrrwi
    Write,
    /// csrrs / csrrsi
    Set,
    /// csrrc / csrrci
    Clear,
}

/// One CSR instruction's access (Zicsr: whether it writes depends on the form and rs1/uimm).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CsrAccess {
    pub csr: u16,
    pub op: CsrOp,
    /// rs1's value, or the 5-bit immediate for the `i` forms.
    pub src: u32,
    /// Whether the instruction writes the CSR at all.
    pub write: bool,
    /// Whether it is an immediate form (`csrrsi` etc.).
    pub imm: bool,
}

impl CsrAccess {
    /// The value written, given the old one.
    pub fn new_value(&self, old: u32) -> u32 {
        match self.op {
            CsrOp::Write => self.src,
            CsrOp::Set => old | self.src,
            CsrOp::Clear => old & !self.src,
        }
    }
}

/// No extension: the base RV32IMAFD hart.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoExtension;

impl Extension for NoExtension {
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
}

/// What an extension instruction may touch: registers (writes are traced) and memory.
pub struct HartView<'a, T: Trace> {
    pub(crate) state: &'a mut State,
    pub mem: &'a mut SparseMemory,
    pub(crate) trace: &'a mut T,
}

impl<T: Trace> HartView<'_, T> {
    pub fn x(&self, r: u32) -> u32 {
        self.state.x[(r & 31) as usize]
    }

    /// Write x register `r` (writes to x0 are dropped).
    pub fn set_x(&mut self, r: u32, v: u32) {
        if r & 31 != 0 {
            self.state.x[(r & 31) as usize] = v;
            if T::ENABLED {
                self.trace.x_write(r & 31, v);
            }
        }
    }

    /// FP register `r` as raw 64-bit contents.
    pub fn f(&self, r: u32) -> u64 {
        self.state.f[(r & 31) as usize]
    }

    /// Write FP register `r` (raw bits; use [`box_f32`] for binary32 values). Marks FS dirty.
    pub fn set_f(&mut self, r: u32, v: u64) {
        self.state.f[(r & 31) as usize] = v;
        self.state.dirty_fs(self.trace);
        if T::ENABLED {
            self.trace.f_write(r & 31, v);
        }
    }

    /// Write a binary32 value, NaN-boxed.
    pub fn set_f32(&mut self, r: u32, v: u32) {
        self.set_f(r, box_f32(v));
    }

    /// The hart's id (`mhartid`).
    pub fn hart_id(&self) -> u32 {
        self.state.id
    }

    /// Instructions retired so far.
    pub fn retired(&self) -> u64 {
        self.state.retired
    }

    /// Count `n` more retired instructions (work an extension instruction did for several, as
    /// an FP repetition buffer replaying its body).
    pub fn add_retired(&mut self, n: u64) {
        self.state.retired += n;
    }

    /// The current instruction cannot complete yet: it does not retire, and the hart stops
    /// with [`Stop::Stall`](super::Stop::Stall) at its pc.
    pub fn stall(&mut self) {
        self.state.stall = true;
    }

    /// The trace receiving this instruction's effects.
    pub fn trace(&mut self) -> &mut T {
        self.trace
    }
}
