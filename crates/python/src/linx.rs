//! `macrosim.linx`: linx64 Linux programs on the Linx v0.4 engine, as `macrosim linx run`
//! loads and runs them (crates/cli/src/linx.rs), optionally with the block ROB timing model.

use crate::capture::Captured;
use crate::errors::{self, LimitError, SimulationError};
use macrosim_linx::block::CfiMode;
use macrosim_linx::engine::pe::{PES, PeConfig};
use macrosim_linx::engine::{Config, Exit, Machine};
use macrosim_linx::rob::{BlockRob, RobReport};
use macrosim_linx::runtime::{self, RuntimeConfig};
use macrosim_linx::trace::{NoObserver, Observer};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// One PE's figures: name, commands, busy cycles, stalls (gpr, tile, memory).
type PeRow = (&'static str, u64, u64, u64, u64, u64);

/// The block ROB report: blocks, cycles, average and most occupancy, the PEs, Cube/TMA
/// overlap cycles, and the text `--timing` prints.
type Report = (u64, u64, f64, usize, Vec<PeRow>, u64, String);

/// How the run ended ("exit" or "killed", status or signal), stdout, stderr, instructions,
/// blocks, and the timing report when asked for.
type LinxRun = (
    &'static str,
    i32,
    Vec<u8>,
    Vec<u8>,
    u64,
    u64,
    Option<Report>,
);

fn report(r: &RobReport) -> Report {
    let pes = PES
        .iter()
        .map(|pe| {
            let s = &r.pes[pe.index()];
            let st = s.stalled;
            (pe.name(), s.commands, s.busy, st.gpr, st.tile, st.memory)
        })
        .collect();
    (
        r.blocks,
        r.cycles,
        r.avg_occupancy,
        r.max_occupancy,
        pes,
        r.cube_tma_overlap,
        r.to_string(),
    )
}

/// Run the machine to its end: ("exit" | "killed", status or signal).
fn finish<O: Observer>(m: &mut Machine<O>) -> PyResult<(&'static str, i32)> {
    match m.run() {
        Ok(Exit::Exited(code)) => Ok(("exit", code)),
        Ok(Exit::Killed(sig)) => Ok(("killed", sig as i32)),
        Ok(Exit::InsnLimit { limit, pc }) => Err(LimitError::new_err(format!(
            "instruction limit reached: {limit} instructions executed; next at {}",
            m.location(pc)
        ))),
        Ok(Exit::Stopped { reason, pc }) => Err(SimulationError::new_err(format!(
            "{reason} at {}, after {} instructions",
            m.location(pc),
            m.cpu.insns
        ))),
        Err(e) => Err(SimulationError::new_err(e.to_string())),
    }
}

#[pyfunction]
#[pyo3(signature = (elf, name, args, max_insns, cfi, timing, timing_config, mem_limit))]
#[allow(clippy::too_many_arguments)] // the keyword arguments of `macrosim.linx.run`
fn linx_run(
    elf: &[u8],
    name: String,
    args: Vec<String>,
    max_insns: Option<u64>,
    cfi: &str,
    timing: bool,
    timing_config: Option<String>,
    mem_limit: u64,
) -> PyResult<LinxRun> {
    let cfi = match cfi {
        "strict" => CfiMode::Strict,
        "compat" => CfiMode::Compat,
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown cfi mode {cfi:?} (strict or compat)"
            )));
        }
    };
    let pes = match timing_config {
        Some(text) => Some(
            PeConfig::from_toml(&text)
                .map_err(|e| errors::InputError::new_err(format!("timing_config: {e}")))?,
        ),
        None => timing.then(PeConfig::default),
    };
    let mut argv = vec![name.clone()];
    argv.extend(args);
    let mut prog = runtime::load(elf, &argv, &[], &RuntimeConfig::default())
        .map_err(|e| errors::input(&name, errors::chain(&e)))?;
    let (stdout, stderr) = (Captured::default(), Captured::default());
    prog.process.redirect_output(stdout.sink(), stderr.sink());
    prog.process.set_mem_limit(mem_limit);
    let cfg = Config { cfi, max_insns };
    let (end, insns, blocks, rob) = match pes {
        Some(pes) => {
            let mut m = Machine::new(prog, cfg, BlockRob::with_pes(pes));
            let end = finish(&mut m)?;
            (
                end,
                m.cpu.insns,
                m.cpu.blocks,
                Some(report(&m.obs.report())),
            )
        }
        None => {
            let mut m = Machine::new(prog, cfg, NoObserver);
            let end = finish(&mut m)?;
            (end, m.cpu.insns, m.cpu.blocks, None)
        }
    };
    Ok((
        end.0,
        end.1,
        stdout.bytes(),
        stderr.bytes(),
        insns,
        blocks,
        rob,
    ))
}

/// Assemble Linx source `text` (named `name` in messages) into a static ELF64 executable
/// (`macrosim linx asm`).
#[pyfunction]
fn linx_assemble<'py>(py: Python<'py>, text: &str, name: &str) -> PyResult<Bound<'py, PyBytes>> {
    let program = macrosim_linx::asm::assemble(name, text)
        .map_err(|e| errors::InputError::new_err(errors::chain(&e)))?;
    Ok(PyBytes::new(py, &program.to_elf()))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(linx_run, m)?)?;
    m.add_function(wrap_pyfunction!(linx_assemble, m)?)
}
