#!/usr/bin/env bash
# SFPU instructions per CPU-second on the SFPU activation kernels (examples/tensix/kernels/
# sfpu_*.toml), release build: `macrosim tensix run M --stats --repeat REPEAT` runs the kernel
# (unpack, the SFPU loop, pack) REPEAT times, runs after the first on the tile restored from
# its snapshot, and reports the simulating thread's CPU time of those REPEAT-1 runs and the SFPU
# instructions issued per run; ROUNDS samples per manifest, the table gives medians.
# Each SFPU instruction works on 32 lanes; the rate includes the whole tile (the harts' start,
# unpack, pack), so it bounds the SFPU's own rate from below.
#   scripts/bench/tensix-sfpu.sh [ROUNDS] [REPEAT]   (NO_BUILD=1: no build; MACROSIM=path: that binary)
set -euo pipefail
cd "$(dirname "$0")/../.."
ROUNDS=${1:-5}
REPEAT=${2:-300}
[ -n "${NO_BUILD:-}" ] || cargo build --release --quiet -p macrosim
bin=${MACROSIM:-target/release/macrosim}
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
echo "| manifest | SFPU instructions per run | simulated cycles per run | M SFPU instructions/s | M simulated cycles/s |"
echo "|---|---:|---:|---:|---:|"
for k in relu recip sqrt exp sigmoid gelu exp_fast exp_fast_loadmacro; do
    m=examples/tensix/kernels/sfpu_$k.toml
    rate=(); cyc=()
    for _ in $(seq "$ROUNDS"); do
        out=$("$bin" tensix run "$m" --stats --repeat "$REPEAT" 2>&1)
        n=$(sed -n 's/.* sfpu \([0-9]*\),.*/\1/p' <<<"$out")
        steady=$(grep 'more run(s)' <<<"$out")
        cpu=$(sed -n 's/^host CPU time \([0-9.]*\) s for.*/\1/p' <<<"$steady")
        per=$(sed -n 's/^cycles: \([0-9]*\)$/\1/p' <<<"$out")
        rate+=("$(echo "$n * ($REPEAT - 1) / $cpu / 1000000" | bc -l)")
        cyc+=("$(sed -n 's/.*: \([0-9.]*\) M simulated cycles\/s.*/\1/p' <<<"$steady")")
    done
    printf '| `sfpu_%s.toml` | %s | %s | %.2f | %s |\n' "$k" "$n" "$per" \
        "$(printf '%s\n' "${rate[@]}" | median)" "$(printf '%s\n' "${cyc[@]}" | median)"
done
