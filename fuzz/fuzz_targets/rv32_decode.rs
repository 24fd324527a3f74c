//! The RV32 decoder and disassembler never panic on any word, with every extension set.
#![no_main]

use libfuzzer_sys::fuzz_target;
use macrosim_riscv::isa::{BASE_TABLES, Decoder};

fuzz_target!(|data: &[u8]| {
    let tables: Vec<_> = BASE_TABLES.to_vec();
    let decoder = Decoder::new(&tables);
    for (k, w) in data.chunks_exact(4).enumerate() {
        let word = u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
        let _ = decoder.disassemble(word, 4 * k as u32);
    }
});
