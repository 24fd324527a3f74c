//! `macrosim linx ...`: the Linx v0.4 ISA.

use crate::{files, out, size, stop};
use anyhow::{Context, bail};
use macrosim_core::stop::StopSignal;
use macrosim_linx::asm::objdump::ObjdumpError;
use macrosim_linx::block::CfiMode;
use macrosim_linx::engine::pe::PeConfig;
use macrosim_linx::engine::{Config, Exit, Machine};
use macrosim_linx::rob::BlockRob;
use macrosim_linx::runtime::{self, RuntimeConfig};
use macrosim_linx::trace::{NoObserver, Observer, Observers, TraceWriter};
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Assemble a Linx source file into a static ELF64 executable
    Asm {
        /// Assembly source (`-` for standard input)
        file: PathBuf,
        /// Output ELF file
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Disassemble the executable sections of a Linx ELF file (objdump -d style)
    Disasm {
        /// ELF file
        elf: PathBuf,
    },
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
        /// Stop with an error (exit status 2) after this many instructions; no limit by default.
        #[arg(long, value_name = "N")]
        max_insns: Option<u64>,
        /// Write a commit log (one line per instruction and per block) to FILE.
        #[arg(long, value_name = "FILE")]
        trace: Option<PathBuf>,
        /// Run the block reorder buffer timing model and report blocks, cycles and occupancy.
        #[arg(long)]
        timing: bool,
        /// Stop after this many seconds of wall-clock time (exit status 124), reporting where
        /// the program was; Ctrl-C stops the same way with exit status 130.
        #[arg(long, value_name = "SECONDS", value_parser = stop::parse_seconds)]
        timeout: Option<f64>,
        /// Most memory a Linux program may map with brk/mmap/mremap (K, M, G suffixes);
        /// beyond it those calls fail with ENOMEM.
        #[arg(long, value_name = "SIZE", default_value = "4G", value_parser = size::parse_size)]
        mem_limit: u64,
        /// TOML system description for --timing (ROB entries, PE latency/throughput; see the
        /// README); implies --timing.
        #[arg(long, value_name = "FILE")]
        timing_config: Option<PathBuf>,
        /// With --timing: write one span per block (block ROB allocate to retire, named by
        /// block type) to FILE: trace-event JSON for Perfetto, gzip'd if FILE ends in .gz, a
        /// self-contained viewer if .html.
        #[arg(
            long,
            value_name = "FILE",
            requires = "timing",
            conflicts_with = "trace"
        )]
        timeline: Option<PathBuf>,
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

/// Printed after a fault under `--cfi strict`: the v0.4 documents and the v0.4 LLVM toolchain
/// read some operand encodings differently (README, Linx semantics table).
const STRICT_HINT: &str = "macrosim: note: --cfi strict follows the v0.4 documents (SrcRType 11 = .neg/.not, \
CSEL with SrcP != 0 selects SrcL); programs built by the v0.4 LLVM toolchain encode operands \
the other way and need --cfi compat";

pub fn run(cmd: Command) -> ExitCode {
    let result = match cmd {
        Command::Asm { file, output } => asm(&file, &output),
        Command::Disasm { elf } => disasm(&elf),
        Command::Run {
            cfi,
            max_insns,
            trace,
            timing,
            timeout,
            mem_limit,
            timing_config,
            timeline,
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
            let limits = stop::Limits { timeout, mem_limit };
            pe_config(timing, timing_config.as_ref()).and_then(|timing| match (timeline, timing) {
                (Some(path), Some(pes)) => run_with_timeline(&elf, &args, cfg, &path, pes, limits),
                (_, timing) => run_program(&elf, &args, cfg, trace, timing, limits),
            })
        }
    };
    result.unwrap_or_else(|e| out::fail(&e))
}

fn asm(file: &std::path::Path, output: &std::path::Path) -> anyhow::Result<ExitCode> {
    let text = files::read_text(file, true)?;
    files::check_output(output, &[file])?;
    let program = macrosim_linx::asm::assemble(&files::display_name(file), &text)?;
    let elf = program.to_elf();
    std::fs::write(output, elf).with_context(|| format!("cannot write {}", output.display()))?;
    Ok(ExitCode::SUCCESS)
}

fn disasm(path: &std::path::Path) -> anyhow::Result<ExitCode> {
    let bytes = files::read(path, false)?;
    let mut stdout = std::io::BufWriter::new(std::io::stdout().lock());
    write!(stdout, "\n{}:     file format elf64-linx\n", path.display())?;
    let (undecodable, _) = macrosim_linx::asm::objdump::write_elf_listing(&bytes, &mut stdout)
        .map_err(|e| match e {
            ObjdumpError::Io(io) => anyhow::Error::new(io),
            e => anyhow::Error::new(e).context(path.display().to_string()),
        })?;
    stdout.flush()?;
    if undecodable > 0 {
        eprintln!(
            "macrosim: {}: {undecodable} halfwords did not decode (listed as .hword)",
            path.display(),
        );
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// The `--timing` system description: the defaults, or the TOML file.
fn pe_config(timing: bool, file: Option<&PathBuf>) -> anyhow::Result<Option<PeConfig>> {
    match file {
        None => Ok(timing.then(PeConfig::default)),
        Some(path) => {
            let text = files::read_text(path, false)?;
            let cfg = PeConfig::from_toml(&text)
                .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
            Ok(Some(cfg))
        }
    }
}

fn run_program(
    elf: &std::path::Path,
    args: &[String],
    cfg: Config,
    trace: Option<PathBuf>,
    timing: Option<PeConfig>,
    limits: stop::Limits,
) -> anyhow::Result<ExitCode> {
    if let Some(t) = &trace {
        files::check_output(t, &[elf])?;
    }
    let prog = load(elf, args)?;
    let stop = stop::install(limits.timeout)?;
    if trace.is_none() {
        if let Some(pes) = timing {
            let mut m = Machine::new(prog, cfg, BlockRob::with_pes(pes));
            let code = finish(&mut m, elf, &stop, limits.mem_limit);
            eprintln!("macrosim: {} instructions; {}", m.cpu.insns, m.obs.report());
            return code;
        }
        let mut m = Machine::new(prog, cfg, NoObserver);
        return finish(&mut m, elf, &stop, limits.mem_limit);
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
        rob: timing.map(BlockRob::with_pes),
    };
    let mut m = Machine::new(prog, cfg, obs);
    let code = finish(&mut m, elf, &stop, limits.mem_limit);
    if let Some(t) = &mut m.obs.trace {
        t.finish().context("writing the trace")?;
    }
    if let Some(rob) = &m.obs.rob {
        eprintln!("macrosim: {} instructions; {}", m.cpu.insns, rob.report());
    }
    code
}

/// The program in `elf`, set up to run with `args`.
fn load(elf: &std::path::Path, args: &[String]) -> anyhow::Result<runtime::Program> {
    let bytes = files::read(elf, false)?;
    let mut argv = vec![elf.display().to_string()];
    argv.extend(args.iter().cloned());
    let envp: Vec<String> = Vec::new();
    runtime::load(&bytes, &argv, &envp, &RuntimeConfig::default())
        .with_context(|| elf.display().to_string())
}

/// `--timing --timeline FILE`: the block ROB's spans recorded while the program runs.
fn run_with_timeline(
    elf: &std::path::Path,
    args: &[String],
    cfg: Config,
    path: &std::path::Path,
    pes: PeConfig,
    limits: stop::Limits,
) -> anyhow::Result<ExitCode> {
    files::check_output(path, &[elf])?;
    let prog = load(elf, args)?;
    let stop = stop::install(limits.timeout)?;
    let mut rec = crate::timeline::recording();
    let obs = crate::linx_timeline::RobTimeline::new(BlockRob::with_pes(pes), &mut rec);
    let mut m = Machine::new(prog, cfg, obs);
    let code = finish(&mut m, elf, &stop, limits.mem_limit);
    eprintln!(
        "macrosim: {} instructions; {}",
        m.cpu.insns,
        m.obs.rob.report()
    );
    drop(m);
    crate::timeline::save(&rec, path)?;
    code
}

fn finish<O: Observer>(
    m: &mut Machine<O>,
    elf: &std::path::Path,
    stop: &StopSignal,
    mem_limit: u64,
) -> anyhow::Result<ExitCode> {
    m.set_stop(stop.clone());
    m.process.set_mem_limit(mem_limit);
    let exit = match m.run() {
        Ok(exit) => exit,
        Err(e) => {
            eprintln!("macrosim: {e}");
            // The note is only worth printing when the code that ran holds an instruction
            // the two modes read differently.
            if m.cfg.cfi == CfiMode::Strict && m.ran_mode_dependent_code() {
                eprintln!("{STRICT_HINT}");
            }
            return Ok(ExitCode::from(2));
        }
    };
    match exit {
        Exit::Exited(code) => Ok(ExitCode::from(code as u8)),
        Exit::Killed(sig) => {
            eprintln!("macrosim: the program was killed by signal {sig}");
            Ok(ExitCode::from(128 + sig as u8))
        }
        Exit::InsnLimit { limit, pc } => bail!(
            "instruction limit reached: {limit} instructions executed; next at {}",
            m.location(pc)
        ),
        Exit::Stopped { reason, pc } => {
            let at = format!("{}, after {} instructions", m.location(pc), m.cpu.insns);
            Ok(stop::report(&elf.display(), reason, &at))
        }
    }
}
