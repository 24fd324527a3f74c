#!/usr/bin/env bash
# Run every Tensix kernel manifest (or the ones given) on ttsim and compare bit for bit with the
# expected outputs (and with macrosim's `tensix run --dump` when it exists). Local only: needs
# TTSIM_DIR pointing at a ttsim build made outside this repository (notes/ttsim.md); without it
# every manifest prints SKIPPED.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
py=python3
"$py" -c 'import numpy' 2>/dev/null || py=/usr/bin/python3
status=0
# macrosim's `tensix run`, if this checkout has it (checked once; its dump is compared too)
# (MACROSIM=path/to/macrosim uses that binary instead of building this checkout's)
macrosim="${MACROSIM:-}"
if [ -z "$macrosim" ] && [ -n "${TTSIM_DIR:-}" ] && (cd "$root" && cargo build -q -p macrosim 2>/dev/null) &&
    "$root/target/debug/macrosim" tensix run --help >/dev/null 2>&1; then
    macrosim="$root/target/debug/macrosim"
fi
manifests=("$@")
[ ${#manifests[@]} -eq 0 ] && manifests=("$root"/examples/tensix/kernels/*.toml)
for m in "${manifests[@]}"; do
    echo "== $m"
    extra=()
    if [ -n "$macrosim" ]; then
        dump="$(mktemp -d)"
        out="$("$macrosim" tensix run "$m" --dump "$dump" 2>&1)"
        rc=$?
        echo "macrosim: $out"
        if [ $rc -le 1 ]; then
            extra=(--macrosim-dump "$dump")
            [ $rc -eq 0 ] || status=1
        elif grep -q "is not supported" <<<"$out"; then
            echo "macrosim: SKIPPED (a format it does not support yet); ttsim vs expected only"
        else
            status=1
        fi
    fi
    "$py" "$root/scripts/tensix/ttsim-compare.py" "$m" "${extra[@]}" || status=1
done
exit $status
