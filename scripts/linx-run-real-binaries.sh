#!/usr/bin/env bash
# Run LLVM-built Linx programs (e.g. 01_containers.static and 02_algorithms.static from
# LinxISA/linx-isa avs/compiler/linx-llvm/tests/out-cpp/bin; not part of this repository) under
# both --cfi modes and print their output and exit status. Local use, not CI.
#   scripts/linx-run-real-binaries.sh path/to/01_containers.static path/to/02_algorithms.static
set -u
cargo build --release -q -p macrosim || exit 2
for elf in "$@"; do
    for mode in strict compat; do
        out=$(target/release/macrosim linx run --cfi "$mode" --timing "$elf" 2>/tmp/linx-run-err)
        status=$?
        echo "== $(basename "$elf") --cfi $mode: exit $status, stdout: ${out:-<none>}"
        sed 's/^/   /' /tmp/linx-run-err
    done
done
