//! Inputs the fuzzers found (`fuzz/`, issue 13), kept so that what they exposed stays fixed.

use macrosim_snitch::{Cluster, RunOptions, SystemConfig};
use std::time::{Duration, Instant};

/// Run `code` from the start of DRAM on every hart of the `banshee` preset with the cycle
/// model, as the `snitch_cluster` fuzz target does; the error and how long it took.
fn run_code(code: &[u32]) -> (String, Duration) {
    let cfg = SystemConfig::preset("banshee").unwrap();
    let entry = cfg.memory.dram_base;
    let mut c = Cluster::from_code(cfg, entry, code, entry + 0x10_0000).unwrap();
    let start = Instant::now();
    let e = c
        .run(&RunOptions {
            max_insns: Some(20_000),
            timing: true,
            ..Default::default()
        })
        .unwrap_err();
    (e.to_string(), start.elapsed())
}

/// Found by `snitch_cluster` (the 1-hour run; two inputs, each over the 60 s time-out): an
/// FREP (0x00008b8b: `frep.o` of one instruction on x1) followed by zero-filled DRAM. The
/// body check read the code after the FREP until it had seen the body's FP instructions,
/// through the whole mapped DRAM, on every hart. A word that is no 32-bit instruction now ends
/// the check at once.
#[test]
fn an_frep_before_zero_filled_memory_is_refused_at_once() {
    let (e, took) = run_code(&[0x0000_8b8b, 0, 0x72]);
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert!(
        e.contains("FREP body holds a word that is no 32-bit instruction at pc 0x80000004"),
        "{e}"
    );
}

/// The same check through valid integer code: it stops after 65 536 words.
#[test]
fn an_frep_body_check_reads_at_most_65536_words() {
    let nop = 0x0000_0013; // addi x0, x0, 0
    let mut code = vec![0x0000_8b8b];
    code.extend(std::iter::repeat_n(nop, 70_000));
    let (e, took) = run_code(&code);
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert!(
        e.contains("FREP body holds more than 65536 words, the last at pc 0x80040000"),
        "{e}"
    );
}
