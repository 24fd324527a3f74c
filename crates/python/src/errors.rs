//! The `macrosim.Error` hierarchy. Every exception carries the text `macrosim ...` prints on
//! standard error after its `macrosim: ` prefix, so a notebook shows what the command line
//! would.
//!
//! * `Error`: the base of everything below.
//! * `InputError`: an input that cannot be used (an ELF, a program text, a configuration);
//!   the command line's exit status 2 before anything ran.
//! * `SimulationError`: the simulated program did something the model refuses (an unhandled
//!   exception, a fault, a deadlock), naming the hart/core, pc and instruction.
//! * `LimitError` (a `SimulationError`): `max_insns` or `max_cycles` ran out.

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

create_exception!(
    macrosim,
    Error,
    PyException,
    "Base of every macrosim error."
);
create_exception!(
    macrosim,
    InputError,
    Error,
    "An input that cannot be used: an ELF, a program text, a configuration."
);
create_exception!(
    macrosim,
    SimulationError,
    Error,
    "The simulated program did something the model refuses; names hart/core, pc, instruction."
);
create_exception!(
    macrosim,
    LimitError,
    SimulationError,
    "The instruction or cycle limit (max_insns / max_cycles) ran out."
);

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<Error>())?;
    m.add("InputError", py.get_type::<InputError>())?;
    m.add("SimulationError", py.get_type::<SimulationError>())?;
    m.add("LimitError", py.get_type::<LimitError>())?;
    Ok(())
}

/// `e` and its causes as the command line prints an error with context (anyhow's `{:#}`:
/// `outer: cause: cause`).
pub fn chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

/// An [`InputError`] about the input named `name` (`NAME: what is wrong`).
pub fn input(name: &str, what: impl std::fmt::Display) -> PyErr {
    InputError::new_err(format!("{name}: {what}"))
}
