//! `macrosim <target> <verb>`: a thin layer that parses arguments, calls a target library and
//! prints. Each target's verbs live in a module of their own.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod files;
mod gdb;
mod linx;
mod linx_timeline;
mod out;
mod riscv;
mod size;
mod snitch;
mod stop;
mod tensix;
mod tensix_npy;
mod tensix_run;
mod timeline;

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
    /// The PULP Snitch cluster: Xssr, Xfrep, Xdma, 8+1 cores, a cycle model
    #[command(subcommand)]
    Snitch(snitch::Command),
    /// Check a timeline file (--timeline output): well-formed trace-event JSON, every span
    /// closed, tracks named, timestamps monotone per track
    TimelineCheck(timeline::CheckArgs),
    /// Write the self-contained HTML viewer for a trace-event JSON file
    TimelineView(timeline::ViewArgs),
}

fn main() -> ExitCode {
    match Cli::parse().target {
        Target::Tensix(cmd) => tensix::run(cmd),
        Target::Riscv(cmd) => riscv::run(cmd),
        Target::Linx(cmd) => linx::run(cmd),
        Target::Snitch(cmd) => snitch::run(cmd),
        Target::TimelineCheck(args) => timeline::check(&args),
        Target::TimelineView(args) => timeline::view(&args),
    }
}
