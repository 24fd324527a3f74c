//! The RISC-V C corpus as recorded under qemu-riscv32, for comparison with macrosim.
//!
//! `tests/riscv-corpus/recorded/` (at the workspace root) holds, per program, `<name>.elf` (a
//! static RV32IMAFD Linux program built by `scripts/riscv/build-corpus.sh`), `<name>.stdout` and
//! `<name>.status` (what `qemu-riscv32 -0 <name>.elf` printed and exited with), and optionally
//! `<name>.args` (its arguments, one per line). `scripts/record-riscv-corpus.sh` regenerates
//! them; `tests/recorded.rs` runs each ELF on macrosim and compares. Only the Rust toolchain is
//! needed to run the comparison.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// One program and the result qemu recorded for it.
#[derive(Debug, Clone)]
pub struct Recorded {
    /// File stem, e.g. `fp_arith` or `int64-O0`.
    pub name: String,
    pub elf: PathBuf,
    /// `argv`, with `argv[0]` = `<name>.elf` as recorded.
    pub argv: Vec<String>,
    pub stdout: Vec<u8>,
    pub status: i32,
}

/// The recorded-results directory of this workspace.
pub fn recorded_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/riscv-corpus/recorded")
}

/// Every recorded program in `dir`, sorted by name. A program whose `.stdout` or `.status` is
/// missing or unreadable is an error, not skipped.
pub fn load_all(dir: &Path) -> io::Result<Vec<Recorded>> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir)? {
        let elf = entry?.path();
        if elf.extension().is_none_or(|e| e != "elf") {
            continue;
        }
        out.push(load(&elf)?);
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(out)
}

fn load(elf: &Path) -> io::Result<Recorded> {
    let name = elf
        .file_stem()
        .and_then(|s| s.to_str())
        .ok_or_else(|| io::Error::other(format!("{}: unusable file name", elf.display())))?
        .to_owned();
    let sibling = |ext: &str| elf.with_extension(ext);
    let status_text = fs::read_to_string(sibling("status"))?;
    let status = status_text.trim().parse().map_err(|e| {
        io::Error::other(format!(
            "{}: bad status {status_text:?}: {e}",
            sibling("status").display()
        ))
    })?;
    let mut argv = vec![format!("{name}.elf")];
    match fs::read_to_string(sibling("args")) {
        Ok(args) => argv.extend(args.lines().map(str::to_owned)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    Ok(Recorded {
        stdout: fs::read(sibling("stdout"))?,
        elf: elf.to_owned(),
        name,
        argv,
        status,
    })
}

/// Where two outputs first differ, as a short report (line number, expected and actual line),
/// or `None` when they are equal.
pub fn first_difference(expected: &[u8], actual: &[u8]) -> Option<String> {
    if expected == actual {
        return None;
    }
    let exp = String::from_utf8_lossy(expected);
    let act = String::from_utf8_lossy(actual);
    let mut e = exp.split_inclusive('\n');
    let mut a = act.split_inclusive('\n');
    let mut line = 1;
    loop {
        match (e.next(), a.next()) {
            (Some(x), Some(y)) if x == y => line += 1,
            (x, y) => {
                return Some(format!(
                    "stdout differs at line {line}:\n  qemu:     {:?}\n  macrosim: {:?}",
                    x.unwrap_or("<end of output>"),
                    y.unwrap_or("<end of output>")
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_difference_names_the_line() {
        assert_eq!(first_difference(b"a\nb\n", b"a\nb\n"), None);
        let d = first_difference(b"a\nb\nc\n", b"a\nB\nc\n").unwrap();
        assert!(
            d.contains("line 2") && d.contains("\"b\\n\"") && d.contains("\"B\\n\""),
            "{d}"
        );
        let d = first_difference(b"a\n", b"a\nextra\n").unwrap();
        assert!(d.contains("line 2") && d.contains("<end of output>"), "{d}");
        let d = first_difference(b"a", b"a\n").unwrap();
        assert!(d.contains("line 1"), "{d}");
    }

    #[test]
    fn the_recorded_corpus_is_complete() {
        let all = load_all(&recorded_dir()).expect("recorded corpus readable");
        assert!(all.len() >= 30, "only {} recorded programs", all.len());
        let argv = all
            .iter()
            .find(|r| r.name == "argv")
            .expect("argv recorded");
        assert_eq!(argv.argv[0], "argv.elf");
        assert!(argv.argv.len() > 1 && argv.status == argv.argv.len() as i32);
        assert!(all.iter().any(|r| r.name.starts_with("rand-")));
    }

    #[test]
    fn every_corpus_source_is_recorded() {
        // A program added to tests/riscv-corpus without running scripts/record-riscv-corpus.sh
        // would otherwise never be checked by `cargo test`.
        let corpus = recorded_dir().join("..");
        let names: Vec<String> = load_all(&recorded_dir())
            .expect("recorded corpus readable")
            .into_iter()
            .map(|r| r.name)
            .collect();
        for entry in fs::read_dir(&corpus).expect("tests/riscv-corpus readable") {
            let path = entry.expect("directory entry").path();
            if path.extension().is_some_and(|e| e == "c") {
                let stem = path
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .expect("utf-8 name");
                assert!(
                    names.iter().any(|n| n == stem),
                    "{} has no recording",
                    path.display()
                );
            }
        }
    }
}
