//! The committed RISC-V tables are what `cargo xtask codegen riscv` makes from `data/riscv/`.

#[test]
fn riscv_generated_files_are_current() {
    let root = xtask::workspace_root();
    for g in xtask::GENERATED.iter().filter(|g| g.target == "riscv") {
        let fresh = (g.generate)(&root).unwrap();
        let committed = std::fs::read_to_string(root.join(g.output)).unwrap_or_default();
        assert!(
            fresh == committed,
            "{} is stale: run `cargo xtask codegen riscv`",
            g.output
        );
    }
}
