//! FP-subsystem instructions handed to an extension ([`Extension::offload`]): the F and D
//! loads, stores, arithmetic, moves and conversions, with their register operands exposed so
//! that an extension can redirect them (Snitch's stream registers replace reads and writes of
//! ft0..ft2; its repetition buffer staggers register numbers and replays captured integer
//! operands, `notes/snitch.md` §2.1, §3.3-3.5).
//!
//! Redirection uses scratch registers: the hart's register files have room past register 31,
//! so an operand pointed at [`F_SCRATCH`]`+ i` (or [`X_SCRATCH`]`+ i`) reads the value the
//! extension put there with [`HartView::set_f_scratch`] ([`HartView::set_x_scratch`]), and a
//! result sent to `F_SCRATCH + i` is read back with [`HartView::f_scratch`]. Writes to scratch
//! registers are not traced.
//!
//! [`Extension::offload`]: super::Extension::offload

use super::extension::HartView;
use super::op::{Kind, Op, X_SINK};
use super::trap::{Cause, Exception};
use crate::fpu::box_f32;
use crate::trace::Trace;

/// The first FP scratch register; `F_SCRATCH..F_SCRATCH + SCRATCH` are free for extensions.
pub const F_SCRATCH: u8 = 32;
/// The first integer scratch register (32 is the hart's x0 write sink).
pub const X_SCRATCH: u8 = 40;
/// How many scratch registers of each kind there are.
pub const SCRATCH: u8 = 16;

/// A register operand field of an instruction word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    Rd,
    Rs1,
    Rs2,
    Rs3,
}

/// What an FP-subsystem instruction does with the integer side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FpClass {
    /// `flw`/`fld`: address from x rs1, result to f rd.
    Load,
    /// `fsw`/`fsd`: address from x rs1, data from f rs2.
    Store,
    /// f sources to an f destination.
    Compute,
    /// A result for an x register (compares, `fclass`, `fmv.x.w`, `fcvt.w[u].*`).
    ToInt,
    /// An x source to an f destination (`fmv.w.x`, `fcvt.*.w[u]`).
    FromInt,
}

/// The FPU operation groups of a cycle model (FPnew's operation groups: ADDMUL, DIVSQRT,
/// NONCOMP, CONV; loads and stores go to the LSU).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FpGroup {
    Load,
    Store,
    /// fmadd family, fadd, fsub, fmul.
    AddMul,
    DivSqrt,
    /// Sign injection, min/max, compares, classify, moves.
    NonComp,
    /// Conversions between formats and to/from integers.
    Conv,
}

/// One FP-subsystem instruction (its class, group and FP sources worked out once, since an
/// FP repetition buffer replays the same instruction many times).
#[derive(Clone, Copy, Debug)]
pub struct FpInsn {
    pub(crate) op: Op,
    pub word: u32,
    pub pc: u32,
    class: FpClass,
    group: FpGroup,
    f_sources: &'static [Operand],
}

const S1: &[Operand] = &[Operand::Rs1];
const S2: &[Operand] = &[Operand::Rs1, Operand::Rs2];
const S3: &[Operand] = &[Operand::Rs1, Operand::Rs2, Operand::Rs3];
const STORE_DATA: &[Operand] = &[Operand::Rs2];

/// The FP-subsystem kinds in declaration order (`Kind::Flw..=Kind::FcvtDWu`): an `Offload` op
/// keeps its kind as an index into this table.
const FP_KINDS: [Kind; 52] = [
    Kind::Flw,
    Kind::Fsw,
    Kind::Fld,
    Kind::Fsd,
    Kind::FmaddS,
    Kind::FmsubS,
    Kind::FnmsubS,
    Kind::FnmaddS,
    Kind::FaddS,
    Kind::FsubS,
    Kind::FmulS,
    Kind::FdivS,
    Kind::FsqrtS,
    Kind::FsgnjS,
    Kind::FsgnjnS,
    Kind::FsgnjxS,
    Kind::FminS,
    Kind::FmaxS,
    Kind::FcvtWS,
    Kind::FcvtWuS,
    Kind::FmvXW,
    Kind::FeqS,
    Kind::FltS,
    Kind::FleS,
    Kind::FclassS,
    Kind::FcvtSW,
    Kind::FcvtSWu,
    Kind::FmvWX,
    Kind::FmaddD,
    Kind::FmsubD,
    Kind::FnmsubD,
    Kind::FnmaddD,
    Kind::FaddD,
    Kind::FsubD,
    Kind::FmulD,
    Kind::FdivD,
    Kind::FsqrtD,
    Kind::FsgnjD,
    Kind::FsgnjnD,
    Kind::FsgnjxD,
    Kind::FminD,
    Kind::FmaxD,
    Kind::FcvtSD,
    Kind::FcvtDS,
    Kind::FeqD,
    Kind::FltD,
    Kind::FleD,
    Kind::FclassD,
    Kind::FcvtWD,
    Kind::FcvtWuD,
    Kind::FcvtDW,
    Kind::FcvtDWu,
];

/// Class, group and FP sources of each FP kind, by [`Kind::fp_index`]: an extension that
/// offloads every FP instruction builds an [`FpInsn`] per instruction executed.
const FP_INFO: [(FpClass, FpGroup, &[Operand]); FP_KINDS.len()] = {
    let mut t = [(FpClass::Compute, FpGroup::NonComp, S2); FP_KINDS.len()];
    let mut i = 0;
    while i < FP_KINDS.len() {
        let k = FP_KINDS[i];
        t[i] = (
            FpInsn::class_of(k),
            FpInsn::group_of(k),
            FpInsn::f_sources_of(k),
        );
        i += 1;
    }
    t
};

impl Kind {
    /// Is this op executed by the FP subsystem?
    pub(crate) fn is_fp(self) -> bool {
        (Kind::Flw as u8..=Kind::FcvtDWu as u8).contains(&(self as u8))
    }

    /// This FP kind's index in [`FP_KINDS`].
    pub(crate) fn fp_index(self) -> u16 {
        u16::from(self as u8 - Kind::Flw as u8)
    }

    /// The FP kind with index `i` in [`FP_KINDS`].
    pub(crate) fn from_fp_index(i: u16) -> Kind {
        FP_KINDS[usize::from(i)]
    }
}

impl FpInsn {
    pub(crate) fn new(op: Op, word: u32) -> FpInsn {
        debug_assert!(op.kind.is_fp());
        let (class, group, f_sources) = FP_INFO[usize::from(op.kind.fp_index())];
        FpInsn {
            op,
            word,
            pc: op.pc,
            class,
            group,
            f_sources,
        }
    }

    #[inline]
    pub fn class(&self) -> FpClass {
        self.class
    }

    #[inline]
    pub fn group(&self) -> FpGroup {
        self.group
    }

    /// The operands read from FP registers, in field order.
    #[inline]
    pub fn f_sources(&self) -> &'static [Operand] {
        self.f_sources
    }

    /// What `kind` does with the integer side (the offload classes; the translation tier asks
    /// it which F/D ops write an x register).
    pub(crate) const fn class_of(kind: Kind) -> FpClass {
        use Kind as K;
        match kind {
            K::Flw | K::Fld => FpClass::Load,
            K::Fsw | K::Fsd => FpClass::Store,
            K::FcvtWS
            | K::FcvtWuS
            | K::FmvXW
            | K::FeqS
            | K::FltS
            | K::FleS
            | K::FclassS
            | K::FeqD
            | K::FltD
            | K::FleD
            | K::FclassD
            | K::FcvtWD
            | K::FcvtWuD => FpClass::ToInt,
            K::FcvtSW | K::FcvtSWu | K::FmvWX | K::FcvtDW | K::FcvtDWu => FpClass::FromInt,
            _ => FpClass::Compute,
        }
    }

    const fn group_of(kind: Kind) -> FpGroup {
        use Kind as K;
        match kind {
            K::Flw | K::Fld => FpGroup::Load,
            K::Fsw | K::Fsd => FpGroup::Store,
            K::FmaddS
            | K::FmsubS
            | K::FnmsubS
            | K::FnmaddS
            | K::FaddS
            | K::FsubS
            | K::FmulS
            | K::FmaddD
            | K::FmsubD
            | K::FnmsubD
            | K::FnmaddD
            | K::FaddD
            | K::FsubD
            | K::FmulD => FpGroup::AddMul,
            K::FdivS | K::FsqrtS | K::FdivD | K::FsqrtD => FpGroup::DivSqrt,
            K::FcvtWS
            | K::FcvtWuS
            | K::FcvtSW
            | K::FcvtSWu
            | K::FcvtSD
            | K::FcvtDS
            | K::FcvtWD
            | K::FcvtWuD
            | K::FcvtDW
            | K::FcvtDWu => FpGroup::Conv,
            _ => FpGroup::NonComp,
        }
    }

    const fn f_sources_of(kind: Kind) -> &'static [Operand] {
        use Kind as K;
        match kind {
            K::Flw | K::Fld => &[],
            K::Fsw | K::Fsd => STORE_DATA,
            K::FmaddS
            | K::FmsubS
            | K::FnmsubS
            | K::FnmaddS
            | K::FmaddD
            | K::FmsubD
            | K::FnmsubD
            | K::FnmaddD => S3,
            K::FsqrtS
            | K::FsqrtD
            | K::FcvtWS
            | K::FcvtWuS
            | K::FmvXW
            | K::FclassS
            | K::FcvtSD
            | K::FcvtDS
            | K::FclassD
            | K::FcvtWD
            | K::FcvtWuD => S1,
            K::FcvtSW | K::FcvtSWu | K::FmvWX | K::FcvtDW | K::FcvtDWu => &[],
            _ => S2,
        }
    }

    /// Does it write an FP register (rd)?
    pub fn writes_f(&self) -> bool {
        !matches!(self.class(), FpClass::Store | FpClass::ToInt)
    }

    /// The operand read from an integer register (an address base or a moved value).
    pub fn x_source(&self) -> Option<Operand> {
        match self.class() {
            FpClass::Load | FpClass::Store | FpClass::FromInt => Some(Operand::Rs1),
            FpClass::Compute | FpClass::ToInt => None,
        }
    }

    /// Bytes accessed by a load or store.
    pub fn mem_size(&self) -> Option<u32> {
        match self.op.kind {
            Kind::Flw | Kind::Fsw => Some(4),
            Kind::Fld | Kind::Fsd => Some(8),
            _ => None,
        }
    }

    /// The register number in operand `o` (an x destination of x0 reads as 0).
    pub fn reg(&self, o: Operand) -> u8 {
        match o {
            Operand::Rd if self.op.rd == X_SINK => 0,
            Operand::Rd => self.op.rd,
            Operand::Rs1 => self.op.rs1,
            Operand::Rs2 => self.op.rs2,
            Operand::Rs3 => self.op.rs3,
        }
    }

    /// Point operand `o` at register `r` (0..31, or a scratch register).
    pub fn set_reg(&mut self, o: Operand, r: u8) {
        match o {
            Operand::Rd => self.op.rd = r,
            Operand::Rs1 => self.op.rs1 = r,
            Operand::Rs2 => self.op.rs2 = r,
            Operand::Rs3 => self.op.rs3 = r,
        }
    }

    /// The immediate offset of a load or store.
    pub fn offset(&self) -> u32 {
        self.op.imm
    }
}

impl<T: Trace> HartView<'_, T> {
    /// Put `v` in FP scratch register `F_SCRATCH + i`.
    pub fn set_f_scratch(&mut self, i: u8, v: u64) {
        self.state.f[usize::from(F_SCRATCH + i % SCRATCH)] = v;
    }

    /// FP scratch register `F_SCRATCH + i`.
    pub fn f_scratch(&self, i: u8) -> u64 {
        self.state.f[usize::from(F_SCRATCH + i % SCRATCH)]
    }

    /// Put `v` in integer scratch register `X_SCRATCH + i`.
    pub fn set_x_scratch(&mut self, i: u8, v: u32) {
        self.state.x[usize::from(X_SCRATCH + i % SCRATCH)] = v;
    }

    /// Execute `insn` with its operands as they stand (loads and stores on plain memory).
    pub fn exec_fp(&mut self, insn: &FpInsn) -> Result<(), Exception> {
        let op = &insn.op;
        let addr = self.state.x[usize::from(op.rs1)].wrapping_add(op.imm);
        let a = u64::from(addr);
        match op.kind {
            Kind::Flw | Kind::Fld => {
                let v = if op.kind == Kind::Flw {
                    self.mem.read_u32(a).map(box_f32)
                } else {
                    self.mem.read_u64(a)
                }
                .map_err(|_| Exception::new(Cause::LoadAccessFault, addr))?;
                if T::ENABLED {
                    self.trace
                        .mem_read(addr, if op.kind == Kind::Flw { 4 } else { 8 });
                }
                self.state.set_f(op.rd, v, self.trace);
            }
            Kind::Fsw | Kind::Fsd => {
                let v = self.state.f[usize::from(op.rs2)];
                let (r, size) = if op.kind == Kind::Fsw {
                    (self.mem.write_u32(a, v as u32), 4)
                } else {
                    (self.mem.write_u64(a, v), 8)
                };
                r.map_err(|_| Exception::new(Cause::StoreAccessFault, addr))?;
                if T::ENABLED {
                    self.trace.mem_write(addr, v, size);
                }
            }
            _ => self
                .state
                .exec_fp(op, self.trace)
                .ok_or(Exception::illegal(insn.word))?,
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fp_kinds_are_the_declared_range() {
        for (i, k) in FP_KINDS.iter().enumerate() {
            assert_eq!(*k as u8, Kind::Flw as u8 + i as u8, "{k:?}");
            assert_eq!(Kind::from_fp_index(k.fp_index()), *k);
        }
        assert_eq!(FP_KINDS.last(), Some(&Kind::FcvtDWu));
    }
}
