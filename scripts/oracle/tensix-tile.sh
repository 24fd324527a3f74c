#!/usr/bin/env bash
# Issue 8's numeric oracle for the Tensix tile kernels (examples/tensix/kernels):
# 1. regenerate every expected output from the committed inputs with the numpy reference
#    (scripts/oracle/tensix_tile_model.py, written from the ISA pages) and diff against the
#    committed files; it also checks each matmul against float64 within the stated error bound;
# 2. when `macrosim tensix run` exists, run every manifest and require its bit-exact agreement;
# 3. read every output it dumped as .npy with numpy and compare with the expected values.
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
    dumps="$(mktemp -d)"
    trap 'rm -rf "$dumps"' EXIT
    for m in examples/tensix/kernels/*.toml; do
        echo "== macrosim tensix run $m"
        set +e
        out="$(target/debug/macrosim tensix run "$m" --dump "$dumps/$(basename "$m" .toml)" 2>&1)"
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
    # 3. every float output --dump wrote as .npy, read by numpy itself, equals the manifest's
    #    expected values bit for bit (and has the manifest's shape).
    "$py" - "$dumps" examples/tensix/kernels <<'PY' || status=1
import pathlib, sys, tomllib
import numpy as np
dumps, kernels = map(pathlib.Path, sys.argv[1:])
checked = 0
for man in sorted(kernels.glob("*.toml")):
    spec = tomllib.loads(man.read_text())
    for out in spec.get("output", []):
        if "format" not in out or "expect" not in out:
            continue
        got = np.load(dumps / man.stem / f"{out['name']}.npy")
        want = np.loadtxt(man.parent / out["expect"], dtype=np.float64, comments="#", ndmin=2)
        want = want.astype(np.float32).reshape(out["rows"], out["cols"])
        if got.dtype != np.float32 or got.shape != want.shape or \
                not np.array_equal(got.view(np.uint32), want.view(np.uint32)):
            print(f"FAILED: {man.name}: {out['name']}.npy differs from {out['expect']}")
            sys.exit(1)
        checked += 1
print(f"tensix-tile: {checked} .npy outputs read by numpy equal their expectations")
PY
    exit $status
else
    echo "tensix-tile: macrosim has no \`tensix run\` yet: SKIPPED running the manifests"
fi
