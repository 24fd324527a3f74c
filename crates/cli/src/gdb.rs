//! `--gdb ADDR:PORT` on the run verbs (`riscv run`, `tensix run`, `snitch run`): listen, hand
//! the run loop its [`Debugger`], and end the run the way GDB left it.

use macrosim_core::stop::StopSignal;
use macrosim_riscv::gdb::{Debugger, Ended, Exit};
use macrosim_snitch::cluster::{Cluster, Outcome, RunOptions};
use macrosim_snitch::error::SnitchError;
use macrosim_tensix::tile::{CORE_NAMES, Stats, Tile};
use std::fmt::Display;
use std::time::Duration;

/// How long a run waits for GDB to connect.
const WAIT: Duration = Duration::from_secs(120);

/// Wait for GDB on `addr`; it sees one thread per `(hart index, name)`.
pub fn listen(
    addr: &str,
    threads: Vec<(usize, String)>,
    stop: StopSignal,
) -> anyhow::Result<Debugger> {
    eprintln!("macrosim: waiting for GDB on {addr} (target remote {addr})");
    Ok(Debugger::listen(addr, WAIT, threads, stop)?)
}

/// GDB killed the program (`kill`): the command exits with status 137 ([`crate::out::fail`]).
#[derive(Debug)]
pub struct KilledByGdb(pub String);

impl Display for KilledByGdb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: killed from GDB", self.0)
    }
}

impl std::error::Error for KilledByGdb {}

/// The exit status GDB hears for a run that failed (a fault, a deadlock, a limit).
pub const SIGILL: Exit = Exit::Signal(4);

/// Tell GDB how the run ended; an error when GDB ended it first (a kill, or the client went
/// away).
pub fn finish(dbg: Debugger, exit: Exit, what: &dyn Display) -> anyhow::Result<()> {
    match dbg.finish(exit) {
        None | Some(Ended::Detached) => Ok(()),
        Some(Ended::Killed) => Err(KilledByGdb(what.to_string()).into()),
        Some(Ended::Failed(e)) => Err(e.into()),
    }
}

/// `tensix run --gdb`: the started cores are GDB's threads (thread = core index + 1, named
/// trisc0, trisc1, trisc2, brisc).
pub fn run_tile(
    tile: &mut Tile,
    max_cycles: u64,
    addr: &str,
    stop: StopSignal,
    what: &dyn Display,
) -> anyhow::Result<Stats> {
    let threads = tile
        .started_cores()
        .into_iter()
        .map(|i| (i, CORE_NAMES[i].to_string()))
        .collect();
    let mut dbg = listen(addr, threads, stop)?;
    let mut trace = dbg.trace();
    let result = tile.run_hooked(max_cycles, &mut dbg, &mut trace);
    finish(
        dbg,
        if result.is_ok() {
            Exit::Code(0)
        } else {
            SIGILL
        },
        what,
    )?;
    Ok(result?)
}

/// `snitch run --gdb`: every hart is a GDB thread (thread = hart index + 1).
pub fn run_cluster(
    cluster: &mut Cluster,
    opts: &RunOptions,
    addr: &str,
    what: &dyn Display,
) -> anyhow::Result<Result<Outcome, SnitchError>> {
    let threads = (0..cluster.harts.len())
        .map(|h| (h, format!("hart {h}")))
        .collect();
    let stop = opts.stop.clone().unwrap_or_default();
    let mut dbg = listen(addr, threads, stop)?;
    let trace = dbg.trace();
    let result = cluster.run_hooked(opts, &mut dbg, trace);
    let exit = match &result {
        Ok(o) => Exit::Code(o.code.min(255) as u8),
        Err(_) => SIGILL,
    };
    finish(dbg, exit, what)?;
    Ok(result)
}
