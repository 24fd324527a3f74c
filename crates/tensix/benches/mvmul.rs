//! `cargo bench -p macrosim-tensix --bench mvmul`: the Matrix Unit's MVMUL alone, without a
//! tile — one `MVMUL 0, 0, 0, 0` word issued on thread 1 of a bare Wormhole B0 backend, over
//! and over, as the matmul kernels' MATH thread issues it: Dst rows read and written. SrcA and
//! SrcB hold random normal TF32 values of either sign. Two cases:
//! - `dst16`, `dst32`: the same Src data every time, as in a HiFi matmul's phases after the
//!   first (the decoded (SrcA, SrcB) pair is found again);
//! - `fresh_dst16`, `fresh_dst32`: one SrcA datum changes before every MVMUL, so each one
//!   decodes its Src rows anew, as a LoFi matmul's MVMULs and a HiFi matmul's first phase do.
//!
//! divan's "item/s" counts bit-exact multiply-adds (one MVMUL = 8 Dst rows × 16 columns × 16
//! products = 2048), so 1/(item/s) is the time per multiply-add; the argument is the fidelity
//! phase, with a 16-bit (BF16) Dst and an FP32 Dst. BENCHMARKS.md has the figures.

use divan::Bencher;
use divan::counter::ItemsCount;
use macrosim_core::SparseMemory;
use macrosim_tensix::Arch;
use macrosim_tensix::backend::config::{Fields, cfg};
use macrosim_tensix::backend::regs::SrcClient;
use macrosim_tensix::backend::{Backend, Issue};

fn main() {
    divan::main();
}

const ISSUES: usize = 100;
/// Multiply-adds per MVMUL (MVMUL.md: Dst[8 rows] += SrcB[8 rows] × SrcA[16 rows]).
const MACS: usize = 8 * 16 * 16;

fn run(bencher: Bencher, phase: u32, fp32: bool, fresh: bool) {
    let mut b = Backend::new(Arch::WormholeB0.table());
    let mut l1 = SparseMemory::new();
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for src in [&mut b.srca, &mut b.srcb] {
        for bank in 0..2 {
            for row in src.bank_mut(bank).iter_mut() {
                for v in row.iter_mut() {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    // sign[18] exp[17:10] man[9:0], exponent in [2^-8, 2^8)
                    *v = (x as u32 & 0x4_03ff) | ((119 + (x >> 40) as u32 % 16) << 10);
                }
            }
            src.allowed[bank] = SrcClient::MatrixUnit;
        }
    }
    cfg("ALU_FORMAT_SPEC_REG0_SrcA").set(b.cfg.bank_mut(1), 4);
    cfg("ALU_FORMAT_SPEC_REG1_SrcB").set(b.cfg.bank_mut(1), 4);
    Fields::get()
        .fp32_acc
        .set(b.cfg.bank_mut(1), u32::from(fp32));
    b.rwc[1].fidelity = phase;
    bencher
        .counter(ItemsCount::new(ISSUES * MACS))
        .bench_local(|| {
            for _ in 0..ISSUES {
                if fresh {
                    // Another mantissa bit of one SrcA datum: new data for the decoder.
                    b.srca.bank_mut(0)[5][7] ^= 1 << (x as u32 % 10);
                    x = x.rotate_left(1);
                }
                let r = b.issue(1, 0x2600_0000, &mut l1);
                assert!(matches!(r, Ok(Issue::Executed)), "MVMUL executes");
            }
        });
}

#[divan::bench(args = [0, 1, 2, 3])]
fn dst16(bencher: Bencher, phase: u32) {
    run(bencher, phase, false, false);
}

#[divan::bench(args = [0, 1, 2, 3])]
fn dst32(bencher: Bencher, phase: u32) {
    run(bencher, phase, true, false);
}

#[divan::bench(args = [0, 3])]
fn fresh_dst16(bencher: Bencher, phase: u32) {
    run(bencher, phase, false, true);
}

#[divan::bench(args = [0, 3])]
fn fresh_dst32(bencher: Bencher, phase: u32) {
    run(bencher, phase, true, true);
}
