#!/usr/bin/env bash
# The RV32 translation tier (issue 12), built with the `jit` feature (off by default, so that
# `cargo test --workspace` and the release builds do not compile Cranelift): every test program
# and the qemu-recorded corpus on both tiers, the CLI's limit stop on both tiers. The random-
# sequence property (`the_translation_tier_gives_the_interpreters_state`) stays ignored until
# its open time-out is understood (BENCHMARKS.md, RV32 translation tier).
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo test --quiet -p macrosim-riscv --features jit --test programs --test run_paths
cargo test --quiet -p macrosim-riscv-corpus-tests --features jit --test recorded
cargo test --quiet -p macrosim --features jit --test riscv_cli
