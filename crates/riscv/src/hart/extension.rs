//! Custom instruction sets on top of the base hart (Snitch's FREP at custom-0, SSR and DMA at
//! custom-1; `notes/snitch.md` §1). An [`Extension`] brings its own decoder [`Table`]s, which the
//! hart tries after the base tables, and executes their instructions through a [`HartView`].
//! The base decoder and semantics do not change. Extension instructions end their block, so
//! when one runs the pc and the retired count are exact.

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
}
