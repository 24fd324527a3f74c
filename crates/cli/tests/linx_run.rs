//! `macrosim linx run` as a user runs it: output passes through, the exit status is the
//! program's, simulator errors print `macrosim:` with pc, block start and instruction and exit 2.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn macrosim() -> Command {
    Command::new(env!("CARGO_BIN_EXE_macrosim"))
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("macrosim-linx-run-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Assemble `src` with `macrosim linx asm` into an ELF named `name`.
fn assemble(name: &str, src: &str) -> PathBuf {
    let s = tmp(&format!("{name}.s"));
    let elf = tmp(name);
    std::fs::write(&s, src).unwrap();
    let out = macrosim()
        .args(["linx", "asm"])
        .arg(&s)
        .arg("-o")
        .arg(&elf)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    elf
}

fn run(args: &[&str], elf: &Path, prog_args: &[&str]) -> Output {
    macrosim()
        .args(["linx", "run"])
        .args(args)
        .arg(elf)
        .args(prog_args)
        .output()
        .unwrap()
}

/// Prints argv[1] (up to 16 bytes, NUL-terminated) and exits with argc.
const ECHO: &str = "\
        .text
_start: C.BSTART.STD
        ldi     [sp, 0], ->s1           # argc
        ldi     [sp, 16], ->s2          # argv[1]
        addi    zero, 0, ->x0
        C.BSTOP
len:    C.BSTART.STD COND, len
        lbu     [s2, x0], ->t
        addi    x0, 1, ->x0
        setc.ne t#1, zero
        C.BSTOP
        C.BSTART.STD
        addi    zero, 1, ->a0
        c.movr  s2, ->a1
        subi    x0, 1, ->a2
        addi    zero, 64, ->a7
        acrc    1
        C.BSTOP
        C.BSTART.STD
        c.movr  s1, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
";

#[test]
fn output_and_exit_status_are_the_programs() {
    let elf = assemble("echo", ECHO);
    let out = run(&[], &elf, &["hello", "x"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "hello");
    assert_eq!(out.status.code(), Some(3), "argc = 3");
}

#[test]
fn simulator_errors_name_pc_block_and_instruction_and_exit_2() {
    let elf = assemble(
        "bad",
        "        .text\n_start: C.BSTART.STD\n        ldi [zero, 8], ->a0\n        C.BSTOP\n",
    );
    let out = run(&[], &elf, &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(err.starts_with("macrosim: memory fault"), "{err}");
    assert!(
        err.contains("at pc 0x10002 (block start 0x10000): ldi\t[zero, 8]"),
        "{err}"
    );
}

#[test]
fn illegal_control_flow_is_reported_and_compat_mode_relaxes_it() {
    let src = "\
        .text
_start: C.BSTART.STD DIRECT, mid
        C.BSTOP
        C.BSTART.STD
mid:    addi    zero, 4, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
";
    let elf = assemble("cfi", src);
    let out = run(&[], &elf, &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err.contains("illegal control flow: block 0x10000 transfers to 0x10006"),
        "{err}"
    );
    assert!(err.contains("at pc 0x10002"), "{err}");
    let out = run(&["--cfi", "compat"], &elf, &[]);
    assert_eq!(out.status.code(), Some(4));
}

#[test]
fn max_insns_stops_a_runaway_program() {
    let elf = assemble(
        "spin",
        "        .text\n_start: C.BSTART.STD DIRECT, _start\n        C.BSTOP\n",
    );
    let out = run(&["--max-insns", "1000"], &elf, &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(err.contains("instruction limit reached: 1000"), "{err}");
    // where it stopped: the next instruction of the one-block loop, with its block and text
    assert!(err.contains("next at pc 0x"), "{err}");
    assert!(err.contains("C.BST"), "{err}");
}

#[test]
fn trace_and_timing_do_not_change_the_result() {
    let elf = assemble("echo2", ECHO);
    let trace = tmp("echo.trace");
    let out = run(
        &["--timing", "--trace", trace.to_str().unwrap()],
        &elf,
        &["abc"],
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "abc");
    assert_eq!(out.status.code(), Some(2), "argc = 2");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("block ROB:") && err.contains("average occupancy"),
        "{err}"
    );
    let log = std::fs::read_to_string(&trace).unwrap();
    assert!(log.contains("0x00010000: C.BSTART.STD"), "{log}");
    assert!(log.contains("-- block 0x10000 STD FALL commits"), "{log}");
    assert!(log.contains("lbu\t[s2, x0], \t->t"), "{log}");
}
