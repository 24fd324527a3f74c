#!/usr/bin/env bash
# Banshee side by side (issue 14): run every ELF on Banshee and on `macrosim snitch run --preset
# banshee`, compare exit codes and, with Banshee's --trace and macrosim's --trace DIR, the
# per-hart pc / integer-register stream (scripts/snitch/trace_compare.py; FP values are not
# compared, Banshee prints 6 decimals). The ELFs: Banshee's tests/bin (with each line of
# tests/args/NAME) and this repository's examples/snitch/build/banshee/*.elf on 9 cores.
# Local only: needs BANSHEE_DIR (a pulp-platform/banshee checkout, built per
# ../shared/snitch/BUILD_BANSHEE.md); prints SKIPPED without it or in CI.
# Usage: BANSHEE_DIR=/work/peers/banshee scripts/snitch/banshee-side-by-side.sh [NAME_FILTER]
set -uo pipefail
. "$(dirname "$0")/common.sh"
banshee=$(banshee_bin)
if [ -n "${CI:-}" ] || [ -z "$banshee" ] || [ ! -d "${BANSHEE_DIR:-}/tests/bin" ]; then
  echo "SKIPPED: set BANSHEE_DIR to a built pulp-platform/banshee checkout (local only, not in CI)"
  exit 0
fi
macrosim=$(macrosim_bin)
filter=${1:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Traces of runs longer than this many instructions are not compared (large_lfsr: 7e8).
no_trace=" large_lfsr "
same=0 differ=0 report=()

run_one() { # NAME ELF "BANSHEE ARGS" "MACROSIM ARGS" [SOURCE]
  local name=$1 elf=$2 bargs=$3 margs=$4 src=${5:-} brc mrc tr=yes verdict limit=${TIMEOUT:-120}
  [[ "$no_trace" == *" $name "* ]] && { tr=no; limit=600; }
  # Programs Banshee rejects hang it after the message (BUILD_BANSHEE.md): do not wait long.
  [ -n "$src" ] && grep -q '^// expect-banshee: error' "$src" && limit=20
  if [ $tr = yes ]; then
    (cd "$BANSHEE_DIR" && timeout "$limit" "$banshee" $bargs --trace "$elf") >"$work/b.trace" 2>"$work/b.err"
    brc=$?
    rm -rf "$work/m"; mkdir -p "$work/m"
    (cd "$BANSHEE_DIR" && timeout "$limit" "$macrosim" snitch run --preset banshee $margs --trace "$work/m" "$elf") >"$work/m.out" 2>&1
    mrc=$?
  else
    (cd "$BANSHEE_DIR" && timeout "$limit" "$banshee" $bargs "$elf") >/dev/null 2>"$work/b.err"
    brc=$?
    (cd "$BANSHEE_DIR" && timeout "$limit" "$macrosim" snitch run --preset banshee $margs "$elf") >"$work/m.out" 2>&1
    mrc=$?
  fi
  if [ "$brc" != "$mrc" ] && [ "$mrc" = 2 ] && [ -n "$src" ] && grep -q '^// expect: error' "$src"; then
    verdict="known difference: macrosim stops at the program bug (exit 2), Banshee gives $brc"
  elif [ "$brc" != "$mrc" ] && [ "$mrc" = 2 ] && [ -n "$src" ] && grep -q '^// expect-banshee: error' "$src"; then
    verdict="both reject it (macrosim exit 2, Banshee $brc)"
  elif [ "$brc" != "$mrc" ]; then
    verdict="EXIT DIFFERS (banshee $brc, macrosim $mrc)"
  elif [ $tr = no ]; then
    verdict="same exit $brc (trace not compared)"
  else
    python3 "$repo_root/scripts/snitch/trace_compare.py" "$work/b.trace" "$work/m" >"$work/cmp" 2>&1
    case $? in
      0) verdict="same exit $brc, same integer trace"
         grep -q "pcs only" "$work/cmp" && verdict="$verdict (pcs only after timing-counter reads)" ;;
      3) verdict="same exit $brc, same trace up to a race on an atomic (schedule-dependent)" ;;
      *) verdict="same exit $brc, TRACE DIFFERS" ;;
    esac
  fi
  printf '%-24s %-28s %s\n' "$name" "[$bargs]" "$verdict"
  if [[ "$verdict" == *DIFFERS* ]]; then
    differ=$((differ + 1)); report+=("$name [$bargs]: $verdict")
    grep -v -i warn "$work/m.out" | tail -n 3 | sed 's/^/    macrosim | /'
    [ -f "$work/cmp" ] && grep -A3 DIVERGE "$work/cmp" | head -n 8 | sed 's/^/    /'
  else
    same=$((same + 1))
  fi
  rm -f "$work/cmp"
}

for elf in "$BANSHEE_DIR"/tests/bin/*; do
  name=$(basename "$elf")
  [[ -n "$filter" && "$name" != *$filter* ]] && continue
  while IFS= read -r args || [ -n "$args" ]; do
    run_one "$name" "$elf" "$args" "$(banshee_args_to_macrosim "$args")"
  done < <(cat "$BANSHEE_DIR/tests/args/$name" 2>/dev/null || echo)
done
for elf in "$repo_root"/examples/snitch/build/banshee/*.elf; do
  name=$(basename "$elf" .elf)
  [[ -n "$filter" && "$name" != *$filter* ]] && continue
  src=$(ls "$repo_root"/examples/snitch/{tests,kernels}/"$name.c" 2>/dev/null | head -n 1)
  run_one "fw/$name" "$elf" "--num-cores 9" "--cores 9" "$src"
done
echo "side by side: $same agree, $differ differ"
[ $differ -eq 0 ] || printf '  %s\n' "${report[@]}"
