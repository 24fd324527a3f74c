#!/usr/bin/env bash
# Speed of the Tensix tile's cycle model (issue 10): simulated cycles per CPU-second of the
# simulating thread with `macrosim tensix run --timing --stats --repeat N` (N fresh tiles per
# sample; loading the manifest and building the harts are outside the timed part), next to the
# same manifest without --timing. ROUNDS samples per manifest; the table gives medians.
# Usage: scripts/bench/tensix-tile-timing.sh [ROUNDS] [REPEAT]
set -euo pipefail
cd "$(dirname "$0")/../.."

ROUNDS=${1:-5}
REPEAT=${2:-300}
k=examples/tensix/kernels
manifests=("$k/matmul_lofi.toml" "$k/matmul_hifi4.toml" "$k/matmul_k4_hifi2.toml" "$k/eltwise_add.toml"
           "$k/bench/microbench_push.toml")
cargo build --release --quiet -p macrosim
bin=target/release/macrosim

median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
rate() { sed -n 's/.*: \([0-9.]*\) M simulated cycles\/s.*/\1/p'; }

echo '| manifest | timed cycles per run | M cycles/s with --timing | functional cycles per run | M cycles/s functional |'
echo '|---|---:|---:|---:|---:|'
for m in "${manifests[@]}"; do
    timed=(); plain=()
    n=$REPEAT
    case "$m" in *microbench*) n=$(( (REPEAT + 29) / 30 )) ;; esac
    for _ in $(seq "$ROUNDS"); do
        out=$("$bin" tensix run "$m" --timing --stats --repeat "$n")
        timed+=("$(rate <<<"$out")")
        tc=$(sed -n 's/^cycles: \([0-9]*\)$/\1/p' <<<"$out")
        out=$("$bin" tensix run "$m" --stats --repeat "$n")
        plain+=("$(rate <<<"$out")")
        fc=$(sed -n 's/^cycles: \([0-9]*\)$/\1/p' <<<"$out")
    done
    echo "| $(basename "$m") | $tc | $(printf '%s\n' "${timed[@]}" | median) | $fc | $(printf '%s\n' "${plain[@]}" | median) |"
done
