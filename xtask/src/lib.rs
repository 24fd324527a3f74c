//! Generators for the committed ISA tables. Each generator is a pure function from the data
//! file's text to the generated Rust source, so the staleness tests can run it in memory.

use anyhow::{Context, bail};
use std::path::{Path, PathBuf};

pub mod linx;
pub mod riscv;
pub mod tensix;
pub mod tensix_header;

/// The workspace root (the parent of this crate's directory).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// One generated file: where it goes and how to make it.
pub struct Generated {
    pub target: &'static str,
    pub output: &'static str,
    pub generate: fn(&Path) -> anyhow::Result<String>,
}

/// Every generated file of the workspace.
pub const GENERATED: &[Generated] = &[
    Generated {
        target: "tensix",
        output: tensix::OUTPUT,
        generate: tensix::generate,
    },
    Generated {
        target: "tensix-header",
        output: tensix_header::OPS_OUTPUT,
        generate: tensix_header::generate_ops,
    },
    Generated {
        target: "tensix-header",
        output: tensix_header::CFG_OUTPUT,
        generate: tensix_header::generate_cfg,
    },
    Generated {
        target: "linx",
        output: linx::OUTPUT,
        generate: linx::generate,
    },
    Generated {
        target: "riscv",
        output: "crates/riscv/src/isa/tables.rs",
        generate: riscv::generate_base,
    },
    Generated {
        target: "riscv",
        output: "crates/riscv/tests/support/xdemo_table.rs",
        generate: riscv::generate_xdemo,
    },
];

/// Regenerate the files of `target` (all targets when `None`).
pub fn codegen(target: Option<&str>) -> anyhow::Result<()> {
    let root = workspace_root();
    let mut any = false;
    for g in GENERATED
        .iter()
        .filter(|g| target.is_none_or(|t| t == g.target))
    {
        any = true;
        let text = (g.generate)(&root).with_context(|| format!("generating {}", g.output))?;
        std::fs::write(root.join(g.output), text)
            .with_context(|| format!("writing {}", g.output))?;
        println!("wrote {}", g.output);
    }
    if !any {
        bail!("no generator for target {target:?}");
    }
    Ok(())
}
