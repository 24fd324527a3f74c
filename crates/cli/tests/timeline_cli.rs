//! `--timeline FILE` on every target and `macrosim timeline-check` (issue 11), run as a user
//! would.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn macrosim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_macrosim"))
        .args(args)
        .output()
        .unwrap()
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn tmp(name: &str) -> String {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("macrosim-timeline-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name).display().to_string()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).to_string()
}

/// `timeline-check FILE` must pass; its figures (tracks, spans, instants, last timestamp).
fn check(path: &str) -> [u64; 4] {
    let out = macrosim(&["timeline-check", path]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    let nums: Vec<u64> = s
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap())
        .collect();
    let n = nums.len();
    [nums[n - 4], nums[n - 3], nums[n - 2], nums[n - 1]]
}

fn report_value(report: &str, key: &str) -> u64 {
    report
        .lines()
        .find_map(|l| l.strip_prefix(key)?.trim().parse().ok())
        .unwrap_or_else(|| panic!("{key} in {report}"))
}

#[test]
fn tensix_timeline_in_every_format_checks_and_spans_the_run() {
    let tt = root().join("examples/tensix/matmul_hifi4.tt");
    for ext in ["json", "json.gz", "html"] {
        let path = tmp(&format!("matmul.{ext}"));
        let out = macrosim(&[
            "tensix",
            "expand",
            "--timing",
            "--timeline",
            &path,
            tt.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let cycles = report_value(&text(&out.stderr), "cycles ");
        let [tracks, spans, instants, last] = check(&path);
        assert_eq!((tracks, last), (4, cycles), "{ext}");
        assert!(spans > 4 && instants > 0, "{ext}");
    }
    let gz = std::fs::read(tmp("matmul.json.gz")).unwrap();
    assert_eq!(&gz[..2], [0x1f, 0x8b], "gzip by extension");
}

#[test]
fn riscv_timeline_has_the_programs_functions() {
    let elf = root().join("tests/riscv-corpus/debug/calls-O0.elf");
    let path = tmp("calls.json");
    let out = macrosim(&["riscv", "run", "--timeline", &path, elf.to_str().unwrap()]);
    assert_eq!(text(&out.stdout), "total 55 counter 5\n");
    assert_eq!(out.status.code(), Some(0));
    check(&path);
    let json = std::fs::read_to_string(&path).unwrap();
    assert_eq!(json.matches("\"name\":\"square\"").count(), 5);
    assert_eq!(json.matches("\"name\":\"sum_squares\"").count(), 1);
}

#[test]
fn linx_timeline_has_one_span_per_block_and_adds_up_to_the_rob_report() {
    let elf = tmp("blocks.elf");
    let src = root().join("crates/linx/tests/programs/blocks.s");
    let out = macrosim(&["linx", "asm", src.to_str().unwrap(), "-o", &elf]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let path = tmp("blocks.json");
    let out = macrosim(&["linx", "run", "--timing", "--timeline", &path, &elf]);
    let err = text(&out.stderr);
    // "block ROB: B blocks, C cycles, average occupancy A entries (max M)"
    let words: Vec<&str> = err.split_whitespace().collect();
    let after = |w: &str| words[words.iter().position(|x| *x == w).unwrap() - 1];
    let blocks: u64 = after("blocks,").parse().unwrap();
    let cycles: u64 = after("cycles,").parse().unwrap();
    let max_at = words.iter().position(|x| *x == "(max").unwrap() + 1;
    let max: u64 = words[max_at].trim_end_matches(')').parse().unwrap();
    let avg: f64 = after("entries").parse().unwrap();
    let [tracks, spans, _, last] = check(&path);
    assert_eq!((spans, last, tracks), (blocks, cycles, max), "{err}");
    // Entry-cycles: the spans' total length is the mean occupancy times the cycles.
    let trace: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let total: f64 = trace["traceEvents"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["dur"].as_f64())
        .sum();
    assert!((total / cycles as f64 - avg).abs() < 0.01, "{total} {avg}");
}

#[test]
fn timeline_check_names_the_problem_and_exits_2() {
    let path = tmp("bad.json");
    std::fs::write(
        &path,
        r#"{"traceEvents":[{"ph":"M","pid":1,"name":"process_name","args":{"name":"p"}},
        {"ph":"B","pid":1,"tid":1,"ts":3,"name":"open"}]}"#,
    )
    .unwrap();
    let out = macrosim(&["timeline-check", &path]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("event 1: span \"open\" begun (\"B\") and never ended")
            && err.contains("pid 1 tid 1 has events but no thread_name"),
        "{err}"
    );
    std::fs::write(&path, "{not json").unwrap();
    let out = macrosim(&["timeline-check", &path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("not valid JSON"));
}

#[test]
fn timeline_needs_the_timing_model() {
    let tt = root().join("examples/tensix/matmul_lofi.tt");
    let out = macrosim(&[
        "tensix",
        "expand",
        "--timeline",
        "x.json",
        tt.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--timing"));
}

#[test]
fn snitch_timeline_has_every_harts_tracks_and_needs_timing() {
    let elf = root().join("examples/snitch/build/dot.elf");
    let elf = elf.to_str().unwrap();
    let path = tmp("snitch_dot.json.gz");
    let out = macrosim(&["snitch", "run", "--timing", "--timeline", &path, elf]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let [tracks, spans, instants, _] = check(&path);
    // Tracks with events: every hart's integer issue, the 8 compute cores' FPU issue and at
    // least the two SSRs a dot product streams, the DMA core's DMA; at most every track made.
    assert!(
        (9 + 8 + 8 * 2 + 1..=9 * 2 + 8 * 3 + 1).contains(&tracks),
        "{tracks} tracks"
    );
    assert_eq!(instants, 0);
    assert!(spans > 100, "{spans} spans");
    let out = macrosim(&["snitch", "run", "--timeline", &path, elf]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--timeline needs --timing"));
}

#[test]
fn tensix_tile_timeline_has_the_cycle_models_units_and_wait_gates() {
    let m = root().join("examples/tensix/kernels/matmul_lofi.toml");
    let path = tmp("tile.json");
    let out = macrosim(&[
        "tensix",
        "run",
        "--timing",
        "--stats",
        "--timeline",
        &path,
        m.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let cycles = report_value(&text(&out.stdout), "cycles:");
    let [_, spans, _, last] = check(&path);
    // The tracks end with the units' last span: a few cycles before the run's end (the last
    // core's done word follows the packer's last store by its polling loop) or, as the cores
    // run ahead of the backend, up to a chunk after it.
    assert!(
        (cycles.saturating_sub(16)..=cycles + 64).contains(&last),
        "{last} vs {cycles}"
    );
    let json = std::fs::read_to_string(&path).unwrap();
    // One track per backend unit and per thread's Wait Gate, spans named by instruction
    // (units) and by state or stall reason (Wait Gates).
    for name in ["fpu", "unpacker0", "packers", "wait gate (timed)"] {
        assert!(json.contains(&format!("\"{name}\"")), "track {name}");
    }
    for span in ["MVMUL", "UNPACR", "PACR", "issue", "SEMWAIT"] {
        assert!(
            json.contains(&format!("\"name\":\"{span}\"")),
            "span {span}"
        );
    }
    assert!(spans > 20);
}
