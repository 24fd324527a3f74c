#!/usr/bin/env bash
# Issue 11's Python bindings (crates/python): build the abi3 wheel with maturin (a dev build:
# opt-level 1 for the bindings, 2 for the simulator crates, as the workspace's tests), install
# it into a fresh venv, lint the crate, then run the pytest suite (crates/python/tests) and the
# notebook-style example (examples/python/tour.py). Needs python3 with venv (python3-venv) and
# PyPI for maturin, pytest and numpy. MACROSIM_PY_VENV reuses a venv between local runs.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
    echo "python: FAILED: python3 has no venv/ensurepip (apt-get install python3-venv)"
    exit 1
fi
venv="${MACROSIM_PY_VENV:-$(mktemp -d)/venv}"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check "maturin>=1.9,<2" pytest numpy
# The workspace's target directory: the simulator crates compiled for `cargo test` are reused.
export CARGO_TARGET_DIR="$root/target"
# The command line, for the tests that compare error texts (built already by `cargo test`).
cargo build --quiet -p macrosim
(cd crates/python && cargo fmt -- --check && cargo clippy --quiet --all-targets -- -D warnings)
wheels="$(mktemp -d)"
"$venv/bin/maturin" build --quiet --profile dev -m crates/python/Cargo.toml --out "$wheels" \
    --interpreter "$venv/bin/python"
"$venv/bin/pip" install --quiet --disable-pip-version-check --force-reinstall --no-deps "$wheels"/*.whl
# Run outside the source tree, so that the installed wheel is what is imported.
cd "$(mktemp -d)"
"$venv/bin/python" -m pytest -q -p no:cacheprovider "$root/crates/python/tests"
"$venv/bin/python" "$root/examples/python/tour.py"
