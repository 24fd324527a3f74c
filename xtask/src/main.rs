//! `cargo xtask codegen [TARGET]`: regenerate the committed ISA tables from `data/`.
//!
//! Each target's generator is a module of the xtask library (`xtask/src/lib.rs`); the
//! staleness tests in `xtask/tests/` regenerate in memory and compare with what is committed.

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("codegen") => xtask::codegen(args.get(1).map(String::as_str)),
        _ => anyhow::bail!("usage: cargo xtask codegen [TARGET]"),
    }
}
