#!/usr/bin/env bash
# FPU utilization of the cycle model (`macrosim snitch run --timing --stats`) on the kernels that
# rebuild the published figures, side by side with them (issue 14 "Cycle model checked against
# published figures"): the SSR paper (Schuiki et al., arXiv 1911.08356) — reductions capped at 33%
# without SSRs, almost 100% with SSR + FREP — and the FREP design note (F. Zaruba, "Dual-Issue
# Snitch", iis-people.ee.ethz.ch/~zarubaf/snitch/frep.html) — 8 fmadd + 6 integer instructions,
# 57% with SSRs, 36% without. In each program hart 1 prepares and checks the data and hart 0 runs
# only the kernel; the figure is hart 0's FP operations over its cycles minus the cycles it
# waited at the barrier or in wfi (fp operations = fpu_utilization x cycles, from --stats).
# Needs only the Rust toolchain. Usage: scripts/snitch/utilization.sh
set -euo pipefail
. "$(dirname "$0")/common.sh"
macrosim=$(macrosim_bin)
build="$repo_root/examples/snitch/build"
printf '%-22s %-34s %10s %8s %8s  %s\n' kernel published "work cyc" "fp ops" "model" "stalls (hart 0)"
while read -r name published; do
  stats=$("$macrosim" snitch run --timing --stats "$build/$name.elf" 2>&1 >/dev/null | grep 'stats: hart 0 ')
  python3 - "$name" "$published" "$stats" <<'PY'
import re, sys
name, published, s = sys.argv[1], sys.argv[2].replace("_", " "), sys.argv[3]
num = lambda k: float(re.search(rf"\b{k} ([0-9.]+)", s).group(1))
cycles, util = num("cycles"), num("fpu_utilization")
work = cycles - num("barrier") - num("wfi")
ops = round(util / 100 * cycles)
stalls = " ".join(f"{k}={int(num(k))}" for k in ("fp_raw", "ssr", "offload_queue", "int_waits_fp"))
print(f"{name:<22} {published:<34} {int(work):>10} {ops:>8} {100 * ops / work:>7.1f}%  {stalls}")
PY
done <<'LIST'
util_reduce_base SSR_paper:_<=33%_without_SSRs
util_reduce_ssr SSR_paper:_(SSRs,_no_FREP)
util_reduce_ssr_frep SSR_paper:_almost_100%_SSR+FREP
util_frep_note_base FREP_note:_36%_without_SSRs
util_frep_note_ssr FREP_note:_57%_with_SSRs
util_frep_note_frep FREP_note:_FREP_(FPU_busy)
LIST
