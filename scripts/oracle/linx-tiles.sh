#!/usr/bin/env bash
# Issue 16: compare macrosim's Linx tile arithmetic (TEPL lane rules for every op and type,
# TCVT, reductions and structural ops, TMATMUL/.ACC/ACCCVT) with the independent Python
# reference scripts/oracle/linx_tiles_ref.py, through real programs run by the macrosim CLI;
# then check that examples/linx/tile_matmul.s prints the result its `expected` table holds.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v python3 >/dev/null || { echo "linx-tiles: SKIPPED (no python3)"; exit 0; }
cargo build -q -p macrosim
exe="$PWD/target/debug/macrosim"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 scripts/oracle/linx_tiles_cases.py "$exe" "$work"
"$exe" linx asm examples/linx/tile_matmul.s -o "$work/tm.elf"
"$exe" linx run "$work/tm.elf" > "$work/tm.out"
python3 scripts/oracle/linx_tiles_example.py examples/linx/tile_matmul.s "$work/tm.out"
