//! The self-checking programs of `examples/snitch` (their prebuilt ELFs, built by
//! `scripts/snitch/build-programs.sh` from `tests/*.c` and `kernels/*.c`) on the
//! `snitch_cluster` preset: each source states its expected exit code (`// expect: exit=N`) or
//! that it must stop with an error (`// expect: error=...`); the error cases are also checked
//! for naming what the issue asks (hart, pc, instruction, SSR, element index).

use macrosim_snitch::{Cluster, Outcome, RunOptions, SnitchError, SystemConfig};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/snitch")
}

fn source(name: &str) -> String {
    for dir in ["tests", "kernels"] {
        if let Ok(s) = std::fs::read_to_string(root().join(dir).join(format!("{name}.c"))) {
            return s;
        }
    }
    panic!("no source for {name}");
}

fn run_with(cfg: SystemConfig, elf: &Path, timing: bool) -> Result<Outcome, SnitchError> {
    run_jumping(cfg, elf, timing, true)
}

/// [`run_with`], the cycle model's steady-state jump over FREP repetitions on or off.
fn run_jumping(
    cfg: SystemConfig,
    elf: &Path,
    timing: bool,
    jump: bool,
) -> Result<Outcome, SnitchError> {
    let bytes = std::fs::read(elf).unwrap();
    let mut c = Cluster::new(cfg, &bytes)?;
    c.steady_jump = jump;
    c.run(&RunOptions {
        max_insns: Some(50_000_000),
        timing,
        trace: None,
        ..Default::default()
    })
}

fn run(name: &str) -> Result<Outcome, SnitchError> {
    let elf = root().join("build").join(format!("{name}.elf"));
    run_with(SystemConfig::preset("snitch_cluster").unwrap(), &elf, false)
}

fn expectation(src: &str, key: &str) -> Option<String> {
    src.lines()
        .find_map(|l| l.strip_prefix(key))
        .map(|s| s.trim().to_string())
}

fn programs() -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(root().join("build"))
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            (p.extension()? == "elf").then(|| p.file_stem()?.to_str().map(String::from))?
        })
        .collect();
    v.sort();
    v
}

#[test]
fn every_program_meets_its_expectation() {
    let mut checked = 0;
    for name in programs() {
        let src = source(&name);
        let exp = expectation(&src, "// expect:").unwrap_or_else(|| panic!("{name}: no expect"));
        let got = run(&name);
        if let Some(code) = exp.strip_prefix("exit=") {
            let code: u32 = code.split_whitespace().next().unwrap().parse().unwrap();
            match got {
                Ok(o) => assert_eq!(o.code, code, "{name}"),
                Err(e) => panic!("{name}: expected exit {code}, got error: {e}"),
            }
        } else {
            assert!(exp.starts_with("error"), "{name}: {exp}");
            assert!(got.is_err(), "{name}: expected an error ({exp})");
        }
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} programs");
}

/// Same architectural results with the cycle model on.
#[test]
fn timing_changes_no_result() {
    for name in [
        "dot",
        "gemm",
        "axpy",
        "frep_stagger",
        "ssr_shadow",
        "barrier",
        "dma_2d",
    ] {
        let elf = root().join("build").join(format!("{name}.elf"));
        let o = run_with(SystemConfig::preset("snitch_cluster").unwrap(), &elf, true).unwrap();
        assert_eq!(o.code, 0, "{name}");
        assert!(o.stats[0].cycles > 0);
    }
}

/// The error messages name what the issue asks for.
/// The cycle model's steady-state jump (`steady.rs`) changes nothing a run reports: every
/// program here under `snitch_cluster` and every one of `build/banshee` under `banshee` gives
/// the same outcome (exit code, every hart's `--timing` stats) or the same error either way.
#[test]
fn steady_jump_changes_no_report() {
    let mut runs = 0;
    for (dir, preset) in [("build", "snitch_cluster"), ("build/banshee", "banshee")] {
        let mut elfs: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "elf"))
            .collect();
        elfs.sort();
        for elf in elfs {
            let cfg = || SystemConfig::preset(preset).unwrap();
            let on = format!("{:?}", run_jumping(cfg(), &elf, true, true));
            let off = format!("{:?}", run_jumping(cfg(), &elf, true, false));
            assert_eq!(on, off, "{}", elf.display());
            runs += 1;
        }
    }
    assert!(runs >= 80, "{runs} programs");
}

#[test]
fn errors_name_hart_pc_instruction_ssr_and_element() {
    let cases: [(&str, &[&str]); 9] = [
        (
            "err_ssr_overread",
            &["hart 0", "SSR 0", "element 4", "read past the end"],
        ),
        (
            "err_ssr_overpush",
            &["SSR 2", "element 6", "write past the end"],
        ),
        ("err_ssr_pop_write", &["SSR 2", "read from a write stream"]),
        (
            "err_ssr_unconfigured",
            &["hart 3", "SSR 1", "never configured"],
        ),
        ("err_frep_branch", &["frep.o", "a branch"]),
        ("err_frep_compare", &["an FP compare"]),
        ("err_frep_csr", &["CSR"]),
        ("err_frep_fmvx", &["fmv.x"]),
        ("err_frep_too_long", &["33 instructions", "buffer (32)"]),
    ];
    for (name, words) in cases {
        let e = run(name).unwrap_err().to_string();
        assert!(e.contains("pc 0x"), "{name}: {e}");
        for w in words {
            assert!(e.contains(w), "{name}: `{w}` missing from: {e}");
        }
    }
}

/// Programs whose expectation depends on the configuration (`// expect-config(...)`).
#[test]
fn configured_sequencers() {
    let nest4 = "preset = \"snitch_cluster\"\n[frep]\nnest = 4\n";
    let inner = "preset = \"snitch_cluster\"\n[frep]\ninner = true\nnest = 1\ndepth = 16\n";
    for (name, cfg) in [("frep3d", nest4), ("frep4d", nest4), ("frep_i", inner)] {
        let elf = root().join("build").join(format!("{name}.elf"));
        let c = SystemConfig::parse(cfg, "test.toml").unwrap();
        match run_with(c, &elf, false) {
            Ok(o) => assert_eq!(o.code, 0, "{name}"),
            Err(e) => panic!("{name}: {e}"),
        }
    }
}

/// Deterministic: two runs give the same cycles and counts.
#[test]
fn runs_are_deterministic() {
    let elf = root().join("build/gemm.elf");
    let a = run_with(SystemConfig::preset("snitch_cluster").unwrap(), &elf, true).unwrap();
    let b = run_with(SystemConfig::preset("snitch_cluster").unwrap(), &elf, true).unwrap();
    assert_eq!(a.stats, b.stats);
}

/// `--trace DIR`: one commit log per hart, with SSR pops, FREP iterations and DMA copies marked
/// on the lines of the instructions that caused them. The logs and the run's statistics count
/// separately, so they must agree: one line per retired instruction (FREP repetitions
/// included), one SSR mark per element, one `frep iteration` per repetition plus the first pass
/// of each FREP, and the DMA copies' sizes add up to the bytes moved.
#[test]
fn trace_logs_mark_ssr_frep_and_dma_events() {
    let dir =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("snitch-trace-{}", std::process::id()));
    let bytes = std::fs::read(root().join("build/dot.elf")).unwrap();
    let mut c = Cluster::new(SystemConfig::preset("snitch_cluster").unwrap(), &bytes).unwrap();
    let out = c
        .run(&RunOptions {
            max_insns: Some(50_000_000),
            trace: Some(dir.clone()),
            ..Default::default()
        })
        .unwrap();
    assert_eq!(out.code, 0);
    for s in &out.stats {
        let log = std::fs::read_to_string(dir.join(format!("hart{}.log", s.hart))).unwrap();
        let marks = |m: &str| log.matches(m).count() as u64;
        let ssr = (0..3)
            .map(|k| marks(&format!("ssr{k} pop ")) + marks(&format!("ssr{k} push ")))
            .sum::<u64>();
        let freps = log
            .lines()
            .filter(|l| l.contains("frep iteration 0 "))
            .count() as u64;
        let dma: u64 = log
            .split("; dma copy ")
            .skip(1)
            .map(|m| m.split_whitespace().nth(3).unwrap().parse::<u64>().unwrap())
            .sum();
        assert_eq!(
            log.lines().count() as u64,
            s.instructions,
            "hart {}",
            s.hart
        );
        assert_eq!(ssr, s.ssr_elements, "hart {}", s.hart);
        assert_eq!(
            marks("frep iteration"),
            s.frep_repetitions + freps,
            "hart {}",
            s.hart
        );
        assert_eq!(dma, s.dma_bytes, "hart {}", s.hart);
    }
    // dot streams on the 8 compute cores and copies on the DMA core (hart 8).
    assert!(
        out.stats[..8]
            .iter()
            .all(|s| s.ssr_elements > 0 && s.frep_repetitions > 0)
    );
    assert!(out.stats[8].dma_bytes > 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The listing names the custom instructions with the Snitch toolchain's mnemonics.
#[test]
fn disassembly_of_a_kernel_uses_snitch_mnemonics() {
    let dot = std::fs::read(root().join("build/dot.elf")).unwrap();
    let text = macrosim_snitch::disasm::elf(&dot).unwrap();
    for m in [
        "frep.o ", "scfgwi ", "dmsrc ", "dmdst ", "dmcpyi ", "dmstati ",
    ] {
        assert!(text.contains(m), "`{m}` missing");
    }
    assert!(!text.contains(".word"), "an undecoded word in dot.elf");
}
