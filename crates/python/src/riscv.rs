//! `macrosim.riscv`: RV32 programs on the RV32IMAFD hart, as `macrosim riscv run` loads and
//! runs them (crates/cli/src/riscv.rs), with the hart's state open for stepping.

use crate::capture::Captured;
use crate::errors::{self, LimitError, SimulationError};
use macrosim_riscv::hart::Tier;
use macrosim_riscv::isa::Isa;
use macrosim_riscv::program::{Outcome, Program, RunError, RunOptions};
use macrosim_riscv::trace::NoTrace;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::collections::{BTreeMap, HashSet};

/// Instructions run between checks for Ctrl-C in the host (KeyboardInterrupt).
const SLICE: u64 = 1 << 22;

/// A loaded RV32 program and its hart (`macrosim.riscv.Hart` wraps it).
#[pyclass(unsendable, module = "macrosim._native")]
pub struct RiscvProgram {
    program: Program,
    /// How errors name the program (its path, as the command line does).
    name: String,
    stdout: Captured,
    stderr: Captured,
    outcome: Option<Outcome>,
    symbols: BTreeMap<String, u32>,
}

fn parse_tier(tier: &str) -> PyResult<Tier> {
    match tier {
        "interp" => Ok(Tier::Interp),
        "jit" => Ok(Tier::Jit),
        _ => Err(PyValueError::new_err(format!(
            "unknown tier {tier:?} (expected interp or jit)"
        ))),
    }
}

/// The exception for a run that could not go on, as `macrosim riscv run` words it.
fn run_error(e: RunError) -> PyErr {
    match e {
        RunError::Limit { .. } => LimitError::new_err(e.to_string()),
        e => SimulationError::new_err(e.to_string()),
    }
}

#[pymethods]
impl RiscvProgram {
    /// Load `elf` (bytes) named `name` with `args` as argv[1..].
    #[new]
    #[pyo3(signature = (elf, name, args, max_insns, isa, tier, mem_limit))]
    fn new(
        elf: &[u8],
        name: String,
        args: Vec<String>,
        max_insns: Option<u64>,
        isa: &str,
        tier: &str,
        mem_limit: u64,
    ) -> PyResult<Self> {
        let isa = Isa::parse(isa).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let tier = parse_tier(tier)?;
        let mut argv = vec![name.clone()];
        argv.extend(args);
        let opts = RunOptions {
            isa,
            max_insns,
            argv,
            envp: Vec::new(),
        };
        let mut program = Program::load(elf, &opts).map_err(|e| errors::input(&name, e))?;
        program.set_mem_limit(mem_limit);
        program
            .hart
            .set_tier(tier)
            .map_err(|e| errors::InputError::new_err(errors::chain(&e)))?;
        let (stdout, stderr) = (Captured::default(), Captured::default());
        program.redirect_output(stdout.sink(), stderr.sink());
        Ok(RiscvProgram {
            program,
            name,
            stdout,
            stderr,
            outcome: None,
            symbols: crate::symbols::of_elf(elf),
        })
    }

    /// Run at most `n` instructions; True once the program has ended.
    fn step(&mut self, py: Python<'_>, n: u64) -> PyResult<bool> {
        let mut left = n;
        while self.outcome.is_none() && left > 0 {
            let slice = left.min(SLICE);
            self.outcome = self
                .program
                .run_for(&mut NoTrace, slice)
                .map_err(run_error)?;
            left -= slice;
            py.check_signals()?;
        }
        Ok(self.outcome.is_some())
    }

    /// Run until the program ends or the pc reaches one of `breakpoints` (after at least one
    /// instruction); the pc it stopped at, or None when the program ended.
    fn run_until(&mut self, py: Python<'_>, breakpoints: Vec<u32>) -> PyResult<Option<u32>> {
        if breakpoints.is_empty() {
            while !self.step(py, SLICE)? {}
            return Ok(None);
        }
        let at: HashSet<u32> = breakpoints.into_iter().collect();
        let mut since_check = 0;
        while self.outcome.is_none() {
            self.outcome = self.program.run_for(&mut NoTrace, 1).map_err(run_error)?;
            if self.outcome.is_none() && at.contains(&self.program.hart.pc()) {
                return Ok(Some(self.program.hart.pc()));
            }
            since_check += 1;
            if since_check == SLICE {
                py.check_signals()?;
                since_check = 0;
            }
        }
        Ok(None)
    }

    /// How the program ended: (kind, exit status, detail), kind one of "exit", "killed",
    /// "pass", "fail" (detail: the signal or the failed test); None while it runs.
    fn outcome(&self) -> Option<(&'static str, i32, u32)> {
        self.outcome.map(|o| {
            let (kind, detail) = match o {
                Outcome::Exit(_) => ("exit", 0),
                Outcome::Killed(sig) => ("killed", sig),
                Outcome::Pass => ("pass", 0),
                Outcome::Fail { test } => ("fail", test),
            };
            (kind, o.exit_status(), detail)
        })
    }

    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    #[getter]
    fn stdout<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.stdout.bytes())
    }

    #[getter]
    fn stderr<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.stderr.bytes())
    }

    #[getter]
    fn retired(&self) -> u64 {
        self.program.hart.retired()
    }

    #[getter]
    fn bare_metal(&self) -> bool {
        self.program.is_bare_metal()
    }

    #[getter]
    fn get_pc(&self) -> u32 {
        self.program.hart.pc()
    }

    #[setter]
    fn set_pc(&mut self, pc: u32) {
        self.program.hart.set_pc(pc);
    }

    fn x(&self, r: u32) -> PyResult<u32> {
        check_reg(r)?;
        Ok(self.program.hart.x(r))
    }

    fn set_x(&mut self, r: u32, v: u32) -> PyResult<()> {
        check_reg(r)?;
        self.program.hart.set_x(r, v);
        Ok(())
    }

    /// The raw 64-bit pattern of f`r` (a single is NaN-boxed).
    fn f(&self, r: u32) -> PyResult<u64> {
        check_reg(r)?;
        Ok(self.program.hart.f(r))
    }

    fn set_f(&mut self, r: u32, v: u64) -> PyResult<()> {
        check_reg(r)?;
        self.program.hart.set_f(r, v);
        Ok(())
    }

    fn csr(&self, n: u16) -> PyResult<u32> {
        self.program
            .hart
            .read_csr(n)
            .ok_or_else(|| PyValueError::new_err(format!("no CSR {n:#x} on this hart")))
    }

    fn set_csr(&mut self, n: u16, v: u32) -> PyResult<()> {
        if self.program.hart.write_csr(n, v) {
            Ok(())
        } else {
            Err(PyValueError::new_err(format!("no writable CSR {n:#x}")))
        }
    }

    /// `n` bytes at `addr`.
    fn read<'py>(&self, py: Python<'py>, addr: u32, n: usize) -> PyResult<Bound<'py, PyBytes>> {
        crate::memory::read(py, &self.program.mem, addr, n)
    }

    /// Store `data` at `addr` (mapped memory; permissions are not checked).
    fn write(&mut self, addr: u32, data: &[u8]) -> PyResult<()> {
        crate::memory::write(&mut self.program.mem, addr, data)
    }

    /// The disassembly of the instruction word at `addr`.
    fn disassemble(&self, addr: u32) -> PyResult<String> {
        let word = self
            .program
            .mem
            .fetch_u32(u64::from(addr))
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(self.program.hart.disassemble(word, addr))
    }

    /// The ELF's defined symbols, name to address.
    fn symbols(&self) -> BTreeMap<String, u32> {
        self.symbols.clone()
    }
}

fn check_reg(r: u32) -> PyResult<()> {
    if r < 32 {
        Ok(())
    } else {
        Err(PyValueError::new_err(format!(
            "register {r} does not exist (0 to 31)"
        )))
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<RiscvProgram>()
}
