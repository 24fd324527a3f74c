#!/usr/bin/env bash
# Speed of the Tensix tile's cycle model (issue 10): simulated cycles per CPU-second of the
# simulating thread with `macrosim tensix run --timing --stats --repeat N` (N fresh tiles per
# sample; loading the manifest and building the harts are outside the timed part), next to the
# same manifest without --timing. ROUNDS samples per manifest; the table gives medians of the
# steady state (the runs after the first, each on the tile restored from its snapshot) and,
# apart, of the first run (a fresh tile: what one `tensix run` costs past loading).
# Usage: [ALL=1] [BIN=path] scripts/bench/tensix-tile-timing.sh [ROUNDS] [REPEAT]
set -euo pipefail
cd "$(dirname "$0")/../.."

ROUNDS=${1:-5}
REPEAT=${2:-300}
k=examples/tensix/kernels
manifests=("$k/matmul_lofi.toml" "$k/matmul_hifi4.toml" "$k/matmul_k4_hifi2.toml" "$k/eltwise_add.toml"
           "$k/bench/microbench_push.toml")
# ALL=1: every manifest under examples/tensix instead.
if [ "${ALL:-0}" = 1 ]; then mapfile -t manifests < <(find examples/tensix -name '*.toml' | sort); fi
# BIN=path: measure that binary (e.g. main's, for an A/B table) instead of building this tree.
bin=${BIN:-target/release/macrosim}
[ -n "${BIN:-}" ] || cargo build --release --quiet -p macrosim

median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
# The first run's rate, then the restored runs' (`--stats` prints them on two lines).
first() { sed -n 's/.*first run.*: \([0-9.]*\) M simulated cycles\/s.*/\1/p'; }
steady() { sed -n 's/.*restored from its snapshot.*: \([0-9.]*\) M simulated cycles\/s.*/\1/p'; }

echo '| manifest | timed cycles per run | M cycles/s --timing, steady | first run | functional cycles per run | M cycles/s functional, steady | first run |'
echo '|---|---:|---:|---:|---:|---:|---:|'
for m in "${manifests[@]}"; do
    timed=(); plain=(); timed1=(); plain1=()
    n=$REPEAT
    case "$m" in *microbench*) n=$(( (REPEAT + 29) / 30 )) ;; esac
    for _ in $(seq "$ROUNDS"); do
        out=$("$bin" tensix run "$m" --timing --stats --repeat "$n")
        timed+=("$(steady <<<"$out")"); timed1+=("$(first <<<"$out")")
        tc=$(sed -n 's/^cycles: \([0-9]*\)$/\1/p' <<<"$out")
        out=$("$bin" tensix run "$m" --stats --repeat "$n")
        plain+=("$(steady <<<"$out")"); plain1+=("$(first <<<"$out")")
        fc=$(sed -n 's/^cycles: \([0-9]*\)$/\1/p' <<<"$out")
    done
    med() { printf '%s\n' "$@" | median; }
    echo "| $(basename "$m") | $tc | $(med "${timed[@]}") | $(med "${timed1[@]}") | $fc | $(med "${plain[@]}") | $(med "${plain1[@]}") |"
done
