#!/usr/bin/env bash
# Coverage-guided fuzzing (issue 13): every cargo-fuzz target in fuzz/ runs for a short bounded
# time so that a regression (a panic, a hang, an allocation over the limit) shows up in CI.
# Long local runs: `cd fuzz && cargo fuzz run --sanitizer none TARGET -- -max_total_time=3600`.
#
# Seed corpora come from the repository's own programs and files (RV32 and Linx ELFs, Linx
# sources, Tensix .tt files, tile manifests, Snitch presets and kernels, TOML configs), copied
# into fuzz/corpus/TARGET (ignored by git) before each run.
# cargo-fuzz is installed from crates.io if missing; `--sanitizer none` builds on stable Rust.
# Budget: about 12 minutes on 2 cores (install ~3 min the first time, build ~3 min, then
# FUZZ_SECONDS per target, 30 by default, for the 13 targets: 6.5 min).
#
# usage: fuzz.sh [TARGET...]   (default: all targets); FUZZ_SECONDS overrides the time per target.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${FUZZ_SECONDS:-30}
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

cargo fuzz build --sanitizer none
status=0
for t in "${targets[@]}"; do
  echo "== fuzz $t (${seconds}s)"
  # -rss_limit_mb: the host must never need more (issue 13); -timeout: a hang is a failure.
  if ! cargo fuzz run --sanitizer none "$t" -- -max_total_time="$seconds" \
    -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 2>&1 | tail -n 20; then
    echo "fuzz: $t FAILED (see fuzz/artifacts/$t)"
    status=1
  fi
done
exit $status
