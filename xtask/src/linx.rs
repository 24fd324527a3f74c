//! Generator for the Linx v0.4 instruction tables (`crates/linx/src/isa/generated.rs`) from the
//! vendored catalog `data/linx/linxisa-v0.4.json` (BSD-3-Clause, see `data/linx/LICENSE`).
//!
//! What the catalog gives directly: per form the mask/match, the bit pieces of every field and
//! the assembly template. What it omits and this generator adds, with the rule's source:
//! - the operand scaling (notes `linx.md` §2.3 and the Sail model in `isa/sail/model/execute`):
//!   immediate load/store offsets scale by the access size, `.U` forms do not, stores with a
//!   register offset shift the index by log2(size), PC-relative loads/stores (`*.PCR`) count
//!   words, block/branch targets and SETRET offsets count halfwords, LUI/ADDTPC count pages;
//! - the signedness of `imm*` fields the catalog leaves open;
//! - the decode priority of overlapping encodings (most specific mask wins; identical
//!   encodings are ordered by `PREFERRED` below), checked here and listed in the output;
//! - the assembly syntax: the template is turned into printing/parsing tokens; catalog fields
//!   the template does not show are printed as trailing `name=value` operands.

use anyhow::{Context, bail, ensure};
use serde_json::Value;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::Path;

/// Where the catalog is vendored and where the output goes.
pub const CATALOG: &str = "data/linx/linxisa-v0.4.json";
pub const OUTPUT: &str = "crates/linx/src/isa/generated.rs";

/// Forms whose encodings are identical: the first named wins decoding, the other stays an
/// assembler spelling. `BSTART.PAR` is the legacy name of `BSTART.TEPL` (notes §2.3).
const PREFERRED: &[(&str, &str)] = &[("BSTART.TEPL", "BSTART.PAR")];

/// Number of bucket-key bits per length (16, 32, 48, 64): the decoder dispatches on these.
const KEY_BITS: [usize; 4] = [8, 10, 10, 10];

pub fn generate(root: &Path) -> anyhow::Result<String> {
    let text = std::fs::read_to_string(root.join(CATALOG)).with_context(|| CATALOG.to_string())?;
    generate_from(&text)
}

#[derive(Clone, Debug)]
struct Piece {
    lsb: u32,
    width: u32,
    vlsb: u32,
}

#[derive(Clone, Debug, PartialEq)]
enum Kind {
    Reg,
    Dst,
    Imm,
    PcRel,
    Flag,
}

#[derive(Clone, Debug)]
struct Field {
    name: String,
    pieces: Vec<Piece>,
    signed: bool,
    scale: u32,
    kind: Kind,
    /// The printed value is the raw field (not scaled): LUI/ADDTPC page counts.
    print_raw: bool,
    /// PC-relative from this many bytes past the instruction's start (fused call headers:
    /// the return offset counts from the embedded C.SETRET; notes §2.3).
    pc_bias: u32,
}

impl Field {
    fn value_bits(&self) -> u32 {
        self.pieces
            .iter()
            .map(|p| p.vlsb + p.width)
            .max()
            .unwrap_or(0)
    }
}

#[derive(Debug)]
enum Tok {
    Lit(String),
    Reg(usize),
    Dst(usize),
    Imm(usize),
    Target(usize),
    OptTarget(usize),
    Index {
        reg: usize,
        ty: Option<usize>,
        shamt: Option<usize>,
        fixed: u32,
    },
    BrType(usize),
    Named(usize),
    Lane(usize, String),
    LoopDst(usize),
    RegList(Vec<usize>),
    Tiles([usize; 6]),
    TileDst(usize, usize),
    DataType(usize),
}

struct Form {
    variant: String,
    mnemonic: String,
    asm: String,
    text: String,
    bytes: u32,
    mask: u64,
    matches: u64,
    fields: Vec<Field>,
    toks: Vec<Tok>,
    mem_bytes: u32,
    index_shift: u32,
    decodable: bool,
}

fn hex(v: &Value) -> anyhow::Result<u64> {
    let s = v.as_str().context("mask/match is not a string")?;
    Ok(u64::from_str_radix(s.trim_start_matches("0x"), 16)?)
}

/// Access size in bytes of a load/store mnemonic (`LWUI`, `C.SDI`, `HL.LBIP.U`, `V.SW.BRG`),
/// from the first component after the `C.`/`HL.`/`V.` prefix.
fn access_bytes(mnemonic: &str, group: &str) -> u32 {
    if !(group.contains("Load") || group.contains("Store") || mnemonic.starts_with("V.")) {
        return 0;
    }
    let core = mnemonic
        .trim_start_matches("C.")
        .trim_start_matches("HL.")
        .trim_start_matches("V.");
    let first = core.split('.').next().unwrap_or("");
    let b = first.as_bytes();
    if b.len() < 2 || !(b[0] == b'L' || b[0] == b'S') {
        return 0;
    }
    let rest = &first[2..];
    if !rest.chars().all(|c| matches!(c, 'U' | 'I' | 'P')) {
        return 0;
    }
    match b[1] {
        b'B' => 1,
        b'H' => 2,
        b'W' => 4,
        b'D' => 8,
        _ => 0,
    }
}

/// `.U`, `.UPR`, `.UPO`: the unscaled variants (manual 09 "Scaled vs unscaled immediates").
fn unscaled(mnemonic: &str) -> bool {
    mnemonic
        .split('.')
        .skip(1)
        .any(|c| c == "U" || c == "UPR" || c == "UPO")
}

fn is_store(mnemonic: &str) -> bool {
    let core = mnemonic
        .trim_start_matches("C.")
        .trim_start_matches("HL.")
        .trim_start_matches("V.");
    core.starts_with('S')
}

fn camel(s: &str) -> String {
    let mut out = String::new();
    let mut up = true;
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            if up {
                out.push(c.to_ascii_uppercase());
            } else {
                out.push(c.to_ascii_lowercase());
            }
            up = false;
        } else {
            up = true;
        }
    }
    out
}

fn is_reg_name(n: &str) -> bool {
    matches!(
        n,
        "SrcL"
            | "SrcR"
            | "SrcD"
            | "SrcD1"
            | "SrcP"
            | "SrcA"
            | "SrcZero"
            | "RegSrc"
            | "RegSrc0"
            | "RegSrc1"
            | "RegSrc2"
            | "SrcBegin"
            | "SrcEnd"
            | "DstBegin"
            | "DstEnd"
            | "DepSrc0"
            | "DepSrc1"
            | "DepSrc2"
    ) || n.starts_with("RegSrc")
}

/// Read one catalog form into fields with kinds, signedness and scaling.
fn read_fields(ins: &Value, mnemonic: &str, group: &str) -> anyhow::Result<(Vec<Field>, u32)> {
    let parts = ins["encoding"]["parts"].as_array().context("parts")?;
    let mut merged: Vec<Field> = Vec::new();
    let mut base = 0u32;
    for part in parts {
        for f in part["fields"].as_array().context("fields")? {
            // `RegSrc0=DstAddr` (MCOPY/MSET/ESAVE): the role after `=` is in the template.
            let name = f["name"].as_str().context("field name")?;
            let name = name.split('=').next().unwrap_or(name).to_string();
            let pieces = f["pieces"]
                .as_array()
                .context("pieces")?
                .iter()
                .map(|p| Piece {
                    lsb: p["insn_lsb"].as_u64().unwrap_or(0) as u32 + base,
                    width: p["width"].as_u64().unwrap_or(0) as u32,
                    vlsb: p["value_lsb"].as_u64().unwrap_or(0) as u32,
                })
                .collect::<Vec<_>>();
            let signed = f["signed"].as_bool();
            if let Some(m) = merged.iter_mut().find(|m| m.name == name) {
                m.pieces.extend(pieces);
            } else {
                merged.push(Field {
                    name,
                    pieces,
                    signed: signed.unwrap_or(false),
                    scale: 0,
                    kind: Kind::Imm,
                    print_raw: false,
                    pc_bias: 0,
                });
            }
        }
        base += part["width_bits"].as_u64().context("width_bits")? as u32;
    }
    let mem = access_bytes(mnemonic, group);
    let log2 = |b: u32| b.trailing_zeros();
    let is_block = mnemonic.contains("BSTART");
    let is_setret = mnemonic.ends_with("SETRET");
    // In-body branches (manual 16_bru); the other `B.*` are block descriptors, except
    // B.TEXT, whose operand is the PC-relative address of a decoupled body.
    let is_branch = matches!(
        mnemonic,
        "B.EQ"
            | "B.NE"
            | "B.LT"
            | "B.GE"
            | "B.LTU"
            | "B.GEU"
            | "B.Z"
            | "B.NZ"
            | "J"
            | "JR"
            | "B.TEXT"
    );
    for f in &mut merged {
        let n = f.name.as_str();
        let width = f.value_bits();
        f.kind = if width == 1 {
            Kind::Flag
        } else if matches!(n, "RegDst" | "RegDst0" | "RegDst1" | "DepDst") {
            Kind::Dst
        } else if is_reg_name(n) {
            Kind::Reg
        } else {
            Kind::Imm
        };
        if f.kind != Kind::Imm {
            continue;
        }
        let immish = n.starts_with("simm") || n.starts_with("uimm") || n.starts_with("imm");
        if n.starts_with("simm") {
            f.signed = true;
        }
        if !immish {
            continue;
        }
        let pc_relative = is_block || is_setret || (is_branch && mnemonic != "JR");
        if pc_relative {
            f.kind = Kind::PcRel;
            // Block and branch offsets count halfwords; HL.BSTART's pieces already start at
            // value bit 1 (catalog value_lsb), so they are bytes.
            if f.pieces.iter().all(|p| p.vlsb == 0) || f.pieces.iter().any(|p| p.vlsb == 0) {
                f.scale = if f.pieces.iter().any(|p| p.vlsb == 1) {
                    0
                } else {
                    1
                };
            }
            if is_setret {
                f.signed = false;
            }
            // Fused `BSTART CALL` (16-bit C.BSTART + C.SETRET) and `HL.BSTART CALL` (32-bit
            // BSTART + C.SETRET): the return offset is the embedded C.SETRET's.
            if mnemonic.ends_with("BSTART CALL") && n == "uimm5" {
                f.signed = false;
                f.pc_bias = if mnemonic.starts_with("HL.") { 4 } else { 2 };
            }
        } else if mnemonic == "JR" {
            f.scale = 1;
        } else if mnemonic.ends_with(".PCR") {
            // Sail `exec_lb_pcr`/`hl_ea_pcr`: EA = align4(TPC) + (sext(simm17) << 2).
            f.kind = Kind::PcRel;
            f.scale = 2;
        } else if mnemonic == "LUI" {
            f.signed = true;
            f.scale = 12;
            f.print_raw = true;
        } else if mnemonic == "ADDTPC" {
            // Page-relative like AArch64 ADRP (notes §3.2, LLVM pairs it with ADDI lo12).
            f.signed = true;
            f.scale = 12;
            f.print_raw = true;
        } else if mnemonic == "HL.ADDTPC" || mnemonic == "HL.LUI" {
            f.signed = true;
        } else if mem > 0 && !unscaled(mnemonic) && !mnemonic.starts_with("B.") {
            f.scale = log2(mem);
        }
    }
    let index_shift = if mem > 0 && is_store(mnemonic) && !unscaled(mnemonic) {
        log2(mem)
    } else {
        0
    };
    Ok((merged, index_shift))
}

/// Strip `<...>`/`{...}` groups from a mnemonic spelling (`fadd.{T}`, `lr.w<.{aq, rl}>`).
fn split_mnemonic(asm: &str) -> (String, String) {
    let mut depth = 0i32;
    let mut word = String::new();
    let mut end = asm.len();
    for (i, c) in asm.char_indices() {
        match c {
            '<' | '{' => depth += 1,
            '>' | '}' => depth -= 1,
            c if c.is_whitespace() && depth == 0 => {
                end = i;
                break;
            }
            _ => {}
        }
        if depth == 0 && c != '>' && c != '}' {
            word.push(c);
        }
    }
    let word = word.trim_end_matches([',', '.']).to_string();
    (word, asm[end..].trim().to_string())
}

/// Operand modifiers in templates that name no field of their own.
const MODIFIERS: &[&str] = &[
    "<{.sw,.uw,.neg}>",
    "<{.sw, .uw}>",
    "<.sw, .uw, .not>",
    "<{.sw,.uw,.not}>",
    "<{.sw,.uw}>",
    "<.neg>",
    "<.not>",
    "<.ud>",
    ".<T1>",
    ".<T2>",
    ".<T>",
    ".<W>",
    "<.W>",
    "<.reuse>",
];

fn split_operands(ops: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut cur = String::new();
    for c in ops.chars() {
        match c {
            '[' | '{' | '(' => depth += 1,
            ']' | '}' | ')' => depth -= 1,
            _ => {}
        }
        if c == ',' && depth == 0 {
            out.push(cur.trim().to_string());
            cur.clear();
        } else {
            cur.push(c);
        }
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

fn norm(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase()
}

struct TemplateCx<'a> {
    fields: &'a [Field],
    used: Vec<bool>,
    toks: Vec<Tok>,
}

impl TemplateCx<'_> {
    fn find(&self, pred: impl Fn(&Field) -> bool) -> Option<usize> {
        (0..self.fields.len()).find(|&i| !self.used[i] && pred(&self.fields[i]))
    }
    fn take(&mut self, pred: impl Fn(&Field) -> bool) -> Option<usize> {
        let i = self.find(pred)?;
        self.used[i] = true;
        Some(i)
    }
    fn by_name(&mut self, name: &str) -> Option<usize> {
        let n = norm(name);
        self.take(|f| norm(&f.name) == n)
    }
    /// The immediate a template's `imm`/`simm`/`uimm`/`label` stands for: a field so named
    /// if there is one (C.B.DIMI has `LoopNest` and `imm8`), else any number field.
    fn imm(&mut self) -> Option<usize> {
        let named = |f: &Field| {
            matches!(f.kind, Kind::Imm | Kind::PcRel)
                && ["imm", "simm", "uimm"]
                    .iter()
                    .any(|p| f.name.starts_with(p))
        };
        self.take(named).or_else(|| {
            self.take(|f| matches!(f.kind, Kind::Imm | Kind::PcRel) && f.name != "shamt")
        })
    }
    fn sep(&mut self) {
        if !self.toks.is_empty() {
            self.toks.push(Tok::Lit(", ".into()));
        }
    }

    /// One register-ish operand (`SrcL`, `SrcR~<<2`, `SrcR~<<SHAMT`).
    fn register_operand(&mut self, text: &str) -> bool {
        let (name, shift) = match text.split_once("<<") {
            Some((n, s)) => (n, Some(s)),
            None => (text, None),
        };
        let had_mod = name.contains('~');
        let name = name.trim_end_matches('~').trim();
        let name = match name {
            "srcL" => "SrcL",
            "srcR" => "SrcR",
            n => n.trim_end_matches(".ud"),
        };
        let Some(reg) = self.by_name(name) else {
            return false;
        };
        let ty = if had_mod {
            self.take(|f| f.name == "SrcRType")
        } else {
            None
        };
        let (shamt, fixed) = match shift {
            None => (None, 0),
            Some("SHAMT") => (self.take(|f| f.name == "shamt"), 0),
            Some(s) if s.starts_with('(') => {
                let k: u32 = s
                    .trim_start_matches('(')
                    .split('+')
                    .next()
                    .and_then(|d| d.parse().ok())
                    .unwrap_or(0);
                (self.take(|f| f.name == "shamt"), k)
            }
            Some(s) => (None, s.parse().unwrap_or(0)),
        };
        if ty.is_none() && shamt.is_none() && fixed == 0 {
            self.toks.push(Tok::Reg(reg));
        } else {
            self.toks.push(Tok::Index {
                reg,
                ty,
                shamt,
                fixed,
            });
        }
        true
    }

    fn operand(&mut self, op: &str) {
        let op = op.trim();
        if let Some(inner) = op.strip_prefix('[').and_then(|s| s.strip_suffix(']')) {
            self.sep();
            self.toks.push(Tok::Lit("[".into()));
            let start = self.toks.len();
            if let Some((a, b)) = inner.split_once(" ~ ") {
                let (a, b) = if a.contains("Dst") {
                    ("DstBegin", "DstEnd")
                } else if a.contains("RegSrc0") && b.contains("RegSrcn") {
                    ("SrcBegin", "SrcEnd")
                } else {
                    (a, b)
                };
                if let (Some(x), Some(y)) = (self.by_name(a), self.by_name(b)) {
                    self.toks.push(Tok::Reg(x));
                    self.toks.push(Tok::Lit(" ~ ".into()));
                    self.toks.push(Tok::Reg(y));
                }
            } else {
                for (k, sub) in split_operands(inner).iter().enumerate() {
                    let sub = sub.split('=').next().unwrap_or(sub).trim();
                    if k > 0 && self.toks.len() > start {
                        self.toks.push(Tok::Lit(", ".into()));
                    }
                    if let Some(lane) = sub.strip_prefix("<lc0") {
                        // The implied lane term of vector memory operands, printed as the
                        // LLVM dump does: `[ta, lc0<<2, zero.sd]` (`<lc0<3>` is a catalog typo).
                        let shift = lane.trim_end_matches('>').trim_start_matches('<');
                        let lit = if shift.is_empty() {
                            "lc0".to_string()
                        } else {
                            format!("lc0<<{shift}")
                        };
                        // Field `C` says whether the lane term is there (the dump omits
                        // nothing when C=1; C=0 drops it).
                        match self.take(|f| f.name == "C") {
                            Some(c) => {
                                if let Some(Tok::Lit(sep)) = self.toks.last()
                                    && sep == ", "
                                {
                                    self.toks.pop();
                                }
                                self.toks.push(Tok::Lane(c, format!(", {lit}")));
                            }
                            None => self.toks.push(Tok::Lit(lit)),
                        }
                        continue;
                    }
                    if matches!(sub, "simm" | "imm" | "uimm") {
                        if let Some(i) = self.imm() {
                            self.toks.push(Tok::Imm(i));
                        }
                    } else if matches!(sub, "symbol" | "<symbol>") {
                        if let Some(i) = self.imm() {
                            self.toks.push(Tok::Target(i));
                        }
                    } else if sub == "RegDst" {
                        if let Some(i) = self.by_name("RegDst") {
                            self.toks.push(Tok::Reg(i));
                        }
                    } else if !self.register_operand(sub) {
                        // `[SrcTile0~, SrcTile1~]` and similar: numbers.
                        let n = sub.trim_end_matches('~');
                        if let Some(i) = self.by_name(n) {
                            self.toks.push(Tok::Imm(i));
                        }
                    }
                }
                if let Some(Tok::Lit(s)) = self.toks.last()
                    && s == ", "
                {
                    self.toks.pop();
                }
            }
            self.toks.push(Tok::Lit("]".into()));
            return;
        }
        // Destinations.
        let fixed_dst = match op {
            "->t" | "{->t" => Some("->t"),
            "->u" => Some("->u"),
            "->Ra" | "- >Ra" | "-> ra" => Some("->ra"),
            "->LB0" => Some("->lb0"),
            "->LB1" => Some("->lb1"),
            "->LB2" => Some("->lb2"),
            _ => None,
        };
        if let Some(lit) = fixed_dst {
            if op.starts_with("{->t") {
                // `{->t, ->u, ->Rd}`: a selectable destination spelled differently.
                if let Some(i) = self.by_name("RegDst") {
                    self.sep();
                    self.toks.push(Tok::Dst(i));
                }
                return;
            }
            self.sep();
            self.toks.push(Tok::Lit(lit.into()));
            return;
        }
        if op.starts_with("->{t") || op.starts_with("->Dst") || op == "->Rd}" {
            let name = if op.starts_with("->Dst0") {
                "RegDst0"
            } else {
                "RegDst"
            };
            if let Some(i) = self.by_name(name) {
                self.sep();
                self.toks.push(Tok::Dst(i));
            }
            return;
        }
        if op == "Dst1" {
            if let Some(i) = self.by_name("RegDst1") {
                self.sep();
                self.toks.push(Tok::Reg(i));
            }
            return;
        }
        if op.starts_with("->DstTile") || op == "->DepDst" {
            let name = if op == "->DepDst" {
                "DepDst"
            } else {
                "DstTile"
            };
            if let Some(i) = self.by_name(name) {
                self.sep();
                self.toks.push(Tok::Lit("->".into()));
                self.toks.push(Tok::Imm(i));
            }
            return;
        }
        if op == "->{LB0, LB1, LB2}" {
            if let Some(i) = self.by_name("LoopNest") {
                self.sep();
                self.toks.push(Tok::LoopDst(i));
            }
            return;
        }
        if matches!(op, "->Rd}" | "u" | "Rd}") {
            return;
        }
        match op {
            "simm" | "uimm" | "imm" => {
                if let Some(i) = self.imm() {
                    self.sep();
                    let pc = self.fields[i].kind == Kind::PcRel;
                    self.toks
                        .push(if pc { Tok::Target(i) } else { Tok::Imm(i) });
                }
                return;
            }
            "label" | "<label>" | "<br_label>" | "<rt_label>" => {
                if let Some(i) = self.imm() {
                    self.sep();
                    let pc = self.fields[i].kind == Kind::PcRel;
                    // JR's label is an offset from a register, printed as a number.
                    self.toks
                        .push(if pc { Tok::Target(i) } else { Tok::Imm(i) });
                }
                return;
            }
            "FALL<" => {
                self.sep();
                self.toks.push(Tok::Lit("FALL".into()));
                return;
            }
            "fixup_label>" => {
                if let Some(i) = self.imm() {
                    self.toks.push(Tok::OptTarget(i));
                }
                return;
            }
            "BrType" => {
                if let Some(i) = self.by_name("BrType") {
                    self.toks.push(Tok::BrType(i));
                }
                return;
            }
            "{DIRECT, CALL}" => {
                self.sep();
                self.toks.push(Tok::Lit("DIRECT".into()));
                return;
            }
            _ => {}
        }
        let alias = match op {
            "C-ID" => "CROSS-BID",
            "TileOp" => "Function",
            "M" => "imml",
            "N" => "imms",
            "SSR-ID" => "SSRID",
            "shamt" => "shamt",
            other => other,
        };
        let before = self.toks.len();
        if self.find(|f| norm(&f.name) == norm(alias)).is_some()
            || (alias == "imml" && self.find(|f| f.name == "immr").is_some())
            || (alias == "imms" && self.find(|f| f.name == "immr").is_some())
        {
            let i = self
                .by_name(alias)
                .or_else(|| self.by_name("immr"))
                .unwrap_or(0);
            self.sep();
            match self.fields[i].kind {
                Kind::Reg => self.toks.push(Tok::Reg(i)),
                Kind::Dst => self.toks.push(Tok::Dst(i)),
                Kind::PcRel => self.toks.push(Tok::Target(i)),
                _ => self.toks.push(Tok::Imm(i)),
            }
            return;
        }
        if self.register_operand(op) {
            if self.toks.len() > before + 1 {
                let t = self.toks.pop().unwrap_or(Tok::Lit(String::new()));
                self.sep();
                self.toks.push(t);
            } else if let Some(t) = self.toks.pop() {
                self.sep();
                self.toks.push(t);
            }
            return;
        }
        // A plain word with no field: part of the spelling (`COND`, `NORM.normal`, `t#1`,
        // `sp!`, `group=0`). Anything else (`{BR.{likely, unlikely}, ...}`) is dropped and its
        // fields print as `name=value`.
        if !op.is_empty()
            && op
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '#' | '!' | '=' | '_'))
        {
            self.sep();
            self.toks.push(Tok::Lit(op.to_string()));
        }
    }
}

fn template_tokens(fields: &[Field], mnemonic: &str, ops: &str) -> Vec<Tok> {
    let idx = |n: &str| fields.iter().position(|f| f.name == n);
    if mnemonic == "B.IOT" || mnemonic == "B.IOTI" {
        // Manual 04_block_isa "Bring-up v0.4 descriptor rules": `[t#3.reuse, u#1]`, `last`
        // for group=1, `->u<2KB>` (B.IOTI size code) or `->u<a0>` (B.IOT size register).
        let names = [
            "SrcTile0", "SrcTile1", "S0R", "S1R", "S0V", "S1V", "DstTile",
        ];
        let found: Vec<Option<usize>> = names.iter().map(|n| idx(n)).collect();
        let size = idx("imm5").or_else(|| idx("RegSrc"));
        if let (Some(size), true) = (size, found.iter().all(Option::is_some)) {
            let f: Vec<usize> = found.into_iter().flatten().collect();
            let mut toks = vec![Tok::Tiles([f[0], f[1], f[2], f[3], f[4], f[5]])];
            if ops.contains("group=1") {
                toks.push(Tok::Lit(", last".into()));
            }
            toks.push(Tok::TileDst(f[6], size));
            return toks;
        }
    }
    if mnemonic.starts_with("BSTART.")
        && let Some(dt) = idx("DataType")
    {
        // Tile headers: `BSTART.TLOAD FP16`, `BSTART.CUBE 0, FP32` (DataType names from the
        // manual's v0.4 table).
        let mut toks = Vec::new();
        if let Some(func) = idx("Function").or_else(|| idx("TileOpcode")) {
            toks.push(Tok::Imm(func));
            toks.push(Tok::Lit(", ".into()));
        }
        toks.push(Tok::DataType(dt));
        return toks;
    }
    if mnemonic == "B.IOR" {
        // `B.IOR [s0,a6],[]`: register lists without trailing `zero`s, as the LLVM dump
        // prints them (linx-isa docs/reference/examples/v0.4/curated).
        if let (Some(a), Some(b), Some(c), Some(d)) = (
            idx("RegSrc0"),
            idx("RegSrc1"),
            idx("RegSrc2"),
            idx("RegDst"),
        ) {
            return vec![
                Tok::Lit("[".into()),
                Tok::RegList(vec![a, b, c]),
                Tok::Lit("],[".into()),
                Tok::RegList(vec![d]),
                Tok::Lit("]".into()),
            ];
        }
    }
    let mut ops = ops.to_string();
    for m in MODIFIERS {
        ops = ops.replace(m, "~");
    }
    ops = ops.replace("<<<shamt>", "<<SHAMT");
    let mut cx = TemplateCx {
        fields,
        used: vec![false; fields.len()],
        toks: Vec::new(),
    };
    for op in split_operands(&ops) {
        cx.operand(&op);
    }
    for i in 0..fields.len() {
        if !cx.used[i] {
            cx.toks.push(Tok::Named(i));
        }
    }
    cx.toks
}

/// The printed mnemonic: the template's spelling, with the golden dump's conventions
/// (`BSTART`/`C.BSTART` print as the default `.STD` forms).
fn printed_mnemonic(mnemonic: &str, word: &str, asm: &str) -> String {
    match mnemonic {
        "BSTART" | "C.BSTART" => format!("{mnemonic}.STD"),
        // The typed 17-bit DIRECT/COND headers would print exactly like the 25-bit long forms
        // the toolchain emits; `.S17` keeps their text distinct so it re-assembles to the
        // same bytes (our spelling; the catalog has none).
        "BSTART.STD" if asm.contains("DIRECT") || asm.contains("COND") => {
            "BSTART.STD.S17".to_string()
        }
        "BSTART.PAR" | "BSTART.TEPL" => mnemonic.to_string(),
        _ => word.replace(' ', ""),
    }
}

pub fn generate_from(text: &str) -> anyhow::Result<String> {
    let json: Value = serde_json::from_str(text)?;
    let list = json["instructions"].as_array().context("instructions")?;
    ensure!(
        list.len() == 740,
        "expected 740 forms, found {}",
        list.len()
    );
    let mut forms = Vec::new();
    for ins in list {
        let mnemonic = ins["mnemonic"].as_str().context("mnemonic")?.to_string();
        let asm = ins["asm"].as_str().context("asm")?.to_string();
        let group = ins["group"].as_str().unwrap_or("");
        let bytes = ins["length_bits"].as_u64().context("length")? as u32 / 8;
        let parts = ins["encoding"]["parts"].as_array().context("parts")?;
        let (mut mask, mut matches, mut shift) = (0u64, 0u64, 0u32);
        for p in parts {
            mask |= hex(&p["mask"])? << shift;
            matches |= hex(&p["match"])? << shift;
            shift += p["width_bits"].as_u64().context("width")? as u32;
        }
        let (fields, index_shift) = read_fields(ins, &mnemonic, group)?;
        let (word, ops) = split_mnemonic(&asm);
        let text = printed_mnemonic(&mnemonic, &word, &asm);
        let toks = template_tokens(&fields, &mnemonic, &ops);
        // The length rule (notes §2.1) applied to the form's own first halfword.
        let hw = matches & 0xffff;
        let rule_len = match (hw & 1, hw & 0xf) {
            (0, 0xe) => 6,
            (0, _) => 2,
            (1, 0xf) => 8,
            _ => 4,
        };
        forms.push(Form {
            variant: String::new(),
            mem_bytes: access_bytes(&mnemonic, group),
            mnemonic,
            asm,
            text,
            bytes,
            mask,
            matches,
            fields,
            toks,
            index_shift,
            decodable: rule_len == bytes,
        });
    }
    forms.extend(extensions());
    name_variants(&mut forms)?;
    let order = decode_order(&forms)?;
    emit(&forms, &order)
}

/// Forms real v0.4 code uses that the catalog lacks, appended after the 740 catalog forms.
/// `L.BSTOP` (64-bit `0000000f 00000001`: a V-prefix on BSTOP) ends the LLVM-built vector
/// kernel bodies of linx-isa `docs/reference/examples/v0.4/curated/linxisa-v0.4-normalized.asm`
/// (printed there as `C.BSTOP`); QEMU decodes it as `l_bstop` (target/linx/insn64.decode).
/// It ends a block exactly like BSTOP.
fn extensions() -> Vec<Form> {
    vec![Form {
        variant: String::new(),
        mnemonic: "L.BSTOP".into(),
        asm: "L.BSTOP".into(),
        text: "L.BSTOP".into(),
        bytes: 8,
        mask: u64::MAX,
        matches: 0x0000_0001_0000_000f,
        fields: Vec::new(),
        toks: Vec::new(),
        mem_bytes: 0,
        index_shift: 0,
        decodable: true,
    }]
}

/// Enum variant names: the mnemonic in CamelCase, disambiguated by the template's first
/// operand word, then by length.
fn name_variants(forms: &mut [Form]) -> anyhow::Result<()> {
    let mut count: HashMap<String, usize> = HashMap::new();
    for f in forms.iter() {
        *count.entry(camel(&f.mnemonic)).or_default() += 1;
    }
    for f in forms.iter_mut() {
        let base = camel(&f.mnemonic);
        f.variant = if count[&base] > 1 {
            let (_, ops) = split_mnemonic(&f.asm);
            let first = ops
                .split([',', '<', ' ', '[', '{'])
                .find(|w| !w.is_empty())
                .unwrap_or("");
            format!("{base}{}", camel(first))
        } else {
            base
        };
    }
    let mut seen: HashMap<String, usize> = HashMap::new();
    for f in forms.iter_mut() {
        let n = seen.entry(f.variant.clone()).or_default();
        *n += 1;
        if *n > 1 {
            f.variant = format!("{}{}", f.variant, n);
        }
    }
    let mut all: Vec<_> = forms.iter().map(|f| f.variant.clone()).collect();
    all.sort();
    all.dedup();
    ensure!(all.len() == forms.len(), "variant names collide");
    Ok(())
}

/// Decode priority: more mask bits first; identical encodings by `PREFERRED`. Fails on any
/// overlap this order does not settle.
fn decode_order(forms: &[Form]) -> anyhow::Result<Vec<usize>> {
    let rank = |f: &Form| {
        PREFERRED
            .iter()
            .position(|(w, l)| *w == f.mnemonic || *l == f.mnemonic)
            .map(|p| if PREFERRED[p].0 == f.mnemonic { 0 } else { 1 })
            .unwrap_or(0)
    };
    let mut order: Vec<usize> = (0..forms.len()).filter(|&i| forms[i].decodable).collect();
    order.sort_by_key(|&i| {
        (
            std::cmp::Reverse(forms[i].mask.count_ones()),
            rank(&forms[i]),
            i,
        )
    });
    for (a, &i) in order.iter().enumerate() {
        for &j in &order[a + 1..] {
            let (x, y) = (&forms[i], &forms[j]);
            if x.bytes == y.bytes
                && (x.matches ^ y.matches) & x.mask & y.mask == 0
                && x.mask == y.mask
                && rank(x) == rank(y)
            {
                bail!("{} and {} have the same encoding", x.mnemonic, y.mnemonic);
            }
        }
    }
    Ok(order)
}

fn overlaps(forms: &[Form], order: &[usize]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (a, &i) in order.iter().enumerate() {
        for &j in &order[a + 1..] {
            let (x, y) = (&forms[i], &forms[j]);
            if x.bytes == y.bytes && (x.matches ^ y.matches) & x.mask & y.mask == 0 {
                out.push((i, j));
            }
        }
    }
    out
}

/// The bits each length dispatches on: chosen greedily, each step adding the bit that makes
/// the largest bucket (then all buckets together) smallest.
fn key_bits(forms: &[Form], bytes: u32, n: usize) -> Vec<u32> {
    let set: Vec<&Form> = forms
        .iter()
        .filter(|f| f.bytes == bytes && f.decodable)
        .collect();
    let mut chosen: Vec<u32> = Vec::new();
    for _ in 0..n {
        let mut best: Option<((usize, usize), u32)> = None;
        for b in 0..bytes * 8 {
            if chosen.contains(&b) {
                continue;
            }
            let mut bits = chosen.clone();
            bits.push(b);
            let sizes = bucket_sizes(&set, &bits);
            let cost = (
                sizes.iter().copied().max().unwrap_or(0),
                sizes.iter().sum::<usize>(),
            );
            if best.is_none_or(|(c, _)| cost < c) {
                best = Some((cost, b));
            }
        }
        if let Some((_, b)) = best {
            chosen.push(b);
        }
    }
    chosen.sort();
    chosen
}

fn fits(f: &Form, bits: &[u32], k: usize) -> bool {
    bits.iter()
        .enumerate()
        .all(|(j, &b)| f.mask >> b & 1 == 0 || (f.matches >> b & 1) as usize == (k >> j & 1))
}

fn bucket_sizes(set: &[&Form], bits: &[u32]) -> Vec<usize> {
    (0..1usize << bits.len())
        .map(|k| set.iter().filter(|f| fits(f, bits, k)).count())
        .collect()
}

fn esc(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

fn emit(forms: &[Form], order: &[usize]) -> anyhow::Result<String> {
    let mut o = String::new();
    writeln!(
        o,
        "// @generated by `cargo xtask codegen linx` from data/linx/linxisa-v0.4.json; do not edit."
    )?;
    writeln!(
        o,
        "// The rules the generator adds to the catalog are in xtask/src/linx.rs."
    )?;
    writeln!(o)?;
    writeln!(
        o,
        "use super::tables::{{FieldKind as K, FieldSpec, FormInfo, Piece, Tok}};"
    )?;
    writeln!(o)?;
    let max_ops = forms
        .iter()
        .map(|f| f.fields.iter().filter(|x| x.kind != Kind::Flag).count())
        .max()
        .unwrap_or(0);
    let max_flags = forms
        .iter()
        .map(|f| f.fields.iter().filter(|x| x.kind == Kind::Flag).count())
        .max()
        .unwrap_or(0);
    ensure!(max_flags <= 16, "more than 16 one-bit fields in a form");
    writeln!(o, "/// Most operand (non-flag) fields of any form.")?;
    writeln!(o, "pub const MAX_OPS: usize = {max_ops};")?;
    writeln!(o)?;
    writeln!(
        o,
        "/// One variant per catalog form (740, in catalog order), then the extensions the\n/// catalog lacks (`L.BSTOP`; see xtask/src/linx.rs `extensions`)."
    )?;
    writeln!(
        o,
        "#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]"
    )?;
    writeln!(o, "#[repr(u16)]")?;
    writeln!(o, "pub enum Form {{")?;
    for f in forms {
        let ops: Vec<String> = f
            .fields
            .iter()
            .filter(|x| x.kind != Kind::Flag)
            .map(|x| x.name.clone())
            .collect();
        let flags: Vec<String> = f
            .fields
            .iter()
            .filter(|x| x.kind == Kind::Flag)
            .map(|x| x.name.clone())
            .collect();
        writeln!(
            o,
            "    /// `{}` ({} bytes)",
            f.asm.replace('`', "'"),
            f.bytes
        )?;
        writeln!(o, "    ///")?;
        let mut line = format!("    /// ops: [{}]", ops.join(", "));
        if !flags.is_empty() {
            write!(line, "; flags: [{}]", flags.join(", "))?;
        }
        writeln!(o, "{line}")?;
        if !f.decodable {
            writeln!(
                o,
                "    ///\n    /// Encode-only: by the length rule these bytes decode as two instructions."
            )?;
        }
        writeln!(o, "    {},", f.variant)?;
    }
    writeln!(o, "}}")?;
    writeln!(o)?;
    writeln!(o, "impl Form {{")?;
    writeln!(
        o,
        "    /// Every form, in catalog order (`Form::ALL[f as usize] == f`)."
    )?;
    writeln!(o, "    pub const ALL: [Form; {}] = [", forms.len())?;
    for f in forms {
        writeln!(o, "        Form::{},", f.variant)?;
    }
    writeln!(o, "    ];")?;
    writeln!(o, "}}")?;
    writeln!(o)?;
    writeln!(
        o,
        "pub(crate) static FORMS: [FormInfo; {}] = [",
        forms.len()
    )?;
    for f in forms {
        writeln!(o, "    FormInfo {{")?;
        writeln!(o, "        mnemonic: \"{}\",", esc(&f.mnemonic))?;
        writeln!(o, "        asm: \"{}\",", esc(&f.asm))?;
        writeln!(o, "        text: \"{}\",", esc(&f.text))?;
        writeln!(o, "        bytes: {},", f.bytes)?;
        writeln!(o, "        mask: {:#x},", f.mask)?;
        writeln!(o, "        bits: {:#x},", f.matches)?;
        writeln!(o, "        mem_bytes: {},", f.mem_bytes)?;
        writeln!(o, "        index_shift: {},", f.index_shift)?;
        writeln!(o, "        decodable: {},", f.decodable)?;
        writeln!(o, "        fields: &[")?;
        // Ops first (catalog order), then flags: the index of a field is its position here.
        let ordered: Vec<&Field> = f
            .fields
            .iter()
            .filter(|x| x.kind != Kind::Flag)
            .chain(f.fields.iter().filter(|x| x.kind == Kind::Flag))
            .collect();
        for x in &ordered {
            let pieces: Vec<String> = x
                .pieces
                .iter()
                .map(|p| {
                    format!(
                        "Piece {{ lsb: {}, width: {}, vlsb: {} }}",
                        p.lsb, p.width, p.vlsb
                    )
                })
                .collect();
            let kind = match x.kind {
                Kind::Reg => "K::Reg",
                Kind::Dst => "K::Dst",
                Kind::Imm => "K::Imm",
                Kind::PcRel => "K::PcRel",
                Kind::Flag => "K::Flag",
            };
            writeln!(
                o,
                "            FieldSpec {{ name: \"{}\", kind: {kind}, signed: {}, bits: {}, scale: {}, print_raw: {}, pc_bias: {}, pieces: &[{}] }},",
                esc(&x.name),
                x.signed,
                x.value_bits(),
                x.scale,
                x.print_raw,
                x.pc_bias,
                pieces.join(", ")
            )?;
        }
        writeln!(o, "        ],")?;
        let pos = |i: usize| {
            ordered
                .iter()
                .position(|y| std::ptr::eq(*y, &f.fields[i]))
                .unwrap_or(0)
        };
        let toks: Vec<String> = f
            .toks
            .iter()
            .map(|t| match t {
                Tok::Lit(s) => format!("Tok::Lit(\"{}\")", esc(s)),
                Tok::Reg(i) => format!("Tok::Reg({})", pos(*i)),
                Tok::Dst(i) => format!("Tok::Dst({})", pos(*i)),
                Tok::Imm(i) => format!("Tok::Imm({})", pos(*i)),
                Tok::Target(i) => format!("Tok::Target({})", pos(*i)),
                Tok::OptTarget(i) => format!("Tok::OptTarget({})", pos(*i)),
                Tok::BrType(i) => format!("Tok::BrType({})", pos(*i)),
                Tok::Named(i) => format!("Tok::Named({})", pos(*i)),
                Tok::Lane(i, text) => format!("Tok::Lane({}, \"{}\")", pos(*i), esc(text)),
                Tok::LoopDst(i) => format!("Tok::LoopDst({})", pos(*i)),
                Tok::Tiles(v) => format!(
                    "Tok::Tiles([{}])",
                    v.iter()
                        .map(|&i| pos(i).to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                Tok::TileDst(d, size) => format!("Tok::TileDst({}, {})", pos(*d), pos(*size)),
                Tok::DataType(i) => format!("Tok::DataType({})", pos(*i)),
                Tok::RegList(v) => format!(
                    "Tok::RegList(&[{}])",
                    v.iter()
                        .map(|&i| pos(i).to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                Tok::Index {
                    reg,
                    ty,
                    shamt,
                    fixed,
                } => format!(
                    "Tok::Index {{ reg: {}, ty: {}, shamt: {}, fixed: {fixed} }}",
                    pos(*reg),
                    ty.map_or("None".into(), |t| format!("Some({})", pos(t))),
                    shamt.map_or("None".into(), |t| format!("Some({})", pos(t))),
                ),
            })
            .collect();
        writeln!(o, "        syntax: &[{}],", toks.join(", "))?;
        writeln!(o, "    }},")?;
    }
    writeln!(o, "];")?;
    writeln!(o)?;
    // Decode dispatch: per length, the key bits and buckets of candidates in priority order.
    for (li, bytes) in [2u32, 4, 6, 8].into_iter().enumerate() {
        let bits = key_bits(forms, bytes, KEY_BITS[li]);
        let nb = 1usize << bits.len();
        let mut buckets: Vec<Vec<usize>> = vec![Vec::new(); nb];
        for &i in order.iter().filter(|&&i| forms[i].bytes == bytes) {
            let f = &forms[i];
            for (k, bucket) in buckets.iter_mut().enumerate() {
                if fits(f, &bits, k) {
                    bucket.push(i);
                }
            }
        }
        let name = bytes * 8;
        writeln!(
            o,
            "/// Bits of a {name}-bit word that select its decode bucket."
        )?;
        // Gather the key bits with one shift-and-mask per run of adjacent bits.
        let mut terms = Vec::new();
        let mut j = 0;
        while j < bits.len() {
            let mut k = j;
            while k + 1 < bits.len() && bits[k + 1] == bits[k] + 1 {
                k += 1;
            }
            let mask = ((1u64 << (k - j + 1)) - 1) << j;
            let shift = i64::from(bits[j]) - j as i64;
            terms.push(if shift == 0 {
                format!("w & {mask:#x}")
            } else if shift > 0 {
                format!("(w >> {shift}) & {mask:#x}")
            } else {
                format!("(w << {}) & {mask:#x}", -shift)
            });
            j = k + 1;
        }
        writeln!(o, "/// Bits {bits:?} of the word, packed.")?;
        writeln!(o, "#[inline(always)]")?;
        writeln!(
            o,
            "pub(crate) fn key{name}(w: u64) -> usize {{\n    ({}) as usize\n}}",
            terms.join(" | ")
        )?;
        let mut flat = Vec::new();
        let mut index = Vec::new();
        for b in &buckets {
            index.push((flat.len(), b.len()));
            flat.extend(b.iter().map(|&i| Form::variant_of(forms, i)));
        }
        writeln!(
            o,
            "pub(crate) static BUCKETS{name}: [(u16, u8); {nb}] = [{}];",
            index
                .iter()
                .map(|(s, l)| format!("({s}, {l})"))
                .collect::<Vec<_>>()
                .join(", ")
        )?;
        writeln!(
            o,
            "pub(crate) static CANDIDATES{name}: [Form; {}] = [{}];",
            flat.len(),
            flat.join(", ")
        )?;
        writeln!(o)?;
    }
    let ov = overlaps(forms, order);
    writeln!(
        o,
        "/// The {} overlapping encoding pairs (winner, loser) found at generation time; the winner",
        ov.len()
    )?;
    writeln!(
        o,
        "/// has the more specific mask (or is preferred by name when masks are equal)."
    )?;
    writeln!(o, "pub static OVERLAPS: [(Form, Form); {}] = [", ov.len())?;
    for (i, j) in ov {
        writeln!(
            o,
            "    (Form::{}, Form::{}),",
            forms[i].variant, forms[j].variant
        )?;
    }
    writeln!(o, "];")?;
    Ok(o)
}

impl Form {
    fn variant_of(forms: &[Form], i: usize) -> String {
        format!("Form::{}", forms[i].variant)
    }
}
