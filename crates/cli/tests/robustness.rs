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

/// A small valid trace-event file (one named track, one span).
fn timeline_file() -> PathBuf {
    let path = tmp("trace.json");
    std::fs::write(
        &path,
        r#"{"traceEvents":[
{"ph":"M","pid":1,"name":"process_name","args":{"name":"p"}},
{"ph":"M","pid":1,"tid":1,"name":"thread_name","args":{"name":"t"}},
{"ph":"X","pid":1,"tid":1,"ts":0,"dur":4,"name":"a"}]}"#,
    )
    .unwrap();
    path
}

#[test]
fn a_closed_standard_output_ends_every_verb_quietly() {
    let linx = linx_elf("spin-disasm", LINX_SPIN);
    let rv = repo("crates/riscv/tests/programs/rv32i_alu.elf");
    let tt = repo("examples/tensix/eltwise_add.tt");
    let manifest = repo("examples/tensix/kernels/eltwise_add.toml");
    let snitch = repo("examples/snitch/build/dot.elf");
    let trace = timeline_file();
    for args in [
        vec!["tensix", "run", "--stats", manifest.to_str().unwrap()],
        vec!["snitch", "disasm", snitch.to_str().unwrap()],
        vec!["timeline-check", trace.to_str().unwrap()],
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

    let trace = timeline_file();
    let before = std::fs::read(&trace).unwrap();
    let t = trace.to_str().unwrap();
    let (code, err) = output(&["timeline-view", t, "-o", t]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("also an input"), "{err}");
    assert_eq!(std::fs::read(&trace).unwrap(), before);

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
    for args in [
        &["snitch", "run", "/dev/zero"][..],
        &["snitch", "disasm", "/dev/zero"],
        &["tensix", "run", "/dev/zero"],
        &["timeline-check", "/dev/zero"],
    ] {
        let (code, err) = output(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains("not a regular file"), "{args:?}: {err}");
    }
    // Files named inside a manifest or given as configurations: the same rule.
    let manifest = tmp("zero-core.toml");
    std::fs::write(&manifest, "[cores]\ntrisc0 = \"/dev/zero\"\n").unwrap();
    let dot = repo("examples/snitch/build/dot.elf");
    let spin = linx_elf("spin-config", LINX_SPIN);
    for args in [
        vec!["tensix", "run", manifest.to_str().unwrap()],
        vec![
            "snitch",
            "run",
            "--config",
            "/dev/zero",
            dot.to_str().unwrap(),
        ],
        vec![
            "linx",
            "run",
            "--timing-config",
            "/dev/zero",
            spin.to_str().unwrap(),
        ],
    ] {
        let (code, err) = output(&args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(
            err.contains("/dev/zero: not a regular file"),
            "{args:?}: {err}"
        );
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

/// An ELF32 RISC-V executable whose one PT_LOAD segment at `vaddr` holds `code` (`filesz` and
/// `memsz` as given, so that a test can make them disagree).
fn rv32_elf(name: &str, vaddr: u32, code: &[u32], memsz: u32) -> PathBuf {
    let bytes: Vec<u8> = code.iter().flat_map(|w| w.to_le_bytes()).collect();
    let mut out = vec![0u8; 84];
    out[..7].copy_from_slice(b"\x7fELF\x01\x01\x01");
    let mut put =
        |at: usize, v: u32, n: usize| out[at..at + n].copy_from_slice(&v.to_le_bytes()[..n]);
    put(16, 2, 2); // ET_EXEC
    put(18, 243, 2); // EM_RISCV
    put(20, 1, 4);
    put(24, vaddr, 4); // entry
    put(28, 52, 4); // phoff
    put(40, 52, 2);
    put(42, 32, 2);
    put(44, 1, 2);
    put(52, 1, 4); // PT_LOAD
    put(56, 84, 4);
    put(60, vaddr, 4);
    put(64, vaddr, 4);
    put(68, bytes.len() as u32, 4);
    put(72, memsz, 4);
    put(76, 7, 4); // RWX
    out.extend_from_slice(&bytes);
    let path = tmp(name);
    std::fs::write(&path, out).unwrap();
    path
}

/// `j .`
const SPIN: u32 = 0x0000_006f;

/// A tile manifest running `elf` on TRISC0 with no cycle limit.
fn spin_manifest() -> PathBuf {
    let elf = rv32_elf("trisc-spin.elf", 0x6000, &[SPIN], 4);
    let manifest = tmp("spin.toml");
    std::fs::write(
        &manifest,
        format!("[cores]\ntrisc0 = {:?}\n", elf.to_str().unwrap()),
    )
    .unwrap();
    manifest
}

#[test]
fn snitch_and_tensix_runs_stop_on_timeout_and_ctrl_c() {
    let snitch = rv32_elf("snitch-spin.elf", 0x8000_0000, &[SPIN], 4);
    let manifest = spin_manifest();
    let runs = [
        // The banshee preset ends programs through `wfi`, so a bare spin needs no `tohost`.
        vec![
            "snitch",
            "run",
            "--preset",
            "banshee",
            snitch.to_str().unwrap(),
        ],
        vec![
            "tensix",
            "run",
            "--max-cycles",
            "100000000000",
            manifest.to_str().unwrap(),
        ],
    ];
    for args in &runs {
        let start = Instant::now();
        let mut with_timeout = args.clone();
        with_timeout.insert(2, "--timeout");
        with_timeout.insert(3, "0.3");
        let (code, err) = output(&with_timeout);
        assert_eq!(code, Some(124), "{args:?}: {err}");
        assert!(err.contains("timed out at"), "{err}");
        assert!(start.elapsed() < Duration::from_secs(20));
        let (code, err) = interrupt(args, Duration::from_millis(500));
        assert_eq!(code, Some(130), "{args:?}: {err}");
        assert!(err.contains("interrupted at"), "{err}");
    }
}

/// A TRISC ELF whose segment claims more file bytes than memory bytes, or a size that wraps
/// past the end of the address space: a clear error, never a panic.
#[test]
fn tensix_core_elfs_with_inconsistent_segments_are_refused() {
    for (name, vaddr, memsz) in [
        ("local-filesz.elf", 0xFFB0_0FF8, 0),
        ("local-wraps.elf", 0xFFB0_0000, 0xFFFF_FFF0),
        ("l1-filesz.elf", 0x6000, 0),
    ] {
        let elf = rv32_elf(name, vaddr, &[SPIN; 8], memsz);
        let manifest = tmp(&format!("{name}.toml"));
        std::fs::write(
            &manifest,
            format!("[cores]\ntrisc0 = {:?}\n", elf.to_str().unwrap()),
        )
        .unwrap();
        let (code, err) = output(&[
            "tensix",
            "run",
            "--max-cycles",
            "1000",
            manifest.to_str().unwrap(),
        ]);
        assert_eq!(code, Some(2), "{name}: {err}");
        assert!(
            err.contains("trisc0") && err.contains("segment"),
            "{name}: {err}"
        );
    }
}

/// A tile manifest in a scratch folder whose `build`, `data` and `expected` are the kernels'.
fn kernel_manifest(name: &str, text: &str) -> PathBuf {
    let dir = tmp(&format!("kernels-{name}"));
    std::fs::create_dir_all(&dir).unwrap();
    for sub in ["build", "data", "expected"] {
        let link = dir.join(sub);
        if !link.exists() {
            std::os::unix::fs::symlink(repo(&format!("examples/tensix/kernels/{sub}")), link)
                .unwrap();
        }
    }
    let path = dir.join("manifest.toml");
    std::fs::write(&path, text).unwrap();
    path
}

/// The `tensix_manifest` fuzz target's one timeout (a 40-minute run, nice 19, load up to 14):
/// seed matmul_k4_hifi2 with `format` misspelt, so B is loaded as raw text bytes. Alone it runs
/// its 20 000 fuzzing cycles in milliseconds; the timeout was wall-clock starvation. Kept so
/// that the cycle limit keeps bounding such a run.
#[test]
fn the_fuzzed_tensix_manifest_stops_at_its_cycle_limit() {
    let text = std::fs::read_to_string(repo(
        "crates/cli/tests/fuzz-regressions/tensix_manifest_timeout.toml",
    ))
    .unwrap();
    let manifest = kernel_manifest("fuzz-timeout", &text);
    let start = Instant::now();
    let (code, err) = output(&[
        "tensix",
        "run",
        "--max-cycles",
        "20000",
        manifest.to_str().unwrap(),
    ]);
    // B is text bytes, so the product differs from the expected one: status 1, in bounded time.
    assert_eq!(code, Some(1), "{err}");
    assert!(start.elapsed() < Duration::from_secs(20));
}

/// Matrices and raw outputs are checked against L1 when the manifest is read (a huge `rows` or
/// `bytes` made the host allocate it, or `rows * cols` overflow), and output names cannot
/// leave the `--dump` folder.
#[test]
fn tensix_manifest_sizes_and_names_are_checked() {
    let core = "[cores]\ntrisc0 = \"build/eltwise_add_unpack.elf\"\n";
    for (table, why) in [
        (
            "[[output]]\nname = \"c\"\naddr = 0x1000\nformat = \"fp32\"\nrows = 4294967296\ncols = 4294967296\n",
            "does not fit in L1",
        ),
        (
            "[[output]]\nname = \"c\"\naddr = 0x1000\nformat = \"fp32\"\nrows = 1024\ncols = 1024\n",
            "do not fit in L1",
        ),
        (
            "[[output]]\nname = \"c\"\naddr = 0x16e000\nbytes = 1099511627776\n",
            "do not fit in L1",
        ),
        (
            "[[input]]\nname = \"a\"\naddr = 0x1000\nformat = \"bf16\"\nrows = 65536\ncols = 65536\nfile = \"data/elt_a.txt\"\n",
            "does not fit in L1",
        ),
        (
            "[[output]]\nname = \"../../escape\"\naddr = 0x1000\nbytes = 4\n",
            "letters, digits",
        ),
    ] {
        let manifest = kernel_manifest("sizes", &format!("{core}{table}"));
        let start = Instant::now();
        let (code, err) = output(&["tensix", "run", manifest.to_str().unwrap()]);
        assert_eq!(code, Some(2), "{table}: {err}");
        assert!(
            err.contains("manifest.toml:3:") && err.contains(why),
            "{table}: {err}"
        );
        assert!(start.elapsed() < Duration::from_secs(20));
    }
}

/// `tensix expand --timeline` and `tensix run --dump` may not overwrite an input either.
#[test]
fn tensix_outputs_may_not_be_inputs() {
    let tt = tmp("victim.tt");
    std::fs::copy(repo("examples/tensix/eltwise_add.tt"), &tt).unwrap();
    let before = std::fs::read(&tt).unwrap();
    let t = tt.to_str().unwrap();
    let (code, err) = output(&["tensix", "expand", "--timing", "--timeline", t, t]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("also an input"), "{err}");
    assert_eq!(std::fs::read(&tt).unwrap(), before);

    // eltwise_add with one more raw input, `victim.bin`, read back as the output `victim`:
    // `--dump` into the manifest's folder would write victim.bin over it.
    let mut text =
        std::fs::read_to_string(repo("examples/tensix/kernels/eltwise_add.toml")).unwrap();
    text.push_str("\n[[input]]\nname = \"victim\"\naddr = 0x60000\nfile = \"victim.bin\"\n");
    text.push_str("\n[[output]]\nname = \"victim\"\naddr = 0x60000\nbytes = 4\n");
    let manifest = kernel_manifest("dump", &text);
    let dir = manifest.parent().unwrap();
    let victim = dir.join("victim.bin");
    std::fs::write(&victim, [1, 2, 3, 4]).unwrap();
    let (code, err) = output(&[
        "tensix",
        "run",
        "--dump",
        dir.to_str().unwrap(),
        manifest.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("victim.bin") && err.contains("also an input"),
        "{err}"
    );
    assert_eq!(std::fs::read(&victim).unwrap(), [1, 2, 3, 4]);
}
