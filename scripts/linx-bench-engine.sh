#!/usr/bin/env bash
# Compare the Linx block engine's speed of two builds on the real-binary workloads of
# BENCHMARKS.md "Linx block engine" (local, not CI: the SPECint binaries are not in the
# repository). RUNNER_A/B are release builds of crates/linx/examples/linx_run.rs (the loader and
# engine of `macrosim linx run`, without the other simulators) from two versions of the crate.
# They run interleaved (A B, B A, A B, ...) so that a changing machine load hits both alike;
# each run's user+sys CPU time is printed, then the median per workload.
#   scripts/linx-bench-engine.sh RUNNER_A RUNNER_B RUNS SPECRAND_ELF DEEPSJENG_ELF
# Workloads: specrand_ir `1 100000`, deepsjeng_r on a one-position EPD file (both --cfi
# compat), and examples/linx/sieve.s (functional, and --timing).
set -eu
[ $# -eq 5 ] || { sed -n 2,10p "$0"; exit 2; }
a=$(realpath "$1") b=$(realpath "$2") runs=$3
specrand=$(realpath "$4") sjeng=$(realpath "$5")
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n2\n' >"$tmp/one.epd"
# The assembler: $MACROSIM if set (a built macrosim binary), else cargo run.
# shellcheck disable=SC2086 # the default command is split on purpose
${MACROSIM:-cargo run -q -p macrosim --} linx asm examples/linx/sieve.s -o "$tmp/sieve.elf"

# cpu BIN ARGS...: user+sys seconds of one run (output discarded).
cpu() {
    /usr/bin/time -f "%U %S" -o "$tmp/t" "$@" >/dev/null 2>&1 || true
    awk '{ printf "%.2f\n", $1 + $2 }' "$tmp/t"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

workloads=(
    "specrand_ir|--compat $specrand 1 100000"
    "deepsjeng_r|--compat $sjeng $tmp/one.epd"
    "sieve|$tmp/sieve.elf"
    "sieve --timing|--timing $tmp/sieve.elf"
)
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
for w in "${workloads[@]}"; do
    name=${w%%|*}
    # shellcheck disable=SC2206 # the argument list is split on purpose
    args=(${w#*|})
    : >"$tmp/A" && : >"$tmp/B"
    for i in $(seq "$runs"); do
        # A B, then B A: neither build always runs second.
        if [ $((i % 2)) -eq 1 ]; then
            cpu "$a" "${args[@]}" >>"$tmp/A"
            cpu "$b" "${args[@]}" >>"$tmp/B"
        else
            cpu "$b" "${args[@]}" >>"$tmp/B"
            cpu "$a" "${args[@]}" >>"$tmp/A"
        fi
    done
    ma=$(median <"$tmp/A") mb=$(median <"$tmp/B")
    echo "$name: A $(tr '\n' ' ' <"$tmp/A")| B $(tr '\n' ' ' <"$tmp/B")| median A $ma s, B $mb s, B/A $(awk -v a="$ma" -v b="$mb" 'BEGIN { printf "%.3f", b / a }')"
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
