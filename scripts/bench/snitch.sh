#!/usr/bin/env bash
# Speed of `macrosim snitch run` against Banshee (issue 14 "Speed"), same ELFs, same machine,
# interleaved runs, medians of wall time; MIPS = instructions / wall time with the instructions
# counted as Banshee counts them (every FREP repetition is one; the count is the number of lines
# of Banshee's --trace, for large_lfsr the 700,000,042 of ../shared/snitch/BUILD_BANSHEE.md).
# Banshee runs twice per round: with its fastest flags (--opt-llvm --opt-jit --no-interrupt) and
# with its defaults. Workloads: (a) Banshee's large_lfsr (1 hart), (b) the SSR + FREP kernels
# dot and gemm and the single-hart util_reduce_ssr_frep, (c) whole-cluster 9-hart runs (dot, gemm,
# axpy use all 9 harts) — the banshee-layout builds in examples/snitch/build/banshee/.
# Local only: needs BANSHEE_DIR (built per BUILD_BANSHEE.md); prints SKIPPED without it or in CI.
# Usage: BANSHEE_DIR=/work/peers/banshee [REPS=5] [ONLY=N] [NO_DEFAULT=1] scripts/bench/snitch.sh
# (ONLY=N: the first N workloads; NO_DEFAULT=1: skip Banshee's default flags, ~10x slower runs,
# when the machine is too loaded for them.)
set -uo pipefail
. "$(dirname "$0")/../snitch/common.sh"
banshee=$(banshee_bin)
if [ -n "${CI:-}" ] || [ -z "$banshee" ] || [ ! -f "${BANSHEE_DIR:-}/tests/bin/large_lfsr" ]; then
  echo "SKIPPED: set BANSHEE_DIR to a built pulp-platform/banshee checkout (local only, not in CI)"
  exit 0
fi
macrosim=$(macrosim_bin)
reps=${REPS:-5}
fw="$repo_root/examples/snitch/build/banshee"
# name elf harts
workloads=(
  "large_lfsr $BANSHEE_DIR/tests/bin/large_lfsr 1"
  "util_reduce_ssr_frep $fw/util_reduce_ssr_frep.elf 9"
  "dot_9harts $fw/dot.elf 9"
  "gemm_9harts $fw/gemm.elf 9"
  "axpy_9harts $fw/axpy.elf 9"
)
[ -n "${ONLY:-}" ] && workloads=("${workloads[@]:0:${ONLY}}")
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
timeit() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1; local rc=$?; e=$(date +%s.%N); echo "$(echo "$e - $s" | bc) $rc"; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "banshee: $banshee"; echo "macrosim: $macrosim ($(cd "$repo_root" && git rev-parse --short HEAD))"
printf '%-22s %12s | %-20s | %-20s | %-20s | %s\n' workload insns "banshee fastest" "banshee default" "macrosim" "macrosim vs fastest"
for w in "${workloads[@]}"; do
  set -- $w; name=$1 elf=$2 harts=$3
  if [ "$name" = large_lfsr ]; then insns=700000042; else
    insns=$(timeout 300 "$banshee" --num-cores "$harts" --trace "$elf" 2>/dev/null | grep -c 'DASM(')
  fi
  : >"$tmp/fast"; : >"$tmp/def"; : >"$tmp/ms"
  for ((r = 0; r < reps; r++)); do
    read -r t rc < <(timeit timeout 600 "$banshee" --num-cores "$harts" --opt-llvm --opt-jit --no-interrupt "$elf"); echo "$t" >>"$tmp/fast"; [ "$rc" = 0 ] || echo "  banshee fastest exit $rc" >&2
    if [ -z "${NO_DEFAULT:-}" ]; then
      read -r t rc < <(timeit timeout 600 "$banshee" --num-cores "$harts" "$elf"); echo "$t" >>"$tmp/def"; [ "$rc" = 0 ] || echo "  banshee default exit $rc" >&2
    else echo nan >>"$tmp/def"; fi
    read -r t rc < <(timeit timeout 600 "$macrosim" snitch run --preset banshee --cores "$harts" "$elf"); echo "$t" >>"$tmp/ms"; [ "$rc" = 0 ] || echo "  macrosim exit $rc" >&2
  done
  f=$(median <"$tmp/fast"); d=$(median <"$tmp/def"); m=$(median <"$tmp/ms")
  mips() { awk -v n="$insns" -v t="$1" 'BEGIN { if (t + 0 > 0) printf "%.2f", n / t / 1e6; else printf "-" }'; }
  printf '%-22s %12s | %7.3fs %7s MIPS | %7.3fs %7s MIPS | %7.3fs %7s MIPS | %.2fx faster\n' "$name" "$insns" \
    "$f" "$(mips "$f")" "$d" "$(mips "$d")" "$m" "$(mips "$m")" "$(echo "scale=3; $f / $m" | bc)"
done
echo "(medians of $reps interleaved runs; wall time includes Banshee's translation and every process start)"
