//! The two-pass assembler. Pass 1 reads every line, picks each instruction's form (by its
//! mnemonic and operand syntax, which fixes its length) and places labels; the sections are
//! then laid out; pass 2 evaluates operands with the final addresses and encodes.
//!
//! Syntax: the disassembler's (`addi a0, 1, ->t`, `C.BSTART.STD COND, .Lloop`,
//! `c.setret .Lret, ->ra`). Targets are absolute expressions (labels, numbers, `label+4`,
//! `.`), like objdump prints them. Directives: `.text .data .rodata .bss .section NAME`,
//! `.byte .half/.hword/.short/.2byte .word/.long/.4byte .dword/.quad/.8byte`,
//! `.ascii .asciz/.string .zero/.space N[,fill] .align/.p2align N .balign N`,
//! `.globl/.global .local .type .size` (symbol bookkeeping), `.equ/.set NAME, VALUE`,
//! `.org ADDR` (before a section's first byte: where it starts). The entry point is `_start`
//! when defined, else the start of `.text`.

use super::program::{Program, Section, SectionKind, Symbol, TEXT_BASE};
use super::source::{self, Line};
use crate::isa::expr::eval;
use crate::isa::parse::parse_operands;
use crate::isa::tables::Tok;
use crate::isa::{Form, encode_bytes};
use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;
use thiserror::Error;

/// An assembly error: `FILE:LINE: what is wrong`.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("{file}:{line}: {msg}")]
pub struct AsmError {
    pub file: String,
    pub line: usize,
    pub msg: String,
}

/// Forms by lower-case spelling (the printed mnemonic and the catalog mnemonic), those
/// with more fixed words in their syntax first (`B.ARG NZ2DN.canon` before `B.ARG format`,
/// which would read `NZ2DN.canon` as a symbol), then in catalog order.
fn forms_by_name() -> &'static HashMap<String, Vec<Form>> {
    static MAP: OnceLock<HashMap<String, Vec<Form>>> = OnceLock::new();
    MAP.get_or_init(|| {
        let mut m: HashMap<String, Vec<Form>> = HashMap::new();
        for &f in &Form::ALL {
            let info = f.info();
            for name in [info.text, info.mnemonic] {
                let v = m.entry(name.to_ascii_lowercase()).or_default();
                if !v.contains(&f) {
                    v.push(f);
                }
            }
        }
        let words = |f: &Form| {
            f.info()
                .syntax
                .iter()
                .filter(
                    |t| matches!(t, Tok::Lit(s) if s.chars().any(|c| c.is_ascii_alphanumeric())),
                )
                .count()
        };
        for v in m.values_mut() {
            v.sort_by_key(|f| (std::cmp::Reverse(words(f)), *f as usize));
        }
        m
    })
}

enum Item {
    Insn {
        line: usize,
        form: Form,
        operands: String,
        offset: u64,
    },
    Data {
        line: usize,
        width: usize,
        exprs: Vec<String>,
        offset: u64,
    },
    Bytes {
        offset: u64,
        bytes: Vec<u8>,
    },
}

struct SectionBuild {
    name: String,
    /// Where the section was opened (or placed by `.org`), for layout errors.
    line: usize,
    kind: SectionKind,
    origin: Option<u64>,
    size: u64,
    items: Vec<Item>,
}

struct Assembler<'a> {
    file: &'a str,
    sections: Vec<SectionBuild>,
    current: usize,
    labels: BTreeMap<String, (usize, u64, usize)>,
    equs: BTreeMap<String, i64>,
    globals: Vec<(String, usize)>,
}

fn kind_of(name: &str) -> SectionKind {
    if name.starts_with(".text") {
        SectionKind::Text
    } else if name.starts_with(".rodata") {
        SectionKind::ReadOnly
    } else if name.starts_with(".bss") {
        SectionKind::Bss
    } else {
        SectionKind::Data
    }
}

/// Assemble `text` (named `file` in error messages).
pub fn assemble(file: &str, text: &str) -> Result<Program, AsmError> {
    let mut a = Assembler {
        file,
        sections: Vec::new(),
        current: 0,
        labels: BTreeMap::new(),
        equs: BTreeMap::new(),
        globals: Vec::new(),
    };
    a.switch(".text", 1);
    for (i, raw) in text.lines().enumerate() {
        a.line(i + 1, raw)?;
        let bytes: u64 = a
            .sections
            .iter()
            .filter(|s| s.kind != SectionKind::Bss)
            .map(|s| s.size)
            .sum();
        if bytes > MAX_OUTPUT_BYTES {
            return Err(a.err(
                i + 1,
                format!(
                    "the program's contents pass the limit of {} MiB",
                    MAX_OUTPUT_BYTES >> 20
                ),
            ));
        }
    }
    a.finish()
}

/// The most section contents (everything but `.bss`) one source may produce: checked after
/// every line, so no single line can allocate more than a `.zero` (64 MiB) beyond it.
pub const MAX_OUTPUT_BYTES: u64 = 256 << 20;

impl Assembler<'_> {
    fn err(&self, line: usize, msg: impl Into<String>) -> AsmError {
        AsmError {
            file: self.file.to_string(),
            line,
            msg: msg.into(),
        }
    }

    fn switch(&mut self, name: &str, line: usize) {
        if let Some(i) = self.sections.iter().position(|s| s.name == name) {
            self.current = i;
        } else {
            self.sections.push(SectionBuild {
                name: name.to_string(),
                line,
                kind: kind_of(name),
                origin: None,
                size: 0,
                items: Vec::new(),
            });
            self.current = self.sections.len() - 1;
        }
    }

    fn sec(&mut self) -> &mut SectionBuild {
        &mut self.sections[self.current]
    }

    /// A number known in pass 1 (`.equ` values and literals; no labels).
    fn constant(&self, line: usize, e: &str) -> Result<i64, AsmError> {
        eval(e, 0, &|n| self.equs.get(n).map(|&v| v as u64)).map_err(|m| self.err(line, m))
    }

    fn line(&mut self, n: usize, raw: &str) -> Result<(), AsmError> {
        let Line { labels, statement } = source::split(raw);
        for l in labels {
            if self.labels.contains_key(l) || self.equs.contains_key(l) {
                return Err(self.err(n, format!("`{l}` is defined twice")));
            }
            let off = self.sec().size;
            self.labels.insert(l.to_string(), (self.current, off, n));
        }
        let Some(stmt) = statement else {
            return Ok(());
        };
        let (word, rest) = match stmt.find(char::is_whitespace) {
            Some(i) => (&stmt[..i], stmt[i..].trim()),
            None => (stmt, ""),
        };
        // The catalog spells the fused call headers `BSTART.CALL, target, ...`.
        let word = word.trim_end_matches(',');
        if word.starts_with('.') && !forms_by_name().contains_key(&word.to_ascii_lowercase()) {
            self.directive(n, &word.to_ascii_lowercase(), rest)
        } else {
            self.instruction(n, word, rest)
        }
    }

    fn push_bytes(&mut self, bytes: Vec<u8>) {
        let s = self.sec();
        let offset = s.size;
        s.size += bytes.len() as u64;
        s.items.push(Item::Bytes { offset, bytes });
    }

    fn directive(&mut self, n: usize, d: &str, rest: &str) -> Result<(), AsmError> {
        let args = source::args(rest);
        let in_bss = self.sec().kind == SectionKind::Bss;
        match d {
            ".text" | ".data" | ".rodata" | ".bss" => self.switch(d, n),
            ".section" => {
                let name = args
                    .first()
                    .ok_or_else(|| self.err(n, ".section needs a name"))?;
                self.switch(name, n);
                // GNU flags: "ax" code, "aw" data, "a" read-only.
                if let Some(flags) = args.get(1) {
                    let flags = source::string_literal(flags).map_err(|m| self.err(n, m))?;
                    self.sec().kind = if flags.contains(&b'x') {
                        SectionKind::Text
                    } else if flags.contains(&b'w') {
                        SectionKind::Data
                    } else {
                        SectionKind::ReadOnly
                    };
                }
            }
            ".byte" | ".half" | ".hword" | ".short" | ".2byte" | ".word" | ".long" | ".4byte"
            | ".dword" | ".quad" | ".8byte" => {
                if in_bss {
                    return Err(self.err(n, format!("{d} in .bss (use .zero)")));
                }
                if args.is_empty() {
                    return Err(self.err(n, format!("{d} needs at least one value")));
                }
                let width = match d {
                    ".byte" => 1,
                    ".half" | ".hword" | ".short" | ".2byte" => 2,
                    ".word" | ".long" | ".4byte" => 4,
                    _ => 8,
                };
                let s = self.sec();
                let offset = s.size;
                s.size += (width * args.len()) as u64;
                s.items.push(Item::Data {
                    line: n,
                    width,
                    exprs: args.iter().map(|a| a.to_string()).collect(),
                    offset,
                });
            }
            ".ascii" | ".asciz" | ".string" => {
                if in_bss {
                    return Err(self.err(n, format!("{d} in .bss")));
                }
                if args.is_empty() {
                    return Err(self.err(n, format!("{d} needs a string")));
                }
                for a in args {
                    let mut bytes = source::string_literal(a).map_err(|m| self.err(n, m))?;
                    if d != ".ascii" {
                        bytes.push(0);
                    }
                    self.push_bytes(bytes);
                }
            }
            ".zero" | ".space" | ".skip" => {
                let count = args
                    .first()
                    .ok_or_else(|| self.err(n, format!("{d} needs a size")))?;
                let count = self.constant(n, count)?;
                let fill = match args.get(1) {
                    Some(f) => self.constant(n, f)? as u8,
                    None => 0,
                };
                if !(0..=1 << 26).contains(&count) {
                    return Err(self.err(n, format!("{d} size {count} out of range")));
                }
                self.pad(count as u64, fill);
            }
            ".align" | ".p2align" | ".balign" => {
                let v = args
                    .first()
                    .ok_or_else(|| self.err(n, format!("{d} needs an alignment")))?;
                let v = self.constant(n, v)?;
                let bytes = if d == ".balign" {
                    v
                } else if (0..=12).contains(&v) {
                    1 << v
                } else {
                    -1
                };
                if bytes <= 0 || bytes > 4096 || (bytes & (bytes - 1)) != 0 {
                    return Err(self.err(n, format!("{d} {v}: not a power of two up to 4096")));
                }
                let origin = self.sec().origin.unwrap_or(0);
                let here = origin + self.sec().size;
                let pad = (bytes as u64 - here % bytes as u64) % bytes as u64;
                self.pad(pad, 0);
            }
            ".globl" | ".global" => {
                for a in args {
                    self.globals.push((a.to_string(), n));
                }
            }
            ".local" | ".type" | ".size" | ".file" | ".ident" | ".p2alignl" => {}
            ".equ" | ".set" => {
                let [name, value] = args[..] else {
                    return Err(self.err(n, format!("{d} NAME, VALUE")));
                };
                if !source::is_symbol(name) || self.labels.contains_key(name) {
                    return Err(self.err(n, format!("`{name}` cannot be defined here")));
                }
                let v = self.constant(n, value)?;
                self.equs.insert(name.to_string(), v);
            }
            ".org" => {
                let a = args
                    .first()
                    .ok_or_else(|| self.err(n, ".org needs an address"))?;
                let a = self.constant(n, a)?;
                if self.sec().size != 0 {
                    return Err(self.err(n, ".org must come before the section's first byte"));
                }
                self.sec().origin = Some(a as u64);
                self.sec().line = n;
            }
            other => return Err(self.err(n, format!("unknown directive `{other}`"))),
        }
        Ok(())
    }

    fn pad(&mut self, count: u64, fill: u8) {
        if self.sec().kind == SectionKind::Bss {
            self.sec().size += count;
        } else if count > 0 {
            self.push_bytes(vec![fill; count as usize]);
        }
    }

    /// Choose the form: the first candidate (catalog order) whose syntax the operands fit.
    fn instruction(&mut self, n: usize, word: &str, rest: &str) -> Result<(), AsmError> {
        let Some(cands) = forms_by_name().get(&word.to_ascii_lowercase()) else {
            return Err(self.err(n, format!("unknown instruction `{word}`")));
        };
        if self.sec().kind == SectionKind::Bss {
            return Err(self.err(n, "instruction in .bss"));
        }
        let mut first_err = None;
        let mut chosen = None;
        for &form in cands {
            match parse_operands(form, rest, 0, &|_| Some(0)) {
                Ok(_) => {
                    chosen = Some(form);
                    break;
                }
                Err(e) => {
                    first_err.get_or_insert(e);
                }
            }
        }
        let Some(form) = chosen else {
            let e = first_err.unwrap_or_default();
            return Err(self.err(n, format!("{word}: {e}")));
        };
        let s = self.sec();
        if !s.size.is_multiple_of(2) {
            return Err(self.err(n, "instruction at an odd address (add .align 1)"));
        }
        let offset = s.size;
        s.size += u64::from(form.info().bytes);
        s.items.push(Item::Insn {
            line: n,
            form,
            operands: rest.to_string(),
            offset,
        });
        Ok(())
    }

    /// Lay the sections out, resolve symbols, encode.
    fn finish(self) -> Result<Program, AsmError> {
        let order = [
            SectionKind::Text,
            SectionKind::ReadOnly,
            SectionKind::Data,
            SectionKind::Bss,
        ];
        let mut addr = vec![0u64; self.sections.len()];
        let mut next = TEXT_BASE;
        for kind in order {
            for (i, s) in self.sections.iter().enumerate() {
                if s.kind != kind || (s.size == 0 && s.origin.is_none()) {
                    continue;
                }
                addr[i] = match s.origin {
                    Some(o) => o,
                    None => next.div_ceil(0x1000) * 0x1000,
                };
                // Keep every address inside a 56-bit space (and the sums below exact).
                let end = addr[i]
                    .checked_add(s.size)
                    .filter(|&e| e <= 1 << 56)
                    .ok_or_else(|| {
                        self.err(
                            s.line,
                            format!("section {} does not fit below 2^56", s.name),
                        )
                    })?;
                next = next.max(end);
            }
        }
        // Sections must not overlap.
        for (i, a) in self.sections.iter().enumerate() {
            for (j, b) in self.sections.iter().enumerate().skip(i + 1) {
                if a.size > 0
                    && b.size > 0
                    && addr[i] < addr[j] + b.size
                    && addr[j] < addr[i] + a.size
                {
                    return Err(self.err(
                        b.line,
                        format!("sections {} and {} overlap", a.name, b.name),
                    ));
                }
            }
        }
        let label_addr: HashMap<&str, u64> = self
            .labels
            .iter()
            .map(|(k, &(s, off, _))| (k.as_str(), addr[s] + off))
            .collect();
        let resolve = |name: &str| -> Option<u64> {
            label_addr
                .get(name)
                .copied()
                .or_else(|| self.equs.get(name).map(|&v| v as u64))
        };
        let mut sections = Vec::new();
        for (i, s) in self.sections.iter().enumerate() {
            if s.size == 0 && s.origin.is_none() {
                continue;
            }
            let mut data = vec![
                0u8;
                if s.kind == SectionKind::Bss {
                    0
                } else {
                    s.size as usize
                }
            ];
            for item in &s.items {
                match item {
                    Item::Bytes { offset, bytes } => {
                        data[*offset as usize..*offset as usize + bytes.len()]
                            .copy_from_slice(bytes);
                    }
                    Item::Data {
                        line,
                        width,
                        exprs,
                        offset,
                    } => {
                        for (k, e) in exprs.iter().enumerate() {
                            let pc = addr[i] + offset + (k * width) as u64;
                            let v = eval(e, pc, &resolve).map_err(|m| self.err(*line, m))?;
                            let bits = 8 * *width as u32;
                            if bits < 64 && (v >= 1 << bits || v < -(1 << (bits - 1))) {
                                return Err(
                                    self.err(*line, format!("{v} does not fit in {width} bytes"))
                                );
                            }
                            let at = (*offset as usize) + k * width;
                            data[at..at + width].copy_from_slice(&v.to_le_bytes()[..*width]);
                        }
                    }
                    Item::Insn {
                        line,
                        form,
                        operands,
                        offset,
                    } => {
                        let pc = addr[i] + offset;
                        let d = parse_operands(*form, operands, pc, &resolve)
                            .map_err(|m| self.err(*line, format!("{}: {m}", form.info().text)))?;
                        let bytes = encode_bytes(&d).map_err(|e| self.err(*line, e.to_string()))?;
                        data[*offset as usize..*offset as usize + bytes.len()]
                            .copy_from_slice(&bytes);
                    }
                }
            }
            sections.push(Section {
                name: s.name.clone(),
                kind: s.kind,
                addr: addr[i],
                bss: if s.kind == SectionKind::Bss {
                    s.size
                } else {
                    0
                },
                data,
            });
        }
        let mut symbols = BTreeMap::new();
        for (name, &(s, off, _)) in &self.labels {
            symbols.insert(
                name.clone(),
                Symbol {
                    addr: addr[s] + off,
                    global: false,
                    code: self.sections[s].kind == SectionKind::Text,
                },
            );
        }
        for (g, line) in &self.globals {
            match symbols.get_mut(g) {
                Some(sym) => sym.global = true,
                None => {
                    return Err(
                        self.err(*line, format!("`{g}` is declared global but never defined"))
                    );
                }
            }
        }
        let text_start = sections
            .iter()
            .find(|s| s.kind == SectionKind::Text)
            .map_or(TEXT_BASE, |s| s.addr);
        let entry = symbols.get("_start").map_or(text_start, |s| s.addr);
        Ok(Program {
            sections,
            symbols,
            entry,
        })
    }
}
