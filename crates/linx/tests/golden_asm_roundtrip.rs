//! assemble(disassemble(x)) == x over the golden dump: its listing, turned back into source
//! (headers become labels, the address and hex columns are dropped), assembles to the same
//! bytes at the same addresses.

use macrosim_linx::asm::assemble;

const GOLDEN: &str = include_str!("../../../data/linx/disasm_example.s");

#[test]
fn golden_listing_reassembles_to_the_same_bytes() {
    let mut source = String::new();
    let mut expected = Vec::new();
    let mut base = None;
    for line in GOLDEN.lines() {
        if !line.starts_with(' ') {
            if let Some((_, rest)) = line.split_once(" <")
                && let Some(name) = rest.strip_suffix(">:")
            {
                source.push_str(&format!("{name}:\n"));
            }
            continue;
        }
        let (addr, rest) = line.trim_start().split_once(": ").unwrap();
        let addr = u64::from_str_radix(addr, 16).unwrap();
        if base.is_none() {
            base = Some(addr);
            source.insert_str(0, &format!("\t.text\n\t.org {addr:#x}\n"));
        }
        let (hex, text) = rest.split_once('\t').unwrap();
        let hex = hex.trim();
        let word = u64::from_str_radix(hex, 16).unwrap();
        expected.extend_from_slice(&word.to_le_bytes()[..hex.len() / 2]);
        source.push_str(&format!("\t{text}\n"));
    }
    let program = assemble("golden.s", &source).unwrap_or_else(|e| panic!("{e}"));
    let text = program.section(".text").unwrap();
    assert_eq!(Some(text.addr), base);
    assert_eq!(text.data.len(), expected.len());
    let first_diff = text.data.iter().zip(&expected).position(|(a, b)| a != b);
    assert_eq!(first_diff, None, "first differing byte offset");
    assert!(program.symbol(".LBB301_9").is_some());
}
