//! `macrosim riscv ...` (being built; see the open issue for this target).

use std::process::ExitCode;

#[derive(clap::Subcommand)]
pub enum Command {}

pub fn run(cmd: Command) -> ExitCode {
    match cmd {}
}
