//! Bad input gives errors, never panics: random bytes to the decoder and the ELF
//! disassembler, random text (real mnemonics with junk operands) to the assembler.

use macrosim_linx::asm::{assemble, objdump::disassemble_elf};
use macrosim_linx::isa::{Form, decode};
use proptest::prelude::*;

fn junk() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just(", ".to_string()),
            Just("[".to_string()),
            Just("]".to_string()),
            Just("->".to_string()),
            Just("<<".to_string()),
            Just("<".to_string()),
            Just(">".to_string()),
            Just("t#1".to_string()),
            Just("vt#9.reuse.zz".to_string()),
            Just("%pcpage(".to_string()),
            Just(")".to_string()),
            Just("\"".to_string()),
            Just("\\".to_string()),
            Just(".".to_string()),
            Just("-".to_string()),
            Just("=".to_string()),
            "[a-z0-9#@_.]{1,6}",
            any::<i64>().prop_map(|v| v.to_string()),
        ],
        0..10,
    )
    .prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn decoder_takes_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..10)) {
        if let Ok(d) = decode(&bytes) {
            let _ = d.at(0x1000).to_string();
        }
    }

    #[test]
    fn assembler_takes_any_operands(idx in 0..Form::ALL.len(), ops in junk(), directive in 0..8usize) {
        let word = Form::ALL[idx].info().text;
        let dir = [".word", ".byte", ".ascii", ".align", ".org", ".equ", ".zero", ".section"][directive];
        let src = format!("x: {word} {ops}\n {dir} {ops}\n {word}\n");
        let _ = assemble("fuzz.s", &src);
    }

    #[test]
    fn disassembler_takes_any_file(mut bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        // Half the cases look like an ELF64 Linx header, to get past the first checks.
        if bytes.len() > 20 && bytes[0] & 1 == 0 {
            bytes[..4].copy_from_slice(b"\x7fELF");
            bytes[4] = 2;
            bytes[5] = 1;
            bytes[18] = 233;
            bytes[19] = 0;
        }
        let _ = disassemble_elf(&bytes);
    }
}
