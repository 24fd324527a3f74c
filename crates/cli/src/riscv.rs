//! `macrosim riscv ...`: run RV32 ELF programs on the RV32IMAFD hart, or disassemble them.

use crate::{files, out, size, stop};
use macrosim_riscv::functions::{FunctionSymbols, FunctionTimeline};
use macrosim_riscv::gdb::{Exit, SharedMemoryView, TurnHook};
use macrosim_riscv::hart::Tier;
use macrosim_riscv::isa::{Isa, ListingError, write_listing};
use macrosim_riscv::program::{Outcome, Program, RunError, RunOptions};
use macrosim_riscv::trace::{CommitLog, NoTrace};
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Run an RV32 ELF: bare metal if it defines `tohost` (exit 0 = pass, 1 = fail), otherwise
    /// as a Linux user program (exit status = the program's). Errors exit with status 2.
    Run {
        /// Extensions of the hart: rv32i[m][a][f][d][_zicsr][_zifencei] (Zicsr and Zifencei
        /// are always present). Instructions outside the set are illegal.
        #[arg(long, default_value = "rv32imafd", value_parser = parse_isa)]
        isa: Isa,
        /// Stop with an error (exit status 2) after this many instructions; no limit by default.
        #[arg(long, value_name = "N")]
        max_insns: Option<u64>,
        /// Write a Spike-style commit log (`--log-commits` format) to FILE.
        #[arg(long, value_name = "FILE")]
        trace: Option<PathBuf>,
        /// Write one span per function activation (from the ELF's symbols; time in retired
        /// instructions) to FILE: trace-event JSON for Perfetto, gzip'd if FILE ends in .gz,
        /// a self-contained viewer if .html.
        #[arg(long, value_name = "FILE", conflicts_with = "trace")]
        timeline: Option<PathBuf>,
        /// Wait (up to 120 s) for GDB on ADDR:PORT (`target remote ADDR:PORT`) and run under
        /// its control: one GDB thread per hart, registers with FP and CSRs, breakpoints,
        /// watchpoints, stepping, Ctrl-C.
        #[arg(long, value_name = "ADDR:PORT", conflicts_with_all = ["trace", "timeline"])]
        gdb: Option<String>,
        /// Print `macrosim: stats: instructions N time T s mips M` on stderr at the end.
        #[arg(long)]
        stats: bool,
        /// Stop after this many seconds of wall-clock time (exit status 124), reporting where
        /// the hart was; Ctrl-C stops the same way with exit status 130.
        #[arg(long, value_name = "SECONDS", value_parser = stop::parse_seconds)]
        timeout: Option<f64>,
        /// Most memory a Linux program may map with brk/mmap/mremap (K, M, G suffixes);
        /// beyond it those calls fail with ENOMEM.
        #[arg(long, value_name = "SIZE", default_value = "4G", value_parser = size::parse_size)]
        mem_limit: u64,
        /// Execution tier: `interp` (the pre-decoded interpreter) or `jit` (hot blocks
        /// translated to host code with Cranelift; same results; only in builds with the `jit`
        /// feature, where it is the default except with --trace, --timeline or --gdb).
        #[arg(long, value_parser = parse_tier)]
        tier: Option<Tier>,
        /// With the jit tier: translate a block once it has been entered this many times,
        /// counted from the start and without the default pacing (default: 5000 entries, and
        /// translation paced by the instructions retired); 1 translates everything, for testing.
        #[arg(long, value_name = "ENTRIES")]
        jit_threshold: Option<u32>,
        /// The program.
        elf: PathBuf,
        /// Arguments for a Linux program (its argv[1..]).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Disassemble the executable sections of an RV32 ELF (objdump -d -M no-aliases style).
    Disasm {
        #[arg(long, default_value = "rv32imafd", value_parser = parse_isa)]
        isa: Isa,
        elf: PathBuf,
    },
}

fn parse_tier(s: &str) -> Result<Tier, String> {
    match s {
        "interp" => Ok(Tier::Interp),
        "jit" => Ok(Tier::Jit),
        _ => Err(format!("unknown tier {s:?} (expected interp or jit)")),
    }
}

fn parse_isa(s: &str) -> Result<Isa, String> {
    Isa::parse(s).map_err(|e| e.to_string())
}

pub fn run(cmd: Command) -> ExitCode {
    let result = match cmd {
        Command::Run {
            isa,
            max_insns,
            trace,
            timeline,
            gdb,
            stats,
            timeout,
            mem_limit,
            tier,
            jit_threshold,
            elf,
            args,
        } => {
            // The translation tier runs only untraced code: a commit log, a timeline or a
            // debugger interprets.
            let observed = trace.is_some() || timeline.is_some() || gdb.is_some();
            let tier = tier.unwrap_or(if observed || !cfg!(feature = "jit") {
                Tier::Interp
            } else {
                Tier::Jit
            });
            run_elf(
                isa,
                max_insns,
                Output {
                    trace,
                    timeline,
                    gdb,
                },
                stats,
                (stop::Limits { timeout, mem_limit }, tier, jit_threshold),
                elf,
                args,
            )
        }
        Command::Disasm { isa, elf } => disasm(isa, &elf).map(|()| ExitCode::SUCCESS),
    };
    result.unwrap_or_else(|e| out::fail(&e))
}

/// Where a run's per-instruction events go.
struct Output {
    trace: Option<PathBuf>,
    timeline: Option<PathBuf>,
    gdb: Option<String>,
}

fn run_elf(
    isa: Isa,
    max_insns: Option<u64>,
    output: Output,
    stats: bool,
    (limits, tier, jit_threshold): (stop::Limits, Tier, Option<u32>),
    elf: PathBuf,
    args: Vec<String>,
) -> anyhow::Result<ExitCode> {
    let bytes = files::read(&elf, false)?;
    for out in [&output.trace, &output.timeline].into_iter().flatten() {
        files::check_output(out, &[&elf])?;
    }
    let mut argv = vec![elf.display().to_string()];
    argv.extend(args);
    let opts = RunOptions {
        isa,
        max_insns,
        argv,
        envp: Vec::new(),
    };
    let mut program =
        Program::load(&bytes, &opts).map_err(|e| anyhow::anyhow!("{}: {e}", elf.display()))?;
    let stop_signal = stop::install(limits.timeout)?;
    program.set_stop(stop_signal.clone());
    program.set_mem_limit(limits.mem_limit);
    program.hart.set_tier(tier)?;
    if let Some(n) = jit_threshold {
        program.hart.set_jit_threshold(n);
    }
    let start = Instant::now();
    let outcome = match (&output.trace, &output.timeline) {
        _ if output.gdb.is_some() => {
            let addr = output.gdb.as_deref().unwrap_or_default();
            let mut dbg = crate::gdb::listen(addr, vec![(0, "hart 0".into())], stop_signal)?;
            let mut trace = dbg.trace();
            let outcome = loop {
                let mut view = SharedMemoryView {
                    harts: std::slice::from_mut(&mut program.hart),
                    mem: &mut program.mem,
                };
                let n = dbg.turn(0, &mut view);
                match program.run_for(&mut trace, n) {
                    Ok(None) => {}
                    Ok(Some(o)) => break Ok(o),
                    Err(e) => break Err(e),
                }
            };
            let exit = match &outcome {
                Ok(Outcome::Killed(sig)) => Exit::Signal(*sig as u8),
                Ok(o) => Exit::Code(o.exit_status() as u8),
                Err(_) => crate::gdb::SIGILL,
            };
            crate::gdb::finish(dbg, exit, &elf.display())?;
            outcome
        }
        (None, Some(path)) => {
            let symbols = FunctionSymbols::from_elf(&bytes);
            let mut rec = crate::timeline::recording();
            let mut functions = FunctionTimeline::new(&mut rec, &symbols, program.hart.id());
            let outcome = program.run(&mut functions);
            functions.finish();
            crate::timeline::save(&rec, path)?;
            outcome
        }
        (None, None) => program.run(&mut NoTrace),
        (Some(path), _) => {
            let file = std::fs::File::create(path)
                .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", path.display()))?;
            let mut log = CommitLog::new(BufWriter::new(file), isa.flen());
            let outcome = program.run(&mut log);
            log.finish()
                .map_err(|e| anyhow::anyhow!("writing {}: {e}", path.display()))?;
            outcome
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    if stats {
        let n = program.hart.retired();
        eprintln!(
            "macrosim: stats: instructions {n} time {seconds:.3} s mips {:.1}",
            n as f64 / seconds.max(1e-9) / 1e6
        );
    }
    let outcome = match outcome {
        Err(RunError::Stopped {
            site,
            reason,
            retired,
        }) => {
            let at = format!("{site}, after {retired} instructions");
            return Ok(stop::report(&elf.display(), reason, &at));
        }
        other => other?,
    };
    if let Outcome::Fail { test } = outcome {
        eprintln!("macrosim: {}: FAIL (test {test})", elf.display());
    }
    if let Outcome::Killed(sig) = outcome {
        eprintln!("macrosim: {}: killed by signal {sig}", elf.display());
    }
    Ok(ExitCode::from(outcome.exit_status() as u8))
}

fn disasm(isa: Isa, path: &std::path::Path) -> anyhow::Result<()> {
    let bytes = files::read(path, false)?;
    let mut stdout = BufWriter::new(std::io::stdout().lock());
    write_listing(&bytes, isa, &mut stdout).map_err(|e| match e {
        ListingError::Io(io) => anyhow::Error::new(io),
        e => anyhow::Error::new(e).context(path.display().to_string()),
    })?;
    stdout.flush()?;
    Ok(())
}
