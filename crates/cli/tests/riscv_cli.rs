//! `macrosim riscv run` as a user sees it: exit statuses, program output, and one test per error
//! class of the CLI contract (each prints `macrosim: ...` naming what went wrong and exits 2).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn program(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../riscv/tests/programs")
        .join(name)
}

fn macrosim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_macrosim"))
        .args(args)
        .output()
        .unwrap()
}

fn run(args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["riscv", "run"];
    all.extend_from_slice(args);
    let out = macrosim(&all);
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn tmp(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("macrosim-riscv-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

/// A minimal ELF32 RISC-V executable with the given PT_LOAD segments (vaddr, memsz, bytes).
fn elf32(machine: u16, segs: &[(u32, u32, &[u8])]) -> Vec<u8> {
    let mut out = vec![0u8; 52 + 32 * segs.len()];
    out[..4].copy_from_slice(b"\x7fELF");
    out[4] = 1; // ELFCLASS32
    out[5] = 1; // little-endian
    out[6] = 1;
    let put = |out: &mut Vec<u8>, at: usize, v: u32, n: usize| {
        out[at..at + n].copy_from_slice(&v.to_le_bytes()[..n]);
    };
    put(&mut out, 16, 2, 2); // ET_EXEC
    put(&mut out, 18, u32::from(machine), 2);
    put(&mut out, 20, 1, 4);
    put(&mut out, 24, segs.first().map_or(0, |s| s.0), 4); // entry
    put(&mut out, 28, 52, 4); // phoff
    put(&mut out, 40, 52, 2); // ehsize
    put(&mut out, 42, 32, 2); // phentsize
    put(&mut out, 44, segs.len() as u32, 2);
    for (i, (vaddr, memsz, data)) in segs.iter().enumerate() {
        let ph = 52 + 32 * i;
        let offset = out.len() as u32;
        put(&mut out, ph, 1, 4); // PT_LOAD
        put(&mut out, ph + 4, offset, 4);
        put(&mut out, ph + 8, *vaddr, 4);
        put(&mut out, ph + 12, *vaddr, 4);
        put(&mut out, ph + 16, data.len() as u32, 4);
        put(&mut out, ph + 20, *memsz, 4);
        put(&mut out, ph + 24, 5, 4); // R+X
        out.extend_from_slice(data);
    }
    out
}

#[test]
fn linux_program_output_and_exit_status() {
    let (code, stdout, stderr) = run(&[program("cli/hello.elf").to_str().unwrap()]);
    assert_eq!((code, stdout.as_str(), stderr.as_str()), (3, "hello\n", ""));
}

#[test]
fn both_tiers_run_the_same_and_a_bad_tier_is_an_error() {
    let elf = program("cli/spin.elf");
    let elf = elf.to_str().unwrap();
    let interp = run(&["--tier", "interp", "--max-insns", "100000", elf]);
    let jit = run(&["--tier", "jit", "--max-insns", "100000", elf]);
    if cfg!(feature = "jit") {
        assert_eq!(interp, jit, "the same limit stop on both tiers");
    } else {
        assert_eq!(jit.0, 2, "--tier jit without the jit feature: {}", jit.2);
        assert!(jit.2.contains("without the `jit` feature"), "{}", jit.2);
    }
    assert!(
        interp.2.contains("ran past the limit of 100000"),
        "{}",
        interp.2
    );
    let (code, _, stderr) = run(&["--tier", "fast", elf]);
    assert_eq!(code, 2);
    assert!(stderr.contains("unknown tier"), "{stderr}");
}

#[test]
fn program_arguments_reach_argv() {
    let elf = program("cli/args.elf");
    let (code, _, _) = run(&[elf.to_str().unwrap(), "one", "--two", "3"]);
    assert_eq!(code, 4, "argc = program name + 3 arguments");
}

#[test]
fn tohost_pass_and_fail() {
    let (code, _, _) = run(&[program("rv32i_alu.elf").to_str().unwrap()]);
    assert_eq!(code, 0);
    let (code, _, stderr) = run(&[program("cli/fail3.elf").to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(stderr.contains("FAIL (test 3)"), "{stderr}");
}

#[test]
fn isa_option_makes_instructions_illegal() {
    let elf = program("rv32f.elf");
    let (code, _, _) = run(&["--isa", "rv32im", elf.to_str().unwrap()]);
    assert_eq!(code, 1, "the program's own checks see the traps");
    let (code, _, stderr) = run(&["--isa", "rv64gc", elf.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(stderr.contains("rv32i"), "{stderr}");
}

#[test]
fn error_untrapped_illegal_instruction() {
    let (code, _, stderr) = run(&[program("cli/illegal.elf").to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        stderr.starts_with("macrosim: hart 0, pc 0x00010078, instruction 0xffffffff"),
        "{stderr}"
    );
    assert!(stderr.contains("illegal instruction"), "{stderr}");
}

#[test]
fn error_trap_without_handler_in_bare_metal() {
    let (code, _, stderr) = run(&[program("cli/no_handler.elf").to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(stderr.contains("pc 0x80000004"), "{stderr}");
    assert!(
        stderr.contains("no trap handler: mtvec (0x00000000)"),
        "{stderr}"
    );
}

#[test]
fn error_fetch_from_unmapped_memory() {
    let (code, _, stderr) = run(&[program("cli/jump_to_null.elf").to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(stderr.contains("pc 0x00004000"), "{stderr}");
    assert!(stderr.contains("instruction access fault"), "{stderr}");
}

#[test]
fn error_max_insns() {
    let elf = program("cli/spin.elf");
    let (code, _, stderr) = run(&["--max-insns", "1000", elf.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("ran past the limit of 1000 instructions"),
        "{stderr}"
    );
    assert!(
        stderr.contains("(jal zero,"),
        "the instruction is disassembled: {stderr}"
    );
}

#[test]
fn error_not_rv32() {
    // This test binary is an ELF64 for the host.
    let me = std::env::current_exe().unwrap();
    let (code, _, stderr) = run(&[me.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("ELF class is Elf64, expected Elf32"),
        "{stderr}"
    );
    let x86 = tmp("x86.elf", &elf32(3, &[(0x10000, 4, &[0x13, 0, 0, 0])]));
    let (code, _, stderr) = run(&[x86.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(stderr.contains("machine 3"), "{stderr}");
    let text = tmp("text.elf", b"not an ELF at all");
    let (code, _, stderr) = run(&[text.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(stderr.contains("magic"), "{stderr}");
}

#[test]
fn error_truncated_elf() {
    let bytes = std::fs::read(program("cli/hello.elf")).unwrap();
    let cut = tmp("cut.elf", &bytes[..bytes.len() / 2]);
    let (code, _, stderr) = run(&[cut.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(stderr.starts_with("macrosim: "), "{stderr}");
    assert!(
        stderr.contains("truncated") || stderr.contains("valid ELF"),
        "{stderr}"
    );
}

#[test]
fn error_overlapping_segments() {
    let elf = elf32(
        243,
        &[
            (0x10000, 0x100, &[0x13, 0, 0, 0]),
            (0x10080, 0x100, &[0; 4]),
        ],
    );
    let path = tmp("overlap.elf", &elf);
    let (code, _, stderr) = run(&[path.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(stderr.contains("overlap"), "{stderr}");
}

#[test]
fn error_missing_file() {
    let (code, _, stderr) = run(&["/nonexistent/prog.elf"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("cannot read /nonexistent/prog.elf"),
        "{stderr}"
    );
}

#[test]
fn trace_is_a_spike_commit_log() {
    let log = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("macrosim-trace-{}.log", std::process::id()));
    let elf = program("cli/hello.elf");
    let (code, stdout, _) = run(&["--trace", log.to_str().unwrap(), elf.to_str().unwrap()]);
    assert_eq!((code, stdout.as_str()), (3, "hello\n"));
    let text = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // li a7, 64 at the entry point, in U-mode (0).
    assert_eq!(
        lines[0],
        "core   0: 0 0x00010094 (0x04000893) x17 0x00000040"
    );
    assert_eq!(lines.len(), 9, "{text}");
    // the write system call returns 6 in a0
    assert_eq!(
        lines[5],
        "core   0: 0 0x000100a8 (0x00000073) x10 0x00000006"
    );
}

#[test]
fn stats_line() {
    let elf = program("cli/hello.elf");
    let (_, _, stderr) = run(&["--stats", elf.to_str().unwrap()]);
    assert!(
        stderr.starts_with("macrosim: stats: instructions 9 time "),
        "{stderr}"
    );
}

#[test]
fn disassembler() {
    let out = macrosim(&[
        "riscv",
        "disasm",
        program("cli/hello.elf").to_str().unwrap(),
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("   10094:\t04000893\taddi a7,zero,64\n"),
        "{text}"
    );
    assert!(text.contains("\t00000073\tecall\n"), "{text}");
}
