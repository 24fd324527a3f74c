//! The Linx v0.4 instruction set: decoder, encoder, operand model and disassembler, generated
//! from the catalog `data/linx/linxisa-v0.4.json` (740 forms, plus the extension `L.BSTOP`
//! the catalog lacks; see `Form`) by `cargo xtask codegen linx`.
//!
//! # Decoding
//!
//! [`decode`]`(bytes)` reads the instruction at the start of `bytes` and returns a
//! [`Decoded`]: the [`Form`], the length in bytes, and the operands. The length comes from the
//! first halfword alone ([`insn_len`], notes §2.1), so a fetch unit can ask for 2 bytes first.
//! Where encodings overlap (20 pairs, listed in [`OVERLAPS`]) the form with the more specific
//! mask wins; this gives the aliases directly: `ADDTPC ->ra` decodes as `SETRET`,
//! `C.MOVI …, ->ra` as `C.SETRET`, `HL.ADDTPC ->ra` as `HL.SETRET`, `C.BSTART.STD` with
//! branch type 0 as `C.BSTOP`, `BSTART.TMA` functions 0/1/2 as `TLOAD/TSTORE/TMOV`,
//! `BSTART.CUBE` functions 0/2/8 as `TMATMUL/TMATMUL.ACC/ACCCVT`, `C.B.DIM` before `C.B.DIMI`,
//! and `BSTART.TEPL` over its legacy twin `BSTART.PAR`.
//!
//! The two fused call headers of the catalog (`BSTART CALL`, `HL.BSTART CALL`) never decode:
//! by the length rule their bytes are two instructions (`C.BSTART DIRECT`/`BSTART DIRECT` then
//! `C.SETRET`), which is also how the golden dump prints them (notes §2.3). They can be
//! encoded (the assembler accepts them).
//!
//! # Operands
//!
//! A form's fields are listed in the doc comment of its [`Form`] variant, e.g.
//! `Form::Addi`: `ops: [RegDst, SrcL, uimm12]`. `Decoded::ops[i]` is the i-th of those, and
//! `Decoded::flags` bit k is the k-th one-bit field (`flags: [aq, rl, ...]`). The same
//! description is available at run time in `form.info().fields` (`FieldSpec`: name, kind,
//! signedness, scaling). Values are:
//!
//! - registers (`FieldKind::Reg`, `Dst`): the reg5 code (see [`regs`]: 0 `zero`, 1 `sp`,
//!   2..9 `a0..a7`, 10 `ra`, 11..19 `s0..s8`, 20..23 `x0..x3`; as a source 24..27 are
//!   `t#1..t#4` and 28..31 `u#1..u#4`; as a destination 31 is `->t` and 30 is `->u`, a push
//!   onto that hand). In `V.*` forms registers are the 10-bit RegId10 (manual 05b).
//! - immediates (`Imm`): sign- or zero-extended as the field says, then SCALED, so the value
//!   is what the semantics use:
//!   * load/store immediate offsets are in bytes: `ldi [s1, 2]` holds 16 (scaled by the
//!     access size); `.U`/`.UPR`/`.UPO` forms are unscaled; `C.LDI`/`C.SDI` ×8, `C.LWI`/
//!     `C.SWI` ×4 (notes §2.3, manual 09 "Scaled vs unscaled immediates");
//!   * register-offset loads have an explicit `shamt` op (EA = base + (index << shamt));
//!     register-offset stores shift the index by `info().index_shift` (log2 of the size, 0
//!     for `.U` stores) — `sd a0, [s0, a1<<3]`;
//!   * `LUI` and `ADDTPC` immediates are `sext(imm20) << 12` (ADDTPC adds it to
//!     `pc & !0xfff`, notes §3.2; checked on the LLVM binaries, where `addtpc` + `addi`
//!     lands in `.got`); `HL.LUI`/`HL.LIS` are the sign-extended 32-bit value (Sail; the
//!     LinxCoreModel zero-extends HL.LUI, but the LLVM binaries follow `hl.lui -16` with a
//!     32-bit zero-extending `bxu`, which only makes sense if it sign-extends), `HL.LIU`
//!     the zero-extended one;
//!     `HL.ADDTPC` is the raw sign-extended imm32 (no binary uses it; the Sail model adds
//!     `imm << 1` to TPC, which disagrees with ADDTPC's page rule, so the executor decides);
//!   * `SETC.*I`/`CMP.*I` with a `shamt` op compare against `imm << shamt` (notes §2.3);
//!     the ops keep both;
//!   * `FENTRY`/`FEXIT`/`FRET.*` `uimm` is the byte count (the catalog's `value_lsb` 3).
//! - PC-relative targets (`PcRel`): a byte offset from the instruction's own address (TPC,
//!   the first byte of the instruction): block starts (`BSTART*`, `C.BSTART`, `HL.BSTART*`),
//!   in-body branches (`B.EQ`…, `J`), `B.TEXT`, `SETRET`/`C.SETRET` (unsigned) and `HL.SETRET` (signed),
//!   `*.PCR` loads/stores (bytes, as the LLVM-built binaries show; not the Sail model's
//!   words from `pc & !3`). Use
//!   [`Decoded::target`]`(pc)` for the absolute address. `JR`'s offset (×2) is register-
//!   relative and is an `Imm`.
//! - other numbers (`SrcRType`: 0 none, 1 `.sw`, 2 `.uw`, 3 `.neg`/`.not`, and for
//!   compares/SETC 3 reads as unmodified like 0 (notes §5; the LLVM binaries emit it; it
//!   prints `.x3`); `shamt`;
//!   `BrType` 1 FALL 2 DIRECT 3 COND 4 CALL 5 IND 6 ICALL 7 RET; SSR ids; tile fields) are
//!   the raw field values.
//!
//! # Matching in the executor
//!
//! Decode once per instruction (the result is small and `Copy`) and `match d.form { … }`
//! with `let [rd, src_l, imm, ..] = d.ops;` in the order the variant's doc lists. Memory
//! forms carry their access size in `d.form.info().mem_bytes`.
//!
//! # Disassembly
//!
//! `d.at(pc)` implements `Display` in the golden dump's syntax
//! (`addi\tzero, 64, \t->t`); `.with_symbols(&table)` adds `<symbol+off>` after targets.
//! [`parse::parse_operands`] reads the same syntax back (the assembler uses it).

mod decode;
mod display;
mod encode;
pub mod expr;
#[rustfmt::skip]
mod generated;
pub mod listing;
pub mod parse;
pub mod regs;
pub mod tables;
pub mod tiles;

pub use decode::{decode, decode_word, insn_len};
pub use display::{BRANCH_TYPES, Disasm, Symbols};
pub use encode::{encode, encode_bytes};
pub use generated::{Form, MAX_OPS, OVERLAPS};
pub use tables::{FieldKind, FieldSpec, FormInfo};

/// One decoded instruction: its form, length and operands (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Decoded {
    pub form: Form,
    /// Length in bytes (2, 4, 6 or 8).
    pub len: u8,
    /// One-bit fields, bit k = the k-th flag the form lists.
    pub flags: u16,
    /// Operand fields in the order the form lists them; unused slots are 0.
    pub ops: [i64; MAX_OPS],
}

/// Why bytes did not decode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error("truncated instruction: need {need} bytes, have {have}")]
    Truncated { need: usize, have: usize },
    #[error("illegal instruction {word:#0width$x} ({len} bytes)", width = len * 2 + 2)]
    Illegal { word: u64, len: usize },
}

/// Why an operand could not be encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EncodeError {
    #[error("{field} = {value} does not fit {} ({})", .form.info().mnemonic, range_of(*.form, .field))]
    DoesNotFit {
        form: Form,
        field: &'static str,
        value: i64,
    },
}

/// The values a field can hold, for error messages: `-16..=15` or `0..=248, multiple of 8`.
fn range_of(form: Form, field: &str) -> String {
    let Some(spec) = form.info().fields.iter().find(|f| f.name == field) else {
        return "no such field".into();
    };
    let bits = u32::from(spec.bits);
    let (lo, hi) = if spec.signed {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    };
    let step = 1i128 << spec.scale;
    let what = if spec.kind == FieldKind::PcRel {
        "byte offset from the instruction "
    } else {
        ""
    };
    if step > 1 {
        format!("{what}{}..={}, a multiple of {step}", lo * step, hi * step)
    } else {
        format!("{what}{lo}..={hi}")
    }
}

impl Form {
    /// The generated description of this form.
    #[inline]
    pub fn info(self) -> &'static FormInfo {
        &generated::FORMS[self as usize]
    }
}

impl Decoded {
    /// A form with all operands zero.
    pub fn new(form: Form) -> Self {
        Decoded {
            form,
            len: form.info().bytes,
            flags: 0,
            ops: [0; MAX_OPS],
        }
    }

    /// The value of the field called `name` (op or flag), if the form has one.
    pub fn get(&self, name: &str) -> Option<i64> {
        let info = self.form.info();
        let i = info.fields.iter().position(|f| f.name == name)?;
        if info.fields[i].kind == FieldKind::Flag {
            let k = info.fields[..i]
                .iter()
                .filter(|f| f.kind == FieldKind::Flag)
                .count();
            Some(i64::from(self.flags >> k & 1))
        } else {
            Some(self.ops[i])
        }
    }

    /// Set the field called `name`; false when the form has none.
    pub fn set(&mut self, name: &str, value: i64) -> bool {
        let info = self.form.info();
        let Some(i) = info.fields.iter().position(|f| f.name == name) else {
            return false;
        };
        if info.fields[i].kind == FieldKind::Flag {
            let k = info.fields[..i]
                .iter()
                .filter(|f| f.kind == FieldKind::Flag)
                .count();
            self.flags = self.flags & !(1 << k) | (u16::from(value & 1 == 1) << k);
        } else {
            self.ops[i] = value;
        }
        true
    }

    /// The absolute address a PC-relative op `i` designates.
    pub(crate) fn pc_relative(&self, pc: u64, i: usize) -> u64 {
        let bias = u64::from(self.form.info().fields[i].pc_bias);
        pc.wrapping_add(bias).wrapping_add(self.ops[i] as u64)
    }

    /// The absolute address of the first PC-relative operand (block/branch target, SETRET
    /// return address, `*.PCR` data address), if the form has one.
    pub fn target(&self, pc: u64) -> Option<u64> {
        let info = self.form.info();
        let i = info
            .fields
            .iter()
            .position(|f| f.kind == FieldKind::PcRel)?;
        Some(self.pc_relative(pc, i))
    }

    /// Disassembly of this instruction at `pc` (implements `Display`).
    pub fn at(&self, pc: u64) -> Disasm<'_> {
        Disasm {
            d: self,
            pc,
            syms: None,
        }
    }
}
