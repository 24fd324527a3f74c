//! The Linx block engine on random code: the bytes become `.text` (through the assembler's
//! `.byte`), run for at most 10 000 instructions in both CFI modes with a small memory limit.
#![no_main]

use libfuzzer_sys::fuzz_target;
use macrosim_linx::block::CfiMode;
use macrosim_linx::engine::{Config, Machine};
use macrosim_linx::runtime::{self, RuntimeConfig};
use macrosim_linx::trace::NoObserver;
use std::fmt::Write as _;

fuzz_target!(|data: &[u8]| {
    if data.is_empty() {
        return;
    }
    let mut src = String::from(".text\n_start:\n");
    for b in data {
        let _ = writeln!(src, ".byte {b}");
    }
    let elf = macrosim_linx::asm::assemble("code.s", &src)
        .expect("bytes assemble")
        .to_elf();
    for cfi in [CfiMode::Strict, CfiMode::Compat] {
        let argv = ["prog".to_string()];
        let prog = runtime::load(&elf, &argv, &[], &RuntimeConfig::default()).expect("loads");
        let cfg = Config {
            cfi,
            max_insns: Some(10_000),
        };
        let mut m = Machine::new(prog, cfg, NoObserver);
        m.process.set_mem_limit(16 << 20);
        m.process
            .redirect_output(Box::new(std::io::sink()), Box::new(std::io::sink()));
        let _ = m.run();
    }
});
