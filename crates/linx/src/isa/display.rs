//! Disassembly text in the golden dump's format (`data/linx/disasm_example.s`): mnemonic, a
//! tab, the operands; selectable destinations as `,\t->dst`; targets as absolute addresses
//! with `<symbol+0xoff>`.

use super::Decoded;
use super::regs::{self, Role};
use super::tables::{FieldKind, FieldSpec, FormInfo, Tok};
use super::tiles;
use std::fmt::{self, Write as _};

/// Address -> symbol lookup for `<symbol+off>` annotations.
pub trait Symbols {
    /// The symbol covering `addr` and the offset of `addr` into it.
    fn lookup(&self, addr: u64) -> Option<(&str, u64)>;
}

/// A decoded instruction at an address, ready to print.
pub struct Disasm<'a> {
    pub(crate) d: &'a Decoded,
    pub(crate) pc: u64,
    pub(crate) syms: Option<&'a dyn Symbols>,
}

impl<'a> Disasm<'a> {
    /// Annotate targets with symbols.
    pub fn with_symbols(mut self, syms: &'a dyn Symbols) -> Self {
        self.syms = Some(syms);
        self
    }
}

/// RegId10 operands of `V.*` forms print as `@N` (the manual's class/index naming of these
/// is not fixed in v0.4; manual 05b).
fn reg(f: &mut String, spec: &FieldSpec, v: i64, role: Role, float: bool) {
    if spec.bits > 5 {
        f.push_str(&regs::reg10_text(v as u16, role, float));
    } else if role == Role::Dest {
        f.push_str(regs::dst_name(v as u16));
    } else {
        f.push_str(regs::name(v as u16));
    }
}

/// The role of a register token: after `[` it is a memory base.
pub(crate) fn role_after(prev: Option<&Tok>) -> Role {
    match prev {
        Some(Tok::Lit("[")) => Role::Base,
        _ => Role::Source,
    }
}

/// Floating-point vector ops spell RegId10 types `f?` (manual 05b).
pub(crate) fn is_float(info: &FormInfo) -> bool {
    info.mnemonic.starts_with("V.F")
}

/// The printed value of a number field.
pub(crate) fn number(spec: &FieldSpec, v: i64) -> i64 {
    if spec.print_raw { v >> spec.scale } else { v }
}

/// Spelling of `SrcRType` for a form: `.sw`, `.uw`, and for 3 `.neg` (add/sub/memory) or
/// `.not` (logic); compares list neither (notes §5: 3 reads as unmodified there), so it
/// prints `.x3`. In `V.*` forms `.sw/.uw` already spell RegId10 types, so 1 and 2 print as
/// `.srt1`/`.srt2` (manual 05b: SrcRType is not applied to v.* operands).
pub(crate) fn srcr_type_names(info: &FormInfo) -> [&'static str; 4] {
    let three = if info.asm.contains(".not") {
        ".not"
    } else if info.asm.contains(".neg") {
        ".neg"
    } else {
        ".x3"
    };
    if info.mnemonic.starts_with("V.") {
        ["", ".srt1", ".srt2", three]
    } else {
        ["", ".sw", ".uw", three]
    }
}

/// Names of the block branch types (notes §3.1); FALL prints as nothing in the golden dump.
pub const BRANCH_TYPES: [&str; 8] = ["BR0", "", "DIRECT", "COND", "CALL", "IND", "ICALL", "RET"];

impl fmt::Display for Disasm<'_> {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        let info = self.d.form.info();
        out.write_str(info.text)?;
        if info.syntax.is_empty() {
            return Ok(());
        }
        let mut f = String::new();
        let mut note = None;
        let float = is_float(info);
        let mut prev = None;
        for tok in info.syntax {
            let role = role_after(prev);
            prev = Some(tok);
            match *tok {
                Tok::Lit(s) => f.push_str(s),
                Tok::Reg(i) => reg(
                    &mut f,
                    &info.fields[i as usize],
                    self.d.ops[i as usize],
                    role,
                    float,
                ),
                Tok::Dst(i) => {
                    f.push_str("\t->");
                    reg(
                        &mut f,
                        &info.fields[i as usize],
                        self.d.ops[i as usize],
                        Role::Dest,
                        float,
                    );
                }
                Tok::Imm(i) => {
                    let _ = write!(
                        f,
                        "{}",
                        number(&info.fields[i as usize], self.d.ops[i as usize])
                    );
                }
                Tok::Target(i) => self.target(&mut f, &mut note, i),
                Tok::OptTarget(i) => {
                    if self.d.ops[i as usize] != 0 {
                        f.push_str(", ");
                        self.target(&mut f, &mut note, i);
                    }
                }
                Tok::Index {
                    reg: r,
                    ty,
                    shamt,
                    fixed,
                } => {
                    reg(
                        &mut f,
                        &info.fields[r as usize],
                        self.d.ops[r as usize],
                        role,
                        float,
                    );
                    if let Some(t) = ty {
                        f.push_str(srcr_type_names(info)[(self.d.ops[t as usize] & 3) as usize]);
                    }
                    let k = i64::from(fixed) + shamt.map_or(0, |s| self.d.ops[s as usize]);
                    if k != 0 || fixed != 0 {
                        let _ = write!(f, "<<{k}");
                    }
                }
                Tok::Tiles(t) => {
                    let mut refs = Vec::new();
                    for k in 0..2 {
                        let (code, reuse, void) = (
                            self.d.ops[t[k] as usize],
                            self.field(t[2 + k]),
                            self.field(t[4 + k]),
                        );
                        let mut r = if void == 1 && code == 0 && reuse == 0 {
                            "-".to_string()
                        } else {
                            tiles::tile_name(code as u16)
                        };
                        if reuse == 1 {
                            r.push_str(".reuse");
                        }
                        if void == 1 && r != "-" {
                            r.push_str(".void");
                        }
                        refs.push(r);
                    }
                    while refs.last().is_some_and(|r| r == "-") {
                        refs.pop();
                    }
                    let _ = write!(f, "[{}]", refs.join(", "));
                }
                Tok::TileDst(d, size) => {
                    let (kind, size_v) = (self.d.ops[d as usize], self.d.ops[size as usize]);
                    if kind != 7 || size_v != 0 {
                        let size_spec = &info.fields[size as usize];
                        let size_text = if size_spec.kind == FieldKind::Reg {
                            regs::name(size_v as u16).to_string()
                        } else {
                            tiles::size_text(size_v)
                        };
                        let _ = write!(
                            f,
                            "\t->{}<{size_text}>",
                            tiles::DST_KINDS[(kind & 7) as usize]
                        );
                    }
                }
                Tok::DataType(i) => f.push_str(&tiles::data_type_text(self.d.ops[i as usize])),
                Tok::LoopDst(i) => {
                    let _ = write!(f, "\t->lb{}", self.d.ops[i as usize]);
                }
                Tok::RegList(list) => {
                    let n = list
                        .iter()
                        .rposition(|&i| self.d.ops[i as usize] != 0)
                        .map_or(0, |p| p + 1);
                    let names: Vec<&str> = list[..n]
                        .iter()
                        .map(|&i| regs::name(self.d.ops[i as usize] as u16))
                        .collect();
                    f.push_str(&names.join(","));
                }
                Tok::Lane(i, text) => {
                    if self.field(i) != 0 {
                        f.push_str(text);
                    }
                }
                Tok::BrType(i) => f.push_str(BRANCH_TYPES[(self.d.ops[i as usize] & 7) as usize]),
                Tok::Named(i) => {
                    let spec = &info.fields[i as usize];
                    let v = self.field(i);
                    if v != 0 {
                        if !f.is_empty() {
                            f.push_str(", ");
                        }
                        let _ = write!(f, "{}={}", spec.name, number(spec, v));
                    }
                }
            }
        }
        out.write_str("\t")?;
        out.write_str(&f)?;
        // Like objdump, the symbol of the (first) target closes the line.
        if let Some(n) = note {
            write!(out, " <{n}>")?;
        }
        Ok(())
    }
}

impl Disasm<'_> {
    /// A field's value: an op, or a flag bit.
    fn field(&self, i: u8) -> i64 {
        let info = self.d.form.info();
        let spec = &info.fields[i as usize];
        if spec.kind == FieldKind::Flag {
            let n = info.fields[..i as usize]
                .iter()
                .filter(|s| s.kind == FieldKind::Flag)
                .count();
            i64::from(self.d.flags >> n & 1)
        } else {
            self.d.ops[i as usize]
        }
    }

    fn target(&self, f: &mut String, note: &mut Option<String>, i: u8) {
        let addr = self.d.pc_relative(self.pc, i as usize);
        let _ = write!(f, "{addr:#x}");
        if note.is_none()
            && let Some((name, off)) = self.syms.and_then(|s| s.lookup(addr))
        {
            *note = Some(if off == 0 {
                name.to_string()
            } else {
                format!("{name}+{off:#x}")
            });
        }
    }
}
