//! `macrosim.snitch.Cluster`: an ELF on a Snitch cluster, as `macrosim snitch run` loads and
//! runs it (crates/cli/src/snitch.rs), with memory (TCDM, DRAM) open to Python.

use crate::errors::{InputError, LimitError, SimulationError};
use macrosim_snitch::{Cluster, HartStats, RunOptions, SnitchError, SystemConfig};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::collections::BTreeMap;

/// A loaded cluster (`macrosim.snitch.Cluster` wraps it).
#[pyclass(unsendable, module = "macrosim._native")]
pub struct SnitchCluster {
    cluster: Cluster,
    symbols: BTreeMap<String, u32>,
}

fn snitch_error(e: SnitchError) -> PyErr {
    let text = e.to_string();
    match e {
        SnitchError::Elf(_) | SnitchError::Config(_) => InputError::new_err(text),
        SnitchError::Limit { .. } => LimitError::new_err(text),
        _ => SimulationError::new_err(text),
    }
}

/// One hart's figures by name (`--stats`).
fn hart_stats(s: &HartStats) -> Vec<(&'static str, u64)> {
    let st = &s.stalls;
    vec![
        ("hart", u64::from(s.hart)),
        ("instructions", s.instructions),
        ("frep_repetitions", s.frep_repetitions),
        ("ssr_elements", s.ssr_elements),
        ("dma_bytes", s.dma_bytes),
        ("dma_transfers", s.dma_transfers),
        ("cycles", s.cycles),
        ("int_insns", s.int_insns),
        ("fp_insns", s.fp_insns),
        ("fp_ops", s.fp_ops),
        ("stall_fp_raw", st.fp_raw),
        ("stall_ssr", st.ssr),
        ("stall_offload_queue", st.offload_queue),
        ("stall_int_waits_fp", st.int_waits_fp),
        ("stall_barrier", st.barrier),
        ("stall_wfi", st.wfi),
    ]
}

/// The program's exit code, what it printed through the uart, and per-hart figures.
type SnitchRun = (u32, String, Vec<Vec<(&'static str, u64)>>);

#[pymethods]
impl SnitchCluster {
    /// Load `elf` (named `name` in messages) on the system `config` (TOML text named
    /// `config_name`) or, without it, the preset `preset`; `cores` overrides the core count.
    #[new]
    #[pyo3(signature = (elf, name, preset, config, config_name, cores))]
    fn new(
        elf: &[u8],
        name: &str,
        preset: &str,
        config: Option<&str>,
        config_name: &str,
        cores: Option<u32>,
    ) -> PyResult<Self> {
        let mut cfg = match config {
            Some(text) => SystemConfig::parse(text, config_name),
            None => SystemConfig::preset(preset),
        }
        .map_err(snitch_error)?;
        if let Some(n) = cores {
            cfg.set_cores(n);
        }
        let cluster =
            Cluster::new(cfg, elf).map_err(|e| InputError::new_err(format!("{name}: {e}")))?;
        Ok(SnitchCluster {
            cluster,
            symbols: crate::symbols::of_elf(elf),
        })
    }

    /// (base, size) of the TCDM.
    #[getter]
    fn tcdm(&self) -> (u32, u32) {
        let m = &self.cluster.config.memory;
        (m.tcdm_base, m.tcdm_size)
    }

    /// (base, size) of the DRAM.
    #[getter]
    fn dram(&self) -> (u32, u32) {
        let m = &self.cluster.config.memory;
        (m.dram_base, m.dram_size)
    }

    /// `n` bytes at `addr`.
    fn read<'py>(&self, py: Python<'py>, addr: u32, n: usize) -> PyResult<Bound<'py, PyBytes>> {
        crate::memory::read(py, &self.cluster.mem, addr, n)
    }

    /// Store `data` at `addr` (mapped memory; permissions are not checked).
    fn write(&mut self, addr: u32, data: &[u8]) -> PyResult<()> {
        crate::memory::write(&mut self.cluster.mem, addr, data)
    }

    /// The ELF's defined symbols, name to address.
    fn symbols(&self) -> BTreeMap<String, u32> {
        self.symbols.clone()
    }

    /// Run to the end (`timing`: the cycle model).
    fn run(&mut self, max_insns: Option<u64>, timing: bool) -> PyResult<SnitchRun> {
        let opts = RunOptions {
            max_insns,
            timing,
            trace: None,
            stop: None,
        };
        let o = self.cluster.run(&opts).map_err(snitch_error)?;
        Ok((o.code, o.output, o.stats.iter().map(hart_stats).collect()))
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<SnitchCluster>()
}
