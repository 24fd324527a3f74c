//! `--timing` speed (issue 14, "Speed": at least 50 M simulated cycles per second for one
//! hart): simulated cycles per second of host time on one hart, for an SSR + FREP reduction
//! (the sequencer path) and a plain FP loop (every FP instruction through the offload hook).
//! `cargo bench -p macrosim-snitch --bench timing`; prints medians of 5 runs, per second of
//! this thread's CPU time (the shared machine's load would otherwise dominate wall time).
//! Then the issue's own kernels (`examples/snitch/build/*.elf`, `snitch_cluster`): the one-hart
//! utilization programs (hart 0 runs the kernel, hart 1 checks it, the others wait at the
//! barrier) and the 9-hart dot, gemm and axpy; per second of CPU time of `Cluster::run` alone
//! (loading excluded), the cluster's cycles (its slowest hart's) and the harts' cycles summed.
//! They run for well under a millisecond each, so each figure is the median of 21 runs.
//! `ONLY=frep`, `ONLY=fld` or `ONLY=kernels` runs one workload, `SCALE=N` runs it N/100 of its size and
//! `RUNS=N` N times (for profiling under callgrind).
//!
//! The operands are ordinary doubles (1.1 and 0.9 in TCDM), as a kernel's data would be: the
//! FPU's host-float fast paths then apply, as they do on real data.

use cpu_time::ThreadTime;
use macrosim_snitch::{Cluster, RunOptions, SystemConfig};

const CODE: u32 = 0x8000_0000;
const TOHOST: u32 = 0x8000_8000;
const TCDM: u32 = 0x1000_0000;

fn li(rd: u32, v: u32) -> [u32; 2] {
    let hi = v.wrapping_add(0x800) & 0xffff_f000;
    let lo = v.wrapping_sub(hi) & 0xfff;
    [hi | rd << 7 | 0x37, lo << 20 | rd << 15 | rd << 7 | 0x13]
}

fn exit() -> Vec<u32> {
    let mut c = vec![0x7c00_7073 | 1 << 15, 0xe001_85d3]; // csrci ssr,1; fmv.x.w a1,ft3
    c.extend(li(12, TOHOST));
    c.extend(li(11, 1));
    c.push(11 << 20 | 12 << 15 | 2 << 12 | 0x23); // sw a1,0(a2)
    c
}

/// SSR0/1 stream one element (stride 0) into a staggered FREP'd fmadd.d: `loops` FREPs of
/// 65536 repetitions (rs1 is 16 bits).
fn frep_kernel(loops: u32) -> Vec<u32> {
    let mut c = Vec::new();
    c.extend(li(5, 65536 * loops - 1));
    c.extend(li(10, TCDM));
    for ssr in 0..2 {
        c.push((ssr | 2 << 5) << 20 | 5 << 15 | 2 << 12 | 0x2b); // bound[0]
        c.push((ssr | 24 << 5) << 20 | 10 << 15 | 2 << 12 | 0x2b); // rptr[0]
        c.push(8 << 20 | 10 << 15 | 10 << 7 | 0x13); // addi a0,a0,8: SSR1 in the next bank
    }
    c.push(0x7c00_6073 | 1 << 15); // csrsi ssr,1
    c.extend(li(5, 65535));
    c.extend(li(6, loops));
    c.push(3 << 12 | 0b10011 << 7 | 5 << 15 | 0x0b); // frep.o t0,1,3,0b1001
    c.push(3 << 27 | 1 << 25 | 1 << 20 | 7 << 12 | 3 << 7 | 0x43); // fmadd.d ft3,ft0,ft1,ft3
    c.push(0xfff << 20 | 6 << 15 | 6 << 7 | 0x13); // addi t1,t1,-1
    c.push(0xfe03_1ae3); // bne t1,x0,-8
    c.extend(exit());
    c
}

/// `n` iterations of fld; fmadd.d; addi; bne.
fn fp_loop(n: u32) -> Vec<u32> {
    let mut c = Vec::new();
    c.extend(li(5, n));
    c.extend(li(10, TCDM));
    c.push(3 << 12 | 10 << 15 | 4 << 7 | 0x07); // fld ft4,0(a0)
    c.push(3 << 27 | 1 << 25 | 4 << 20 | 4 << 15 | 7 << 12 | 3 << 7 | 0x43); // fmadd.d ft3,ft4,ft4,ft3
    c.push(0xfff << 20 | 5 << 15 | 5 << 7 | 0x13); // addi t0,t0,-1
    c.push(0xfe02_9ae3); // bne t0,x0,-12
    c.extend(exit());
    c
}

fn env(name: &str, default: u32) -> u32 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn measure(name: &str, code: &[u32]) {
    let mut rates = Vec::new();
    let mut cycles = 0;
    for _ in 0..env("RUNS", 5) {
        let mut cfg = SystemConfig::preset("snitch_cluster").expect("preset");
        cfg.cluster.compute_cores = 1;
        cfg.cluster.dma_core = false;
        let mut c = Cluster::from_code(cfg, CODE, code, TOHOST).expect("cluster");
        for (i, v) in [1.1f64, 0.9].into_iter().enumerate() {
            let a = u64::from(TCDM) + 8 * i as u64;
            c.mem.write_u64(a, v.to_bits()).expect("TCDM is mapped");
        }
        let t = ThreadTime::now();
        let o = c
            .run(&RunOptions {
                max_insns: None,
                timing: true,
                trace: None,
                ..Default::default()
            })
            .expect("run");
        let s = t.elapsed().as_secs_f64();
        cycles = o.stats[0].cycles;
        rates.push(cycles as f64 / s / 1e6);
    }
    rates.sort_by(f64::total_cmp);
    println!(
        "{name}: {cycles} cycles, median {:.1} M simulated cycles/s",
        rates[rates.len() / 2]
    );
}

/// `--timing` on a committed kernel ELF: (cluster cycles, hart cycles summed, median CPU s).
fn measure_elf(name: &str) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/snitch/build/");
    let bytes = std::fs::read(format!("{dir}{name}.elf")).expect("committed ELF");
    let mut secs = Vec::new();
    let (mut cycles, mut total) = (0u64, 0u64);
    for _ in 0..env("RUNS", 21) {
        let cfg = SystemConfig::preset("snitch_cluster").expect("preset");
        let mut c = Cluster::new(cfg, &bytes).expect("cluster");
        let opts = RunOptions {
            timing: true,
            ..Default::default()
        };
        let t = ThreadTime::now();
        let o = c.run(&opts).expect("run");
        secs.push(t.elapsed().as_secs_f64());
        assert_eq!(o.code, 0, "{name} fails its own check");
        cycles = o.stats.iter().map(|h| h.cycles).max().unwrap_or(0);
        total = o.stats.iter().map(|h| h.cycles).sum::<u64>();
    }
    secs.sort_by(f64::total_cmp);
    let s = secs[secs.len() / 2];
    println!(
        "{name}: {cycles} cycles ({total} over the harts) in {:.3} ms: {:.1} M cycles/s, {:.1} M hart cycles/s",
        s * 1e3,
        cycles as f64 / s / 1e6,
        total as f64 / s / 1e6
    );
}

fn main() {
    if std::env::var("ONLY").map_or(true, |v| v == "frep") {
        measure(
            "ssr+frep fmadd.d reduction",
            &frep_kernel(3 * env("SCALE", 100)),
        );
    }
    if std::env::var("ONLY").map_or(true, |v| v == "fld") {
        measure("fld/fmadd.d loop", &fp_loop(50_000 * env("SCALE", 100)));
    }
    if std::env::var("ONLY").map_or(true, |v| v == "kernels") {
        for k in [
            "util_reduce_base",
            "util_reduce_ssr",
            "util_reduce_ssr_frep",
            "util_frep_note_base",
            "util_frep_note_ssr",
            "util_frep_note_frep",
            "dot",
            "gemm",
            "axpy",
        ] {
            measure_elf(k);
        }
    }
}
