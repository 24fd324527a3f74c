//! The Linx assembler on any text; what assembles is written as an ELF and disassembled.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(p) = macrosim_linx::asm::assemble("fuzz.s", text) {
        let elf = p.to_elf();
        macrosim_linx::asm::objdump::disassemble_elf(&elf).expect("our own ELF disassembles");
    }
});
