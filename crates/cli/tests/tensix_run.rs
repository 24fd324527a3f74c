//! `macrosim tensix run`: every shipped kernel manifest runs and matches its expected output
//! bit for bit (the expectations come from tile-fw's numpy model of the ISA pages, confirmed
//! on ttsim); bad manifests and runaway kernels stop with exit status 2 and a located message.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn kernels() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/tensix/kernels")
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_macrosim"))
        .args(["tensix", "run"])
        .args(args)
        .output()
        .expect("macrosim runs")
}

#[test]
fn every_shipped_manifest_matches_its_expected_output() {
    let mut manifests: Vec<PathBuf> = std::fs::read_dir(kernels())
        .expect("examples/tensix/kernels exists")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    manifests.sort();
    assert!(
        manifests.len() >= 6,
        "the matmul and eltwise manifests are shipped"
    );
    for m in &manifests {
        let out = run(&[m.to_str().expect("utf-8 path"), "--stats"]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}:\n{stdout}\n{stderr}",
            m.display()
        );
        assert!(
            stdout.contains("bit-exact, 0 mismatches), OK"),
            "{}:\n{stdout}",
            m.display()
        );
        assert!(stdout.contains("cycles: "), "--stats prints cycles");
    }
}

fn scratch(name: &str, text: &str) -> PathBuf {
    // Cargo's scratch folder for this crate's tests (under target/, not left in /tmp).
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tensix-run");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write manifest");
    p
}

#[test]
fn a_bad_manifest_names_its_file_and_line() {
    let p = scratch("bad.toml", "arch = \"wh\"\n\n[cores]\ntrisc7 = \"x.elf\"\n");
    let out = run(&[p.to_str().expect("utf-8")]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err.contains("bad.toml:4:") && err.contains("unknown core `trisc7`"),
        "{err}"
    );
    let p = scratch("syntax.toml", "arch = \"wh\"\nmax_cycles = = 3\n");
    let out = run(&[p.to_str().expect("utf-8")]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(err.contains("syntax.toml:2:"), "{err}");
}

#[test]
fn max_cycles_stops_a_run_with_status_2() {
    let m = kernels().join("matmul_hifi4.toml");
    let out = run(&[m.to_str().expect("utf-8"), "--max-cycles", "64"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err.contains("no result after 64 cycles") && err.contains("trisc"),
        "{err}"
    );
}

#[test]
fn dump_writes_text_and_raw_outputs() {
    let m = kernels().join("eltwise_add.toml");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tensix-dump");
    let out = run(&[
        m.to_str().expect("utf-8"),
        "--dump",
        dir.to_str().expect("utf-8"),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bin = std::fs::read(dir.join("c.bin")).expect("c.bin");
    assert_eq!(bin.len(), 32 * 32 * 2, "a 32x32 BF16 tile");
    let txt = std::fs::read_to_string(dir.join("c.txt")).expect("c.txt");
    assert_eq!(txt.lines().filter(|l| !l.starts_with('#')).count(), 32);
}

// Raw inputs and outputs (`bytes = N`): bytes placed in L1 and compared back exactly; a
// difference is exit status 1 (a failed comparison), not 2.
#[test]
fn raw_inputs_and_outputs() {
    let data = scratch("data.bin", "0123456789abcdef");
    let same = scratch("same.bin", "0123456789abcdef");
    let other = scratch("other.bin", "0123456789abcdeF");
    let manifest = |expect: &Path| {
        format!(
            "[[input]]\nname = \"d\"\naddr = 0x20000\nfile = \"{}\"\n\n[[output]]\nname = \"d\"\naddr = 0x20000\nbytes = 16\nexpect = \"{}\"\n",
            data.display(),
            expect.display()
        )
    };
    let ok = scratch("raw_ok.toml", &manifest(&same));
    let out = run(&[ok.to_str().expect("utf-8")]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("0 differing bytes vs expect, OK"));
    let bad = scratch("raw_bad.toml", &manifest(&other));
    let out = run(&[bad.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("1 differing bytes vs expect, FAIL"));
}
