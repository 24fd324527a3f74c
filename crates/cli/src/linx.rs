//! `macrosim linx ...`: the Linx v0.4 ISA.

use anyhow::{Context, bail};
use macrosim_linx::block::CfiMode;
use macrosim_linx::engine::{Config, Exit, Machine};
use macrosim_linx::rob::{BlockRob, RobConfig};
use macrosim_linx::runtime::{self, RuntimeConfig};
use macrosim_linx::trace::{NoObserver, Observer, Observers, TraceWriter};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Run a statically linked (or static-pie) linx64 Linux program.
    ///
    /// The program's standard output and error pass through and its exit status is returned.
    /// Simulator errors print `macrosim:` with the pc, the block start and the instruction, and
    /// exit with status 2.
    Run {
        /// Control-flow integrity: `strict` follows the manual (every transfer must land on a
        /// block start); `compat` behaves like the reference emulator so current LLVM output
        /// runs (see the README).
        #[arg(long, value_enum, default_value = "strict")]
        cfi: Cfi,
        /// Stop after this many instructions.
        #[arg(long, value_name = "N")]
        max_insns: Option<u64>,
        /// Write a commit log (one line per instruction and per block) to FILE.
        #[arg(long, value_name = "FILE")]
        trace: Option<PathBuf>,
        /// Run the block reorder buffer timing model and report blocks, cycles and occupancy.
        #[arg(long)]
        timing: bool,
        /// The program.
        elf: PathBuf,
        /// Its arguments.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
}

/// `--cfi` values.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Cfi {
    Strict,
    Compat,
}

pub fn run(cmd: Command) -> ExitCode {
    match cmd {
        Command::Run {
            cfi,
            max_insns,
            trace,
            timing,
            elf,
            args,
        } => {
            let cfg = Config {
                cfi: match cfi {
                    Cfi::Strict => CfiMode::Strict,
                    Cfi::Compat => CfiMode::Compat,
                },
                max_insns,
            };
            match run_program(&elf, &args, cfg, trace, timing) {
                Ok(code) => code,
                Err(e) => {
                    eprintln!("macrosim: {e:#}");
                    ExitCode::from(2)
                }
            }
        }
    }
}

fn run_program(
    elf: &PathBuf,
    args: &[String],
    cfg: Config,
    trace: Option<PathBuf>,
    timing: bool,
) -> anyhow::Result<ExitCode> {
    let bytes = std::fs::read(elf).with_context(|| format!("cannot read {}", elf.display()))?;
    let mut argv = vec![elf.display().to_string()];
    argv.extend(args.iter().cloned());
    let envp: Vec<String> = Vec::new();
    let prog = runtime::load(&bytes, &argv, &envp, &RuntimeConfig::default())
        .with_context(|| elf.display().to_string())?;
    if trace.is_none() && !timing {
        let mut m = Machine::new(prog, cfg, NoObserver);
        return finish(&mut m);
    }
    let trace = match trace {
        Some(path) => {
            let f = std::fs::File::create(&path)
                .with_context(|| format!("cannot create {}", path.display()))?;
            Some(TraceWriter::new(Box::new(std::io::BufWriter::new(f))))
        }
        None => None,
    };
    let obs = Observers {
        trace,
        rob: timing.then(|| BlockRob::new(RobConfig::default())),
    };
    let mut m = Machine::new(prog, cfg, obs);
    let code = finish(&mut m);
    if let Some(t) = &mut m.obs.trace {
        t.finish().context("writing the trace")?;
    }
    if let Some(rob) = &m.obs.rob {
        eprintln!("macrosim: {} instructions; {}", m.cpu.insns, rob.report());
    }
    code
}

fn finish<O: Observer>(m: &mut Machine<O>) -> anyhow::Result<ExitCode> {
    match m.run()? {
        Exit::Exited(code) => Ok(ExitCode::from(code as u8)),
        Exit::Killed(sig) => {
            eprintln!("macrosim: the program was killed by signal {sig}");
            Ok(ExitCode::from(128 + sig as u8))
        }
        Exit::InsnLimit(n) => bail!(
            "instruction limit reached: {n} instructions executed (pc {:#x})",
            m.pc
        ),
    }
}
