//! The Snitch cluster (every hart, SSR/FREP/DMA extensions, the cycle model) on random code:
//! the bytes are the instruction words every hart starts at, run for at most 20 000
//! instructions in all. Any stop is fine; a panic or hang is not.
#![no_main]

use libfuzzer_sys::fuzz_target;
use macrosim_snitch::cluster::{Cluster, RunOptions};
use macrosim_snitch::config::SystemConfig;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let words: Vec<u32> = rest
        .chunks(4)
        .map(|c| {
            let mut w = [0u8; 4];
            w[..c.len()].copy_from_slice(c);
            u32::from_le_bytes(w)
        })
        .collect();
    // The first byte picks the preset and whether the cycle model runs.
    let preset = if first & 1 == 0 {
        "snitch_cluster"
    } else {
        "banshee"
    };
    let cfg = SystemConfig::preset(preset).expect("presets parse");
    let entry = cfg.memory.dram_base;
    let tohost = entry.wrapping_add(0x10_0000);
    let Ok(mut c) = Cluster::from_code(cfg, entry, &words, tohost) else {
        return;
    };
    let _ = c.run(&RunOptions {
        max_insns: Some(20_000),
        timing: first & 2 != 0,
        ..Default::default()
    });
});
