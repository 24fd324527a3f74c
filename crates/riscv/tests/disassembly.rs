//! The disassembler against GNU objdump 2.40 (`objdump -d -M no-aliases`, saved next to each test
//! program by `scripts/build-riscv-programs.sh`): for every instruction word of every program,
//! the same text once objdump's symbol annotations (`<label>`, `# comment`) and spacing are set
//! aside.

use macrosim_riscv::isa::{BASE_TABLES, Isa, disassemble_elf};
use std::collections::BTreeMap;
use std::path::Path;

/// address -> (word, normalised text)
fn parse(listing: &str) -> BTreeMap<u32, (String, String)> {
    let mut out = BTreeMap::new();
    for line in listing.lines() {
        let Some((addr, rest)) = line.split_once(':') else {
            continue;
        };
        let Ok(addr) = u32::from_str_radix(addr.trim(), 16) else {
            continue;
        };
        let mut cols = rest.trim().splitn(2, char::is_whitespace);
        let word = cols.next().unwrap_or("").to_string();
        let text = cols.next().unwrap_or("");
        let text = text.split(" #").next().unwrap_or("");
        let text = match text.find(" <") {
            Some(i) => &text[..i],
            None => text,
        };
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        out.insert(addr, (word, text));
    }
    out
}

/// The deliberate differences. objdump (without C) prints a branch or jump whose target is not
/// 4-byte aligned as `.word`; it is a valid instruction that traps when taken (Unprivileged ISA,
/// "Control Transfer Instructions"), and `traps.S` runs such words. And objdump names
/// `csrrw zero,cycle,zero` `unimp` even with `-M no-aliases`.
fn deliberate(ours: &str, objdump: &str) -> bool {
    if (ours, objdump) == ("csrrw zero,cycle,zero", "unimp") {
        return true;
    }
    objdump.starts_with(".word")
        && (ours.starts_with('b') || ours.starts_with("jal "))
        && ours
            .rsplit(',')
            .next()
            .and_then(|t| u32::from_str_radix(t, 16).ok())
            .is_some_and(|t| t & 3 != 0)
}

#[test]
fn matches_objdump() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs");
    let mut compared = 0;
    let mut diffs = Vec::new();
    let mut mnemonics = std::collections::BTreeSet::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "objdump") {
            continue;
        }
        let golden = parse(&std::fs::read_to_string(&path).unwrap());
        let elf = std::fs::read(path.with_extension("elf")).unwrap();
        let ours = parse(&disassemble_elf(&elf, Isa::RV32IMAFD).unwrap());
        assert!(!golden.is_empty());
        // objdump lists alignment padding as 16-bit parcels; only whole words are compared.
        for (addr, (word, text)) in golden.iter().filter(|(_, (w, _))| w.len() == 8) {
            let (our_word, our_text) = ours
                .get(addr)
                .unwrap_or_else(|| panic!("{}: no line at {addr:#x}", path.display()));
            assert_eq!(our_word, word, "{}: {addr:#x}", path.display());
            if our_text != text && !deliberate(our_text, text) {
                diffs.push(format!(
                    "{addr:#x} {word}: ours `{our_text}`, objdump `{text}`"
                ));
            }
            compared += 1;
            mnemonics.insert(
                text.split(' ')
                    .next()
                    .unwrap_or("")
                    .trim_end_matches(".aqrl")
                    .trim_end_matches(".aq")
                    .trim_end_matches(".rl")
                    .to_string(),
            );
        }
    }
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
    // Every instruction of the base tables is in the comparison.
    for table in BASE_TABLES {
        for entry in table.entries {
            assert!(
                mnemonics.contains(entry.name),
                "no test program uses {}",
                entry.name
            );
        }
    }
    assert!(compared > 5000, "only {compared} instructions compared");
}
