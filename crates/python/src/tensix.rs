//! `macrosim.tensix`: one thread's frontend (`macrosim tensix expand`, crates/cli/src/tensix.rs)
//! and the host-side data formats of the tile's L1 (`macrosim_tensix::formats`).

use crate::errors::InputError;
use macrosim_tensix::Arch;
use macrosim_tensix::formats::{self, Fmt};
use macrosim_tensix::frontend::{FrontendTiming, Thread, ThreadFrontend};
use macrosim_tensix::isa::disasm::disassemble;
use macrosim_tensix::program::{Item, Program, ProgramOp};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

fn arch_of(arch: &str) -> PyResult<Arch> {
    arch.parse()
        .map_err(|e: macrosim_tensix::UnknownArch| PyValueError::new_err(e.to_string()))
}

/// A program given as `.tt` text (named `name` in messages) or as a list of instruction words
/// to push, and the warnings the command line would print for it.
fn program_of(
    program: &Bound<'_, PyAny>,
    name: &str,
    arch: Arch,
) -> PyResult<(Program, Vec<String>)> {
    let program = if let Ok(text) = program.extract::<String>() {
        Program::parse(&text, arch).map_err(|errors| {
            let lines: Vec<String> = errors.0.iter().map(|e| format!("{name}:{e}")).collect();
            InputError::new_err(lines.join("\n"))
        })?
    } else {
        let words: Vec<u32> = program.extract().map_err(|_| {
            PyValueError::new_err("a program is .tt text or a list of 32-bit instruction words")
        })?;
        let items = words.iter().enumerate().map(|(i, &w)| Item {
            line: i + 1,
            op: ProgramOp::Push(w),
        });
        Program::from_items(items.collect())
    };
    let warnings = program
        .warnings(arch)
        .iter()
        .map(|w| format!("{name}:{}: warning: {}", w.line, w.message))
        .collect();
    Ok((program, warnings))
}

/// The words that reach the Wait Gate, and the warnings.
#[pyfunction]
fn tensix_expand(
    program: &Bound<'_, PyAny>,
    name: &str,
    arch: &str,
) -> PyResult<(Vec<u32>, Vec<String>)> {
    let (program, warnings) = program_of(program, name, arch_of(arch)?)?;
    let mut out = Vec::new();
    let mut buf = [0u32; 1024];
    ThreadFrontend::new(program.inputs()).drain(&mut buf, |words| out.extend_from_slice(words));
    Ok((out, warnings))
}

/// The cycle-by-cycle frontend (`expand --timing`): the FIFO depths, (cycle, word) of every
/// word reaching the Wait Gate, the summary figures by name, and the warnings.
type Timing = (
    [usize; 3],
    Vec<(u64, u32)>,
    Vec<(&'static str, u64)>,
    Vec<String>,
);

#[pyfunction]
fn tensix_timing(
    program: &Bound<'_, PyAny>,
    name: &str,
    arch: &str,
    thread: u8,
) -> PyResult<Timing> {
    let (program, warnings) = program_of(program, name, arch_of(arch)?)?;
    let thread = Thread::from_index(thread).ok_or_else(|| {
        PyValueError::new_err(format!("thread {thread} does not exist (0, 1, 2)"))
    })?;
    let timing = FrontendTiming::new(program.inputs(), thread);
    let depths = timing.fifo_depths();
    let mut gate = Vec::new();
    let s = timing.run(|cycle, word| gate.push((cycle, word)));
    Ok((depths, gate, s.named().to_vec(), warnings))
}

#[pyfunction]
fn tensix_disassemble(word: u32, arch: &str) -> PyResult<String> {
    Ok(disassemble(arch_of(arch)?, word))
}

/// A data format and layout, checked as the manifests check them.
fn format_of(fmt: &str, tiles: bool, rows: usize, cols: usize) -> PyResult<Fmt> {
    let f = Fmt::parse(fmt).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown format `{fmt}` (fp32, tf32, fp16, bf16, int32, bfp8, bfp4)"
        ))
    })?;
    if (tiles || f.is_bfp()) && (!rows.is_multiple_of(32) || !cols.is_multiple_of(32)) {
        return Err(PyValueError::new_err(format!(
            "a {rows}x{cols} matrix: the tiles layout (required for bfp8 and bfp4) needs rows and cols multiples of 32"
        )));
    }
    if f.is_bfp() && !tiles {
        return Err(PyValueError::new_err(
            "bfp8 and bfp4 are stored in the tiles layout",
        ));
    }
    Ok(f)
}

/// `values` (row-major float64, little-endian bytes) as L1 bytes.
#[pyfunction]
fn tensix_encode<'py>(
    py: Python<'py>,
    values: &[u8],
    fmt: &str,
    tiles: bool,
    rows: usize,
    cols: usize,
) -> PyResult<Bound<'py, PyBytes>> {
    let f = format_of(fmt, tiles, rows, cols)?;
    if values.len() != rows * cols * 8 {
        return Err(PyValueError::new_err(format!(
            "{} values for a {rows}x{cols} matrix",
            values.len() / 8
        )));
    }
    let vals: Vec<f64> = values
        .chunks_exact(8)
        .map(|c| f64::from_le_bytes(c.try_into().expect("8 bytes")))
        .collect();
    Ok(PyBytes::new(
        py,
        &formats::encode(&vals, f, tiles, rows, cols),
    ))
}

/// L1 bytes as row-major float64 values (little-endian bytes).
#[pyfunction]
fn tensix_decode<'py>(
    py: Python<'py>,
    bytes: &[u8],
    fmt: &str,
    tiles: bool,
    rows: usize,
    cols: usize,
) -> PyResult<Bound<'py, PyBytes>> {
    let f = format_of(fmt, tiles, rows, cols)?;
    let want = formats::byte_len(f, rows, cols);
    if bytes.len() != want {
        return Err(PyValueError::new_err(format!(
            "{} bytes; a {rows}x{cols} {fmt} matrix is {want}",
            bytes.len()
        )));
    }
    let vals = formats::decode(bytes, f, tiles, rows, cols);
    let out: Vec<u8> = vals.iter().flat_map(|v| v.to_le_bytes()).collect();
    Ok(PyBytes::new(py, &out))
}

/// Bytes of a `rows`x`cols` matrix in `fmt`.
#[pyfunction]
fn tensix_byte_len(fmt: &str, tiles: bool, rows: usize, cols: usize) -> PyResult<usize> {
    Ok(formats::byte_len(
        format_of(fmt, tiles, rows, cols)?,
        rows,
        cols,
    ))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(tensix_expand, m)?)?;
    m.add_function(wrap_pyfunction!(tensix_timing, m)?)?;
    m.add_function(wrap_pyfunction!(tensix_disassemble, m)?)?;
    m.add_function(wrap_pyfunction!(tensix_encode, m)?)?;
    m.add_function(wrap_pyfunction!(tensix_decode, m)?)?;
    m.add_function(wrap_pyfunction!(tensix_byte_len, m)?)?;
    Ok(())
}
