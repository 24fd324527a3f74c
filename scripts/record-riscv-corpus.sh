#!/usr/bin/env bash
# Record qemu-riscv32's results for a selection of the RISC-V corpus so that `cargo test` can
# compare macrosim against them with only the Rust toolchain (crates/riscv-corpus-tests).
#
# For each program it writes tests/riscv-corpus/recorded/<name>.elf (stripped), <name>.stdout
# (qemu's standard output), <name>.status (qemu's exit status) and, if the program takes
# arguments, <name>.args (one per line). argv[0] is recorded as "<name>.elf" (qemu -0), which is
# what the test passes too. The random batch rand-1 holds sequences for seeds 1..10.
#
# Needs gcc-riscv64-unknown-elf, binutils-riscv64-unknown-elf, picolibc-riscv64-unknown-elf,
# qemu-user and python3 (scripts/oracle/packages.txt).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
dest=tests/riscv-corpus/recorded
scratch=$(mktemp -d -t riscv-record.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

# Every -O2 program of the corpus, plus one -O0 build and one random batch.
programs=()
for src in tests/riscv-corpus/*.c; do programs+=("$(basename "$src" .c)"); done
programs+=(int64-O0 rand-1)

scripts/riscv/build-corpus.sh "$scratch" >/dev/null
python3 scripts/oracle/riscv_randgen.py -o "$scratch/rand-1.S" $(seq 1 10)
scripts/riscv/build-corpus.sh "$scratch" "$scratch/rand-1.S"

rm -rf "$dest"
mkdir -p "$dest"
for name in "${programs[@]}"; do
  riscv64-unknown-elf-strip -o "$dest/$name.elf" "$scratch/$name.elf"
  src="tests/riscv-corpus/${name%-O0}.c"
  args=()
  if [ -f "$src" ]; then
    read -r -a args <<<"$(sed -n 's|^// corpus-args: *||p' "$src" | head -1)"
  fi
  if [ ${#args[@]} -gt 0 ]; then printf '%s\n' "${args[@]}" >"$dest/$name.args"; fi
  set +e
  qemu-riscv32 -0 "$name.elf" "$dest/$name.elf" "${args[@]}" >"$dest/$name.stdout"
  echo $? >"$dest/$name.status"
  set -e
done
echo "recorded ${#programs[@]} programs in $dest ($(du -sh "$dest" | cut -f1))"
