//! Ctrl-C and `--timeout` for every `run` verb: one [`StopSignal`] (from `macrosim_core::stop`)
//! that SIGINT and the timer both set, and how a stopped run is reported.
//!
//! A `run` verb takes `#[arg(long, value_name = "SECONDS", value_parser = stop::parse_seconds)]
//! timeout: Option<f64>`, calls [`install`] before running, hands the signal to its target's
//! run loop (`set_stop`), and when the loop reports a stop prints [`report`]'s line and exits
//! with [`StopReason::exit_status`] (130 for Ctrl-C, 124 for a timeout).

use macrosim_core::stop::{StopReason, StopSignal};
use std::fmt::Display;
use std::process::ExitCode;
use std::time::Duration;

/// The limits every `run` verb takes besides `--max-insns`: `--timeout` and `--mem-limit`.
pub struct Limits {
    pub timeout: Option<f64>,
    pub mem_limit: u64,
}

/// The longest duration the seconds options accept (about 31 years; larger values cannot be
/// meant and would overflow a timer).
const MAX_SECONDS: f64 = 1e9;

/// A value parser for options in seconds (`--timeout`, `--min-time`): a finite, positive
/// number up to [`MAX_SECONDS`]. NaN, infinities and `1e400` are refused.
pub fn parse_seconds(s: &str) -> Result<f64, String> {
    let v: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a number of seconds"))?;
    if !v.is_finite() || v <= 0.0 || v > MAX_SECONDS {
        return Err(format!(
            "`{s}` is not a duration: give a number of seconds greater than 0 and at most {MAX_SECONDS}"
        ));
    }
    Ok(v)
}

/// The stop signal of this process's run: Ctrl-C requests [`StopReason::Interrupted`], and
/// after `timeout` seconds the timer requests [`StopReason::TimedOut`].
pub fn install(timeout: Option<f64>) -> anyhow::Result<StopSignal> {
    let stop = StopSignal::new();
    let on_int = stop.clone();
    ctrlc::set_handler(move || on_int.request(StopReason::Interrupted))
        .map_err(|e| anyhow::anyhow!("cannot install the Ctrl-C handler: {e}"))?;
    if let Some(s) = timeout {
        stop.after(Duration::from_secs_f64(s));
    }
    Ok(stop)
}

/// Print where a stopped run was (`macrosim: interrupted at hart 0, pc …, after N
/// instructions`) and give the exit status.
pub fn report(program: &dyn Display, reason: StopReason, at: &dyn Display) -> ExitCode {
    eprintln!("macrosim: {program}: {reason} at {at}");
    ExitCode::from(reason.exit_status())
}
