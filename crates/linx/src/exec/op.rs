//! The executor's micro-operations: what one decoded instruction does, with every operand
//! resolved (register codes, immediates already scaled, PC-relative values made absolute).
//!
//! [`crate::exec::lower`] builds an [`Op`] once per static instruction (DESIGN principle 2); the 740
//! catalog forms collapse into a few dozen semantic shapes, so the semantics in
//! [`crate::exec::scalar`] are written once per shape.

use crate::isa::Form;
use crate::state::block::{BlockType, BranchType};
use crate::state::header::{Iot, TileSize};

/// A 5-bit register code (see [`crate::state::regs`]).
pub type R = u8;

/// Two-operand integer functions (64-bit unless `W`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alu {
    Add,
    Sub,
    And,
    Or,
    Xor,
    AddW,
    SubW,
    AndW,
    OrW,
    XorW,
    Sll,
    Srl,
    Sra,
    SllW,
    SrlW,
    SraW,
    Mul,
    MulW,
    Div,
    DivU,
    DivW,
    DivUW,
    Rem,
    RemU,
    RemW,
    RemUW,
    Max,
    MaxU,
    Min,
    MinU,
}

/// Compare conditions (CMP.*, SETC.*, in-body branches).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cc {
    Eq,
    Ne,
    Lt,
    Ltu,
    Ge,
    Geu,
    /// `(a & b) != 0`
    And,
    /// `(a | b) != 0`
    Or,
}

/// Single-source bitfield functions over the field `(M, N)` (semantics_conventions `bitfields`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bits {
    Bxu,
    Bxs,
    Clz,
    Ctz,
    Bcnt,
    Rev,
    Bis,
    Bic,
}

/// Two-destination HL arithmetic (`semantics_conventions` `hl_two_dest`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wide {
    /// Full 128-bit signed product: Dst0 low, Dst1 high.
    Mul,
    MulU,
    /// Dst0 quotient, Dst1 remainder.
    Div,
    DivU,
    DivW,
    DivUW,
    Rem,
    RemU,
    RemW,
    RemUW,
    /// 128-bit `a * b + d`.
    Madd,
    MaddW,
    /// `{a, b} >> shamt` as 128 bits (shamt in `d`).
    Ccat,
    CcatW,
}

/// How a memory access writes back besides its data destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wb {
    None,
    /// Access at `ea`; the second destination gets `ea`.
    Pre(R),
    /// Access at the base; the second destination gets `ea`.
    Post(R),
    /// Pair: the second element (at `ea + size`) goes to / comes from this register.
    Pair(R),
}

/// Access size (log2 bytes) and signedness of a load.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemFmt {
    pub log2: u8,
    pub signed: bool,
}

impl MemFmt {
    pub fn bytes(self) -> u64 {
        1 << self.log2
    }
}

/// An effective address: `R[base] + (modify(R[index], rtype) << shamt) + imm`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ea {
    pub base: R,
    pub index: R,
    pub rtype: u8,
    pub shamt: u8,
    pub imm: i64,
}

/// Read-modify-write atomic functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Amo {
    Add,
    And,
    Or,
    Xor,
    Smax,
    Smin,
    Umax,
    Umin,
    Swap,
}

/// Scalar floating-point functions (FSU).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fpu {
    Add,
    Sub,
    Mul,
    Div,
    Sqrt,
    Abs,
    Recip,
    Exp,
    Madd,
    Msub,
    Nmadd,
    Nmsub,
    Eq,
    Ne,
    Lt,
    Ge,
    /// Signalling compares (FEQS...): invalid on any NaN.
    EqS,
    NeS,
    LtS,
    GeS,
    Max,
    Min,
}

/// Conversions: float->float, float->int with a rounding mode, int->float.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cvt {
    /// FCVT: float to float (rounding from FCSR).
    F2F,
    /// FCVT{A,M,N,P,Z}: float to integer with an explicit rounding.
    F2I(Round),
    /// SCVTF / UCVTF.
    I2F { signed: bool },
}

/// IEEE rounding directions (FCSR.RM codes 0..4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Round {
    NearestEven,
    Down,
    Up,
    Zero,
    NearestAway,
}

/// Template blocks (manual `07_templates.adoc`, `TPL_ID` order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Template {
    Fentry,
    Fexit,
    FretRa,
    FretStk,
    Mcopy,
    Mset,
    Esave,
    Ercov,
}

/// Block header descriptors (`B.*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Desc {
    /// B.ARG payload.
    Arg(u32),
    /// B.IOR [srcs], [dst].
    Ior {
        srcs: [R; 3],
        dst: R,
    },
    Iot(Iot),
    /// B.DIM / C.B.DIM / C.B.DIMI: LB[n] = R[reg] + imm.
    Dim {
        n: u8,
        reg: R,
        imm: u32,
    },
    /// B.TEXT: the absolute body address.
    Text(u64),
    /// B.ATTR, B.HINT, B.IOD: metadata with no architectural effect here.
    Meta,
}

/// Why a form cannot execute here (reported with the instruction when reached).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unsupported {
    /// Needs a privilege level above ACR2 (Linux user mode).
    Privileged,
    /// Semantics not modelled yet (listed in the README).
    Unimplemented,
    /// Reserved encoding or a value the documents leave undefined.
    Reserved,
}

/// One micro-operation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Op {
    /// `rd = f(R[a], modify(R[b], rtype) << shamt)`
    Rr {
        f: Alu,
        rd: R,
        a: R,
        b: R,
        rtype: u8,
        shamt: u8,
    },
    /// `rd = f(R[a], imm)`
    Ri {
        f: Alu,
        rd: R,
        a: R,
        imm: i64,
    },
    /// `rd = imm` (LUI, HL.LIS, C.MOVI, ADDTPC and HL.ADDTPC with the page made absolute).
    Li {
        rd: R,
        imm: i64,
    },
    /// `rd = (R[a] cc modify(R[b])) as 0/1`
    Cmp {
        cc: Cc,
        rd: R,
        a: R,
        b: R,
        rtype: u8,
    },
    CmpI {
        cc: Cc,
        rd: R,
        a: R,
        imm: i64,
    },
    /// BARG condition = R[a] cc modify(R[b]).
    Setc {
        cc: Cc,
        a: R,
        b: R,
        rtype: u8,
    },
    SetcI {
        cc: Cc,
        a: R,
        imm: i64,
    },
    SetcTgt {
        a: R,
    },
    /// `ra = addr` (SETRET / C.SETRET / HL.SETRET, made absolute).
    Setret {
        addr: u64,
    },
    Bits {
        f: Bits,
        rd: R,
        a: R,
        m: u8,
        n: u8,
    },
    Bfi {
        rd: R,
        a: R,
        b: R,
        immr: u8,
        imms: u8,
    },
    /// `rd = R[p] != 0 ? R[a] : (neg ? -R[b] : R[b])`
    Csel {
        rd: R,
        p: R,
        a: R,
        b: R,
        neg: bool,
    },
    /// `rd = R[a] * R[b] + R[c]` (64-bit or W).
    Madd {
        rd: R,
        a: R,
        b: R,
        c: R,
        word: bool,
    },
    /// HL.MIADD / HL.MISUB: `rd = R[a] +- R[b] * imm`.
    Miadd {
        rd: R,
        a: R,
        b: R,
        imm: u32,
        sub: bool,
    },
    Wide {
        f: Wide,
        rd0: R,
        rd1: R,
        a: R,
        b: R,
        d: R,
    },
    Load {
        fmt: MemFmt,
        rd: R,
        ea: Ea,
        wb: Wb,
    },
    Store {
        size: u8,
        src: R,
        ea: Ea,
        wb: Wb,
    },
    /// HL.PRF.A / HL.PRFI.UA: `rd = ea` (the prefetch itself is a hint).
    Lea {
        rd: R,
        ea: Ea,
    },
    /// Load-reserved.
    Lr {
        fmt: MemFmt,
        rd: R,
        addr: R,
    },
    /// Store-conditional: `rd = 0` on success, 1 on failure.
    Sc {
        size: u8,
        rd: R,
        src: R,
        addr: R,
    },
    /// RMW atomic; `rd` gets the old value (0 = no result: the SW.*/SD.* forms).
    Amo {
        f: Amo,
        fmt: MemFmt,
        rd: R,
        addr: R,
        src: R,
    },
    /// HL.CAS*: if mem == R[expect] then mem = R[new]; rd = old.
    Cas {
        fmt: MemFmt,
        rd: R,
        addr: R,
        expect: R,
        new: R,
    },
    Fp {
        f: Fpu,
        ty: u8,
        rd: R,
        a: R,
        b: R,
        c: R,
    },
    Fcvt {
        f: Cvt,
        src: u8,
        dst: u8,
        rd: R,
        a: R,
    },
    SsrGet {
        rd: R,
        id: u16,
    },
    SsrSet {
        a: R,
        id: u16,
    },
    SsrSwap {
        rd: R,
        a: R,
        id: u16,
    },
    /// Service request: `acrc 1` is the Linux system call.
    Acrc {
        kind: u8,
    },
    Ebreak {
        code: u8,
    },
    Assert {
        a: R,
    },
    /// FENCE.D, cache maintenance, prefetch and block hints: no architectural effect in a
    /// single-hart functional model.
    Nop,
    /// FENCE.I: drop decoded code.
    FenceI,
    BlockStart {
        ty: BlockType,
        exit: BranchType,
        target: u64,
    },
    Bstop,
    Template {
        t: Template,
        a: R,
        b: R,
        c: R,
        size: u64,
    },
    Desc(Desc),
    /// In-body conditional branch (MPAR/MSEQ bodies only): `if R[a] cc R[b] goto target`.
    Branch {
        cc: Cc,
        a: R,
        b: R,
        target: u64,
    },
    /// `B.Z` / `B.NZ`: branch on the EXEC mask `p`.
    BranchP {
        nonzero: bool,
        target: u64,
    },
    /// `J target`.
    Jump {
        target: u64,
    },
    /// `JR a, off`: jump to `R[a] + off`.
    JumpReg {
        a: R,
        off: i64,
    },
    /// A vector (`V.*`) micro-op; legal only in SIMT bodies.
    Vec(VOp),
    /// Cannot execute: privileged, unimplemented or reserved.
    Unsupported(Unsupported),
    /// The bytes here could not be fetched or decoded (reported if execution reaches them).
    Invalid,
}

impl Op {
    /// Block start markers: BSTART forms and template blocks (manual §Overview: templates are
    /// block start markers for the safety rule).
    pub fn is_block_start(&self) -> bool {
        matches!(self, Op::BlockStart { .. } | Op::Template { .. })
    }

    /// A scalar instruction that [`crate::state::cpu::Cpu::exec`] runs with no engine involvement
    /// (everything but markers, descriptors, branches, vector ops, system calls that need the
    /// BSTOP check, FENCE.I and the unsupported/invalid placeholders).
    #[inline]
    pub fn is_plain(&self) -> bool {
        !matches!(
            self,
            Op::BlockStart { .. }
                | Op::Template { .. }
                | Op::Bstop
                | Op::Desc(_)
                | Op::Branch { .. }
                | Op::BranchP { .. }
                | Op::Jump { .. }
                | Op::JumpReg { .. }
                | Op::Vec(_)
                | Op::Acrc { .. }
                | Op::FenceI
                | Op::Unsupported(_)
                | Op::Invalid
        )
    }

    /// Ends the instruction run of a block body: a start marker or BSTOP.
    pub fn is_terminator(&self) -> bool {
        self.is_block_start() || matches!(self, Op::Bstop)
    }
}

/// The tile destination size of a descriptor, for [`Iot`] construction in the lowering.
pub fn tile_size(dynamic: bool, value: u8) -> TileSize {
    if dynamic {
        TileSize::Reg(value)
    } else {
        TileSize::Code(value)
    }
}

/// A lowered `V.*` instruction: its form and its operands (RegId10 codes, immediates).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VOp {
    pub form: Form,
    pub dst: u16,
    pub a: u16,
    pub b: u16,
    /// SrcD (stores, V.MADD), SrcA (V.FMADD...) or SrcP (V.CSEL).
    pub d: u16,
    pub shamt: u8,
    /// SrcRType 3 (`.neg`/`.not`) applies (strict mode only, as for scalar forms).
    pub invert: bool,
    /// The lane term `, lc0<<k` of V.L*/V.S* (flag C).
    pub lane: bool,
    pub imm: i32,
    /// For V.L*/V.S*: the access.
    pub mem: Option<VMem>,
}

/// A vector load or store (`V.L{B,BU,H,HU,W,WU,D}[I][.U][.BRG]`, `V.S{B,H,W,D}[I][.U][.BRG]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VMem {
    pub store: bool,
    pub log2: u8,
    pub signed: bool,
    /// `.BRG`: bridged global memory (MPAR/MSEQ only); otherwise tile-local.
    pub bridged: bool,
    /// Register-offset form (`SrcR << shamt`) rather than an immediate offset.
    pub reg: bool,
    /// `.U`: the register offset is not scaled by the access size.
    pub unscaled: bool,
}
