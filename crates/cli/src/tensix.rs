//! `macrosim tensix ...`: the Tensix frontend from the command line.
//!
//! * `expand [--arch wh|bh] [--thread 0|1|2] [--format hex|asm] [--timing] FILE`: the words that
//!   reach the Wait Gate for a `.tt` program (FILE, or `-` for standard input), one a line on
//!   standard output; `--timing` adds the cycle report on standard error. Bad input: every
//!   `FILE:LINE: what is wrong` on standard error, exit status 2, nothing on standard output.
//! * `bench [--arch wh|bh] [--samples N] [--min-time SECONDS] FILE...`: expansion throughput.

use crate::{files, out, stop};
use cpu_time::ThreadTime;
use macrosim_core::timeline::{NoTimeline, Timeline};
use macrosim_tensix::frontend::{FrontendTiming, Thread, ThreadFrontend, TimingStats};
use macrosim_tensix::isa::disasm::disassemble;
use macrosim_tensix::program::Program;
use macrosim_tensix::{Arch, UnknownArch};
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Expand a program through one thread's frontend (MOP expander, replay expander) and print
    /// the instructions that reach the Wait Gate
    Expand(ExpandArgs),
    /// Measure expansion throughput (output words per second) of programs
    Bench(BenchArgs),
    /// Run a whole Wormhole B0 tile (TRISC0/1/2 firmware and the backend) from a manifest
    Run(crate::tensix_run::RunArgs),
}

#[derive(clap::Args)]
pub struct ExpandArgs {
    /// Tensix generation: wh (Wormhole B0) or bh (Blackhole)
    #[arg(long, default_value = "wh", value_parser = parse_arch)]
    arch: Arch,
    /// Tensix thread (0 has a 32-entry input FIFO, 1 and 2 have 16; affects --timing only)
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=2))]
    thread: u8,
    /// Output: hex (0x%08x a line) or asm (disassembly)
    #[arg(long, value_enum, default_value_t = Format::Hex)]
    format: Format,
    /// Also print the cycle report on standard error
    #[arg(long)]
    timing: bool,
    /// With --timing: write each frontend stage's state per cycle to FILE (Chrome trace-event
    /// JSON for Perfetto; gzip'd if FILE ends in .gz; a self-contained viewer if .html)
    #[arg(long, value_name = "FILE", requires = "timing")]
    timeline: Option<PathBuf>,
    /// The .tt program, or - for standard input
    file: PathBuf,
}

#[derive(clap::Args)]
pub struct BenchArgs {
    /// Tensix generation: wh (Wormhole B0) or bh (Blackhole)
    #[arg(long, default_value = "wh", value_parser = parse_arch)]
    arch: Arch,
    /// Samples per program; the median is reported
    #[arg(long, default_value_t = 5)]
    samples: u32,
    /// Least CPU time per sample, in seconds
    #[arg(long, default_value_t = 0.5, value_parser = stop::parse_seconds)]
    min_time: f64,
    /// The .tt programs
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    Hex,
    Asm,
}

fn parse_arch(s: &str) -> Result<Arch, UnknownArch> {
    s.parse()
}

pub fn run(cmd: Command) -> ExitCode {
    match cmd {
        Command::Expand(args) => expand(&args),
        Command::Bench(args) => bench(&args),
        Command::Run(args) => crate::tensix_run::run(&args),
    }
}

/// The program in `file`, or the error messages (`FILE:LINE: ...`) to print.
fn load(file: &std::path::Path, arch: Arch) -> Result<Program, Vec<String>> {
    let name = files::display_name(file);
    let bytes = files::read(file, true)
        .map_err(|e| vec![format!("{name}: cannot read: {}", e.root_cause())])?;
    let text = files::text_of(file, bytes).map_err(|e| vec![format!("{e:#}")])?;
    let program = Program::parse(&text, arch).map_err(|errors| {
        errors
            .0
            .iter()
            .map(|e| format!("{name}:{e}"))
            .collect::<Vec<_>>()
    })?;
    for w in program.warnings(arch) {
        eprintln!(
            "{}",
            out::printable(&format!("{name}:{}: warning: {}", w.line, w.message))
        );
    }
    Ok(program)
}

fn expand(args: &ExpandArgs) -> ExitCode {
    let program = match load(&args.file, args.arch) {
        Ok(p) => p,
        Err(messages) => {
            for m in messages {
                eprintln!("{}", out::printable(&m));
            }
            return ExitCode::from(2);
        }
    };
    let result = if let Some(path) = &args.timeline {
        let mut rec = crate::timeline::recording();
        expand_timed(args, &program, &mut rec).and_then(|()| {
            crate::timeline::save(&rec, path).map_err(|e| io::Error::other(format!("{e:#}")))
        })
    } else if args.timing {
        expand_timed(args, &program, NoTimeline)
    } else {
        expand_functional(args, &program)
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => out::fail(&anyhow::Error::new(e).context("writing the output")),
    }
}

fn write_word(out: &mut impl Write, arch: Arch, format: Format, word: u32) -> io::Result<()> {
    match format {
        Format::Hex => writeln!(out, "{word:#010x}"),
        Format::Asm => writeln!(out, "{}", disassemble(arch, word)),
    }
}

fn expand_functional(args: &ExpandArgs, program: &Program) -> io::Result<()> {
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut buf = [0u32; 1024];
    let mut result = Ok(());
    ThreadFrontend::new(program.inputs()).drain(&mut buf, |words| {
        for &w in words {
            if result.is_ok() {
                result = write_word(&mut out, args.arch, args.format, w);
            }
        }
    });
    result?;
    out.flush()
}

fn expand_timed(args: &ExpandArgs, program: &Program, timeline: impl Timeline) -> io::Result<()> {
    let thread = Thread::from_index(args.thread).unwrap_or_default();
    let timing = FrontendTiming::with_timeline(program.inputs(), thread, timeline);
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut report = BufWriter::with_capacity(1 << 16, io::stderr().lock());
    let [a, b, c] = timing.fifo_depths();
    writeln!(
        report,
        "# tensix frontend timing: arch={} thread={} fifo_depths={a},{b},{c}",
        args.arch.short_name(),
        thread.index()
    )?;
    writeln!(
        report,
        "# gate INDEX CYCLE WORD: output word INDEX reached the Wait Gate in CYCLE"
    )?;
    let mut index = 0u64;
    let mut result = Ok(());
    let stats = timing.run(|cycle, word| {
        if result.is_ok() {
            result = write_word(&mut out, args.arch, args.format, word)
                .and_then(|()| writeln!(report, "gate {index} {cycle} {word:#010x}"));
        }
        index += 1;
    });
    result?;
    write_summary(&mut report, &stats)?;
    out.flush()?;
    report.flush()
}

fn write_summary(w: &mut impl Write, s: &TimingStats) -> io::Result<()> {
    for (key, value) in s.named() {
        writeln!(w, "{key} {value}")?;
    }
    Ok(())
}

fn bench(args: &BenchArgs) -> ExitCode {
    match bench_all(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => out::fail(&e),
    }
}

fn bench_all(args: &BenchArgs) -> anyhow::Result<()> {
    let mut stdout = io::stdout().lock();
    for file in &args.files {
        let program =
            load(file, args.arch).map_err(|messages| anyhow::anyhow!(messages.join("\n")))?;
        let mut buf = vec![0u32; 4096];
        let count = |buf: &mut [u32]| {
            ThreadFrontend::new(program.inputs()).drain(buf, |w| {
                std::hint::black_box(w);
            })
        };
        let words_per_run = count(&mut buf);
        anyhow::ensure!(
            words_per_run > 0,
            "{}: the program emits nothing",
            file.display()
        );
        let mut rates = Vec::new();
        for _ in 0..args.samples.max(1) {
            // CPU time of this thread, not wall-clock time: other processes on a shared
            // machine do not count against us.
            let (start, mut runs) = (ThreadTime::now(), 0u64);
            let elapsed = loop {
                count(&mut buf);
                runs += 1;
                let elapsed = start.elapsed().as_secs_f64();
                if elapsed >= args.min_time {
                    break elapsed;
                }
            };
            rates.push((words_per_run * runs) as f64 / elapsed);
        }
        rates.sort_by(f64::total_cmp);
        let median = rates[rates.len() / 2];
        let samples: Vec<String> = rates.iter().map(|r| format!("{r:.4e}")).collect();
        writeln!(
            stdout,
            "{} words_per_run={words_per_run} median_words_per_s={median:.4e} samples={}",
            file.display(),
            samples.join(",")
        )?;
    }
    Ok(())
}
