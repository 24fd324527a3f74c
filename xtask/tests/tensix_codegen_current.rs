//! The committed Tensix instruction table must be what the generator makes from `data/tensix/`.

#[test]
fn tensix_table_is_current() {
    let root = xtask::workspace_root();
    let fresh = xtask::tensix::generate(&root).expect("the generator runs on the vendored data");
    let committed = std::fs::read_to_string(root.join(xtask::tensix::OUTPUT))
        .expect("the generated table is committed");
    assert!(
        committed == fresh,
        "{} is stale: run `cargo xtask codegen tensix` and commit the result",
        xtask::tensix::OUTPUT
    );
}
