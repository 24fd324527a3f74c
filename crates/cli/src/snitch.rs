//! `macrosim snitch ...`: run an ELF on a Snitch cluster (issue 14), or disassemble it with the
//! Snitch mnemonics.

use crate::{files, out, stop};
use macrosim_riscv::isa::ListingError;
use macrosim_snitch::config::PRESETS;
use macrosim_snitch::{Cluster, Outcome, RunOptions, SnitchError, SystemConfig};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Run an ELF on a Snitch cluster; the exit status is the program's code, errors exit 2.
    Run {
        /// The built-in system: snitch_cluster or banshee.
        #[arg(long, default_value = "snitch_cluster")]
        preset: String,
        /// A TOML system description (may start from a preset with `preset = "..."`).
        #[arg(long, value_name = "FILE")]
        config: Option<PathBuf>,
        /// Compute cores (the DMA core, if the system has one, comes after them).
        #[arg(long, value_name = "N")]
        cores: Option<u32>,
        /// Stop with an error (exit status 2) after this many instructions of all harts.
        #[arg(long, value_name = "N")]
        max_insns: Option<u64>,
        /// Run the cycle model (same architectural results).
        #[arg(long)]
        timing: bool,
        /// Write one Spike-style commit log per hart (`hartN.log`) into DIR.
        #[arg(long, value_name = "DIR")]
        trace: Option<PathBuf>,
        /// With --timing: write the cycle model's timeline (per hart integer issue, FPU issue,
        /// each SSR, DMA transfers) as Chrome trace-event JSON (.json, .json.gz) or a viewer
        /// page (.html).
        #[arg(long, value_name = "FILE")]
        timeline: Option<PathBuf>,
        /// Print per-hart figures on stderr at the end.
        #[arg(long)]
        stats: bool,
        /// Stop after this many seconds of wall-clock time (exit status 124), reporting where
        /// the harts were; Ctrl-C stops the same way with exit status 130.
        #[arg(long, value_name = "SECONDS", value_parser = stop::parse_seconds)]
        timeout: Option<f64>,
        /// Wait for GDB on ADDR:PORT (e.g. 127.0.0.1:1234) and run under its control; hart N
        /// is GDB thread N + 1.
        #[arg(long, value_name = "ADDR:PORT", conflicts_with_all = ["trace", "timeline"])]
        gdb: Option<String>,
        /// The program.
        elf: PathBuf,
        /// Not used by bare-metal programs; refused when given.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Disassemble an ELF's executable sections with the Snitch mnemonics (frep.o, scfgwi, ...).
    Disasm { elf: PathBuf },
}

pub fn run(cmd: Command) -> ExitCode {
    let result = match cmd {
        Command::Run {
            preset,
            config,
            cores,
            max_insns,
            timing,
            trace,
            timeline,
            stats,
            timeout,
            gdb,
            elf,
            args,
        } => stop::install(timeout).and_then(|stop| {
            if timeline.is_some() && !timing {
                anyhow::bail!("--timeline needs --timing (the tracks come from the cycle model)");
            }
            let opts = RunOptions {
                max_insns,
                timing,
                trace,
                stop: Some(stop),
            };
            let sys = System {
                preset: &preset,
                config,
                cores,
            };
            run_elf(
                &sys,
                &opts,
                timeline.as_deref(),
                gdb.as_deref(),
                stats,
                &elf,
                &args,
            )
        }),
        Command::Disasm { elf } => disasm(&elf),
    };
    result.unwrap_or_else(|e| out::fail(&e))
}

/// The system to run on: a preset, or a TOML file, and the compute cores.
struct System<'a> {
    preset: &'a str,
    config: Option<PathBuf>,
    cores: Option<u32>,
}

fn run_elf(
    sys: &System<'_>,
    opts: &RunOptions,
    timeline: Option<&Path>,
    gdb: Option<&str>,
    stats: bool,
    elf: &Path,
    args: &[String],
) -> anyhow::Result<ExitCode> {
    let (preset, config, cores) = (sys.preset, &sys.config, sys.cores);
    if !args.is_empty() {
        anyhow::bail!("program arguments are not supported (bare-metal programs have no argv)");
    }
    if !PRESETS.contains(&preset) {
        anyhow::bail!("unknown preset `{preset}` (known: {})", PRESETS.join(", "));
    }
    let mut cfg = match &config {
        Some(path) => {
            let text = files::read_text(path, false)?;
            SystemConfig::parse(&text, &path.display().to_string())?
        }
        None => SystemConfig::preset(preset)?,
    };
    if let Some(n) = cores {
        cfg.set_cores(n);
    }
    let bytes = files::read(elf, false)?;
    if let Some(t) = &opts.trace {
        files::check_output(t, &[elf])?;
    }
    if let Some(t) = timeline {
        files::check_output(t, &[elf])?;
    }
    let mut cluster =
        Cluster::new(cfg, &bytes).map_err(|e| anyhow::anyhow!("{}: {e}", elf.display()))?;
    if timeline.is_some() {
        cluster.set_timeline(crate::timeline::recording());
    }
    let start = Instant::now();
    let result = match gdb {
        None => cluster.run(opts),
        Some(addr) => crate::gdb::run_cluster(&mut cluster, opts, addr, &elf.display())?,
    };
    if let (Some(path), Some(rec)) = (timeline, cluster.take_timeline()) {
        crate::timeline::save(&rec, path)?;
    }
    let outcome = match result {
        Ok(outcome) => outcome,
        Err(SnitchError::Stopped { reason, pcs, insns }) => {
            let at = format!("{pcs}, after {insns} instructions");
            return Ok(stop::report(&elf.display(), reason, &at));
        }
        Err(e) => return Err(e.into()),
    };
    let secs = start.elapsed().as_secs_f64();
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(outcome.output.as_bytes())?;
    stdout.flush()?;
    if stats {
        print_stats(&outcome, secs);
    }
    Ok(ExitCode::from(outcome.code.min(255) as u8))
}

fn print_stats(o: &Outcome, secs: f64) {
    let total: u64 = o.stats.iter().map(|s| s.instructions).sum();
    for s in &o.stats {
        eprint!(
            "macrosim: stats: hart {} instructions {} frep_repetitions {} ssr_elements {} dma_bytes {} cycles {}",
            s.hart, s.instructions, s.frep_repetitions, s.ssr_elements, s.dma_bytes, s.cycles
        );
        if o.timing {
            let c = s.cycles.max(1) as f64;
            let st = &s.stalls;
            eprint!(
                " ipc_int {:.3} ipc_fp {:.3} fpu_utilization {:.1}% stalls fp_raw {} ssr {} offload_queue {} int_waits_fp {} barrier {} wfi {}",
                s.int_insns as f64 / c,
                s.fp_insns as f64 / c,
                100.0 * s.fp_ops as f64 / c,
                st.fp_raw,
                st.ssr,
                st.offload_queue,
                st.int_waits_fp,
                st.barrier,
                st.wfi
            );
        }
        eprintln!();
    }
    eprintln!(
        "macrosim: stats: instructions {total} time {secs:.3} s mips {:.1}",
        total as f64 / secs.max(1e-9) / 1e6
    );
}

fn disasm(elf: &Path) -> anyhow::Result<ExitCode> {
    let bytes = files::read(elf, false)?;
    let mut stdout = std::io::BufWriter::new(std::io::stdout().lock());
    macrosim_snitch::disasm::write_elf(&bytes, &mut stdout).map_err(|e| match e {
        ListingError::Io(io) => anyhow::Error::new(io),
        other => anyhow::anyhow!("{}: {other}", elf.display()),
    })?;
    stdout.flush()?;
    Ok(ExitCode::SUCCESS)
}
