//! `macrosim linx asm` and `macrosim linx disasm` run as a user would.

use std::path::PathBuf;
use std::process::Command;

fn macrosim() -> Command {
    Command::new(env!("CARGO_BIN_EXE_macrosim"))
}

/// Run `macrosim` with `args`; it must succeed.
fn ok(args: &[&std::ffi::OsStr]) -> std::process::Output {
    let out = macrosim().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("macrosim-linx-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

const HELLO: &str = "\
    .text
    .globl _start
_start:
    C.BSTART.STD
    addi    zero, 1, ->a0          # fd 1
    hl.lis  msg, ->a1
    addi    zero, 3, ->a2
    addi    zero, 64, ->a7         # write
    acrc    1
    C.BSTART.STD
    addi    zero, 0, ->a0
    addi    zero, 93, ->a7         # exit
    acrc    1
    C.BSTOP
    .data
msg: .ascii \"hi\\n\"
";

#[test]
fn asm_then_disasm() {
    let src = tmp("hello.s");
    let elf = tmp("hello.elf");
    std::fs::write(&src, HELLO).unwrap();
    ok(&[
        "linx".as_ref(),
        "asm".as_ref(),
        src.as_os_str(),
        "-o".as_ref(),
        elf.as_os_str(),
    ]);
    let bytes = std::fs::read(&elf).unwrap();
    assert_eq!(&bytes[..4], b"\x7fELF");
    assert_eq!(u16::from_le_bytes([bytes[18], bytes[19]]), 233);
    let out = ok(&["linx".as_ref(), "disasm".as_ref(), elf.as_os_str()]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Disassembly of section .text:"), "{text}");
    assert!(text.contains("0000000000010000 <_start>:"), "{text}");
    assert!(
        text.contains("   10000: 0800         \tC.BSTART.STD\t\n"),
        "{text}"
    );
    assert!(text.contains("\taddi\tzero, 93, \t->a7\n"), "{text}");
    assert!(text.contains("\tacrc\t1\n"), "{text}");
}

#[test]
fn bad_source_is_reported_with_file_and_line() {
    let src = tmp("bad.s");
    std::fs::write(&src, "  C.BSTART.STD\n  addi a0, 1\n").unwrap();
    let out = macrosim()
        .args(["linx", "asm"])
        .arg(&src)
        .args(["-o", "/dev/null"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("macrosim: ") && err.contains("bad.s:2: addi"),
        "{err}"
    );
}

#[test]
fn bad_elf_is_rejected() {
    let f = tmp("not-an-elf");
    std::fs::write(&f, b"hello").unwrap();
    let out = macrosim()
        .args(["linx", "disasm"])
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a 64-bit little-endian ELF"));
    let out = macrosim()
        .args(["linx", "disasm", "/nonexistent/x.elf"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read /nonexistent/x.elf"));
}
