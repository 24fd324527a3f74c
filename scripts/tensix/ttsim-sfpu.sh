#!/usr/bin/env bash
# Random per-instruction comparison of macrosim's SFPU with Tenstorrent's ttsim on the same
# inputs (scripts/tensix/ttsim-sfpu.py). Local only: needs TTSIM_DIR pointing at a ttsim build
# made outside this repository (notes/ttsim.md); without it prints SKIPPED and exits 0.
#   scripts/tensix/ttsim-sfpu.sh [CASES [SEED]]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
if [ -z "${TTSIM_DIR:-}" ]; then
    echo "ttsim-sfpu: SKIPPED: TTSIM_DIR is not set (build ttsim outside the repo, see notes)"
    exit 0
fi
py=python3
"$py" -c 'import numpy' 2>/dev/null || py=/usr/bin/python3
macrosim="${MACROSIM:-}"
if [ -z "$macrosim" ]; then
    (cd "$root" && cargo build -q -p macrosim)
    macrosim="$root/target/debug/macrosim"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$py" "$root/scripts/tensix/ttsim-sfpu.py" "${1:-20}" "${2:-9}" "$work" "$macrosim"
