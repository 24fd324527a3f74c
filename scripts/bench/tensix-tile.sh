#!/usr/bin/env bash
# Tensix tile speed on seed 002's matmul kernels (and the eltwise / SFPU ones): simulated tile
# cycles per second (one cycle = one Wait Gate issue slot per thread in the functional tile)
# and TRISC MIPS (RISC-V instructions of the three cores), per CPU-second of the simulating
# thread, from `macrosim tensix run --repeat N --stats`:
#   - steady state: runs 2..N, each on the tile restored from its snapshot (`Tile::restore`);
#   - first run: run 1 on the freshly loaded tile (cold harts: every block decoded once);
#   - process: the whole `macrosim tensix run M.toml` of one run (CPU time: `perf stat -e
#     task-clock`; start, reading the ELFs and text inputs, loading, the run, checking the
#     outputs): what one user's run costs.
# ROUNDS samples per manifest; the table gives medians.
#
# With TTSIM_DIR set (a ttsim build outside this repository, notes/ttsim.md), each round also
# runs the same manifest on ttsim through scripts/tensix/ttsim-compare.py and both tools'
# whole-process wall time per kernel run is compared (ttsim's harness clocks until the done
# words are set). Usage: scripts/bench/tensix-tile.sh [ROUNDS] [REPEAT]
# (NO_BUILD=1: no build; MACROSIM=path: that binary)
set -euo pipefail
cd "$(dirname "$0")/../.."

ROUNDS=${1:-5}
REPEAT=${2:-2000}
manifests=(examples/tensix/kernels/matmul_hifi4.toml examples/tensix/kernels/matmul_k4_hifi2.toml
           examples/tensix/kernels/eltwise_add.toml examples/tensix/kernels/sfpu_add.toml)
[ -n "${NO_BUILD:-}" ] || cargo build --release --quiet -p macrosim
bin=${MACROSIM:-target/release/macrosim}
py=python3
"$py" -c 'import numpy' 2>/dev/null || py=/usr/bin/python3

median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

printf '| manifest | simulated cycles per run | M cycles/s, steady | TRISC MIPS, steady | first run, µs | process CPU ms, one run |'
[ -n "${TTSIM_DIR:-}" ] && printf ' macrosim ms/run (process) | ttsim ms/run (process) | ratio |'
echo
for m in "${manifests[@]}"; do
    cyc=(); mips=(); first=(); proc=(); ours=(); theirs=()
    for _ in $(seq "$ROUNDS"); do
        out=$("$bin" tensix run "$m" --stats --repeat "$REPEAT")
        steady=$(grep 'more run(s)' <<<"$out")
        cyc+=("$(sed -n 's/.*: \([0-9.]*\) M simulated cycles\/s.*/\1/p' <<<"$steady")")
        mips+=("$(sed -n 's/.*, \([0-9.]*\) TRISC MIPS.*/\1/p' <<<"$steady")")
        first+=("$(sed -n 's/^host CPU time \([0-9.]*\) s for the first run.*/\1 * 1000000/p' <<<"$out" | bc -l)")
        proc+=("$(perf stat -x, -e task-clock "$bin" tensix run "$m" 2>&1 >/dev/null | sed -n 's/^\([0-9.]*\),msec,task-clock.*/\1/p')")
        per=$(sed -n 's/^cycles: \([0-9]*\)$/\1/p' <<<"$out")
        if [ -n "${TTSIM_DIR:-}" ]; then
            t0=$(date +%s.%N); "$bin" tensix run "$m" >/dev/null; t1=$(date +%s.%N)
            "$py" scripts/tensix/ttsim-compare.py "$m" >/dev/null; t2=$(date +%s.%N)
            ours+=("$(echo "($t1 - $t0) * 1000" | bc -l)")
            theirs+=("$(echo "($t2 - $t1) * 1000" | bc -l)")
        fi
    done
    row="| $(basename "$m") | $per | $(printf '%s\n' "${cyc[@]}" | median) | $(printf '%s\n' "${mips[@]}" | median) |"
    row+=" $(printf '%.0f' "$(printf '%s\n' "${first[@]}" | median)") | $(printf '%.1f' "$(printf '%s\n' "${proc[@]}" | median)") |"
    if [ -n "${TTSIM_DIR:-}" ]; then
        a=$(printf '%s\n' "${ours[@]}" | median); b=$(printf '%s\n' "${theirs[@]}" | median)
        row+=" $(printf '%.1f' "$a") | $(printf '%.1f' "$b") | $(printf '%.1fx' "$(echo "$b / $a" | bc -l)") |"
    fi
    echo "$row"
done
