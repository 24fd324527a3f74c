//! The `tensix run` manifest (TOML naming the cores' ELFs, inputs and outputs): parsed by the
//! command line's own code (included from `crates/cli/src`), then loaded into a tile and run for
//! at most 20 000 cycles. The manifest is written next to links to the repository's kernel
//! `build/` and `data/` folders, so the seeds (`examples/tensix/kernels/*.toml`) load real ELFs
//! and inputs.
#![no_main]
#![allow(dead_code)]

#[path = "../../crates/cli/src/files.rs"]
mod files;
#[path = "../../crates/cli/src/gdb.rs"]
mod gdb;
#[path = "../../crates/cli/src/out.rs"]
mod out;
#[path = "../../crates/cli/src/stop.rs"]
mod stop;
#[path = "../../crates/cli/src/tensix_npy.rs"]
mod tensix_npy;
#[path = "../../crates/cli/src/tensix_run.rs"]
mod tensix_run;
#[path = "../../crates/cli/src/timeline.rs"]
mod timeline;

use libfuzzer_sys::fuzz_target;
use std::path::PathBuf;
use std::sync::OnceLock;

/// A scratch folder holding `build` and `data` links to the kernels' folders: in memory
/// (`/dev/shm`) where the host has it, as the manifest is written there at every run (with
/// `/tmp` on a VM's disk this target waited on those writes for some 90 % of its wall time:
/// BENCHMARKS.md, "Fuzzing", session 12), else in the temporary folder.
fn dir() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let name = format!("macrosim-fuzz-manifest-{}", std::process::id());
        let d = [PathBuf::from("/dev/shm"), std::env::temp_dir()]
            .into_iter()
            .map(|base| base.join(&name))
            .find(|d| std::fs::create_dir_all(d).is_ok())
            .expect("scratch folder");
        let kernels = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/tensix/kernels");
        for sub in ["build", "data", "expected"] {
            let _ = std::os::unix::fs::symlink(format!("{kernels}/{sub}"), d.join(sub));
        }
        d
    })
}

fuzz_target!(|data: &[u8]| {
    let path = dir().join("manifest.toml");
    std::fs::write(&path, data).expect("scratch manifest");
    let Ok(man) = tensix_run::parse_manifest(&path) else {
        return;
    };
    if let Ok(mut tile) = tensix_run::load_tile(&man) {
        let _ = tile.run(20_000);
    }
});
