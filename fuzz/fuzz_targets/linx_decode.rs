//! The Linx decoder never panics; what decodes re-encodes to the same bytes and its text
//! (the disassembly) assembles back to them.
#![no_main]

use libfuzzer_sys::fuzz_target;
use macrosim_linx::isa::{decode, encode_bytes};

fuzz_target!(|data: &[u8]| {
    let Ok(d) = decode(data) else {
        return;
    };
    let len = usize::from(d.len);
    let bytes = encode_bytes(&d).expect("a decoded instruction encodes");
    assert_eq!(
        bytes,
        data[..len],
        "decode then encode of {:02x?}",
        &data[..len]
    );
    // Disassemble at the text base and assemble the line back there.
    let text = d.at(0x10000).to_string();
    let src = format!(".text\n_start: {text}\n");
    let p = macrosim_linx::asm::assemble("rt.s", &src)
        .unwrap_or_else(|e| panic!("`{text}` does not assemble: {e}"));
    let elf = p.to_elf();
    let listing = macrosim_linx::asm::objdump::disassemble_elf(&elf).unwrap();
    assert_eq!(listing.undecodable, 0, "`{text}`");
});
