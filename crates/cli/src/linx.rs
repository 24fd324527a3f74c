//! `macrosim linx ...`: the Linx v0.4 ISA.

use anyhow::{Context, bail};
use macrosim_linx::block::CfiMode;
use macrosim_linx::engine::{Config, Exit, Machine};
use macrosim_linx::error::SimError;
use macrosim_linx::rob::{BlockRob, RobConfig};
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
    let mut strict = false;
    let result = match cmd {
        Command::Asm { file, output } => asm(&file, &output),
        Command::Disasm { elf } => disasm(&elf),
        Command::Run {
            cfi,
            max_insns,
            trace,
            timing,
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
            strict = cfg.cfi == CfiMode::Strict;
            match timeline {
                Some(path) => run_with_timeline(&elf, &args, cfg, &path),
                None => run_program(&elf, &args, cfg, trace, timing),
            }
        }
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("macrosim: {e:#}");
            if strict && e.downcast_ref::<SimError>().is_some() {
                eprintln!("{STRICT_HINT}");
            }
            ExitCode::from(2)
        }
    }
}

fn asm(file: &std::path::Path, output: &std::path::Path) -> anyhow::Result<ExitCode> {
    let (name, text) = if file.as_os_str() == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).context("reading stdin")?;
        ("<stdin>".to_string(), s)
    } else {
        let text = std::fs::read_to_string(file)
            .with_context(|| format!("cannot read {}", file.display()))?;
        (file.display().to_string(), text)
    };
    let program = macrosim_linx::asm::assemble(&name, &text)?;
    let elf = program.to_elf();
    std::fs::write(output, elf).with_context(|| format!("cannot write {}", output.display()))?;
    Ok(ExitCode::SUCCESS)
}

fn disasm(path: &std::path::Path) -> anyhow::Result<ExitCode> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let d = macrosim_linx::asm::objdump::disassemble_elf(&bytes)
        .with_context(|| path.display().to_string())?;
    // A closed pipe (`| head`) is not an error worth a message.
    let mut out = std::io::stdout().lock();
    let _ = write!(
        out,
        "\n{}:     file format elf64-linx\n{}",
        path.display(),
        d.text
    );
    if d.undecodable > 0 {
        eprintln!(
            "macrosim: {}: {} halfwords did not decode (listed as .hword)",
            path.display(),
            d.undecodable
        );
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// The program in `elf`, set up to run with `args`.
fn load(elf: &PathBuf, args: &[String]) -> anyhow::Result<runtime::Program> {
    let bytes = std::fs::read(elf).with_context(|| format!("cannot read {}", elf.display()))?;
    let mut argv = vec![elf.display().to_string()];
    argv.extend(args.iter().cloned());
    let envp: Vec<String> = Vec::new();
    runtime::load(&bytes, &argv, &envp, &RuntimeConfig::default())
        .with_context(|| elf.display().to_string())
}

fn run_program(
    elf: &PathBuf,
    args: &[String],
    cfg: Config,
    trace: Option<PathBuf>,
    timing: bool,
) -> anyhow::Result<ExitCode> {
    let prog = load(elf, args)?;
    if trace.is_none() {
        if timing {
            let mut m = Machine::new(prog, cfg, BlockRob::new(RobConfig::default()));
            let code = finish(&mut m);
            eprintln!("macrosim: {} instructions; {}", m.cpu.insns, m.obs.report());
            return code;
        }
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

fn run_with_timeline(
    elf: &PathBuf,
    args: &[String],
    cfg: Config,
    path: &std::path::Path,
) -> anyhow::Result<ExitCode> {
    let prog = load(elf, args)?;
    let mut rec = crate::timeline::recording();
    let obs = crate::linx_timeline::RobTimeline::new(BlockRob::new(RobConfig::default()), &mut rec);
    let mut m = Machine::new(prog, cfg, obs);
    let code = finish(&mut m);
    eprintln!(
        "macrosim: {} instructions; {}",
        m.cpu.insns,
        m.obs.rob.report()
    );
    drop(m);
    crate::timeline::save(&rec, path)?;
    code
}

fn finish<O: Observer>(m: &mut Machine<O>) -> anyhow::Result<ExitCode> {
    match m.run()? {
        Exit::Exited(code) => Ok(ExitCode::from(code as u8)),
        Exit::Killed(sig) => {
            eprintln!("macrosim: the program was killed by signal {sig}");
            Ok(ExitCode::from(128 + sig as u8))
        }
        Exit::InsnLimit { limit, pc } => bail!(
            "instruction limit reached: {limit} instructions executed; next at {}",
            m.location(pc)
        ),
    }
}
