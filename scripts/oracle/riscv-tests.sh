#!/usr/bin/env bash
# The riscv-tests `-p` suites (riscv-software-src/riscv-tests with its env submodule
# riscv/riscv-test-env) for rv32ui, rv32um, rv32ua, rv32uf, rv32ud and rv32mi, built with Debian's
# riscv64-unknown-elf-gcc exactly as isa/Makefile's `-p` rule does, each run on
# `target/release/macrosim riscv run` (bare metal: the test ends by storing to `tohost`; exit
# status 0 = pass). rv32uc is left out: the hart has no C extension, which the ISA string excludes.
# The test lists are the suites' own Makefrag lists (so upstream exclusions such as rv32ud/move
# apply). Sources and ELFs stay in a scratch directory; nothing is committed.
#
# usage: riscv-tests.sh [RISCV_TESTS_DIR]
#   RISCV_TESTS_DIR is a riscv-tests checkout whose env/ holds riscv-test-env (a
#   `git clone --recursive`, or the two repositories laid out by hand). Without it the script
#   tries to clone both from GitHub at the commits below; if the network is unavailable it says
#   so and exits 0 without testing (run it by hand with a local checkout then).
# Environment: RISCV_TESTS_OUT (scratch dir), RISCV_TESTS_SIM (command under test instead of
#   `target/release/macrosim riscv run`, which is then not built), RISCV_TIER (the execution
#   tier, interp or jit; default interp; jit needs a build with --features jit, and translates
#   every block at once: --jit-threshold 1).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
TESTS_COMMIT=34e6b6d1e7936b526075432fb730d89148623484
# riscv-test-env at the commit riscv-tests pins as its env submodule
ENV_COMMIT=6de71edb142be36319e380ce782c3d1830c65d68
SUITES=(rv32ui rv32um rv32ua rv32uf rv32ud rv32mi)

out=${RISCV_TESTS_OUT:-$(mktemp -d -t riscv-tests.XXXXXX)}
mkdir -p "$out"
src=${1:-}
if [ -z "$src" ]; then
  src="$out/riscv-tests"
  if ! { [ -d "$src/isa" ] || {
    git clone --quiet https://github.com/riscv-software-src/riscv-tests "$src" &&
      git -C "$src" checkout --quiet "$TESTS_COMMIT" &&
      git clone --quiet https://github.com/riscv/riscv-test-env "$src/env" &&
      git -C "$src/env" checkout --quiet "$ENV_COMMIT"
  } 2>/dev/null; }; then
    echo "riscv-tests: SKIPPED: could not clone riscv-tests from GitHub (no network?)."
    echo "  Run by hand: scripts/oracle/riscv-tests.sh /path/to/riscv-tests (with env/ populated)"
    [ -n "${RISCV_TESTS_OUT:-}" ] || rm -rf "$out"
    exit 0
  fi
fi
[ -f "$src/env/p/riscv_test.h" ] || { echo "riscv-tests: $src/env/p/riscv_test.h missing" >&2; exit 2; }

if [ -n "${RISCV_TESTS_SIM:-}" ]; then
  read -r -a sim <<<"$RISCV_TESTS_SIM"
else
  if [ "${RISCV_TIER:-interp}" = jit ]; then
    (cd "$root" && cargo build --release --quiet -p macrosim --features jit)
  else
    (cd "$root" && cargo build --release --quiet -p macrosim)
  fi
  sim=("$root/target/release/macrosim" riscv run --tier "${RISCV_TIER:-interp}" --max-insns 10000000)
  # The tests are short: translate every block at its first entry, so the jit tier runs them
  # translated rather than interpreting blocks that never become hot.
  [ "${RISCV_TIER:-interp}" = jit ] && sim+=(--jit-threshold 1)
fi

# Build: the flags of isa/Makefile's compile_template for the p environment, with rv32g.
rm -rf "$out/elf" "$out/log"
mkdir -p "$out/elf" "$out/log"
for suite in "${SUITES[@]}"; do
  tests=$(sed -n "/^${suite}_sc_tests = /,/^\$/p" "$src/isa/$suite/Makefrag" |
    sed -e 's/.*=//' -e 's/\\//g' | tr -s ' \t\n' ' ')
  for t in $tests; do
    riscv64-unknown-elf-gcc -march=rv32g -mabi=ilp32 -static -mcmodel=medany -fvisibility=hidden \
      -nostdlib -nostartfiles -I"$src/env/p" -I"$src/isa/macros/scalar" -T"$src/env/p/link.ld" \
      "$src/isa/$suite/$t.S" -o "$out/elf/$suite-p-$t"
  done
done

pass=0
failed=()
for suite in "${SUITES[@]}"; do
  line="$suite:"
  for elf in "$out"/elf/"$suite"-p-*; do
    t=${elf##*/}
    set +e
    timeout 60 "${sim[@]}" "$elf" >"$out/log/$t" 2>&1
    rc=$?
    set -e
    if [ "$rc" = 0 ]; then
      pass=$((pass + 1))
      line+=" ${t#"$suite"-p-}"
    else
      failed+=("$t")
      line+=" ${t#"$suite"-p-}=FAIL($rc)"
    fi
  done
  echo "$line"
done
total=$((pass + ${#failed[@]}))
echo "riscv-tests: $pass of $total -p tests pass"
if [ ${#failed[@]} -ne 0 ]; then
  for t in "${failed[@]}"; do
    echo "FAILED $t: $(head -c 300 "$out/log/$t")"
  done
  echo "(ELFs in $out/elf, outputs in $out/log)"
  exit 1
fi
[ -n "${RISCV_TESTS_OUT:-}" ] || rm -rf "$out"
