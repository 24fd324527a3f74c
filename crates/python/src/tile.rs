//! `macrosim.tensix.Tile`: a whole Wormhole B0 tile (TRISC0/1/2 firmware and the backend), as
//! `macrosim tensix run` loads and runs it (crates/cli/src/tensix_run.rs), with L1 open to
//! Python.

use crate::errors::{InputError, LimitError, SimulationError, chain};
use macrosim_tensix::Arch;
use macrosim_tensix::backend::Unit;
use macrosim_tensix::tile::{CORE_NAMES, L1_SIZE, Tile, TileError};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// A tile (`macrosim.tensix.Tile` wraps it).
#[pyclass(unsendable, module = "macrosim._native")]
pub struct TensixTile {
    tile: Tile,
}

fn tile_error(e: TileError) -> PyErr {
    let text = chain(&e);
    match e {
        TileError::BadElf { .. } => InputError::new_err(text),
        TileError::MaxCycles { .. } => LimitError::new_err(text),
        _ => SimulationError::new_err(text),
    }
}

/// A run's figures: cycles; per core (in `CORE_NAMES` order) RISC-V instructions and Tensix
/// pushes; per thread, executed Tensix instructions by unit name.
type TileStats = (
    u64,
    Vec<(&'static str, u64, u64)>,
    Vec<Vec<(&'static str, u64)>>,
);

#[pymethods]
impl TensixTile {
    #[new]
    fn new() -> Self {
        TensixTile {
            tile: Tile::new(Arch::WormholeB0.table()),
        }
    }

    /// The cores by name, in index order.
    #[staticmethod]
    fn core_names() -> Vec<&'static str> {
        CORE_NAMES.to_vec()
    }

    #[staticmethod]
    fn l1_size() -> u32 {
        L1_SIZE
    }

    /// Load core `index`'s firmware ELF and take the core out of reset.
    fn load_core(&mut self, index: usize, elf: &[u8]) -> PyResult<()> {
        if index >= CORE_NAMES.len() {
            return Err(PyValueError::new_err(format!(
                "core {index} does not exist ({})",
                CORE_NAMES.join(", ")
            )));
        }
        self.tile.load_core(index, elf).map_err(tile_error)
    }

    /// `n` bytes at `addr`.
    fn read<'py>(&self, py: Python<'py>, addr: u32, n: usize) -> PyResult<Bound<'py, PyBytes>> {
        crate::memory::read(py, &self.tile.l1, addr, n)
    }

    /// Store `data` at `addr` (mapped memory; permissions are not checked).
    fn write(&mut self, addr: u32, data: &[u8]) -> PyResult<()> {
        crate::memory::write(&mut self.tile.l1, addr, data)
    }

    #[getter]
    fn cycle(&self) -> u64 {
        self.tile.cycle()
    }

    /// Run until every started core has written its done word.
    fn run(&mut self, max_cycles: u64) -> PyResult<TileStats> {
        let s = self.tile.run(max_cycles).map_err(tile_error)?;
        let cores = (0..CORE_NAMES.len())
            .map(|i| (CORE_NAMES[i], s.core_insns[i], s.pushes[i]))
            .collect();
        let units = s
            .units
            .iter()
            .map(|t| Unit::ALL.iter().map(|u| (u.name(), t[u.index()])).collect())
            .collect();
        Ok((s.cycles, cores, units))
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<TensixTile>()
}
