//! A linx64 program loaded and set up as `macrosim linx run` does it, for the tile tests and the
//! tiles benchmark (both include this file by path).

use macrosim_linx::block::CfiMode;
use macrosim_linx::engine::{Config, Machine};
use macrosim_linx::runtime::{self, Program, RuntimeConfig};
use macrosim_linx::trace::Observer;

/// `elf` loaded as a Linux process with argv `t`, no environment and the default runtime.
pub fn load(elf: &[u8]) -> Program {
    runtime::load(elf, &["t".into()], &[], &RuntimeConfig::default()).unwrap()
}

/// A strict-CFI machine for `prog` with `obs`, stopping after `max_insns`; the program's
/// standard output and error are discarded.
pub fn machine<O: Observer>(prog: Program, max_insns: Option<u64>, obs: O) -> Machine<O> {
    let cfg = Config {
        cfi: CfiMode::Strict,
        max_insns,
    };
    let mut m = Machine::new(prog, cfg, obs);
    m.process
        .redirect_output(Box::new(std::io::sink()), Box::new(std::io::sink()));
    m
}
