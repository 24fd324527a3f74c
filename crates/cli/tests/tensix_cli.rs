//! `macrosim tensix expand` and `bench` as a user runs them: the built binary, its standard
//! output, standard error and exit status.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn macrosim(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_macrosim"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("macrosim runs");
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.unwrap_or("").as_bytes()).unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

fn expected(name: &str) -> String {
    std::fs::read_to_string(root().join(format!("examples/tensix/{name}.expected"))).unwrap()
}

#[test]
fn hex_output_is_the_words_and_nothing_else() {
    let out = macrosim(
        &["tensix", "expand", "examples/tensix/matmul_hifi4.tt"],
        None,
    );
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), expected("matmul_hifi4"));
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    let explicit = macrosim(
        &[
            "tensix",
            "expand",
            "--arch",
            "wh",
            "--thread",
            "2",
            "--format",
            "hex",
            "examples/tensix/matmul_hifi4.tt",
        ],
        None,
    );
    assert_eq!(explicit.stdout, out.stdout);
}

#[test]
fn standard_input() {
    let program = std::fs::read_to_string(root().join("examples/tensix/eltwise_add.tt")).unwrap();
    let out = macrosim(&["tensix", "expand", "-"], Some(&program));
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), expected("eltwise_add"));
}

#[test]
fn asm_output_reassembles_to_the_same_words() {
    let asm = macrosim(
        &[
            "tensix",
            "expand",
            "--format",
            "asm",
            "examples/tensix/template0.tt",
        ],
        None,
    );
    assert!(asm.status.success());
    let listing = text(&asm.stdout);
    assert!(
        listing.starts_with("NOP\nSFPNOP\nUNPACR 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1\n"),
        "{listing}"
    );
    let again = macrosim(&["tensix", "expand", "-"], Some(&listing));
    assert_eq!(text(&again.stdout), expected("template0"));
}

#[test]
fn asm_output_of_words_without_assembly_form() {
    let out = macrosim(
        &["tensix", "expand", "--format", "asm", "-"],
        Some("0xc5000000\n0x02000001\n"),
    );
    assert_eq!(
        text(&out.stdout),
        "0xc5000000  # opcode 0xc5 is not an instruction\n\
         0x02000001  # NOP with bits 0x000001 set, which belong to none of its fields\n"
    );
}

#[test]
fn timing_report_on_standard_error() {
    let plain = macrosim(
        &["tensix", "expand", "examples/tensix/matmul_hifi4.tt"],
        None,
    );
    let timed = macrosim(
        &[
            "tensix",
            "expand",
            "--timing",
            "examples/tensix/matmul_hifi4.tt",
        ],
        None,
    );
    assert!(timed.status.success());
    assert_eq!(
        timed.stdout, plain.stdout,
        "--timing does not change standard output"
    );
    let report = text(&timed.stderr);
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(
        lines[0],
        "# tensix frontend timing: arch=wh thread=0 fifo_depths=32,8,2"
    );
    let gates: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.starts_with("gate "))
        .collect();
    assert_eq!(gates.len(), 66);
    assert_eq!(gates[0], "gate 0 20 0x26000000");
    assert_eq!(gates[65], "gate 65 85 0x37800007");
    let summary: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| !l.starts_with(['#', 'g']))
        .collect();
    assert_eq!(
        summary,
        [
            "words_in 19",
            "mopcfg_writes 9",
            "words_out 66",
            "cycles 86",
            "mop_bubbles 1",
            "wait_gate_idle_cycles 0",
            "push_stall_cycles 0",
            "mopcfg_wait_cycles 0"
        ]
    );
    let t1 = macrosim(
        &[
            "tensix",
            "expand",
            "--timing",
            "--thread",
            "1",
            "examples/tensix/matmul_hifi4.tt",
        ],
        None,
    );
    assert!(
        text(&t1.stderr)
            .starts_with("# tensix frontend timing: arch=wh thread=1 fifo_depths=16,8,2\n")
    );
}

#[test]
fn blackhole() {
    let out = macrosim(
        &[
            "tensix",
            "expand",
            "--arch",
            "bh",
            "examples/tensix/sfpu_add_bh.tt",
        ],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), expected("sfpu_add_bh"));
    // The same text is not Wormhole assembly: AddrMod 7 does not fit in 2 bits.
    let wh = macrosim(
        &["tensix", "expand", "examples/tensix/sfpu_add_bh.tt"],
        None,
    );
    assert_eq!(wh.status.code(), Some(2));
    assert!(wh.stdout.is_empty());
    assert_eq!(
        text(&wh.stderr),
        "examples/tensix/sfpu_add_bh.tt:10: SFPLOAD field sfpu_addr_mode is 2 bit(s) wide: 7 does not fit (largest 3)\n\
         examples/tensix/sfpu_add_bh.tt:12: SFPSTORE field sfpu_addr_mode is 2 bit(s) wide: 7 does not fit (largest 3)\n"
    );
    // A template-1 MOP with count bits set is flagged on Blackhole only (not modelled).
    let warned = macrosim(
        &["tensix", "expand", "--arch", "bh", "-"],
        Some("MOP 1, 0, 5\n"),
    );
    assert!(warned.status.success());
    assert!(text(&warned.stderr).starts_with("<stdin>:1: warning: template-1 MOP 0x01800005"));
}

/// Every class of bad input the issue names: `FILE:LINE: what is wrong`, exit status 2, no
/// output words (even when the bad line comes after good ones).
#[test]
fn bad_input() {
    for (program, message) in [
        (
            "NOP\nFROB 1, 2\n",
            "2: unknown mnemonic `FROB` for Wormhole B0",
        ),
        (
            "MVMUL 0, 0, 0\n",
            "1: MVMUL takes 4 field(s) (clear_dvalid, instr_mod19, addr_mode, dst), got 3",
        ),
        (
            "NOP\nNOP\nREPLAY 32, 16, 8, 0\n",
            "3: REPLAY field execute_while_loading is 3 bit(s) wide: 8 does not fit (largest 7)",
        ),
        (
            "MOP 1, 128, 0\n",
            "1: MOP field loop_count is 7 bit(s) wide: 128 does not fit (largest 127)",
        ),
        ("0x123456789\n", "1: `0x123456789` does not fit in 32 bits"),
        (
            "mopcfg 3 0x100000000\n",
            "1: MopCfg value: `0x100000000` does not fit in 32 bits",
        ),
        ("mopcfg 9 0\n", "1: MopCfg index 9 is out of range (0 to 8)"),
        (
            "MOP 1, 0x1G, 0\n",
            "1: `0x1G` is not a number (decimal, or hex with 0x)",
        ),
        (
            "mopcfg 1 twelve\n",
            "1: unknown mnemonic `twelve` for Wormhole B0",
        ),
        (
            "mopcfg 4\n",
            "1: mopcfg needs an index and a value: `mopcfg I VALUE`",
        ),
    ] {
        let out = macrosim(&["tensix", "expand", "-"], Some(program));
        assert_eq!(out.status.code(), Some(2), "{program:?}");
        assert!(out.stdout.is_empty(), "{program:?}");
        let err = text(&out.stderr);
        assert!(
            err.starts_with(&format!("<stdin>:{message}")),
            "{program:?}: {err}"
        );
    }
    let path = std::env::temp_dir().join(format!("macrosim-bad-{}.tt", std::process::id()));
    std::fs::write(&path, "MOP 1, 0, 0\nMOP 2, 0, 0\n# ok\nmopcfg 10 1\n").unwrap();
    let out = macrosim(
        &["tensix", "expand", "--timing", path.to_str().unwrap()],
        None,
    );
    std::fs::remove_file(&path).unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let p = path.display();
    assert_eq!(
        text(&out.stderr),
        format!(
            "{p}:2: MOP field mop_type is 1 bit(s) wide: 2 does not fit (largest 1)\n\
             {p}:4: MopCfg index 10 is out of range (0 to 8)\n"
        )
    );
}

#[test]
fn bad_arguments_and_files() {
    let out = macrosim(&["tensix", "expand", "no/such/file.tt"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with("no/such/file.tt: cannot read: "));
    for args in [
        &["tensix", "expand", "--thread", "3", "-"][..],
        &["tensix", "expand", "--arch", "gs", "-"],
        &["tensix", "expand", "--format", "bin", "-"],
        &["tensix", "expand"],
    ] {
        let out = macrosim(args, Some(""));
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn bench_verb() {
    let out = macrosim(
        &[
            "tensix",
            "bench",
            "--samples",
            "1",
            "--min-time",
            "0.01",
            "examples/tensix/sfpu_add.tt",
        ],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let line = text(&out.stdout);
    assert!(
        line.starts_with("examples/tensix/sfpu_add.tt words_per_run=128 median_words_per_s="),
        "{line}"
    );
}
