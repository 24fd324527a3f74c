//! Reading operands in the disassembler's syntax back into a `Decoded` (used by the
//! assembler): the same token list drives printing and parsing, so every form round-trips.

use super::display::{BRANCH_TYPES, number, srcr_type_names};
use super::regs;
use super::tables::{FieldKind, Tok};
use super::{Decoded, Form};

/// Label values for expressions: `None` when undefined.
pub type Labels<'a> = &'a dyn Fn(&str) -> Option<u64>;

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
        for (i, c) in r.char_indices() {
            if c == ',' || c == ']' || (c == '<' && !r[i..].starts_with("<<")) {
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

/// Evaluate `a`, `-12`, `0x1f`, `label`, `label+8`, `.` (the instruction's address).
pub fn eval(expr: &str, pc: u64, labels: Labels<'_>) -> Result<i64, String> {
    let e = expr.trim();
    if e.is_empty() {
        return Err("missing value".into());
    }
    let mut total = 0i64;
    let mut i = 0;
    let b = e.as_bytes();
    let mut sign = 1i64;
    let mut expect_term = true;
    while i < b.len() {
        let c = b[i] as char;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if expect_term && (c == '-' || c == '+') {
            if c == '-' {
                sign = -sign;
            }
            i += 1;
            continue;
        }
        if !expect_term {
            match c {
                '+' => sign = 1,
                '-' => sign = -1,
                _ => return Err(format!("bad expression `{e}`")),
            }
            expect_term = true;
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && !matches!(b[i], b'+' | b'-' | b' ' | b'\t') {
            i += 1;
        }
        let term = &e[start..i];
        let v = term_value(term, pc, labels)?;
        total = total.wrapping_add(sign.wrapping_mul(v));
        sign = 1;
        expect_term = false;
    }
    if expect_term {
        return Err(format!("bad expression `{e}`"));
    }
    Ok(total)
}

fn term_value(t: &str, pc: u64, labels: Labels<'_>) -> Result<i64, String> {
    if t == "." {
        return Ok(pc as i64);
    }
    let lower = t.to_ascii_lowercase();
    if let Some(h) = lower.strip_prefix("0x") {
        return u64::from_str_radix(h, 16)
            .map(|v| v as i64)
            .map_err(|_| format!("bad number `{t}`"));
    }
    if let Some(bits) = lower.strip_prefix("0b") {
        return u64::from_str_radix(bits, 2)
            .map(|v| v as i64)
            .map_err(|_| format!("bad number `{t}`"));
    }
    if t.starts_with(|c: char| c.is_ascii_digit()) {
        return t
            .parse::<u64>()
            .map(|v| v as i64)
            .map_err(|_| format!("bad number `{t}`"));
    }
    labels(t)
        .map(|v| v as i64)
        .ok_or_else(|| format!("undefined symbol `{t}`"))
}

fn register(c: &mut Cursor<'_>, bits: u8, dst: bool) -> Result<i64, String> {
    let name = c.ident();
    let code = if let Some(n) = name.strip_prefix('@') {
        n.parse::<u16>().ok().filter(|&v| v < 1 << bits)
    } else if dst {
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
    let pc_base = d.pc_base(pc);
    let mut named = Vec::new();
    for tok in info.syntax {
        match *tok {
            Tok::Lit(s) => c.expect(s)?,
            Tok::Reg(i) => {
                d.ops[i as usize] = register(&mut c, info.fields[i as usize].bits, false)?
            }
            Tok::Dst(i) => {
                c.expect("->")?;
                d.ops[i as usize] = register(&mut c, info.fields[i as usize].bits, true)?;
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
                d.ops[i as usize] = eval(c.expr(), pc, labels)?.wrapping_sub(pc_base as i64);
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
                        d.ops[i as usize] = eval(e, pc, labels)?.wrapping_sub(pc_base as i64);
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
                d.ops[reg as usize] = register(&mut c, info.fields[reg as usize].bits, false)?;
                if let Some(t) = ty {
                    let names = srcr_type_names(info.asm);
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
                let extra = k - i64::from(fixed);
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
        }
    }
    // Trailing `name=value` operands, in any order.
    loop {
        c.ws();
        if c.rest().is_empty() {
            break;
        }
        if c.rest().starts_with('<') {
            c.annotation();
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
