//! The Linx `--timing-config` TOML: parse; what is accepted drives the block ROB timing model
//! through a tile matmul program (scalar, TMA and Cube blocks), as `linx run --timing` does.
#![no_main]

use libfuzzer_sys::fuzz_target;
use macrosim_linx::engine::pe::PeConfig;
use macrosim_linx::engine::rob::BlockRob;
use macrosim_linx::engine::{Config, Machine};
use macrosim_linx::runtime::{self, RuntimeConfig};
use std::sync::OnceLock;

/// `examples/linx/tile_matmul.s`, assembled once.
fn program() -> &'static [u8] {
    static ELF: OnceLock<Vec<u8>> = OnceLock::new();
    ELF.get_or_init(|| {
        let src = include_str!("../../examples/linx/tile_matmul.s");
        macrosim_linx::asm::assemble("tile_matmul.s", src)
            .expect("the example assembles")
            .to_elf()
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(pes) = PeConfig::from_toml(text) else {
        return;
    };
    let argv = ["prog".to_string()];
    let prog = runtime::load(program(), &argv, &[], &RuntimeConfig::default()).expect("loads");
    let cfg = Config {
        max_insns: Some(100_000),
        ..Config::default()
    };
    let mut m = Machine::new(prog, cfg, BlockRob::with_pes(pes));
    m.process
        .redirect_output(Box::new(std::io::sink()), Box::new(std::io::sink()));
    let _ = m.run();
    let _ = m.obs.report();
});
