#!/usr/bin/env bash
# Differential oracle for the RV32IMAFD hart (issue 3): every program of the C corpus
# (tests/riscv-corpus/*.c, some also at -O0) and batches of random instruction sequences
# (scripts/oracle/riscv_randgen.py) run under qemu-riscv32 user mode and under
# `target/release/macrosim riscv run`; stdout and exit status must match exactly.
#
# Needs (scripts/oracle/packages.txt): gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf
# picolibc-riscv64-unknown-elf qemu-user, plus python3 for the generator.
#
# Environment: RISCV_RAND_SEEDS (default 400) random sequences, RISCV_RAND_FIRST_SEED (default 1),
# RISCV_RAND_BATCH (default 20 sequences per ELF), RISCV_ORACLE_DIR (scratch dir; default a new
# temporary one, kept on failure), RISCV_ORACLE_TIMEOUT (seconds per run, default 120),
# RISCV_ORACLE_SIM (the command under test instead of `target/release/macrosim riscv run`, which
# is then not built; e.g. `qemu-riscv32` to check the harness itself), RISCV_TIER (the execution
# tier, interp or jit; default interp; jit needs a build with --features jit).
#
# A failing random batch names its seeds; rebuild one seed alone with
#   python3 scripts/oracle/riscv_randgen.py -o /tmp/s.S SEED && scripts/riscv/build-corpus.sh /tmp/o /tmp/s.S
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

seeds=${RISCV_RAND_SEEDS:-400}
first=${RISCV_RAND_FIRST_SEED:-1}
batch=${RISCV_RAND_BATCH:-20}
limit=${RISCV_ORACLE_TIMEOUT:-120}
scratch=${RISCV_ORACLE_DIR:-$(mktemp -d -t riscv-oracle.XXXXXX)}
mkdir -p "$scratch"

if [ -n "${RISCV_ORACLE_SIM:-}" ]; then
  read -r -a sim <<<"$RISCV_ORACLE_SIM"
else
  if [ "${RISCV_TIER:-interp}" = jit ]; then
    cargo build --release --quiet -p macrosim --features jit
  else
    cargo build --release --quiet -p macrosim
  fi
  sim=("$root/target/release/macrosim" riscv run --tier "${RISCV_TIER:-interp}")
fi

echo "riscv-qemu-diff: building the corpus and $seeds random sequences in $scratch"
scripts/riscv/build-corpus.sh "$scratch/elf"
mkdir -p "$scratch/rand"
for ((s = first; s < first + seeds; s += batch)); do
  n=$((first + seeds - s < batch ? first + seeds - s : batch))
  python3 scripts/oracle/riscv_randgen.py -o "$scratch/rand/rand-$s.S" $(seq "$s" $((s + n - 1)))
done
scripts/riscv/build-corpus.sh "$scratch/elf" "$scratch"/rand/*.S

# args_for ELF: the `// corpus-args:` line of the program's source, if any
args_for() {
  local src
  src="tests/riscv-corpus/$(basename "$1" .elf | sed 's/-O0$//').c"
  [ -f "$src" ] && sed -n 's|^// corpus-args: *||p' "$src" | head -1
  return 0
}

pass=0
fail=0
failed=()
mkdir -p "$scratch/out"
for elf in "$scratch"/elf/*.elf; do
  name=$(basename "$elf" .elf)
  read -r -a args <<<"$(args_for "$elf")"
  set +e
  timeout "$limit" qemu-riscv32 "$elf" "${args[@]}" >"$scratch/out/$name.qemu" 2>"$scratch/out/$name.qemu.err"
  qrc=$?
  timeout "$limit" "${sim[@]}" "$elf" "${args[@]}" >"$scratch/out/$name.macrosim" \
    2>"$scratch/out/$name.macrosim.err"
  mrc=$?
  set -e
  if [ "$qrc" = "$mrc" ] && cmp -s "$scratch/out/$name.qemu" "$scratch/out/$name.macrosim"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    failed+=("$name")
    echo "MISMATCH $name: exit qemu $qrc macrosim $mrc"
    diff "$scratch/out/$name.qemu" "$scratch/out/$name.macrosim" | head -8 || true
    head -3 "$scratch/out/$name.macrosim.err" | sed 's/^/  stderr: /'
  fi
done

total=$((pass + fail))
echo "riscv-qemu-diff: $pass of $total programs match qemu-riscv32 (stdout and exit status)"
if [ "$fail" -ne 0 ]; then
  echo "riscv-qemu-diff: mismatches: ${failed[*]} (outputs kept in $scratch/out)"
  exit 1
fi
[ -n "${RISCV_ORACLE_DIR:-}" ] || rm -rf "$scratch"
