//! `cargo bench -p macrosim-tensix --bench sfpu`: the Vector Unit alone, without a tile — one
//! SFPU instruction word issued on thread 1 of a bare Wormhole B0 backend, over and over
//! (divan's "item/s" = SFPU instructions per second, each on 32 lanes). The LRegs hold random
//! normal FP32 values, as the activation kernels' data paths see; the hot instructions of the
//! kernels (sfpu_act.c): the MAD sub-unit's SFPMAD/SFPMULI, SFPLOADI, SFPIADD, the field ops,
//! the flag stack, and SFPLOAD/SFPSTORE against Dst. BENCHMARKS.md has the figures.

use divan::Bencher;
use divan::counter::ItemsCount;
use macrosim_core::{Perm, SparseMemory};
use macrosim_tensix::Arch;
use macrosim_tensix::backend::Backend;
use macrosim_tensix::isa::asm::assemble;

fn main() {
    divan::main();
}

const ISSUES: usize = 1000;

#[divan::bench(args = [
    "SFPMAD 0, 1, 2, 3, 0",
    "SFPMULI 0x3f00, 3, 0",
    "SFPLOADI 3, 0, 0x4b40",
    "SFPIADD 0, 2, 3, 6",
    "SFPEXEXP 0, 1, 3, 1",
    "SFPSETEXP 0, 1, 3, 0",
    "SFPSETCC 0, 1, 0, 0",
    "SFPENCC 0, 0, 0, 0",
    "SFPLOAD 3, 3, 3, 0",
    "SFPSTORE 3, 3, 3, 0",
])]
fn issue(bencher: Bencher, text: &str) {
    let w = assemble(Arch::WormholeB0, text).expect("the benchmark instructions assemble");
    let mut b = Backend::new(Arch::WormholeB0.table());
    let mut l1 = SparseMemory::new();
    l1.map(0, 1464 * 1024, Perm::RW);
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for r in 0..8 {
        for lane in 0..32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // a normal FP32 in [2^-8, 2^8), either sign
            b.sfpu.lregs[r][lane] = (x as u32 & 0x807f_ffff) | (119 + (x >> 40) as u32 % 16) << 23;
        }
    }
    bencher.counter(ItemsCount::new(ISSUES)).bench_local(|| {
        for _ in 0..ISSUES {
            b.issue(1, w, &mut l1)
                .expect("the benchmark instructions run");
        }
    });
}
