//! The committed Linx tables are what the generator makes from the vendored catalog.

#[test]
fn linx_generated_tables_are_current() {
    let root = xtask::workspace_root();
    let fresh = xtask::linx::generate(&root).expect("generator runs");
    let committed =
        std::fs::read_to_string(root.join(xtask::linx::OUTPUT)).expect("committed file");
    assert!(
        fresh == committed,
        "{} is stale: run `cargo xtask codegen linx`",
        xtask::linx::OUTPUT
    );
}
