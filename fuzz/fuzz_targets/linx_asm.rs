//! The Linx assembler on any text; what assembles is written as an ELF and, when small
//! (a `.zero 4000000` makes a 2-million-line listing, seconds of work that is bounded but
//! too slow for a fuzzer's per-input time limit), disassembled.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(p) = macrosim_linx::asm::assemble("fuzz.s", text) {
        let elf = p.to_elf();
        if elf.len() <= 64 << 10 {
            macrosim_linx::asm::objdump::disassemble_elf(&elf).expect("our own ELF disassembles");
        }
    }
});
