//! Reading and writing a simulated memory from Python (`Hart.mem`, `Tile.l1`, `Cluster.tcdm`
//! go through these).

use macrosim_core::{Access, SparseMemory};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// `n` bytes at `addr` (mapped and readable).
pub fn read<'py>(
    py: Python<'py>,
    mem: &SparseMemory,
    addr: u32,
    n: usize,
) -> PyResult<Bound<'py, PyBytes>> {
    let mut buf = vec![0u8; n];
    mem.read_into(u64::from(addr), &mut buf, Access::Read)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(PyBytes::new(py, &buf))
}

/// Store `data` at `addr` in mapped memory. Page permissions bind the simulated program, not
/// its host, so they are not checked (as GDB's writes through `--gdb` are not).
pub fn write(mem: &mut SparseMemory, addr: u32, data: &[u8]) -> PyResult<()> {
    mem.load_bytes(u64::from(addr), data)
        .map_err(|e| PyValueError::new_err(e.to_string()))
}
