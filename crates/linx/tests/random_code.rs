//! Arbitrary instruction words inside a block never panic the simulator: each run ends in an
//! exit, the instruction limit, or a typed error naming the pc (DESIGN principle 7).

use macrosim_linx::asm::assemble;
use macrosim_linx::block::CfiMode;
use macrosim_linx::engine::{Config, Machine};
use macrosim_linx::runtime::{self, RuntimeConfig};
use macrosim_linx::trace::NoObserver;
use proptest::prelude::*;

fn run_words(words: &[u32], cfi: CfiMode) {
    let mut src = String::from("        .text\n_start: C.BSTART.STD\n");
    for w in words {
        src.push_str(&format!("        .word {w:#x}\n"));
    }
    src.push_str("        C.BSTOP\n        .data\n        .zero 4096\n");
    let elf = assemble("random.s", &src).unwrap().to_elf();
    let prog = runtime::load(&elf, &["random".into()], &[], &RuntimeConfig::default()).unwrap();
    let mut m = Machine::new(
        prog,
        Config {
            cfi,
            max_insns: Some(500),
        },
        NoObserver,
    );
    m.process
        .redirect_output(Box::new(std::io::sink()), Box::new(std::io::sink()));
    if let Err(e) = m.run() {
        assert!(!e.to_string().is_empty());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn random_words_fault_cleanly(words in proptest::collection::vec(any::<u32>(), 1..24)) {
        run_words(&words, CfiMode::Strict);
        run_words(&words, CfiMode::Compat);
    }
}
