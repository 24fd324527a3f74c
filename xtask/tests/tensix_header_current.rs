//! The committed firmware headers must be what the generator makes from `data/tensix/`.

fn check(output: &str, generate: fn(&std::path::Path) -> anyhow::Result<String>) {
    let root = xtask::workspace_root();
    let fresh = generate(&root).expect("the generator runs on the vendored data");
    let committed = std::fs::read_to_string(root.join(output)).expect("the header is committed");
    assert!(
        committed == fresh,
        "{output} is stale: run `cargo xtask codegen tensix-header` and commit the result"
    );
}

#[test]
fn tt_ops_header_is_current() {
    check(
        xtask::tensix_header::OPS_OUTPUT,
        xtask::tensix_header::generate_ops,
    );
}

#[test]
fn tt_cfg_header_is_current() {
    check(
        xtask::tensix_header::CFG_OUTPUT,
        xtask::tensix_header::generate_cfg,
    );
}
