#!/usr/bin/env bash
# Build the RISC-V C corpus (tests/riscv-corpus/*.c) into OUTDIR as Linux-style static RV32
# programs: OUTDIR/<name>.elf at -O2, plus OUTDIR/<name>-O0.elf for sources that ask for it with a
# `// corpus-opt: O0` line. Used by scripts/oracle/riscv-qemu-diff.sh, scripts/record-riscv-corpus.sh
# and scripts/bench-riscv.sh.
#
# Toolchain: Debian's gcc-riscv64-unknown-elf + picolibc-riscv64-unknown-elf. Programs are compiled
# with -march=rv32imafd -mabi=ilp32d and linked against picolibc's rv32imfd/ilp32d multilib (gcc 12
# would otherwise pick rv32iafd, a libc without M), with our own crt0 and Linux system-call layer
# (tests/riscv-corpus/runtime/) since picolibc has none; see tests/riscv-corpus/README.md.
#
# A SOURCE ending in .S is a random instruction-sequence file from scripts/oracle/riscv_randgen.py;
# it is linked with tests/riscv-corpus/random/driver.c, which prints the state it leaves.
#
# usage: build-corpus.sh OUTDIR [SOURCE.c|SOURCE.S...]   (default: every tests/riscv-corpus/*.c)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: build-corpus.sh OUTDIR [SOURCE.c...]}
shift
mkdir -p "$out"

CC=${RISCV_CC:-riscv64-unknown-elf-gcc}
PICO=${PICOLIBC_DIR:-/usr/lib/picolibc/riscv64-unknown-elf}
MULTI=rv32imfd/ilp32d
ARCH=(-march=rv32imafd -mabi=ilp32d)
# -frounding-math: the programs change the rounding mode with fesetround, so gcc must not fold FP
# arithmetic under round-to-nearest. -Wno-format: riscv-elf's uint32_t is `long unsigned int`,
# which -Wformat rejects for %x although both are 32 bits wide.
CFLAGS=("${ARCH[@]}" -static -ftls-model=local-exec -isystem "$PICO/include" -frounding-math
  -Wall -Wextra -Werror -Wno-unused-parameter -Wno-format -Wno-stringop-truncation)
# EXTRA_CFLAGS (e.g. -g for scripts/riscv/build-debug-programs.sh) is added as it is.
# shellcheck disable=SC2206
CFLAGS+=(${EXTRA_CFLAGS:-})
LIBGCC_DIR=$(dirname "$("$CC" "${ARCH[@]}" -print-libgcc-file-name)")/../$MULTI
LDFLAGS=(-nostdlib -nostartfiles -L"$PICO/lib/$MULTI" -L"$LIBGCC_DIR")
# shellcheck disable=SC2054 # the commas belong to -Wl options
LIBS=(-Wl,--start-group -lc -lm -lgcc -Wl,--end-group)

rt="$out/.runtime"
mkdir -p "$rt"
"$CC" "${CFLAGS[@]}" -O2 -c "$root/tests/riscv-corpus/runtime/crt0.S" -o "$rt/crt0.o"
"$CC" "${CFLAGS[@]}" -O2 -c "$root/tests/riscv-corpus/runtime/rt.c" -o "$rt/rt.o"

link() { # link NAME OPT SOURCE...
  local name=$1 opt=$2
  shift 2
  "$CC" "${CFLAGS[@]}" "-$opt" "${LDFLAGS[@]}" "$rt/crt0.o" "$rt/rt.o" "$@" "${LIBS[@]}" \
    -o "$out/$name.elf"
}

if [ $# -eq 0 ]; then set -- "$root"/tests/riscv-corpus/*.c; fi
for src in "$@"; do
  case "$src" in
    *.S)
      [ -e "$rt/driver.o" ] ||
        "$CC" "${CFLAGS[@]}" -O2 -c "$root/tests/riscv-corpus/random/driver.c" -o "$rt/driver.o"
      link "$(basename "$src" .S)" O2 "$src" "$rt/driver.o"
      ;;
    *)
      name=$(basename "$src" .c)
      link "$name" O2 "$src"
      if grep -q '^// corpus-opt:.*\bO0\b' "$src"; then link "$name-O0" O0 "$src"; fi
      ;;
  esac
done
