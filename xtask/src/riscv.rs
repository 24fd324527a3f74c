//! The RISC-V table generator: `data/riscv/*.opcodes` + `csrs.txt` -> `crates/riscv/src/isa/tables.rs`,
//! and `data/riscv/ext/xdemo.opcodes` -> the test-only extension table.
//!
//! The file format is described in `data/riscv/README.md`. Parsing checks that every instruction's
//! fields and fixed bits cover the 32-bit word exactly once, that names are unique, and that no two
//! encodings overlap unless they sit in the same ordered group `{ ... }` (where an entry fully
//! shadowed by an earlier one is an error too). Overlaps are checked across every table given to one
//! generator run, so an extension table is checked against the base tables it will be used with.

use anyhow::{Context, bail};
use std::fmt::Write as _;
use std::path::Path;

/// The base tables, in decoder priority order.
const BASE_FILES: &[&str] = &[
    "rv32i.opcodes",
    "machine.opcodes",
    "zicsr.opcodes",
    "zifencei.opcodes",
    "rv32m.opcodes",
    "rv32a.opcodes",
    "rv32f.opcodes",
    "rv32d.opcodes",
];

/// A field an encoding may name: (name, bit ranges high..low, Rust `Field` variant).
type FieldDef = (&'static str, &'static [(u32, u32)], &'static str);

const FIELDS: &[FieldDef] = &[
    ("rd", &[(11, 7)], "Rd"),
    ("rs1", &[(19, 15)], "Rs1"),
    ("rs2", &[(24, 20)], "Rs2"),
    ("frd", &[(11, 7)], "Frd"),
    ("frs1", &[(19, 15)], "Frs1"),
    ("frs2", &[(24, 20)], "Frs2"),
    ("frs3", &[(31, 27)], "Frs3"),
    ("rm", &[(14, 12)], "Rm"),
    ("imm12", &[(31, 20)], "Imm12"),
    ("simm12", &[(31, 25), (11, 7)], "Simm12"),
    ("bimm", &[(31, 25), (11, 7)], "Bimm"),
    ("jimm", &[(31, 12)], "Jimm"),
    ("imm20", &[(31, 12)], "Imm20"),
    ("shamt", &[(24, 20)], "Shamt"),
    ("csr", &[(31, 20)], "Csr"),
    ("zimm", &[(19, 15)], "Zimm"),
    ("aq", &[(26, 26)], "Aq"),
    ("rl", &[(25, 25)], "Rl"),
    ("pred", &[(27, 24)], "Pred"),
    ("succ", &[(23, 20)], "Succ"),
    ("fm", &[(31, 28)], "Fm"),
];

fn field(name: &str) -> Option<&'static FieldDef> {
    FIELDS.iter().find(|f| f.0 == name)
}

fn range_mask(hi: u32, lo: u32) -> u32 {
    let width = hi - lo + 1;
    let ones = if width == 32 {
        u32::MAX
    } else {
        (1 << width) - 1
    };
    ones << lo
}

/// One piece of the assembly syntax.
#[derive(Debug, Clone, PartialEq)]
enum Syn {
    Field(&'static str),
    /// `offset(base)`
    Mem(&'static str, &'static str),
    /// `(base)`
    Deref(&'static str),
}

#[derive(Debug, Clone)]
pub struct Insn {
    pub name: String,
    syntax: Vec<Syn>,
    pub mask: u32,
    pub bits: u32,
    /// Every field of the encoding (printed or not), in first-mention order.
    fields: Vec<&'static str>,
    /// Index of the ordered group it belongs to, if any (unique across files).
    group: Option<usize>,
    /// `file:line` for messages.
    at: String,
}

#[derive(Debug, Clone)]
pub struct Table {
    /// Rust identifier of the static (e.g. `RV32I`).
    pub ident: String,
    pub name: String,
    pub extension: String,
    pub insns: Vec<Insn>,
}

/// Parse one `.opcodes` file. `group_base` numbers its ordered groups uniquely.
pub fn parse_table(file: &str, text: &str, group_base: &mut usize) -> anyhow::Result<Table> {
    let stem = file.trim_end_matches(".opcodes");
    let stem = stem.rsplit('/').next().unwrap_or(stem);
    let mut table = Table {
        ident: stem.to_uppercase().replace(['-', '.'], "_"),
        name: stem.to_string(),
        extension: String::new(),
        insns: Vec::new(),
    };
    let mut group: Option<usize> = None;
    for (n, raw) in text.lines().enumerate() {
        let at = format!("{file}:{}", n + 1);
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if let Some(ext) = line.strip_prefix("extension ") {
            table.extension = ext.trim().to_string();
            continue;
        }
        if line == "{" {
            if group.is_some() {
                bail!("{at}: ordered groups do not nest");
            }
            group = Some(*group_base);
            *group_base += 1;
            continue;
        }
        if line == "}" {
            if group.take().is_none() {
                bail!("{at}: `}}` without `{{`");
            }
            continue;
        }
        let insn = parse_insn(line, &at, group)?;
        if table.insns.iter().any(|i| i.name == insn.name) {
            bail!("{at}: instruction `{}` is defined twice", insn.name);
        }
        table.insns.push(insn);
    }
    if group.is_some() {
        bail!("{file}: an ordered group `{{` is never closed");
    }
    if table.extension.is_empty() {
        bail!("{file}: no `extension` line");
    }
    Ok(table)
}

fn parse_insn(line: &str, at: &str, group: Option<usize>) -> anyhow::Result<Insn> {
    let cols: Vec<&str> = line.split('|').map(str::trim).collect();
    let [name, syntax, encoding] = cols[..] else {
        bail!(
            "{at}: expected `name | syntax | encoding`, found {} column(s)",
            cols.len()
        );
    };
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '.') {
        bail!("{at}: bad instruction name `{name}`");
    }
    let mut used: u32 = 0;
    let mut mask: u32 = 0;
    let mut bits: u32 = 0;
    let mut claim = |ranges: &[(u32, u32)], what: &str| -> anyhow::Result<()> {
        for &(hi, lo) in ranges {
            let m = range_mask(hi, lo);
            if used & m != 0 {
                bail!("{at}: `{what}` claims bits {hi}..{lo} a second time");
            }
            used |= m;
        }
        Ok(())
    };
    let mut fields_seen: Vec<&str> = Vec::new();
    let mut syn = Vec::new();
    let known = |f: &str| -> anyhow::Result<&'static str> {
        field(f)
            .map(|f| f.0)
            .with_context(|| format!("{at}: unknown field `{f}`"))
    };
    if !syntax.is_empty() {
        for item in syntax.split(',').map(str::trim) {
            let piece = if let Some(rest) = item.strip_suffix(')') {
                let (off, base) = rest
                    .split_once('(')
                    .with_context(|| format!("{at}: bad operand `{item}`"))?;
                let base = known(base.trim())?;
                if off.trim().is_empty() {
                    Syn::Deref(base)
                } else {
                    Syn::Mem(known(off.trim())?, base)
                }
            } else {
                Syn::Field(known(item)?)
            };
            match &piece {
                Syn::Field(f) | Syn::Deref(f) => fields_seen.push(f),
                Syn::Mem(o, b) => fields_seen.extend([*o, *b]),
            }
            syn.push(piece);
        }
    }
    for tok in encoding.split_whitespace() {
        if let Some((range, value)) = tok.split_once('=') {
            let (hi, lo) = match range.split_once("..") {
                Some((h, l)) => (h.parse::<u32>(), l.parse::<u32>()),
                None => (range.parse::<u32>(), range.parse::<u32>()),
            };
            let (Ok(hi), Ok(lo)) = (hi, lo) else {
                bail!("{at}: bad bit range `{range}`");
            };
            if hi > 31 || lo > hi {
                bail!("{at}: bit range `{range}` is not within 31..0");
            }
            let value = match value.strip_prefix("0x") {
                Some(h) => u32::from_str_radix(h, 16),
                None => value.parse::<u32>(),
            }
            .with_context(|| format!("{at}: bad value `{value}`"))?;
            let width = hi - lo + 1;
            if width < 32 && value >> width != 0 {
                bail!("{at}: value {value:#x} does not fit in bits {hi}..{lo}");
            }
            claim(&[(hi, lo)], tok)?;
            mask |= range_mask(hi, lo);
            bits |= value << lo;
        } else {
            fields_seen.push(known(tok)?);
        }
    }
    for f in &fields_seen {
        if fields_seen.iter().filter(|g| *g == f).count() > 1 {
            bail!("{at}: field `{f}` is named twice");
        }
        let (_, ranges, _) = field(f).expect("known field");
        claim(ranges, f)?;
    }
    if used != u32::MAX {
        bail!("{at}: bits {:#010x} are neither fixed nor a field", !used);
    }
    Ok(Insn {
        name: name.to_string(),
        fields: fields_seen,
        syntax: syn,
        mask,
        bits,
        group,
        at: at.to_string(),
    })
}

/// Check every pair of instructions across `tables` (in priority order) for overlapping encodings.
pub fn check_overlaps(tables: &[Table]) -> anyhow::Result<()> {
    let all: Vec<&Insn> = tables.iter().flat_map(|t| &t.insns).collect();
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            let common = a.mask & b.mask;
            if (a.bits ^ b.bits) & common != 0 {
                continue;
            }
            match (a.group, b.group) {
                (Some(x), Some(y)) if x == y => {
                    // `b` comes later: it is unreachable if `a` matches everything `b` does.
                    if a.mask & !b.mask == 0 {
                        bail!(
                            "{}: `{}` can never be decoded: the earlier `{}` ({}) matches all of its encodings",
                            b.at,
                            b.name,
                            a.name,
                            a.at
                        );
                    }
                }
                _ => bail!(
                    "{}: `{}` overlaps `{}` ({}); put both in one ordered group `{{ ... }}` to choose",
                    b.at,
                    b.name,
                    a.name,
                    a.at
                ),
            }
        }
    }
    Ok(())
}

/// `fence.tso` -> `FenceTso`.
fn camel(name: &str) -> String {
    name.split('.')
        .map(|p| {
            let mut c = p.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

fn syn_rust(s: &Syn) -> String {
    let v = |f: &str| field(f).expect("known field").2;
    match s {
        Syn::Field(f) => format!("Syntax::Field(Field::{})", v(f)),
        Syn::Mem(o, b) => format!("Syntax::Mem(Field::{}, Field::{})", v(o), v(b)),
        Syn::Deref(b) => format!("Syntax::Deref(Field::{})", v(b)),
    }
}

/// Emit the `Insn`-like id enum and the static tables.
fn emit_tables(out: &mut String, enum_name: &str, tables: &[Table]) {
    let _ = writeln!(
        out,
        "/// Every instruction of these tables; an [`Entry`]'s `id` is its discriminant."
    );
    let _ = writeln!(
        out,
        "#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]\n#[repr(u16)]\npub enum {enum_name} {{"
    );
    for insn in tables.iter().flat_map(|t| &t.insns) {
        let _ = writeln!(out, "    /// `{}`", insn.name);
        let _ = writeln!(out, "    {},", camel(&insn.name));
    }
    let _ = writeln!(out, "}}\n");
    let all: Vec<String> = tables
        .iter()
        .flat_map(|t| &t.insns)
        .map(|i| format!("{enum_name}::{}", camel(&i.name)))
        .collect();
    let _ = writeln!(out, "impl {enum_name} {{");
    let _ = writeln!(out, "    /// Every value, indexed by discriminant.");
    let _ = writeln!(
        out,
        "    pub const ALL: [{enum_name}; {}] = [{}];",
        all.len(),
        all.join(", ")
    );
    let _ = writeln!(
        out,
        "\n    /// The instruction an [`Entry`] of these tables stands for.\n    pub fn from_id(id: u16) -> Option<{enum_name}> {{\n        Self::ALL.get(usize::from(id)).copied()\n    }}\n}}\n"
    );
    for t in tables {
        let _ = writeln!(
            out,
            "/// `{}` (extension {}).\npub static {}: Table = Table {{\n    name: \"{}\",\n    extension: \"{}\",\n    entries: &[",
            t.name, t.extension, t.ident, t.name, t.extension
        );
        for i in &t.insns {
            let syn: Vec<String> = i.syntax.iter().map(syn_rust).collect();
            let fields: Vec<String> = i
                .fields
                .iter()
                .map(|f| format!("Field::{}.bit()", field(f).expect("known field").2))
                .collect();
            let fields = if fields.is_empty() {
                "0".to_string()
            } else {
                fields.join(" | ")
            };
            let _ = writeln!(
                out,
                "        Entry {{\n            name: \"{}\",\n            mask: {:#010x},\n            bits: {:#010x},\n            id: {enum_name}::{} as u16,\n            fields: {fields},\n            syntax: &[{}],\n        }},",
                i.name,
                i.mask,
                i.bits,
                camel(&i.name),
                syn.join(", ")
            );
        }
        let _ = writeln!(out, "    ],\n}};\n");
    }
}

/// A CSR listing entry.
fn parse_csrs(text: &str) -> anyhow::Result<Vec<(u16, String)>> {
    let mut out: Vec<(u16, String)> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let at = format!("data/riscv/csrs.txt:{}", n + 1);
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (num, name) = line
            .split_once(char::is_whitespace)
            .with_context(|| format!("{at}: expected `<number> <name>`"))?;
        let num = u16::from_str_radix(num.trim_start_matches("0x"), 16)
            .with_context(|| format!("{at}: bad CSR number `{num}`"))?;
        let name = name.trim();
        let names: Vec<String> = match name.split_once('{') {
            Some((prefix, rest)) => {
                let (range, suffix) = rest
                    .split_once('}')
                    .with_context(|| format!("{at}: unclosed `{{`"))?;
                let (lo, hi) = range
                    .split_once("..")
                    .with_context(|| format!("{at}: expected `{{N..M}}`"))?;
                let (lo, hi): (u16, u16) = (lo.parse()?, hi.parse()?);
                (lo..=hi).map(|k| format!("{prefix}{k}{suffix}")).collect()
            }
            None => vec![name.to_string()],
        };
        for (k, name) in names.into_iter().enumerate() {
            let num = num + k as u16;
            if num > 0xfff {
                bail!("{at}: CSR number {num:#x} is past 0xfff");
            }
            if let Some(prev) = out.iter().find(|(n, s)| *n == num || *s == name) {
                bail!(
                    "{at}: `{name}` ({num:#x}) clashes with `{}` ({:#x})",
                    prev.1,
                    prev.0
                );
            }
            out.push((num, name));
        }
    }
    Ok(out)
}

fn emit_csrs(out: &mut String, csrs: &[(u16, String)]) {
    let _ = writeln!(
        out,
        "/// CSR numbers (`data/riscv/csrs.txt`).\npub mod csr {{"
    );
    for (num, name) in csrs {
        let _ = writeln!(
            out,
            "    pub const {}: u16 = {num:#05x};",
            name.to_uppercase()
        );
    }
    let _ = writeln!(out, "}}\n");
    let mut sorted = csrs.to_vec();
    sorted.sort();
    let _ = writeln!(
        out,
        "/// CSR names by number, sorted by number.\npub static CSR_NAMES: [(u16, &str); {}] = [",
        sorted.len()
    );
    for (num, name) in &sorted {
        let _ = writeln!(out, "    ({num:#05x}, \"{name}\"),");
    }
    let _ = writeln!(out, "];");
}

const HEADER: &str =
    "// @generated by `cargo xtask codegen riscv` from data/riscv/; do not edit.\n";

fn read(root: &Path, rel: &str) -> anyhow::Result<String> {
    std::fs::read_to_string(root.join(rel)).with_context(|| format!("reading {rel}"))
}

fn base_tables(root: &Path) -> anyhow::Result<Vec<Table>> {
    let mut groups = 0;
    let mut tables = Vec::new();
    for f in BASE_FILES {
        let rel = format!("data/riscv/{f}");
        tables.push(parse_table(&rel, &read(root, &rel)?, &mut groups)?);
    }
    Ok(tables)
}

/// `crates/riscv/src/isa/tables.rs`.
pub fn generate_base(root: &Path) -> anyhow::Result<String> {
    let tables = base_tables(root)?;
    check_overlaps(&tables)?;
    let csrs = parse_csrs(&read(root, "data/riscv/csrs.txt")?)?;
    let mut out = String::from(HEADER);
    out.push_str(
        "//! The base RV32 tables: one static [`Table`] per data file, in decoder priority order\n//! ([`BASE_TABLES`]), the [`Insn`] enum naming every entry, and the CSR listing.\n\n",
    );
    out.push_str("use super::{Entry, Field, Syntax, Table};\n\n");
    emit_tables(&mut out, "Insn", &tables);
    let idents: Vec<String> = tables.iter().map(|t| format!("&{}", t.ident)).collect();
    let _ = writeln!(
        out,
        "/// The base tables in decoder priority order.\npub static BASE_TABLES: [&Table; {}] = [{}];\n",
        idents.len(),
        idents.join(", ")
    );
    emit_csrs(&mut out, &csrs);
    Ok(out)
}

/// `crates/riscv/tests/support/xdemo_table.rs`: the test-only extension, checked against the base.
pub fn generate_xdemo(root: &Path) -> anyhow::Result<String> {
    let mut tables = base_tables(root)?;
    let mut groups = 1000;
    let rel = "data/riscv/ext/xdemo.opcodes";
    let ext = parse_table(rel, &read(root, rel)?, &mut groups)?;
    tables.push(ext.clone());
    check_overlaps(&tables)?;
    let mut out = String::from(HEADER);
    out.push_str(
        "// The test-only custom-0 extension table (data/riscv/ext/xdemo.opcodes), generated the way\n// an extension crate (Snitch) generates its own tables against macrosim-riscv's types.\n\n",
    );
    out.push_str("use macrosim_riscv::isa::{Entry, Field, Syntax, Table};\n\n");
    emit_tables(&mut out, "XdemoInsn", &[ext]);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(text: &str) -> anyhow::Result<Table> {
        parse_table("t.opcodes", text, &mut 0)
    }

    #[test]
    fn masks_come_from_fixed_ranges() {
        let t = table("extension I\nadd | rd, rs1, rs2 | 31..25=0 14..12=0 6..0=0x33\n").unwrap();
        assert_eq!(t.insns[0].mask, 0xfe00_707f);
        assert_eq!(t.insns[0].bits, 0x0000_0033);
    }

    #[test]
    fn uncovered_and_doubly_claimed_bits_are_errors() {
        let e = table("extension I\nadd | rd, rs1 | 31..25=0 14..12=0 6..0=0x33\n").unwrap_err();
        assert!(e.to_string().contains("neither fixed nor a field"), "{e}");
        let e =
            table("extension I\nadd | rd, rs1, rs2 | 31..24=0 14..12=0 6..0=0x33\n").unwrap_err();
        assert!(e.to_string().contains("a second time"), "{e}");
        let e = table("extension I\nx | rd, foo | 6..0=0x33\n").unwrap_err();
        assert!(e.to_string().contains("unknown field `foo`"), "{e}");
        let e = table("extension I\nx | rd, imm20 | 6..0=0x1ff\n").unwrap_err();
        assert!(e.to_string().contains("does not fit"), "{e}");
    }

    #[test]
    fn overlaps_need_an_ordered_group() {
        let two = "extension I\nfence.tso | | 31..28=8 27..24=3 23..20=3 rs1 rd 14..12=0 6..0=0x0f\nfence | pred, succ | fm rs1 rd 14..12=0 6..0=0x0f\n";
        let e = check_overlaps(&[table(two).unwrap()]).unwrap_err();
        assert!(e.to_string().contains("overlaps"), "{e}");
        let grouped = two.replace("extension I\n", "extension I\n{\n") + "}\n";
        check_overlaps(&[table(&grouped).unwrap()]).unwrap();
        // The general form first shadows the specific one: an error even inside a group.
        let lines: Vec<&str> = two.lines().collect();
        let shadowed = format!("extension I\n{{\n{}\n{}\n}}\n", lines[2], lines[1]);
        let e = check_overlaps(&[table(&shadowed).unwrap()]).unwrap_err();
        assert!(e.to_string().contains("can never be decoded"), "{e}");
    }

    #[test]
    fn overlaps_are_checked_across_tables() {
        let a = table("extension I\nadd | rd, rs1, rs2 | 31..25=0 14..12=0 6..0=0x33\n").unwrap();
        let b = table("extension X\nmine | rd, rs1, rs2 | 31..25=0 14..12=0 6..0=0x33\n").unwrap();
        assert!(check_overlaps(&[a, b]).is_err());
    }

    #[test]
    fn csr_runs_expand() {
        let c = parse_csrs("0x3a0 pmpcfg{0..1}\n0xc83 hpmcounter{3..4}h\n").unwrap();
        assert_eq!(
            c,
            vec![
                (0x3a0, "pmpcfg0".to_string()),
                (0x3a1, "pmpcfg1".to_string()),
                (0xc83, "hpmcounter3h".to_string()),
                (0xc84, "hpmcounter4h".to_string())
            ]
        );
        assert!(parse_csrs("0x300 a\n0x300 b\n").is_err());
    }

    #[test]
    fn the_real_tables_parse_without_overlaps() {
        let root = crate::workspace_root();
        generate_base(&root).unwrap();
        generate_xdemo(&root).unwrap();
    }
}
