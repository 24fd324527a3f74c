//! Block-engine throughput (`cargo bench -p macrosim-linx --bench engine`): the sieve example
//! (`examples/linx/sieve.s`, ~310 million instructions in ~76 million blocks) run to completion,
//! functional only and with the block ROB timing model. Plain `Instant` timing, median of 5
//! runs; instructions and blocks per second of host time.

use macrosim_linx::asm::assemble;
use macrosim_linx::block::CfiMode;
use macrosim_linx::engine::{Config, Exit, Machine};
use macrosim_linx::rob::{BlockRob, RobConfig};
use macrosim_linx::runtime::{self, RuntimeConfig};
use macrosim_linx::trace::{NoObserver, Observer};
use std::time::Instant;

const SIEVE: &str = include_str!("../../../examples/linx/sieve.s");

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn once<O: Observer>(elf: &[u8], obs: O) -> (f64, u64, u64) {
    let prog = runtime::load(elf, &["sieve".into()], &[], &RuntimeConfig::default()).unwrap();
    let mut m = Machine::new(
        prog,
        Config {
            cfi: CfiMode::Strict,
            max_insns: None,
        },
        obs,
    );
    m.process
        .redirect_output(Box::new(std::io::sink()), Box::new(std::io::sink()));
    let t = Instant::now();
    let r = m.run();
    let secs = t.elapsed().as_secs_f64();
    assert_eq!(r.unwrap(), Exit::Exited(0));
    (secs, m.cpu.insns, m.cpu.blocks)
}

fn report(name: &str, runs: Vec<(f64, u64, u64)>) {
    let (_, insns, blocks) = runs[0];
    let secs = median(runs.iter().map(|r| r.0).collect());
    println!(
        "{name:<22} {insns} insns, {blocks} blocks, median {secs:.3} s: {:.1} M insns/s, {:.1} M blocks/s",
        insns as f64 / secs / 1e6,
        blocks as f64 / secs / 1e6
    );
}

fn main() {
    let elf = assemble("sieve.s", SIEVE).unwrap().to_elf();
    report(
        "functional",
        (0..5).map(|_| once(&elf, NoObserver)).collect(),
    );
    report(
        "with --timing (BROB)",
        (0..5)
            .map(|_| once(&elf, BlockRob::new(RobConfig::default())))
            .collect(),
    );
}
