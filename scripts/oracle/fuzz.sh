#!/usr/bin/env bash
# Coverage-guided fuzzing (issue 13): every cargo-fuzz target in fuzz/ runs for a short bounded
# time so that a regression (a panic, a hang, an allocation over the limit) shows up in CI.
# Long local runs (an hour of CPU a target and more): scripts/fuzz-long.sh.
#
# Seed corpora come from the repository's own programs and files (RV32 and Linx ELFs, Linx
# sources, Tensix .tt files, tile manifests, Snitch presets and kernels, TOML configs), copied
# into fuzz/corpus/TARGET (ignored by git) before each run.
# cargo-fuzz is installed from crates.io if missing; `--sanitizer none` builds on stable Rust.
# CI builds with 16 codegen units (FUZZ_CODEGEN_UNITS; cargo-fuzz's default is 1, which makes
# faster fuzzers for long runs but a build several times slower) and runs each target for
# FUZZ_SECONDS (10 by default): BENCHMARKS.md "CI time" has the step's time.
#
# usage: fuzz.sh [TARGET...]   (default: all targets); FUZZ_SECONDS overrides the time per target;
# FUZZ_SEED_ONLY=1 only writes the seed corpora (for long runs of binaries built by hand).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${FUZZ_SECONDS:-10}
# `cargo fuzz run` rebuilds unless it gets the options `cargo fuzz build` got.
opts=(--sanitizer none --codegen-units "${FUZZ_CODEGEN_UNITS:-16}")
cd "$root/fuzz"

if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked
fi

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(cargo fuzz list)
fi

seed() { # seed TARGET FILE...
  local dir="corpus/$1"
  shift
  mkdir -p "$dir"
  for f in "$@"; do
    [ -f "$f" ] && cp "$f" "$dir/$(echo "$f" | tr '/' '_')"
  done
  return 0
}
shopt -s nullglob
seed elf_rv32 "$root"/crates/riscv/tests/programs/*.elf "$root"/crates/riscv/tests/programs/cli/*.elf
seed rv32_hart "$root"/crates/riscv/tests/programs/cli/*.elf
seed rv32_decode "$root"/crates/riscv/tests/programs/*.elf
seed tensix_tt "$root"/examples/tensix/*.tt
seed linx_asm "$root"/examples/linx/*.s "$root"/crates/linx/tests/programs/*.s
seed linx_decode "$root"/crates/linx/tests/programs/*.s
seed linx_engine "$root"/crates/linx/tests/programs/*.s
seed tensix_manifest "$root"/examples/tensix/kernels/*.toml
seed tensix_tile "$root"/examples/tensix/kernels/build/*.elf
seed snitch_config "$root"/crates/snitch/presets/*.toml
seed snitch_cluster "$root"/examples/snitch/build/*.elf "$root"/examples/snitch/build/*/*.elf
# The README's `--timing-config` example (its one ```toml block), and one file per PE.
mkdir -p corpus/linx_timing_config
awk '/^```toml/{f=1;next} /^```/{f=0} f' "$root/README.md" >corpus/linx_timing_config/readme.toml
for pe in scalar vector tma cube tau; do
  printf '[rob]\nentries = 4\n[pe.%s]\nlatency = 9\nthroughput = 2\n' "$pe" >"corpus/linx_timing_config/$pe.toml"
done
# Linx ELFs: assemble the test programs with the simulator's own assembler.
cargo build --quiet --manifest-path "$root/Cargo.toml" -p macrosim
mkdir -p corpus/elf_linx
for s in "$root"/crates/linx/tests/programs/*.s "$root"/examples/linx/*.s; do
  "$root/target/debug/macrosim" linx asm "$s" -o "corpus/elf_linx/$(basename "$s" .s).elf" || true
done

# Timelines as timeline-check reads them (a first byte 0 names the file .json, 1 .html).
mkdir -p corpus/timeline_check
tmp=$(mktemp -d)
"$root/target/debug/macrosim" riscv run --max-insns 2000 --timeline "$tmp/t.json" \
  "$root/crates/riscv/tests/programs/cli/spin.elf" >/dev/null 2>&1 || true
"$root/target/debug/macrosim" timeline-view "$tmp/t.json" -o "$tmp/t.html" >/dev/null 2>&1 || true
"$root/target/debug/macrosim" tensix expand --timing --timeline "$tmp/tt.json" \
  "$root/examples/tensix/eltwise_add.tt" >/dev/null 2>&1 || true
[ -f "$tmp/t.json" ] && { printf '\0'; cat "$tmp/t.json"; } >corpus/timeline_check/json
[ -f "$tmp/tt.json" ] && { printf '\0'; cat "$tmp/tt.json"; } >corpus/timeline_check/tensix_json
[ -f "$tmp/t.html" ] && { printf '\1'; cat "$tmp/t.html"; } >corpus/timeline_check/html
rm -rf "$tmp"
# .npy files as numpy writes them (version 1.0, a 64-byte header): <f4 (2, 2) and <i4 (3,).
mkdir -p corpus/tensix_npy
npy() { # npy DESCR SHAPE DATA-HEX
  local h="{'descr': '$1', 'fortran_order': False, 'shape': $2, }"
  while [ $(( (10 + ${#h} + 1) % 64 )) -ne 0 ]; do h="$h "; done
  printf '\x93NUMPY\x01\x00'; printf "\\x$(printf %02x $(( (${#h} + 1) % 256 )))\\x$(printf %02x $(( (${#h} + 1) / 256 )))"
  printf '%s\n' "$h"; printf "$(echo "$3" | sed 's/../\\x&/g')"
}
npy '<f4' '(2, 2)' 0000803f000000400000404000008040 >corpus/tensix_npy/f4.npy
npy '<i4' '(3,)' f9ffffff0900000000000000 >corpus/tensix_npy/i4.npy

[ -n "${FUZZ_SEED_ONLY:-}" ] && exit 0
cargo fuzz build "${opts[@]}"
status=0
for t in "${targets[@]}"; do
  echo "== fuzz $t (${seconds}s)"
  # -rss_limit_mb: the host must never need more (issue 13); -timeout: a hang is a failure.
  if ! cargo fuzz run "${opts[@]}" "$t" -- -max_total_time="$seconds" \
    -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 2>&1 | tail -n 20; then
    echo "fuzz: $t FAILED (see fuzz/artifacts/$t)"
    status=1
  fi
done
exit $status
