//! The assembler picks the right form from the text alone: for every form and many operand
//! sets, assembling the disassembly gives back the same bytes.

use macrosim_linx::asm::assemble;
use macrosim_linx::isa::{Form, decode, encode_bytes};

mod common;
use common::{random_operands, xorshift};

#[test]
fn assembling_the_disassembly_of_every_form_gives_its_bytes() {
    let mut next = xorshift(0x1234_5678_9abc_def1);
    let pc = 0x4000_0000u64;
    let mut failures = Vec::new();
    for &form in &Form::ALL {
        for _ in 0..16 {
            let d = random_operands(form, &mut next);
            let bytes = encode_bytes(&d).unwrap();
            // Start from what the bytes decode to (aliases and fused headers decode to other
            // forms); the text of that must assemble to the same bytes.
            let mut text = String::new();
            let mut at = 0;
            while at < bytes.len() {
                let x = decode(&bytes[at..]).unwrap();
                text.push_str(&format!("\t{}\n", x.at(pc + at as u64)));
                at += usize::from(x.len);
            }
            let src = format!("\t.org {pc:#x}\n{text}");
            match assemble("t.s", &src) {
                Ok(p) => {
                    let got = &p.section(".text").unwrap().data;
                    if got != &bytes {
                        failures.push(format!(
                            "{form:?}: `{}` -> {got:02x?}, want {bytes:02x?}",
                            text.trim()
                        ));
                    }
                }
                Err(e) => failures.push(format!("{form:?}: `{}`: {e}", text.trim())),
            }
            if failures.len() > 20 {
                break;
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
