//! Runs every self-checking program in `tests/programs/` (bare metal, RV32IMAFD) and asserts that
//! it reports pass through `tohost`. The programs and what they cover are described in
//! `tests/programs/README.md`; `scripts/build-riscv-programs.sh` rebuilds the committed ELFs.

use macrosim_riscv::hart::Tier;
use macrosim_riscv::{Isa, Outcome, Program, RunOptions};
use std::path::{Path, PathBuf};

fn programs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs");
    let mut elfs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "elf"))
        .collect();
    elfs.sort();
    elfs
}

fn run(path: &Path, isa: Isa) -> Outcome {
    run_on(path, isa, Tier::Interp).0
}

/// Run on `tier` (translating every block at its first entry); the outcome, the instructions
/// retired and the final integer and FP registers.
fn run_on(path: &Path, isa: Isa, tier: Tier) -> (Outcome, u64, Vec<u64>) {
    let bytes = std::fs::read(path).unwrap();
    let opts = RunOptions {
        isa,
        max_insns: Some(10_000_000),
        argv: vec![path.display().to_string()],
        envp: Vec::new(),
    };
    let mut p = Program::load(&bytes, &opts).unwrap();
    assert!(p.is_bare_metal(), "{} has no tohost", path.display());
    p.hart.set_tier(tier).unwrap();
    p.hart.set_jit_threshold(1);
    let outcome = p
        .run(&mut macrosim_riscv::trace::NoTrace)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let regs = (0..32)
        .map(|r| u64::from(p.hart.x(r)))
        .chain((0..32).map(|r| p.hart.f(r)))
        .collect();
    (outcome, p.hart.retired(), regs)
}

/// The translation tier passes every program too, with the interpreter's instruction count and
/// final registers.
#[cfg(feature = "jit")]
#[test]
fn every_program_gives_the_same_end_on_the_translation_tier() {
    for elf in &programs() {
        let interp = run_on(elf, Isa::RV32IMAFD, Tier::Interp);
        assert_eq!(interp.0, Outcome::Pass, "{}", elf.display());
        assert_eq!(
            run_on(elf, Isa::RV32IMAFD, Tier::Jit),
            interp,
            "{}",
            elf.display()
        );
    }
}

#[test]
fn every_program_passes() {
    let elfs = programs();
    let names: Vec<String> = elfs
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    for want in [
        "rv32i_alu",
        "rv32i_control",
        "rv32i_memory",
        "rv32m",
        "rv32a",
        "rv32f",
        "rv32d",
        "zicsr",
        "traps",
        "fence_i",
    ] {
        assert!(names.iter().any(|n| n == want), "missing {want}.elf");
    }
    for elf in &elfs {
        assert_eq!(run(elf, Isa::RV32IMAFD), Outcome::Pass, "{}", elf.display());
    }
}

#[test]
fn the_same_programs_fail_without_their_extensions() {
    // Instructions outside the ISA are illegal: the handler skips them and the checks fail.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs");
    let rv32im = Isa::parse("rv32im").unwrap();
    assert!(matches!(
        run(&dir.join("rv32a.elf"), rv32im),
        Outcome::Fail { .. }
    ));
    assert!(matches!(
        run(&dir.join("rv32f.elf"), rv32im),
        Outcome::Fail { .. }
    ));
    let rv32if = Isa::parse("rv32imaf").unwrap();
    assert!(matches!(
        run(&dir.join("rv32d.elf"), rv32if),
        Outcome::Fail { .. }
    ));
    assert_eq!(run(&dir.join("rv32m.elf"), rv32im), Outcome::Pass);
    let rv32i = Isa::parse("rv32i").unwrap();
    assert!(matches!(
        run(&dir.join("rv32m.elf"), rv32i),
        Outcome::Fail { test: 1 }
    ));
}

#[test]
fn a_failing_program_reports_its_test_number() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs/cli/fail3.elf");
    assert_eq!(run(&path, Isa::RV32IMAFD), Outcome::Fail { test: 3 });
}
