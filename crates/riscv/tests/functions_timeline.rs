//! `--timeline` for RISC-V (issue 11): the function spans of `tests/riscv-corpus/debug/calls.c`
//! follow its source: main calls sum_squares once, which calls square five times.

use macrosim_core::timeline::{EventKind, Recording};
use macrosim_riscv::functions::{FunctionSymbols, FunctionTimeline};
use macrosim_riscv::{Isa, Outcome, Program, RunOptions};

#[test]
fn calls_become_nested_spans_in_instruction_counts() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/riscv-corpus/debug/calls-O0.elf"
    );
    let elf = std::fs::read(path).unwrap();
    let opts = RunOptions {
        isa: Isa::RV32IMAFD,
        max_insns: Some(1_000_000),
        argv: vec!["calls".into()],
        envp: Vec::new(),
    };
    let mut program = Program::load(&elf, &opts).unwrap();
    program.redirect_output(Box::new(std::io::sink()), Box::new(std::io::sink()));
    let symbols = FunctionSymbols::from_elf(&elf);
    let mut rec = Recording::new();
    let mut functions = FunctionTimeline::new(&mut rec, &symbols, 0);
    assert_eq!(program.run(&mut functions).unwrap(), Outcome::Exit(0));
    functions.finish();

    let spans: Vec<(&str, u64, u64)> = rec
        .events()
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::Span { end } => Some((rec.name_of(e.name), e.start, end)),
            EventKind::Instant => None,
        })
        .collect();
    let named = |n: &str| spans.iter().filter(move |s| s.0 == n).collect::<Vec<_>>();
    let (main, sum, squares) = (named("main"), named("sum_squares"), named("square"));
    assert_eq!((main.len(), sum.len(), squares.len()), (1, 1, 5));
    let inside =
        |inner: &(&str, u64, u64), outer: &(&str, u64, u64)| outer.1 < inner.1 && inner.2 < outer.2;
    assert!(inside(sum[0], main[0]));
    for sq in &squares {
        assert!(inside(sq, sum[0]), "{sq:?} outside {:?}", sum[0]);
    }
    // The same code runs five times: five spans of one length, in order, apart.
    assert!(
        squares
            .iter()
            .all(|s| s.2 - s.1 == squares[0].2 - squares[0].1)
    );
    assert!(squares.windows(2).all(|w| w[0].2 <= w[1].1));
    // The outermost span (_start) covers every retired instruction.
    let whole = spans.iter().find(|s| s.0 == "_start").unwrap();
    assert_eq!((whole.1, whole.2), (0, program.hart.retired()));
}
