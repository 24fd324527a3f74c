//! Splitting assembly source into statements: comments, labels, the statement text.
//!
//! Comments: `//` anywhere, `;` anywhere, and `#` at the start of a line or after
//! whitespace (so `t#1` is a register, `  # note` a comment) — all outside string literals.

/// One source line after comment removal: its labels and the statement, if any.
#[derive(Debug, PartialEq, Eq)]
pub struct Line<'a> {
    pub labels: Vec<&'a str>,
    pub statement: Option<&'a str>,
}

/// Cut `line` at its comment, if any.
pub fn strip_comment(line: &str) -> &str {
    let b = line.as_bytes();
    let mut in_str = false;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if in_str {
            if c == b'\\' {
                i += 1;
            } else if c == b'"' {
                in_str = false;
            }
        } else {
            match c {
                b'"' => in_str = true,
                b';' => return &line[..i],
                b'/' if b.get(i + 1) == Some(&b'/') => return &line[..i],
                b'#' if i == 0 || b[i - 1].is_ascii_whitespace() => return &line[..i],
                _ => {}
            }
        }
        i += 1;
    }
    line
}

fn is_symbol_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$')
}

/// Whether `s` is a valid symbol name (`_start`, `.LBB3_1`, `loop$2`).
pub fn is_symbol(s: &str) -> bool {
    !s.is_empty() && !s.starts_with(|c: char| c.is_ascii_digit()) && s.chars().all(is_symbol_char)
}

/// Labels (`name:`) then the statement.
pub fn split(line: &str) -> Line<'_> {
    let mut rest = strip_comment(line).trim();
    let mut labels = Vec::new();
    while let Some(colon) = rest.find(':') {
        let name = rest[..colon].trim();
        if !is_symbol(name) {
            break;
        }
        labels.push(name);
        rest = rest[colon + 1..].trim();
    }
    Line {
        labels,
        statement: (!rest.is_empty()).then_some(rest),
    }
}

/// Split directive arguments at top-level commas (not inside string literals).
pub fn args(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut in_str = false;
    let mut start = 0;
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' if in_str => i += 1,
            b'"' => in_str = !in_str,
            b',' if !in_str => {
                out.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if !s[start..].trim().is_empty() {
        out.push(s[start..].trim());
    }
    out
}

/// The bytes of a string literal `"..."` with C escapes (`\n \t \0 \\ \" \xNN \NNN`).
pub fn string_literal(s: &str) -> Result<Vec<u8>, String> {
    let inner = s
        .trim()
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| format!("expected a string literal, found `{s}`"))?;
    let mut out = Vec::new();
    let mut it = inner.bytes().peekable();
    while let Some(c) = it.next() {
        if c != b'\\' {
            out.push(c);
            continue;
        }
        let e = it.next().ok_or("string ends in `\\`")?;
        out.push(match e {
            b'n' => b'\n',
            b't' => b'\t',
            b'r' => b'\r',
            b'0'..=b'7' => {
                let mut v = u32::from(e - b'0');
                for _ in 0..2 {
                    match it.peek() {
                        Some(&d @ b'0'..=b'7') => {
                            v = v * 8 + u32::from(d - b'0');
                            it.next();
                        }
                        _ => break,
                    }
                }
                u8::try_from(v).map_err(|_| format!("octal escape \\{v:o} is over 255"))?
            }
            b'x' => {
                let mut v = 0u32;
                let mut n = 0;
                while let Some(&d) = it.peek() {
                    let Some(x) = (d as char).to_digit(16) else {
                        break;
                    };
                    // Saturating: a long run of digits is over 255 (an error below), never a
                    // wrapped value (a `linx_asm` fuzz input overflowed here).
                    v = v.saturating_mul(16).saturating_add(x);
                    n += 1;
                    it.next();
                }
                if n == 0 || v > 255 {
                    return Err("bad \\x escape".into());
                }
                v as u8
            }
            other => other,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_labels_statements() {
        assert_eq!(
            split("loop: addi t#1, 1, ->t  # bump"),
            Line {
                labels: vec!["loop"],
                statement: Some("addi t#1, 1, ->t")
            }
        );
        assert_eq!(split("# only a comment").statement, None);
        assert_eq!(split("a: b: ; both").labels, vec!["a", "b"]);
        assert_eq!(
            split(".ascii \"a;b#c\" // x").statement,
            Some(".ascii \"a;b#c\"")
        );
        assert_eq!(args("1, \"x,y\", lbl+4"), vec!["1", "\"x,y\"", "lbl+4"]);
        assert_eq!(string_literal(r#""hi\n\x41\101\0""#).unwrap(), b"hi\nAA\0");
        // The `linx_asm` fuzz input: more hex digits than a u32 holds.
        assert_eq!(
            string_literal(r#""h\xffffffffcccc(""#).unwrap_err(),
            "bad \\x escape"
        );
    }
}
