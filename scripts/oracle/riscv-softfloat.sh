#!/usr/bin/env bash
# Issue 3 oracle: macrosim's RISC-V soft-float (crates/riscv/src/fpu, host fast paths included)
# against Berkeley SoftFloat 3e with the RISC-V specialisation, through the softfloat-wrapper
# crate. The comparison crate lives outside the workspace (scripts/oracle/softfloat-diff) because
# softfloat-sys needs cmake and a C compiler, and `cargo test` must need only Rust.
#
# usage: scripts/oracle/riscv-softfloat.sh [CASES_PER_OP_AND_MODE]   (default 500000: ~100M ops)
# Needs: cmake (scripts/oracle/packages.txt), a C compiler.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
export CARGO_TARGET_DIR="$root/target/softfloat-diff"
cargo run --quiet --release --manifest-path "$root/scripts/oracle/softfloat-diff/Cargo.toml" -- "${1:-500000}"
