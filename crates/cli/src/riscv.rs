//! `macrosim riscv ...`: run RV32 ELF programs on the RV32IMAFD hart, or disassemble them.

use macrosim_riscv::functions::{FunctionSymbols, FunctionTimeline};
use macrosim_riscv::gdb::{self, SessionEnd};
use macrosim_riscv::isa::{Isa, disassemble_elf};
use macrosim_riscv::program::{Outcome, Program, RunOptions};
use macrosim_riscv::trace::{CommitLog, NoTrace};
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

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
            elf,
            args,
        } => run_elf(
            isa,
            max_insns,
            Output {
                trace,
                timeline,
                gdb,
            },
            stats,
            elf,
            args,
        ),
        Command::Disasm { isa, elf } => disasm(isa, &elf).map(|()| ExitCode::SUCCESS),
    };
    result.unwrap_or_else(|e| {
        eprintln!("macrosim: {e:#}");
        ExitCode::from(2)
    })
}

fn read(path: &PathBuf) -> anyhow::Result<Vec<u8>> {
    std::fs::read(path).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))
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
    elf: PathBuf,
    args: Vec<String>,
) -> anyhow::Result<ExitCode> {
    let bytes = read(&elf)?;
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
    let start = Instant::now();
    let outcome = match (&output.trace, &output.timeline) {
        _ if output.gdb.is_some() => {
            let addr = output.gdb.as_deref().unwrap_or_default();
            eprintln!("macrosim: waiting for GDB on {addr} (target remote {addr})");
            match gdb::serve(&mut program, addr, Duration::from_secs(120))? {
                SessionEnd::Finished(outcome) => outcome,
                SessionEnd::Detached => program.run(&mut NoTrace),
                SessionEnd::Killed => {
                    eprintln!("macrosim: {}: killed from GDB", elf.display());
                    return Ok(ExitCode::from(137));
                }
            }
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
    let outcome = outcome?;
    if let Outcome::Fail { test } = outcome {
        eprintln!("macrosim: {}: FAIL (test {test})", elf.display());
    }
    if let Outcome::Killed(sig) = outcome {
        eprintln!("macrosim: {}: killed by signal {sig}", elf.display());
    }
    Ok(ExitCode::from(outcome.exit_status() as u8))
}

fn disasm(isa: Isa, path: &PathBuf) -> anyhow::Result<()> {
    let bytes = read(path)?;
    let text = disassemble_elf(&bytes, isa)
        .map_err(|e| anyhow::anyhow!("{}: not a valid ELF file: {e}", path.display()))?;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}
