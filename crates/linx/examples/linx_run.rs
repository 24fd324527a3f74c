//! The block engine alone, for `scripts/linx-bench-engine.sh`: run a linx64 program as
//! `macrosim linx run` does (same loader and engine, output discarded), without the CLI's other
//! simulators, so that two versions of this crate build quickly enough to be compared.
//!   cargo build --release -p macrosim-linx --example linx_run
//!   target/release/examples/linx_run [--compat] [--timing] ELF [ARGS...]
//! Exits with the program's status (2 on a simulator error).

use macrosim_linx::block::CfiMode;
use macrosim_linx::engine::pe::PeConfig;
use macrosim_linx::engine::{Config, Exit, Machine};
use macrosim_linx::rob::BlockRob;
use macrosim_linx::runtime::{self, RuntimeConfig};
use macrosim_linx::trace::{NoObserver, Observer};
use std::process::ExitCode;

fn run<O: Observer>(prog: runtime::Program, cfi: CfiMode, obs: O) -> ExitCode {
    let cfg = Config {
        cfi,
        max_insns: None,
    };
    let mut m = Machine::new(prog, cfg, obs);
    m.process
        .redirect_output(Box::new(std::io::sink()), Box::new(std::io::sink()));
    match m.run() {
        Ok(Exit::Exited(code)) => ExitCode::from(code as u8),
        other => {
            eprintln!("linx_run: {other:?}");
            ExitCode::from(2)
        }
    }
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut flag = |name: &str| {
        let at = args.iter().position(|a| a == name);
        at.map(|i| args.remove(i)).is_some()
    };
    let cfi = if flag("--compat") {
        CfiMode::Compat
    } else {
        CfiMode::Strict
    };
    let timing = flag("--timing");
    let Some(path) = args.first() else {
        eprintln!("usage: linx_run [--compat] [--timing] ELF [ARGS...]");
        return ExitCode::from(2);
    };
    let bytes = std::fs::read(path).expect("readable ELF");
    let prog = runtime::load(&bytes, &args, &[], &RuntimeConfig::default()).expect("loadable");
    if timing {
        run(prog, cfi, BlockRob::with_pes(PeConfig::default()))
    } else {
        run(prog, cfi, NoObserver)
    }
}
