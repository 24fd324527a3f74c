//! Every qemu-recorded corpus program (tests/riscv-corpus/recorded) run on macrosim: stdout and
//! exit status must equal what qemu-riscv32 produced. One test per program, so a failure names
//! it and `cargo test -p macrosim-riscv-corpus-tests -- fp_arith` runs one. Each program runs
//! on both execution tiers: the interpreter (`interp/NAME`) and the translation tier
//! (`jit/NAME`).

use libtest_mimic::{Arguments, Failed, Trial};
use macrosim_riscv::hart::Tier;
use macrosim_riscv::trace::NoTrace;
use macrosim_riscv::{Isa, Outcome, Program, RunOptions};
use macrosim_riscv_corpus_tests::{Recorded, first_difference, load_all, recorded_dir};
use std::cell::RefCell;
use std::io::{self, Write};
use std::rc::Rc;

/// Enough for the largest program (sort, about 10^8 instructions); a runaway stops here.
const MAX_INSNS: u64 = 2_000_000_000;
/// Entries before the translation tier translates a block in these runs.
const JIT_THRESHOLD: u32 = 50;

/// A `Write` whose bytes the test reads back after the run.
#[derive(Clone, Default)]
struct Capture(Rc<RefCell<Vec<u8>>>);

impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn check(program: &Recorded, tier: Tier) -> Result<(), Failed> {
    let elf = std::fs::read(&program.elf).map_err(|e| format!("{}: {e}", program.elf.display()))?;
    let (stdout, stderr) = (Capture::default(), Capture::default());
    let failed = |e: &dyn std::fmt::Display| format!("{}: {e}", program.name);
    let opts = RunOptions {
        isa: Isa::RV32IMAFD,
        max_insns: Some(MAX_INSNS),
        argv: program.argv.clone(),
        envp: Vec::new(),
    };
    let mut p = Program::load(&elf, &opts).map_err(|e| failed(&e))?;
    p.hart.set_tier(tier).map_err(|e| failed(&e))?;
    // Translate blocks far sooner than the tier's default (which pays on long runs), so that
    // the short programs' loops run translated too.
    p.hart.set_jit_threshold(JIT_THRESHOLD);
    p.redirect_output(Box::new(stdout.clone()), Box::new(stderr.clone()));
    let status = p
        .run(&mut NoTrace)
        .map(Outcome::exit_status)
        .map_err(|e| failed(&e))?;
    let stdout = stdout.0.borrow();
    let mut problems = Vec::new();
    if status != program.status {
        problems.push(format!("exit status {status}, qemu {}", program.status));
    }
    if let Some(d) = first_difference(&program.stdout, &stdout) {
        problems.push(d);
    }
    if problems.is_empty() {
        return Ok(());
    }
    let stderr = String::from_utf8_lossy(&stderr.0.borrow()).into_owned();
    if !stderr.is_empty() {
        problems.push(format!("stderr: {}", stderr.trim_end()));
    }
    Err(problems.join("\n").into())
}

fn main() {
    let args = Arguments::from_args();
    let programs = load_all(&recorded_dir()).expect("tests/riscv-corpus/recorded is readable");
    let trials = programs
        .into_iter()
        .flat_map(|p| {
            let p = std::sync::Arc::new(p);
            // The translation tier only where it is built (`--features jit`).
            let tiers: &[(&str, Tier)] = if cfg!(feature = "jit") {
                &[("interp", Tier::Interp), ("jit", Tier::Jit)]
            } else {
                &[("interp", Tier::Interp)]
            };
            tiers
                .iter()
                .map(|&(name, tier)| {
                    let p = std::sync::Arc::clone(&p);
                    Trial::test(format!("{name}/{}", p.name), move || check(&p, tier))
                })
                .collect::<Vec<_>>()
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
