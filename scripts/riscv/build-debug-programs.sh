#!/usr/bin/env bash
# Rebuild the committed debug-info ELFs under tests/riscv-corpus/debug/ (issue 11: the GDB and
# --timeline tests): each *.c there at -O0 with -g, through the corpus build
# (scripts/riscv/build-corpus.sh, same runtime and flags), not stripped.
# Needs gcc-riscv64-unknown-elf and picolibc-riscv64-unknown-elf.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d -t riscv-debug.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
EXTRA_CFLAGS=-g "$root/scripts/riscv/build-corpus.sh" "$scratch" "$root"/tests/riscv-corpus/debug/*.c
for src in "$root"/tests/riscv-corpus/debug/*.c; do
  name=$(basename "$src" .c)
  cp "$scratch/$name-O0.elf" "$root/tests/riscv-corpus/debug/$name-O0.elf"
done
