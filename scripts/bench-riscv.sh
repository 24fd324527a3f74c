#!/usr/bin/env bash
# RISC-V hart benchmark (issue 3): the same ELFs on qemu-riscv32 (user mode, Debian qemu-user)
# and on `target/release/macrosim riscv run`, interleaved in one run, several repetitions,
# medians. Instruction counts come from macrosim (`--stats`); both simulators run the same
# instructions (the outputs are compared), so MIPS = count / median time for each. Both the
# CPU time (user + sys, all threads) and the wall time of every run are recorded; MIPS and the
# ratio use CPU time, which the other jobs on a shared machine disturb far less than wall time.
#
# Workloads: (a) integer: quicksort, CRC-32/FNV/mix hashing, the corpus bytecode interpreter;
# (b) FP: double and single dot products with axpy, the corpus 48x48 double matrix multiply.
# Goals (issue 3): >= 500 MIPS on (a); >= qemu's speed on (b).
#
# usage: scripts/bench-riscv.sh [REPS]     (default 5 repetitions; prints a Markdown table)
# Needs gcc-riscv64-unknown-elf, picolibc-riscv64-unknown-elf, qemu-user and GNU time
# (/usr/bin/time).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
reps=${1:-5}
scratch=$(mktemp -d -t riscv-bench.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

cargo build --release --quiet -p macrosim
macrosim=target/release/macrosim
c=tests/riscv-corpus
scripts/riscv/build-corpus.sh "$scratch" $c/bench/int_sort.c $c/bench/int_crc.c $c/interp.c \
  $c/bench/fp_dot.c $c/matmul.c

# name class elf args
workloads=(
  "sort a int_sort 80"
  "crc a int_crc 5000"
  "interp a interp 15"
  "dot b fp_dot 3000"
  "matmul b matmul 300"
)

calc() { awk "BEGIN { printf \"%.6f\", $1 }"; }
median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

echo "| workload | class | instructions | qemu CPU s | qemu wall s | qemu MIPS | macrosim CPU s | macrosim wall s | macrosim MIPS | macrosim / qemu |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
status=0
declare -A class_insns class_mtime class_qtime
for w in "${workloads[@]}"; do
  read -r name class elf args <<<"$w"
  elf="$scratch/$elf.elf"
  # instruction count and output check
  "$macrosim" riscv run --stats "$elf" "$args" >"$scratch/$name.m.out" 2>"$scratch/$name.m.err"
  qemu-riscv32 "$elf" "$args" >"$scratch/$name.q.out"
  if ! cmp -s "$scratch/$name.q.out" "$scratch/$name.m.out"; then
    echo "bench-riscv: $name: macrosim output differs from qemu's" >&2
    status=1
  fi
  insns=$(grep -o 'instructions[ :=]*[0-9]*' "$scratch/$name.m.err" | grep -o '[0-9]*$' | tail -1)
  [ -n "$insns" ] || { echo "bench-riscv: no instruction count in --stats output" >&2; exit 1; }
  : >"$scratch/$name.q.t"
  : >"$scratch/$name.m.t"
  for ((r = 0; r < reps; r++)); do
    # alternate which simulator goes first, so drifting machine load hits both alike
    for sim in $([ $((r % 2)) = 0 ] && echo "q m" || echo "m q"); do
      if [ "$sim" = q ]; then cmd=(qemu-riscv32); else cmd=("$macrosim" riscv run); fi
      /usr/bin/time -f "%e %U %S" -o "$scratch/time" "${cmd[@]}" "$elf" "$args" >/dev/null
      cat "$scratch/time" >>"$scratch/$name.$sim.t"
    done
  done
  # columns of the .t files: wall user sys
  qt=$(awk '{print $2 + $3}' "$scratch/$name.q.t" | median)
  mt=$(awk '{print $2 + $3}' "$scratch/$name.m.t" | median)
  qw=$(awk '{print $1}' "$scratch/$name.q.t" | median)
  mw=$(awk '{print $1}' "$scratch/$name.m.t" | median)
  printf "| %s | %s | %d | %.2f | %.2f | %.0f | %.2f | %.2f | %.0f | %.2f |\n" "$name" "$class" \
    "$insns" "$qt" "$qw" "$(calc "$insns / $qt / 1e6")" "$mt" "$mw" "$(calc "$insns / $mt / 1e6")" \
    "$(calc "$qt / $mt")"
  class_insns[$class]=$(calc "${class_insns[$class]:-0} + $insns")
  class_qtime[$class]=$(calc "${class_qtime[$class]:-0} + $qt")
  class_mtime[$class]=$(calc "${class_mtime[$class]:-0} + $mt")
done
echo
a_mips=$(calc "${class_insns[a]} / ${class_mtime[a]} / 1e6")
b_ratio=$(calc "${class_qtime[b]} / ${class_mtime[b]}")
verdict() { awk "BEGIN { print ($1) ? \"met\" : \"MISSED\" }"; }
printf "(a) integer: macrosim %.0f MIPS over all (a) workloads (goal >= 500): %s\n" "$a_mips" \
  "$(verdict "$a_mips >= 500")"
printf "(b) FP: macrosim / qemu speed %.2f over all (b) workloads (goal >= 1): %s\n" "$b_ratio" \
  "$(verdict "$b_ratio >= 1")"
echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; $(qemu-riscv32 --version | head -1); load average $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
