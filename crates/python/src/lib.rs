//! `macrosim._native`: the compiled half of the `macrosim` Python package (PyO3, abi3).
//!
//! Each target's bindings live in a module of their own and drive the library crates the way
//! the command line does (crates/cli/src); the Python modules in `python/macrosim/` put them in
//! Python's idioms (dataclasses, numpy arrays, keyword arguments). Errors are the
//! [`errors`] hierarchy, carrying the text the command line prints after `macrosim: `.

use pyo3::prelude::*;

mod capture;
mod errors;
mod linx;
mod memory;
mod riscv;
mod snitch;
mod symbols;
mod tensix;
mod tile;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    riscv::register(m)?;
    tensix::register(m)?;
    tile::register(m)?;
    linx::register(m)?;
    snitch::register(m)?;
    Ok(())
}
