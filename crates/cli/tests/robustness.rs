//! Hostile inputs and hostile guests (issue 13): every case ends with a clear message, the
//! documented exit status, and bounded time and memory.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn macrosim() -> Command {
    Command::new(env!("CARGO_BIN_EXE_macrosim"))
}

fn tmp(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("macrosim-robustness-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path)
}

fn output(args: &[&str]) -> (Option<i32>, String) {
    let out = macrosim().args(args).stdin(Stdio::null()).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Assemble Linx `src` into an ELF named `name`.
fn linx_elf(name: &str, src: &str) -> PathBuf {
    let (s, elf) = (tmp(&format!("{name}.s")), tmp(name));
    std::fs::write(&s, src).unwrap();
    let (code, err) = output(&[
        "linx",
        "asm",
        s.to_str().unwrap(),
        "-o",
        elf.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    elf
}

const LINX_SPIN: &str = "        .text\n_start: C.BSTART.STD DIRECT, _start\n        C.BSTOP\n";

fn riscv_spin() -> PathBuf {
    repo("crates/riscv/tests/programs/cli/spin.elf")
}

/// Run with standard output a pipe whose reader is already gone.
fn with_closed_stdout(args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    macrosim()
        .args(args)
        .stdin(Stdio::null())
        .stdout(writer)
        .output()
        .unwrap()
}

#[test]
fn a_closed_standard_output_ends_every_verb_quietly() {
    let linx = linx_elf("spin-disasm", LINX_SPIN);
    let rv = repo("crates/riscv/tests/programs/rv32i_alu.elf");
    let tt = repo("examples/tensix/eltwise_add.tt");
    for args in [
        vec!["riscv", "disasm", rv.to_str().unwrap()],
        vec!["linx", "disasm", linx.to_str().unwrap()],
        vec!["tensix", "expand", tt.to_str().unwrap()],
        vec!["tensix", "expand", "--timing", tt.to_str().unwrap()],
        vec![
            "tensix",
            "bench",
            "--samples",
            "1",
            "--min-time",
            "0.01",
            tt.to_str().unwrap(),
        ],
    ] {
        let out = with_closed_stdout(&args);
        assert_eq!(out.status.code(), Some(141), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !err.contains("macrosim:") && !err.contains("panicked"),
            "{args:?}: no message: {err}"
        );
    }
}

#[test]
fn durations_must_be_finite_and_positive() {
    let tt = repo("examples/tensix/eltwise_add.tt");
    let spin = riscv_spin();
    for bad in ["NaN", "inf", "-inf", "1e400", "0", "-1", "x"] {
        let start = Instant::now();
        let min_time = format!("--min-time={bad}");
        let (code, err) = output(&["tensix", "bench", &min_time, tt.to_str().unwrap()]);
        assert_eq!(code, Some(2), "--min-time {bad}: {err}");
        assert!(err.contains(bad), "{err}");
        let timeout = format!("--timeout={bad}");
        let (code, err) = output(&["riscv", "run", &timeout, spin.to_str().unwrap()]);
        assert_eq!(code, Some(2), "--timeout {bad}: {err}");
        assert!(start.elapsed() < Duration::from_secs(10));
    }
}

#[test]
fn riscv_disasm_refuses_the_elfs_run_refuses() {
    let linx = linx_elf("linx-for-riscv", LINX_SPIN);
    let mut x86 = std::fs::read(riscv_spin()).unwrap();
    x86[18] = 3; // EM_386
    let x86_path = tmp("x86.elf");
    std::fs::write(&x86_path, &x86).unwrap();
    for (file, why) in [(&linx, "class"), (&x86_path, "machine")] {
        for verb in ["run", "disasm"] {
            let (code, err) = output(&["riscv", verb, file.to_str().unwrap()]);
            assert_eq!(code, Some(2), "riscv {verb} {}: {err}", file.display());
            assert!(err.contains(why), "riscv {verb}: {err}");
        }
    }
}

#[test]
fn an_output_that_is_an_input_is_refused() {
    let elf = linx_elf("victim", LINX_SPIN);
    let before = std::fs::read(&elf).unwrap();
    let e = elf.to_str().unwrap();
    let (code, err) = output(&["linx", "run", "--trace", e, e]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("also an input"), "{err}");
    assert_eq!(std::fs::read(&elf).unwrap(), before);

    let rv = tmp("victim-rv.elf");
    std::fs::copy(riscv_spin(), &rv).unwrap();
    let r = rv.to_str().unwrap();
    let (code, err) = output(&["riscv", "run", "--trace", r, r]);
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(
        std::fs::read(&rv).unwrap(),
        std::fs::read(riscv_spin()).unwrap()
    );

    let src = tmp("victim.s");
    std::fs::write(&src, LINX_SPIN).unwrap();
    let s = src.to_str().unwrap();
    let (code, err) = output(&["linx", "asm", s, "-o", s]);
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(std::fs::read_to_string(&src).unwrap(), LINX_SPIN);
}

#[test]
fn devices_and_directories_are_not_read_as_files() {
    let start = Instant::now();
    for args in [
        ["riscv", "run", "/dev/zero"],
        ["riscv", "disasm", "/dev/zero"],
        ["linx", "run", "/dev/zero"],
        ["linx", "disasm", "/dev/urandom"],
        ["tensix", "expand", "/dev/zero"],
        ["linx", "disasm", "/"],
    ] {
        let (code, err) = output(&args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains("not a regular file"), "{args:?}: {err}");
    }
    let (code, err) = output(&["linx", "asm", "/dev/zero", "-o", tmp("z").to_str().unwrap()]);
    assert_eq!(code, Some(2), "{err}");
    assert!(start.elapsed() < Duration::from_secs(20));
}

/// Start `args`, send SIGINT after `after`, and return the exit status and standard error.
fn interrupt(args: &[&str], after: Duration) -> (Option<i32>, String) {
    let child = macrosim()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(after);
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn ctrl_c_stops_a_run_and_says_where_it_was() {
    let spin = riscv_spin();
    let (code, err) = interrupt(
        &["riscv", "run", spin.to_str().unwrap()],
        Duration::from_millis(500),
    );
    assert_eq!(code, Some(130), "{err}");
    assert!(err.contains("interrupted at hart 0, pc 0x"), "{err}");
    assert!(err.contains("instructions"), "{err}");

    let linx = linx_elf("spin-int", LINX_SPIN);
    let (code, err) = interrupt(
        &["linx", "run", linx.to_str().unwrap()],
        Duration::from_millis(500),
    );
    assert_eq!(code, Some(130), "{err}");
    assert!(err.contains("interrupted at pc 0x10000"), "{err}");
    assert!(err.contains("instructions"), "{err}");
}

#[test]
fn timeout_stops_every_run() {
    let linx = linx_elf("spin-timeout", LINX_SPIN);
    let spin = riscv_spin();
    for args in [
        ["riscv", "run", "--timeout", "0.3", spin.to_str().unwrap()],
        ["linx", "run", "--timeout", "0.3", linx.to_str().unwrap()],
    ] {
        let start = Instant::now();
        let (code, err) = output(&args);
        assert_eq!(code, Some(124), "{args:?}: {err}");
        assert!(err.contains("timed out at"), "{err}");
        assert!(start.elapsed() >= Duration::from_millis(300));
        assert!(start.elapsed() < Duration::from_secs(20));
    }
}

#[test]
fn tensix_errors_show_control_characters_escaped_and_bad_utf8_with_its_line() {
    let bad = tmp("ctrl.tt");
    std::fs::write(&bad, "\u{feff}bogus\0\r\x1b[31m here\n").unwrap();
    let (code, err) = output(&["tensix", "expand", bad.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{err}");
    assert!(!err.contains(['\0', '\r', '\u{feff}', '\x1b']), "{err:?}");
    assert!(
        err.contains("\\u{0}") || err.contains("\\u{1b}") || err.contains("\\u{feff}"),
        "{err}"
    );

    let utf = tmp("utf.tt");
    let mut f = std::fs::File::create(&utf).unwrap();
    f.write_all(b"# fine\n# fine\n# bad \xff here\n").unwrap();
    let (code, err) = output(&["tensix", "expand", utf.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("utf.tt:3: not valid UTF-8"), "{err}");
}

#[test]
fn kill_with_an_invalid_signal_is_einval() {
    // kill(getpid(), 200) then exit(a0 == -EINVAL ? 7 : 1).
    let elf = linx_elf(
        "kill200",
        "        .text
_start: C.BSTART.STD
        addi    zero, 1, ->a0
        addi    zero, 200, ->a1
        addi    zero, 129, ->a7
        acrc    1
        C.BSTOP
        C.BSTART.STD
        addi    a0, 22, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
",
    );
    let (code, err) = output(&["linx", "run", elf.to_str().unwrap()]);
    assert_eq!(code, Some(0), "kill returned -EINVAL (a0 + 22 = 0): {err}");
}

#[test]
fn linx_fetch_faults_are_not_reported_as_cfi_and_the_cfi_note_needs_a_reason() {
    // An indirect jump to an unmapped address: a fetch fault at the target.
    let elf = linx_elf(
        "wild",
        "        .text
_start: C.BSTART.STD IND
        hl.lis  0x7000000, ->a0
        c.setc.tgt a0
        C.BSTOP
",
    );
    let (code, err) = output(&["linx", "run", elf.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("memory fault"), "{err}");
    assert!(!err.contains("CFI_BAD_TARGET"), "{err}");
    assert!(
        !err.contains("--cfi compat"),
        "no mode-dependent code ran: {err}"
    );
}

/// A program whose executable segment is 112 MiB of zeros (C.BSTOP, empty blocks), found by the
/// `elf_linx` fuzz target: it ran far past `--max-insns` while the host's memory grew to about
/// 11 GB. Now the limit stops it with its message and status 2, at once, and the run stays
/// within 1 GiB of address space however long it goes on (`--timeout`).
#[test]
fn a_run_of_empty_blocks_stops_at_the_limit_in_bounded_memory() {
    let elf = repo("crates/linx/tests/fuzz-regressions/runs-past-limit-and-grows.elf");
    let start = Instant::now();
    let (code, err) = output(&["linx", "run", "--max-insns", "1000", elf.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("instruction limit reached: 1000 instructions executed"),
        "{err}"
    );
    assert!(start.elapsed() < Duration::from_secs(5));
    // No limit but time: the walk through the zeros goes on for 3 s in at most 1 GiB.
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1048576 && exec \"$0\" linx run --timeout 3 \"$1\"")
        .arg(env!("CARGO_BIN_EXE_macrosim"))
        .arg(&elf)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(124), "{err}");
    assert!(err.contains("timed out at pc"), "{err}");
}
