//! The Snitch system configuration (`snitch run --config FILE.toml`, with or without a
//! `preset = "…"` line): parse and check; what is accepted then builds a cluster and runs a
//! short fixed program on it, so that every accepted configuration is one the cluster can use.
#![no_main]

use libfuzzer_sys::fuzz_target;
use macrosim_snitch::cluster::{Cluster, RunOptions};
use macrosim_snitch::config::SystemConfig;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(cfg) = SystemConfig::parse(text, "fuzz.toml") else {
        return;
    };
    let (entry, tohost) = (
        cfg.memory.dram_base,
        cfg.memory.dram_base.wrapping_add(0x8000),
    );
    // addi a0, zero, 1; sw a0, 0(tohost) through a1 = tohost (lui + addi); then spin.
    let lui = (tohost.wrapping_add(0x800) & 0xffff_f000) | (11 << 7) | 0x37;
    let addi = ((tohost & 0xfff) << 20) | (11 << 15) | (11 << 7) | 0x13;
    let code = [0x0010_0513, lui, addi, 0x00a5_a023, 0x0000_006f];
    let Ok(mut c) = Cluster::from_code(cfg, entry, &code, tohost) else {
        return;
    };
    let _ = c.run(&RunOptions {
        max_insns: Some(2_000),
        timing: true,
        ..Default::default()
    });
});
