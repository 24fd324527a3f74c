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
# Both execution tiers run (--tier interp and --tier jit). Goals (issue 12, the jit tier):
# >= 1x qemu's speed on every (a) workload, >= 2x on every (b) workload, and short runs (1M
# instructions; `matmul 1`) no slower than the interpreter (GNU time's 0.01 s resolution: for
# finer figures use `perf stat -r 10 -e task-clock` on the same commands).
#
# usage: scripts/bench-riscv.sh [REPS]     (default 5 repetitions; prints a Markdown table)
# BENCH_SMALL=1 runs every workload about 10x shorter (for a loaded machine, where the full
# run takes too long; translation then weighs more in the jit tier's time).
# Needs gcc-riscv64-unknown-elf, picolibc-riscv64-unknown-elf, qemu-user and GNU time
# (/usr/bin/time).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
reps=${1:-5}
scratch=$(mktemp -d -t riscv-bench.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

# MACROSIM_BIN: a macrosim binary to measure instead of building target/release/macrosim.
if [ -n "${MACROSIM_BIN:-}" ]; then
  macrosim=$MACROSIM_BIN
else
  # Both tiers are measured: the translation tier needs the `jit` feature.
  cargo build --release --quiet -p macrosim --features jit
  macrosim=target/release/macrosim
fi
c=tests/riscv-corpus
scripts/riscv/build-corpus.sh "$scratch" $c/bench/int_sort.c $c/bench/int_crc.c $c/interp.c \
  $c/bench/fp_dot.c $c/matmul.c

# name class elf args
if [ -n "${BENCH_SMALL:-}" ]; then
  workloads=("sort a int_sort 8" "crc a int_crc 500" "interp a interp 2" "dot b fp_dot 300"
    "matmul b matmul 30")
else
  workloads=("sort a int_sort 80" "crc a int_crc 5000" "interp a interp 15" "dot b fp_dot 3000"
    "matmul b matmul 300")
fi

calc() { awk "BEGIN { printf \"%.6f\", $1 }"; }
median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

tiers=(interp jit)
echo "| workload | class | instructions | qemu CPU s | interp CPU s | jit CPU s | qemu MIPS | interp MIPS | jit MIPS | interp / qemu | jit / qemu |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
status=0
declare -A class_insns class_qtime jit_ok
for w in "${workloads[@]}"; do
  read -r name class elf args <<<"$w"
  elf="$scratch/$elf.elf"
  # instruction count and output check (both tiers)
  qemu-riscv32 "$elf" "$args" >"$scratch/$name.q.out"
  for tier in "${tiers[@]}"; do
    "$macrosim" riscv run --tier "$tier" --stats "$elf" "$args" >"$scratch/$name.$tier.out" 2>"$scratch/$name.m.err"
    if ! cmp -s "$scratch/$name.q.out" "$scratch/$name.$tier.out"; then
      echo "bench-riscv: $name: macrosim --tier $tier output differs from qemu's" >&2
      status=1
    fi
  done
  insns=$(grep -o 'instructions[ :=]*[0-9]*' "$scratch/$name.m.err" | grep -o '[0-9]*$' | tail -1)
  [ -n "$insns" ] || { echo "bench-riscv: no instruction count in --stats output" >&2; exit 1; }
  : >"$scratch/$name.q.t"
  for tier in "${tiers[@]}"; do : >"$scratch/$name.$tier.t"; done
  for ((r = 0; r < reps; r++)); do
    # rotate which simulator goes first, so drifting machine load hits all alike
    order=(q "${tiers[@]}")
    for ((k = 0; k < ${#order[@]}; k++)); do
      sim=${order[$(((k + r) % ${#order[@]}))]}
      if [ "$sim" = q ]; then cmd=(qemu-riscv32); else cmd=("$macrosim" riscv run --tier "$sim"); fi
      /usr/bin/time -f "%e %U %S" -o "$scratch/time" "${cmd[@]}" "$elf" "$args" >/dev/null
      cat "$scratch/time" >>"$scratch/$name.$sim.t"
    done
  done
  # columns of the .t files: wall user sys; times are CPU (user + sys) medians
  cpu() { awk '{print $2 + $3}' "$scratch/$name.$1.t" | median; }
  qt=$(cpu q)
  it=$(cpu interp)
  jt=$(cpu jit)
  printf "| %s | %s | %d | %.2f | %.2f | %.2f | %.0f | %.0f | %.0f | %.2f | %.2f |\n" "$name" "$class" \
    "$insns" "$qt" "$it" "$jt" "$(calc "$insns / $qt / 1e6")" "$(calc "$insns / $it / 1e6")" \
    "$(calc "$insns / $jt / 1e6")" "$(calc "$qt / $it")" "$(calc "$qt / $jt")"
  # issue 12 goals: jit >= 1x qemu on (a), >= 2x on (b)
  goal=$([ "$class" = a ] && echo 1 || echo 2)
  jit_ok[$name]=$(awk "BEGIN { print ($qt / $jt >= $goal) ? \"met\" : \"MISSED\" }")
done
echo
for w in "${workloads[@]}"; do
  read -r name class _ <<<"$w"
  echo "jit goal for $name (class $class: >= $([ "$class" = a ] && echo 1 || echo 2)x qemu): ${jit_ok[$name]}"
done
# translation cost on short runs, both tiers: the first 1M instructions of the interp workload,
# and `matmul 1` (2.5M instructions, the whole program)
shorts=("1M instructions of interp|--max-insns 1000000 $scratch/interp.elf 15"
  "matmul 1|$scratch/matmul.elf 1")
for s in "${shorts[@]}"; do
  label=${s%%|*}
  read -r -a run <<<"${s#*|}"
  : >"$scratch/short.t"
  for ((r = 0; r < reps; r++)); do
    for tier in "${tiers[@]}"; do
      /usr/bin/time -f "$tier %U %S" -o "$scratch/time" "$macrosim" riscv run --tier "$tier" \
        "${run[@]}" >/dev/null 2>&1 || true
      cat "$scratch/time" >>"$scratch/short.t"
    done
  done
  si=$(awk '$1 == "interp" {print $2 + $3}' "$scratch/short.t" | median)
  sj=$(awk '$1 == "jit" {print $2 + $3}' "$scratch/short.t" | median)
  echo "short run ($label): interp CPU $si s, jit CPU $sj s"
done
echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; $(qemu-riscv32 --version | head -1); load average $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
