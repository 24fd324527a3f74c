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
if cargo build -q -p macrosim && target/debug/macrosim tensix run --help >/dev/null 2>&1; then
    status=0
    for m in examples/tensix/kernels/*.toml; do
        echo "== macrosim tensix run $m"
        set +e
        out="$(target/debug/macrosim tensix run "$m" 2>&1)"
        rc=$?
        set -e
        echo "$out"
        if [ $rc -eq 2 ] && grep -q "is not supported" <<<"$out"; then
            # a data format the manifest parser does not have yet (reported, not hidden)
            echo "SKIPPED: $m: macrosim does not support one of its formats yet"
        elif [ $rc -ne 0 ]; then
            status=1
        fi
    done
    exit $status
else
    echo "tensix-tile: macrosim has no \`tensix run\` yet: SKIPPED running the manifests"
fi
