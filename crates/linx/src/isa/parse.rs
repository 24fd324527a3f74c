//! Reading operands in the disassembler's syntax back into a `Decoded` (used by the
//! assembler): the same token list drives printing and parsing, so every form round-trips.

use super::display::{BRANCH_TYPES, number, role_after, srcr_type_names};
pub use super::expr::eval;
use super::regs;
use super::regs::Role;
use super::tables::{FieldKind, Tok};
use super::tiles;
use super::{Decoded, Form};

pub use super::expr::Labels;

struct Cursor<'a> {
    s: &'a str,
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn rest(&self) -> &'a str {
        &self.s[self.pos..]
    }
    fn ws(&mut self) {
        let r = self.rest();
        self.pos += r.len() - r.trim_start().len();
    }
    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }
    /// Match `lit` ignoring whitespace and case.
    fn expect(&mut self, lit: &str) -> Result<(), String> {
        for c in lit.chars().filter(|c| !c.is_whitespace()) {
            self.ws();
            match self.peek() {
                Some(d) if d.eq_ignore_ascii_case(&c) => self.pos += d.len_utf8(),
                None => {
                    return Err(format!("expected `{}` at the end of the line", lit.trim()));
                }
                _ => {
                    return Err(format!(
                        "expected `{}` at `{}`",
                        lit.trim(),
                        self.rest().trim()
                    ));
                }
            }
        }
        Ok(())
    }
    fn ident(&mut self) -> &'a str {
        self.ws();
        let r = self.rest();
        let n = r
            .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '#' | '@' | '_')))
            .unwrap_or(r.len());
        self.pos += n;
        &r[..n]
    }
    /// An expression: up to `,`, `]`, an annotation `<sym>` or the end.
    fn expr(&mut self) -> &'a str {
        self.ws();
        let r = self.rest();
        let mut end = r.len();
        let mut chars = r.char_indices();
        while let Some((i, c)) = chars.next() {
            if c == '<' && r[i..].starts_with("<<") {
                chars.next(); // both characters of the shift operator
                continue;
            }
            if c == ',' || c == ']' || c == '<' {
                end = i;
                break;
            }
        }
        self.pos += end;
        r[..end].trim()
    }
    /// Skip a disassembler annotation `<symbol+0x10>` after a target.
    fn annotation(&mut self) {
        self.ws();
        if self.rest().starts_with('<')
            && !self.rest().starts_with("<<")
            && let Some(n) = self.rest().find('>')
        {
            self.pos += n + 1;
        }
    }
}

fn register(c: &mut Cursor<'_>, bits: u8, role: Role) -> Result<i64, String> {
    if bits > 5 {
        // RegId10: `vt#1.reuse.fs`, `zero.sd`, `@N`.
        c.ws();
        let r = c.rest();
        let n = r
            .find(|ch: char| !(ch.is_ascii_alphanumeric() || matches!(ch, '#' | '@' | '_' | '.')))
            .unwrap_or(r.len());
        let mut name = &r[..n];
        // A trailing SrcRType suffix belongs to the index, not to the register.
        for suffix in [".neg", ".not", ".srt1", ".srt2", ".x3"] {
            if let Some(stripped) = name.strip_suffix(suffix) {
                name = stripped;
            }
        }
        c.pos += name.len();
        return regs::parse_reg10(name, role)
            .map(i64::from)
            .ok_or_else(|| format!("`{name}` is not a vector-form register"));
    }
    let name = c.ident();
    let code = if let Some(n) = name.strip_prefix('@') {
        n.parse::<u16>().ok().filter(|&v| v < 1 << bits)
    } else if role == Role::Dest {
        regs::parse_dst(name)
    } else {
        regs::parse(name)
    };
    code.map(i64::from)
        .ok_or_else(|| format!("`{name}` is not a register"))
}

/// Parse the operand text of `form` (everything after the mnemonic) at address `pc`.
/// Operands are checked for syntax only; `encode` checks that they fit.
pub fn parse_operands(
    form: Form,
    text: &str,
    pc: u64,
    labels: Labels<'_>,
) -> Result<Decoded, String> {
    let info = form.info();
    let mut d = Decoded::new(form);
    let mut c = Cursor { s: text, pos: 0 };
    let mut named = Vec::new();
    let mut prev = None;
    for tok in info.syntax {
        let role = role_after(prev);
        prev = Some(tok);
        match *tok {
            Tok::Lit(s) => c.expect(s)?,
            Tok::Reg(i) => {
                d.ops[i as usize] = register(&mut c, info.fields[i as usize].bits, role)?
            }
            Tok::Dst(i) => {
                c.expect("->")?;
                d.ops[i as usize] = register(&mut c, info.fields[i as usize].bits, Role::Dest)?;
            }
            Tok::Imm(i) => {
                let spec = &info.fields[i as usize];
                let v = eval(c.expr(), pc, labels)?;
                d.ops[i as usize] = if spec.print_raw {
                    v.wrapping_shl(u32::from(spec.scale))
                } else {
                    v
                };
            }
            Tok::Target(i) => {
                let base = pc.wrapping_add(u64::from(info.fields[i as usize].pc_bias));
                d.ops[i as usize] = eval(c.expr(), pc, labels)?.wrapping_sub(base as i64);
                c.annotation();
            }
            Tok::OptTarget(i) => {
                c.ws();
                let save = c.pos;
                if c.peek() == Some(',') {
                    c.pos += 1;
                    let e = c.expr();
                    if e.contains('=') {
                        c.pos = save;
                    } else {
                        d.ops[i as usize] = eval(e, pc, labels)?.wrapping_sub(pc as i64);
                        c.annotation();
                    }
                }
            }
            Tok::Index {
                reg,
                ty,
                shamt,
                fixed,
            } => {
                d.ops[reg as usize] = register(&mut c, info.fields[reg as usize].bits, role)?;
                if let Some(t) = ty {
                    let names = srcr_type_names(info);
                    let rest = c.rest().to_ascii_lowercase();
                    if let Some(k) = (1..4).find(|&k| rest.starts_with(names[k])) {
                        d.ops[t as usize] = k as i64;
                        c.pos += names[k].len();
                    }
                }
                c.ws();
                let k = if c.rest().starts_with("<<") {
                    c.pos += 2;
                    let e = c.expr();
                    eval(e, pc, labels)?
                } else {
                    i64::from(fixed)
                };
                // Checked: expressions wrap (`<<2<<~1` is i64::MIN), and the subtraction
                // overflowed there (found by the `linx_asm` fuzzer).
                let extra = k.checked_sub(i64::from(fixed)).ok_or_else(|| {
                    format!("the index shift {k} of {} is out of range", info.text)
                })?;
                match shamt {
                    Some(s) => d.ops[s as usize] = extra,
                    None if extra != 0 => {
                        return Err(format!("the index of {} is shifted by {fixed}", info.text));
                    }
                    None => {}
                }
            }
            Tok::BrType(i) => {
                let name = c.ident();
                let k = if name.is_empty() || name.eq_ignore_ascii_case("FALL") {
                    Some(1)
                } else {
                    BRANCH_TYPES
                        .iter()
                        .position(|b| !b.is_empty() && b.eq_ignore_ascii_case(name))
                };
                d.ops[i as usize] =
                    k.ok_or_else(|| format!("`{name}` is not a branch type"))? as i64;
            }
            Tok::Named(i) => named.push(i),
            Tok::Tiles(t) => {
                c.expect("[")?;
                for k in 0..2 {
                    c.ws();
                    if c.peek() == Some(']') {
                        d.set(info.fields[t[4 + k] as usize].name, 1);
                        continue;
                    }
                    if k > 0 {
                        c.expect(",")?;
                        c.ws();
                    }
                    let r = c.rest();
                    let n = r.find([',', ']']).unwrap_or(r.len());
                    let item = r[..n].trim();
                    c.pos += n;
                    let mut name = item;
                    let void = name.ends_with(".void") || name == "-";
                    name = name.trim_end_matches(".void");
                    let reuse = name.ends_with(".reuse");
                    name = name.trim_end_matches(".reuse");
                    let code = if name == "-" {
                        0
                    } else {
                        tiles::parse_tile(name)
                            .ok_or_else(|| format!("`{item}` is not a tile (t#1..n#8)"))?
                    };
                    d.ops[t[k] as usize] = i64::from(code);
                    d.set(info.fields[t[2 + k] as usize].name, i64::from(reuse));
                    d.set(info.fields[t[4 + k] as usize].name, i64::from(void));
                }
                c.expect("]")?;
            }
            Tok::TileDst(dst, size) => {
                c.ws();
                if c.rest().starts_with("->") {
                    c.pos += 2;
                    let kind = c.ident().to_ascii_lowercase();
                    d.ops[dst as usize] = tiles::DST_KINDS
                        .iter()
                        .position(|k| *k == kind)
                        .ok_or_else(|| {
                            format!("`{kind}` is not a tile destination (t, u, m, n, acc)")
                        })? as i64;
                    c.expect("<")?;
                    let r = c.rest();
                    let n = r.find('>').ok_or("missing `>`")?;
                    let text = r[..n].trim();
                    c.pos += n + 1;
                    d.ops[size as usize] = if info.fields[size as usize].kind == FieldKind::Reg {
                        i64::from(
                            regs::parse(text)
                                .ok_or_else(|| format!("`{text}` is not a register"))?,
                        )
                    } else {
                        tiles::parse_size(text).ok_or_else(|| {
                            format!("`{text}` is not a tile size (512B, 2KB, ...)")
                        })?
                    };
                } else {
                    d.ops[dst as usize] = 7;
                }
            }
            Tok::DataType(i) => {
                let name = c.ident();
                d.ops[i as usize] = tiles::parse_data_type(name)
                    .ok_or_else(|| format!("`{name}` is not a tile data type (FP16, INT8, ...)"))?;
            }
            Tok::LoopDst(i) => {
                c.expect("->")?;
                let name = c.ident().to_ascii_lowercase();
                d.ops[i as usize] = name
                    .strip_prefix("lb")
                    .and_then(|n| n.parse::<i64>().ok())
                    .ok_or_else(|| format!("`{name}` is not a loop bound (lb0, lb1, lb2)"))?;
            }
            Tok::RegList(list) => {
                for (k, &i) in list.iter().enumerate() {
                    c.ws();
                    if matches!(c.peek(), Some(']') | None) {
                        break;
                    }
                    if k > 0 {
                        c.expect(",")?;
                    }
                    d.ops[i as usize] =
                        register(&mut c, info.fields[i as usize].bits, Role::Source)?;
                }
            }
            Tok::Lane(i, text) => {
                // The lane term ends at `,` or `]` (an index register `lc0.uh` is not it).
                let save = c.pos;
                let present = c.expect(text).is_ok() && {
                    c.ws();
                    matches!(c.peek(), Some(',' | ']'))
                };
                if !present {
                    c.pos = save;
                }
                d.set(info.fields[i as usize].name, i64::from(present));
            }
        }
    }
    // Trailing `name=value` operands, in any order.
    loop {
        c.ws();
        if c.rest().is_empty() {
            break;
        }
        if c.rest().starts_with('<') {
            let before = c.pos;
            c.annotation();
            if c.pos == before {
                return Err(format!("unexpected `{}`", c.rest().trim()));
            }
            continue;
        }
        if c.peek() == Some(',') {
            c.pos += 1;
        }
        c.ws();
        let name = c.rest().split('=').next().unwrap_or("").trim();
        c.pos += c.rest().find('=').unwrap_or(c.rest().len());
        let Some(&i) = named
            .iter()
            .find(|&&i| info.fields[i as usize].name.eq_ignore_ascii_case(name))
        else {
            return Err(format!("unexpected `{name}`"));
        };
        c.expect("=")?;
        let spec = &info.fields[i as usize];
        let v = eval(c.expr(), pc, labels)?;
        let v = if spec.print_raw {
            v.wrapping_shl(u32::from(spec.scale))
        } else {
            v
        };
        if spec.kind == FieldKind::Flag {
            d.set(spec.name, v);
        } else {
            d.ops[i as usize] = v;
        }
        debug_assert_eq!(number(spec, d.get(spec.name).unwrap_or(0)), number(spec, v));
    }
    Ok(d)
}
