//! Assembler expressions: numbers, symbols, `.`, C operators, `%pcpage()`/`%lo12()`.

/// Label values for expressions: `None` when undefined.
pub type Labels<'a> = &'a dyn Fn(&str) -> Option<u64>;

/// Evaluate an expression: numbers (`12`, `-0x1f`, `0b101`), symbols, `.` (the
/// instruction's address), parentheses, unary `-`/`~`, binary `* / << >> & ^ | + -` (C
/// precedence), and two address helpers for the ADDTPC + ADDI pair (notes §3.2):
/// `%pcpage(e)` = pages from this instruction's page to `e`'s, `%lo12(e)` = `e & 0xfff`.
pub fn eval(expr: &str, pc: u64, labels: Labels<'_>) -> Result<i64, String> {
    let mut p = Expr {
        s: expr.as_bytes(),
        text: expr,
        i: 0,
        depth: 0,
        pc,
        labels,
    };
    let v = p.binary(0)?;
    p.ws();
    if p.i != p.s.len() {
        return Err(format!("bad expression `{}`", expr.trim()));
    }
    Ok(v)
}

struct Expr<'a, 'l> {
    s: &'a [u8],
    text: &'a str,
    i: usize,
    /// Nesting of unary operators and parentheses, bounded so no input exhausts the stack.
    depth: usize,
    pc: u64,
    labels: Labels<'l>,
}

impl<'a> Expr<'a, '_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn bad(&self) -> String {
        if self.text.trim().is_empty() {
            "missing value".into()
        } else {
            format!("bad expression `{}`", self.text.trim())
        }
    }

    /// The binary operator at the cursor and its precedence (higher binds tighter).
    fn op(&self) -> Option<(&'static str, u8)> {
        let r = &self.s[self.i..];
        for (op, prec) in [
            ("<<", 5),
            (">>", 5),
            ("*", 6),
            ("/", 6),
            ("+", 4),
            ("-", 4),
            ("&", 3),
            ("^", 2),
            ("|", 1),
        ] {
            if r.starts_with(op.as_bytes()) {
                return Some((op, prec));
            }
        }
        None
    }

    fn binary(&mut self, min: u8) -> Result<i64, String> {
        let mut lhs = self.unary()?;
        loop {
            self.ws();
            let Some((op, prec)) = self.op() else {
                return Ok(lhs);
            };
            if prec < min.max(1) {
                return Ok(lhs);
            }
            self.i += op.len();
            let rhs = self.binary(prec + 1)?;
            lhs = match op {
                "<<" => lhs.wrapping_shl(rhs as u32),
                ">>" => lhs.wrapping_shr(rhs as u32),
                "*" => lhs.wrapping_mul(rhs),
                "/" if rhs == 0 => return Err("division by zero".into()),
                "/" => lhs.wrapping_div(rhs),
                "+" => lhs.wrapping_add(rhs),
                "-" => lhs.wrapping_sub(rhs),
                "&" => lhs & rhs,
                "^" => lhs ^ rhs,
                _ => lhs | rhs,
            };
        }
    }

    fn unary(&mut self) -> Result<i64, String> {
        self.depth += 1;
        if self.depth > 100 {
            return Err(format!(
                "expression nested too deeply: `{}`",
                self.text.trim()
            ));
        }
        let v = self.primary();
        self.depth -= 1;
        v
    }

    fn primary(&mut self) -> Result<i64, String> {
        self.ws();
        match self.s.get(self.i) {
            Some(b'-') => {
                self.i += 1;
                Ok(self.unary()?.wrapping_neg())
            }
            Some(b'+') => {
                self.i += 1;
                self.unary()
            }
            Some(b'~') => {
                self.i += 1;
                Ok(!self.unary()?)
            }
            Some(b'(') => {
                self.i += 1;
                let v = self.binary(0)?;
                self.ws();
                if self.s.get(self.i) != Some(&b')') {
                    return Err(self.bad());
                }
                self.i += 1;
                Ok(v)
            }
            Some(b'%') => {
                self.i += 1;
                let name = self.word();
                self.ws();
                if self.s.get(self.i) != Some(&b'(') {
                    return Err(format!("`%{name}` needs `(`"));
                }
                let v = self.unary()?;
                match name {
                    "pcpage" => Ok(((v as u64 & !0xfff) as i64)
                        .wrapping_sub((self.pc & !0xfff) as i64)
                        >> 12),
                    "lo12" => Ok(v & 0xfff),
                    _ => Err(format!("unknown function `%{name}`")),
                }
            }
            Some(_) => {
                let w = self.word();
                if w.is_empty() {
                    return Err(self.bad());
                }
                term_value(w, self.pc, self.labels)
            }
            None => Err(self.bad()),
        }
    }

    fn word(&mut self) -> &'a str {
        let start = self.i;
        while self.i < self.s.len()
            && (self.s[self.i].is_ascii_alphanumeric()
                || matches!(self.s[self.i], b'_' | b'.' | b'$'))
        {
            self.i += 1;
        }
        &self.text[start..self.i]
    }
}

fn term_value(t: &str, pc: u64, labels: Labels<'_>) -> Result<i64, String> {
    if t == "." {
        return Ok(pc as i64);
    }
    let lower = t.to_ascii_lowercase();
    let number = if let Some(h) = lower.strip_prefix("0x") {
        Some(u64::from_str_radix(h, 16))
    } else if let Some(b) = lower.strip_prefix("0b") {
        Some(u64::from_str_radix(b, 2))
    } else if t.starts_with(|c: char| c.is_ascii_digit()) {
        Some(t.parse::<u64>())
    } else {
        None
    };
    match number {
        Some(n) => n.map(|v| v as i64).map_err(|_| format!("bad number `{t}`")),
        None => labels(t)
            .map(|v| v as i64)
            .ok_or_else(|| format!("undefined symbol `{t}`")),
    }
}
