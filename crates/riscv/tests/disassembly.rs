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

/// An ELF32 RISC-V file with one executable section `.text` of `code` at `addr` (section
/// headers only: the listing reads sections).
fn elf_with_text_at(addr: u32, code: &[u8]) -> Vec<u8> {
    let shstrtab = b"\0.text\0.shstrtab\0";
    let text_off = 52u32;
    let str_off = text_off + code.len() as u32;
    let sh_off = (str_off + shstrtab.len() as u32).next_multiple_of(4);
    let mut out = vec![0u8; 52];
    out[..7].copy_from_slice(b"\x7fELF\x01\x01\x01");
    let put = |out: &mut Vec<u8>, at: usize, v: u32, n: usize| {
        out[at..at + n].copy_from_slice(&v.to_le_bytes()[..n])
    };
    put(&mut out, 16, 2, 2); // ET_EXEC
    put(&mut out, 18, 243, 2); // EM_RISCV
    put(&mut out, 20, 1, 4);
    put(&mut out, 32, sh_off, 4); // e_shoff
    put(&mut out, 40, 52, 2); // e_ehsize
    put(&mut out, 46, 40, 2); // e_shentsize
    put(&mut out, 48, 3, 2); // e_shnum
    put(&mut out, 50, 2, 2); // e_shstrndx
    out.extend_from_slice(code);
    out.extend_from_slice(shstrtab);
    out.resize(sh_off as usize, 0);
    // (name, type, flags, addr, offset, size): null, .text (PROGBITS, ALLOC | EXECINSTR),
    // .shstrtab (STRTAB).
    let sections = [
        [0, 0, 0, 0, 0, 0],
        [1, 1, 6, addr, text_off, code.len() as u32],
        [7, 3, 0, 0, str_off, shstrtab.len() as u32],
    ];
    for s in sections {
        let at = out.len();
        out.resize(at + 40, 0);
        for (i, v) in s.into_iter().enumerate() {
            put(&mut out, at + 4 * i, v, 4);
        }
    }
    out
}

/// A section whose words would have addresses past 2^32 is refused by name, not listed with
/// wrapped addresses; the same section lower down lists.
#[test]
fn a_section_past_the_top_of_the_address_space_is_refused() {
    let nops: Vec<u8> = [0x0000_0013u32; 4]
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect();
    let e = disassemble_elf(&elf_with_text_at(0xffff_fff8, &nops), Isa::RV32IMAFD)
        .expect_err("refused");
    assert!(
        e.to_string()
            .contains("section .text: 16 bytes at 0xfffffff8 run past the end of the 32-bit"),
        "{e}"
    );
    let text = disassemble_elf(&elf_with_text_at(0xffff_fff0, &nops), Isa::RV32IMAFD).unwrap();
    assert!(text.contains("fffffffc:\t00000013\taddi"), "{text}");
}
