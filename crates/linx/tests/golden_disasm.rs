//! The golden dump `data/linx/disasm_example.s` (from LinxISA/linx-isa, BSD-3-Clause): its
//! bytes, disassembled with its symbols, must reproduce every line of the file.

use macrosim_linx::isa::listing::{SymbolTable, listing};

const GOLDEN: &str = include_str!("../../../data/linx/disasm_example.s");

/// The code bytes, their base address and the symbols of the golden file: the `<name>:`
/// headers, plus the exact-address annotations `0xADDR <name>` of targets outside the dump.
fn golden_image() -> (Vec<u8>, u64, SymbolTable) {
    let mut code = Vec::new();
    let mut base = None;
    let mut syms = Vec::new();
    for line in GOLDEN.lines() {
        if let Some((addr, rest)) = line.split_once(" <")
            && let Some(name) = rest.strip_suffix(">:")
            && !line.starts_with(' ')
        {
            syms.push((u64::from_str_radix(addr, 16).unwrap(), name.to_string()));
            continue;
        }
        let Some((addr, rest)) = line.trim_start().split_once(": ") else {
            continue;
        };
        let Ok(addr) = u64::from_str_radix(addr, 16) else {
            continue;
        };
        let hex = rest.split_whitespace().next().unwrap();
        let word = u64::from_str_radix(hex, 16).unwrap();
        let n = hex.len() / 2;
        let base = *base.get_or_insert(addr);
        assert_eq!(base + code.len() as u64, addr, "golden dump is contiguous");
        code.extend_from_slice(&word.to_le_bytes()[..n]);
        // `0xADDR <name>` annotations without an offset name a symbol at ADDR.
        for piece in rest.split("0x").skip(1) {
            let digits = piece
                .find(|c: char| !c.is_ascii_hexdigit())
                .unwrap_or(piece.len());
            if let Some(tail) = piece[digits..].strip_prefix(" <")
                && let Some((name, _)) = tail.split_once('>')
                && !name.contains('+')
            {
                let a = u64::from_str_radix(&piece[..digits], 16).unwrap();
                syms.push((a, name.to_string()));
            }
        }
    }
    (code, base.unwrap(), SymbolTable::new(syms))
}

#[test]
fn golden_dump_is_reproduced_line_by_line() {
    let (code, base, syms) = golden_image();
    let (text, bad) = listing(&code, base, &syms);
    assert_eq!(bad, 0);
    let expected: Vec<&str> = GOLDEN
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    let got: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let mut mismatches = Vec::new();
    for (i, (e, g)) in expected.iter().zip(&got).enumerate() {
        if e != g {
            mismatches.push(format!("line {i}:\n  want {e:?}\n  got  {g:?}"));
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} mismatches:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
    assert_eq!(expected.len(), got.len());
    assert!(expected.len() > 400);
}
