//! Field access on a decoded instruction, by catalog field name.

use crate::exec::op::R;
use crate::isa::{Decoded, FieldKind};
use crate::state::block::CfiMode;

/// Field access on a decoded instruction.
pub(super) struct F<'a> {
    pub(super) d: &'a Decoded,
    pub(super) pc: u64,
    pub(super) mode: CfiMode,
}

impl F<'_> {
    pub(super) fn has(&self, name: &str) -> bool {
        self.d.get(name).is_some()
    }
    /// A register field (0 when absent).
    pub(super) fn r(&self, name: &str) -> R {
        self.d.get(name).unwrap_or(0) as R
    }
    pub(super) fn v(&self, name: &str) -> i64 {
        self.d.get(name).unwrap_or(0)
    }
    /// A field's encoded value, before any scaling the decoder applied.
    pub(super) fn raw(&self, name: &str) -> i64 {
        let info = self.d.form.info();
        info.fields
            .iter()
            .position(|f| f.name == name)
            .map_or(0, |i| self.d.ops[i] >> info.fields[i].scale)
    }
    /// The immediate (first `simm*`/`uimm*`/`imm*` field), already extended and scaled.
    pub(super) fn imm(&self) -> i64 {
        let info = self.d.form.info();
        info.fields
            .iter()
            .position(|f| {
                f.kind == FieldKind::Imm
                    && (f.name.starts_with("simm")
                        || f.name.starts_with("uimm")
                        || f.name.starts_with("imm"))
            })
            .map_or(0, |i| self.d.ops[i])
    }
    /// The absolute address of the PC-relative operand.
    pub(super) fn target(&self) -> u64 {
        self.d.target(self.pc).unwrap_or(self.pc)
    }
    /// `SrcRType` of an ALU or address (AGU) form as a canonical code: 0 none, 1 `.sw`, 2 `.uw`,
    /// 3 `.neg`/`.not` (the code space of `semantics_conventions.json` `srcrtype`).
    ///
    /// Strict: the v0.4 conventions, where the raw code is the canonical one (00 none ... 11
    /// `.neg`). Compat: the encoding the v0.4 LLVM toolchain emits, which linx-isa's later
    /// normative ASL contract states (`asl/scalar/model/dispatch/decode.asl`: raw 00 `.sw`,
    /// 01 `.uw`, 10 `.neg`/`.not`, 11 none): every register-register ALU and indexed memory form
    /// of 01_containers.static encodes a plain operand as 11 (2,893 `add ... .neg` otherwise,
    /// `addw t#1, zero.neg` among them), and musl's malloc computes correct chunk pointers only
    /// with 11 = none, as LinxCoreModel also reads it.
    ///
    /// Forms without the field (MUL, DIV*, REM*, MAX*, MIN*, the shifts, ...) read SrcR
    /// unmodified in both modes.
    pub(super) fn rtype(&self) -> u8 {
        if !self.has("SrcRType") {
            return 0;
        }
        let raw = self.raw_rtype();
        match self.mode {
            CfiMode::Strict => raw,
            CfiMode::Compat => (raw + 1) & 3,
        }
    }
    /// The raw 2-bit `SrcRType` field. Compares and SETC use it as is in both modes: 0 none,
    /// 1 `.sw`, 2 `.uw`, and 3 is no modifier too (`restricted_forms` policy `11_as_00`).
    pub(super) fn raw_rtype(&self) -> u8 {
        self.v("SrcRType") as u8 & 3
    }
    /// The data destination: `RegDst` or `RegDst0`.
    pub(super) fn rd(&self) -> R {
        if self.has("RegDst") {
            self.r("RegDst")
        } else {
            self.r("RegDst0")
        }
    }
}
