#!/usr/bin/env bash
# A/B of the Tensix tile's cycle model speed (issue 10): two binaries (e.g. main's and this
# tree's, built in the same profile), each manifest's steady state (the runs after the first,
# on the tile restored from its snapshot) with and without --timing, in M simulated cycles per
# CPU-second of the simulating thread. The four runs of a round are interleaved (A --timing,
# B --timing, A functional, B functional) so that a loaded machine's drift hits both sides;
# the table gives medians of ROUNDS rounds and B's host time per run with --timing over its
# functional one.
# Usage: scripts/bench/tensix-tile-timing-ab.sh A_BIN B_BIN [ROUNDS]
#   MANIFESTS="name:repeat ..." to choose (names under examples/tensix/kernels, without .toml).
set -euo pipefail
cd "$(dirname "$0")/../.."
a=$1
b=$2
rounds=${3:-5}
k=examples/tensix/kernels
manifests=${MANIFESTS:-"matmul_lofi:4000 matmul_hifi4:3000 matmul_k4_hifi2:1000 eltwise_add:4000 sfpu_exp:600 sfpu_exp_fast:1500 sfpu_gelu:1500 sfpu_recip:1000"}

median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
steady() { sed -n 's/.*restored from its snapshot.*: \([0-9.]*\) M simulated cycles\/s.*/\1/p'; }
cycles() { sed -n 's/^cycles: \([0-9]*\)$/\1/p'; }

echo '| manifest | runs | timed cycles/run | `--timing` A | `--timing` B | B/A | functional A (its cycles/run) | functional B | B: host time/run `--timing` ÷ functional |'
echo '|---|---:|---:|---:|---:|---:|---:|---:|---:|'
for m in $manifests; do
    name=${m%%:*}
    n=${m##*:}
    ta=(); tb=(); fa=(); fb=()
    for _ in $(seq "$rounds"); do
        ta+=("$("$a" tensix run "$k/$name.toml" --timing --stats --repeat "$n" | steady)")
        tb+=("$("$b" tensix run "$k/$name.toml" --timing --stats --repeat "$n" | steady)")
        fa+=("$("$a" tensix run "$k/$name.toml" --stats --repeat "$n" | steady)")
        fb+=("$("$b" tensix run "$k/$name.toml" --stats --repeat "$n" | steady)")
    done
    tc=$("$b" tensix run "$k/$name.toml" --timing --stats | cycles)
    fc=$("$b" tensix run "$k/$name.toml" --stats | cycles)
    mta=$(printf '%s\n' "${ta[@]}" | median)
    mtb=$(printf '%s\n' "${tb[@]}" | median)
    mfa=$(printf '%s\n' "${fa[@]}" | median)
    mfb=$(printf '%s\n' "${fb[@]}" | median)
    ratio=$(awk -v tc="$tc" -v tb="$mtb" -v fc="$fc" -v fb="$mfb" 'BEGIN {printf "%.2f", (tc / tb) / (fc / fb)}')
    gain=$(awk -v a="$mta" -v b="$mtb" 'BEGIN {printf "%.2f", b / a}')
    echo "| $name | $n | $tc | $mta | $mtb | $gain | $mfa ($fc) | $mfb | $ratio |"
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
