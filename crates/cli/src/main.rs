//! `macrosim <target> <verb>`: a thin layer that parses arguments, calls a target library and
//! prints. Each target's verbs live in a module of their own.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod linx;
mod riscv;
mod tensix;
mod tensix_formats;
mod tensix_npy;
mod tensix_run;

#[derive(Parser)]
#[command(
    name = "macrosim",
    version,
    about = "Simulators for accelerator cores whose frontends turn one instruction into many"
)]
struct Cli {
    #[command(subcommand)]
    target: Target,
}

#[derive(Subcommand)]
enum Target {
    /// Tenstorrent Tensix coprocessor (Wormhole B0, Blackhole)
    #[command(subcommand)]
    Tensix(tensix::Command),
    /// RV32IMAFD harts (the TRISC and Snitch cores' ISA) running bare-metal or Linux programs
    #[command(subcommand)]
    Riscv(riscv::Command),
    /// The block-structured Linx ISA, v0.4
    #[command(subcommand)]
    Linx(linx::Command),
}

fn main() -> ExitCode {
    match Cli::parse().target {
        Target::Tensix(cmd) => tensix::run(cmd),
        Target::Riscv(cmd) => riscv::run(cmd),
        Target::Linx(cmd) => linx::run(cmd),
    }
}
