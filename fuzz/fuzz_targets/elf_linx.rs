//! The ELF64 Linx loader and runtime setup, a short run, and the disassembler on the same bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use macrosim_linx::engine::{Config, Machine};
use macrosim_linx::runtime::{self, RuntimeConfig};
use macrosim_linx::trace::NoObserver;

fuzz_target!(|data: &[u8]| {
    let argv = ["prog".to_string()];
    if let Ok(prog) = runtime::load(data, &argv, &[], &RuntimeConfig::default()) {
        let cfg = Config {
            max_insns: Some(1000),
            ..Config::default()
        };
        let mut m = Machine::new(prog, cfg, NoObserver);
        m.process.set_mem_limit(16 << 20);
        m.process
            .redirect_output(Box::new(std::io::sink()), Box::new(std::io::sink()));
        let _ = m.run();
    }
    let _ = macrosim_linx::asm::objdump::disassemble_elf(data);
});
