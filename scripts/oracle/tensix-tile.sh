#!/usr/bin/env bash
# Issue 8's numeric oracle for the Tensix tile kernels (examples/tensix/kernels):
# 1. regenerate every expected output from the committed inputs with the numpy reference
#    (scripts/oracle/tensix_tile_model.py, written from the ISA pages) and diff against the
#    committed files; it also checks each matmul against float64 within the stated error bound;
# 2. when `macrosim tensix run` exists, run every manifest and require its bit-exact agreement.
# Needs python3 with numpy (scripts/oracle/packages.txt: python3-numpy).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
py=python3
if ! "$py" -c 'import numpy' 2>/dev/null; then
    py=/usr/bin/python3
fi
if ! "$py" -c 'import numpy' 2>/dev/null; then
    echo "tensix-tile: FAILED: numpy is not installed (apt-get install python3-numpy)"
    exit 1
fi
cd "$root/scripts/oracle"
"$py" tensix_kernels.py check
cd "$root"
if cargo run -q -p macrosim -- tensix run --help >/dev/null 2>&1; then
    for m in examples/tensix/kernels/*.toml; do
        echo "== macrosim tensix run $m"
        cargo run -q -p macrosim -- tensix run "$m"
    done
else
    echo "tensix-tile: macrosim has no \`tensix run\` yet: SKIPPED running the manifests"
fi
