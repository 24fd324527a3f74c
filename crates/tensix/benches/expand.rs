//! `cargo bench -p macrosim-tensix`: expansion throughput in output words per second (divan's
//! "item/s") of the frontend on the two benchmark inputs of issue 2:
//! (a) `inputs/max_mop_replay16.tt`, a maximal template-1 MOP whose loop ops are REPLAYs of 16;
//! (b) `inputs/random_small_mops.tt`, a stream of random small MOPs.
//! `functional` is the functional frontend's bulk path, `timing` the cycle model (one cycle a
//! step). BENCHMARKS.md has the figures and the comparison with the Python model.

use divan::Bencher;
use divan::counter::ItemsCount;
use macrosim_tensix::Arch;
use macrosim_tensix::frontend::{FrontendTiming, Thread, ThreadFrontend};
use macrosim_tensix::program::Program;

fn main() {
    divan::main();
}

const INPUTS: [(&str, &str); 2] = [
    (
        "max_mop_replay16",
        include_str!("inputs/max_mop_replay16.tt"),
    ),
    (
        "random_small_mops",
        include_str!("inputs/random_small_mops.tt"),
    ),
];

fn program(name: &str) -> Program {
    let (_, text) = INPUTS
        .iter()
        .find(|(n, _)| *n == name)
        .expect("a benchmark input");
    Program::parse(text, Arch::WormholeB0).expect("the benchmark inputs parse")
}

fn words(program: &Program) -> u64 {
    ThreadFrontend::new(program.inputs()).drain(&mut [0; 4096], |_| {})
}

#[divan::bench(args = ["max_mop_replay16", "random_small_mops"])]
fn functional(bencher: Bencher, name: &str) {
    let program = program(name);
    let mut buf = vec![0u32; 4096];
    bencher
        .counter(ItemsCount::new(words(&program)))
        .bench_local(|| {
            ThreadFrontend::new(program.inputs()).drain(&mut buf, |w| {
                divan::black_box(w);
            })
        });
}

#[divan::bench(args = ["max_mop_replay16", "random_small_mops"], sample_count = 20)]
fn timing(bencher: Bencher, name: &str) {
    let program = program(name);
    bencher
        .counter(ItemsCount::new(words(&program)))
        .bench_local(|| {
            FrontendTiming::new(program.inputs(), Thread::T0).run(|cycle, word| {
                divan::black_box((cycle, word));
            })
        });
}
