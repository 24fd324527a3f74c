//! Bad input is an error, never a panic: arbitrary text through the parser, and whatever
//! parses through the frontend (functional and timed).

use macrosim_tensix::Arch;
use macrosim_tensix::frontend::{FrontendTiming, Thread, ThreadFrontend};
use macrosim_tensix::program::Program;
use proptest::prelude::*;

/// Lines made of the program language's own pieces, so that many of them parse.
fn line() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        Just("mopcfg".to_string()),
        Just("MOP".to_string()),
        Just("REPLAY".to_string()),
        Just("MOP_CFG".to_string()),
        Just("NOP".to_string()),
        Just(".ttinsn".to_string()),
        Just(",".to_string()),
        Just("#".to_string()),
        (0u64..200).prop_map(|v| v.to_string()),
        any::<u32>().prop_map(|v| format!("{v:#x}")),
        "[ -~]{0,6}",
        "\\PC{0,3}",
    ];
    proptest::collection::vec(token, 0..8).prop_map(|t| t.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn parsing_and_expanding_never_panic(lines in proptest::collection::vec(line(), 0..12)) {
        let text = lines.join("\n");
        for arch in Arch::ALL {
            match Program::parse(&text, arch) {
                Err(errors) => {
                    prop_assert!(!errors.0.is_empty());
                    for e in &errors.0 {
                        prop_assert!(e.line >= 1 && e.line <= lines.len().max(1));
                    }
                }
                Ok(program) => {
                    let words: Vec<u32> = ThreadFrontend::new(program.inputs()).take(200_000).collect();
                    let mut timed = Vec::new();
                    let mut timing = FrontendTiming::new(program.inputs(), Thread::T1);
                    while !timing.is_done() && timed.len() < 200_000 {
                        if let Some(w) = timing.step() {
                            timed.push(w);
                        }
                    }
                    prop_assert_eq!(&timed[..], &words[..timed.len()]);
                }
            }
        }
    }
}
