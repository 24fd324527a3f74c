#!/usr/bin/env bash
# The RV32 translation tier (issue 12), built with the `jit` feature (off by default, so that
# `cargo test --workspace` and the release builds do not compile Cranelift): the tier's own unit
# tests (region forming, dirty registers, extents: `--lib`), its page slots and extents against
# page-table changes between runs (`jit_page_slots`), every test program
# and the qemu-recorded corpus on both tiers, the CLI's limit stop on both tiers, and the
# random-sequence properties (`the_translation_tier_gives_the_interpreters_state`, and its
# `_on_exact_arithmetic` twin on exact-valued binary64 code) on 300 random programs each here
# (about 0.2 s of CPU each; BENCHMARKS.md, RV32 translation tier, records the 10,000-program
# run: MACROSIM_JIT_CASES=10000).
set -euo pipefail
cd "$(dirname "$0")/../.."
# One cargo invocation for the three packages: their features are resolved together, so a
# dependency they share is compiled at most once, with one feature set.
MACROSIM_JIT_CASES=${MACROSIM_JIT_CASES:-300} \
  cargo test --quiet -p macrosim-riscv -p macrosim-riscv-corpus-tests -p macrosim \
  --features macrosim-riscv/jit,macrosim-riscv-corpus-tests/jit,macrosim/jit \
  --lib --test programs --test run_paths --test recorded --test riscv_cli --test jit_page_slots
