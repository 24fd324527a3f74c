//! `--timeline FILE` for every target, and `macrosim timeline-check` / `timeline-view`.

use crate::{files, out};
use anyhow::Context;
use macrosim_core::timeline::{self, Recording};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Events a `--timeline` keeps (about 24 bytes each in memory, 70 in the JSON file); later
/// ones are counted in `otherData.dropped_events` and a warning says so.
pub const EVENT_LIMIT: usize = 4_000_000;

/// A recording for `--timeline`, limited to [`EVENT_LIMIT`] events.
pub fn recording() -> Recording {
    Recording::with_limit(EVENT_LIMIT)
}

/// Write a run's timeline to `path` (`.json`, `.json.gz` or `.html`, by the name).
pub fn save(rec: &Recording, path: &Path) -> anyhow::Result<()> {
    if rec.dropped() > 0 {
        eprintln!(
            "macrosim: warning: {}: the timeline keeps the first {EVENT_LIMIT} events; {} later ones were dropped",
            path.display(),
            rec.dropped()
        );
    }
    timeline::save(rec, path)?;
    Ok(())
}

#[derive(clap::Args)]
pub struct CheckArgs {
    /// A trace-event JSON file (gzip'd or not) or a viewer page written by --timeline out.html
    file: PathBuf,
}

#[derive(clap::Args)]
pub struct ViewArgs {
    /// A trace-event JSON file (gzip'd or not)
    file: PathBuf,
    /// The HTML page to write
    #[arg(short, long)]
    output: PathBuf,
}

/// `macrosim timeline-check FILE`: print what the file holds, or every problem (exit status 2).
pub fn check(args: &CheckArgs) -> ExitCode {
    let result = timeline::check_file(&args.file)
        .map_err(anyhow::Error::from)
        .and_then(|r| {
            writeln!(
                std::io::stdout().lock(),
                "{}: ok: {} tracks, {} spans, {} instants, last timestamp {}",
                args.file.display(),
                r.tracks,
                r.spans,
                r.instants,
                r.last_ts
            )?;
            Ok(())
        });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => out::fail(&e),
    }
}

/// `macrosim timeline-view FILE -o OUT.html`: the self-contained viewer for a trace file.
pub fn view(args: &ViewArgs) -> ExitCode {
    let result = (|| -> anyhow::Result<()> {
        files::check_output(&args.output, &[&args.file])?;
        let trace = timeline::load_trace(&args.file)?;
        timeline::check(&trace).map_err(|problems| {
            anyhow::anyhow!("{}: {}", args.file.display(), problems.join("; "))
        })?;
        let mut out = Vec::new();
        timeline::write_html_for_trace(&trace, &mut out)?;
        std::fs::write(&args.output, out)
            .with_context(|| format!("cannot write {}", args.output.display()))
    })();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("macrosim: {e:#}");
            ExitCode::from(2)
        }
    }
}
