#!/usr/bin/env bash
# `--timing` speed on the issue's kernels (issue 14 "Speed": at least 50 M simulated cycles per
# second for one hart): `macrosim snitch run --timing --stats` on the committed snitch_cluster
# builds, CPU time (perf stat task-clock, user + system of the whole process, so start-up and
# ELF loading are included), median of REPS runs. Per kernel: the cluster's cycles (the slowest
# hart's), the harts' cycles summed, and both per second of CPU time. The one-hart kernels are
# the utilization programs (hart 0 runs the kernel; hart 1 prepares and checks the data, the
# other harts wait at the barrier); dot, gemm and axpy run on all 9 harts with the DMA core.
# The dense one-hart FREP loop of `cargo bench -p macrosim-snitch --bench timing` is the long
# workload; these programs run for milliseconds. Needs perf (local only; SKIPPED without it).
# Usage: [REPS=5] [MACROSIM=path] scripts/bench/snitch-timing.sh
set -uo pipefail
. "$(dirname "$0")/../snitch/common.sh"
if [ -n "${CI:-}" ] || ! perf stat -e task-clock true >/dev/null 2>&1; then
  echo "SKIPPED: needs perf (local only, not in CI)"
  exit 0
fi
macrosim=$(macrosim_bin)
reps=${REPS:-5}
build="$repo_root/examples/snitch/build"
kernels=(util_reduce_base util_reduce_ssr util_reduce_ssr_frep util_frep_note_base
  util_frep_note_ssr util_frep_note_frep dot gemm axpy)
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "macrosim: $macrosim ($(cd "$repo_root" && git rev-parse --short HEAD))"
printf '%-22s %10s %11s %10s %14s %16s\n' kernel "cycles" "hart cycles" "CPU ms" "M cycles/s" "M hart cycles/s"
for k in "${kernels[@]}"; do
  elf="$build/$k.elf"
  stats=$("$macrosim" snitch run --timing --stats "$elf" 2>&1 >/dev/null | grep 'stats: hart ')
  read -r cycles total < <(echo "$stats" | awk '{for (i = 1; i < NF; i++) if ($i == "cycles") {c = $(i + 1); t += c; if (c > m) m = c}} END {print m, t}')
  ms=$(for ((r = 0; r < reps; r++)); do
    perf stat -x, -e task-clock "$macrosim" snitch run --timing "$elf" 2>&1 >/dev/null | awk -F, '/task-clock/ {print $1}'
  done | sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}')
  awk -v k="$k" -v c="$cycles" -v t="$total" -v ms="$ms" 'BEGIN {
    printf "%-22s %10d %11d %10.2f %14.1f %16.1f\n", k, c, t, ms, c / ms / 1e3, t / ms / 1e3 }'
done
echo "(medians of $reps runs of the whole process; CPU time = task-clock)"
