#!/usr/bin/env bash
# Issue 11: the cost of --timeline on every target. For each case, ROUNDS rounds alternate the
# untraced command and the same command with --timeline (JSON, and for Tensix also .json.gz, to a
# scratch file); each figure is the median of the user+system CPU seconds over the rounds (GNU
# time), the ratio traced / untraced.
#   tensix: `tensix expand --timing` of crates/tensix/benches/inputs/max_mop_replay16.tt
#           (516,509 words at the Wait Gate; the per-word report goes to /dev/null in both runs)
#   linx:   `linx run --timing` of examples/linx/sieve.s (75.7 M blocks; the timeline keeps the
#           first 4,000,000 spans, see README)
#   snitch: `snitch run --timing` of examples/snitch/kernels/dot.c run 400 times over
#           (scripts/bench/timeline_snitch_dot.c; 9 harts; needs riscv64-unknown-elf-gcc, else
#           examples/snitch/build/gemm.elf, ~0.03 s, too short to time)
#   riscv:  `riscv run --tier interp` of the recorded corpus program tests/riscv-corpus/recorded/
#           RISCV_PROGRAM.elf (default fp_stress; --timeline runs the interpreter too)
# usage: [MACROSIM=bin] scripts/bench/timeline-cost.sh [ROUNDS]   (MACROSIM: skip the build)
set -euo pipefail
cd "$(dirname "$0")/../.."
ROUNDS=${1:-5}
if [ -z "${MACROSIM:-}" ]; then
  cargo build --release --quiet -p macrosim
  MACROSIM=target/release/macrosim
fi
bin=$MACROSIM
scratch=$(mktemp -d -t timeline-cost.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
"$bin" linx asm examples/linx/sieve.s -o "$scratch/sieve.elf"
tt=crates/tensix/benches/inputs/max_mop_replay16.tt
snitch=(--timing examples/snitch/build/gemm.elf)
if command -v riscv64-unknown-elf-gcc >/dev/null; then
  sn=examples/snitch
  cc=(riscv64-unknown-elf-gcc -march=rv32imafd_zicsr -mabi=ilp32d -O2 -static -nostdlib -nostartfiles
    -ffreestanding -fno-builtin -ffixed-ft0 -ffixed-ft1 -ffixed-ft2 -I$sn/include -L$sn/link
    -Wl,--no-warn-rwx-segments)
  "${cc[@]}" -Dmain=dot_main -c $sn/kernels/dot.c -o "$scratch/dot.o"
  "${cc[@]}" -DREPS=400 -T $sn/link/snitch_cluster.ld $sn/include/crt0.S \
    scripts/bench/timeline_snitch_dot.c "$scratch/dot.o" -lgcc -o "$scratch/dot400.elf"
  snitch=(--timing "$scratch/dot400.elf")
fi
rv=tests/riscv-corpus/recorded/${RISCV_PROGRAM:-fp_stress}.elf

cpu() { # cpu NAME COMMAND...: append "NAME seconds" to the results
  local name=$1
  shift
  /usr/bin/time -f "%U %S" -o "$scratch/t" "$@" >/dev/null 2>"$scratch/err" || true
  echo "$name $(awk '{print $1 + $2}' "$scratch/t")" >>"$scratch/results"
}
for _ in $(seq "$ROUNDS"); do
  cpu tensix-off "$bin" tensix expand --timing "$tt"
  cpu tensix-on "$bin" tensix expand --timing --timeline "$scratch/t.json" "$tt"
  cpu tensix-on-gz "$bin" tensix expand --timing --timeline "$scratch/t.json.gz" "$tt"
  cpu linx-off "$bin" linx run --timing "$scratch/sieve.elf"
  cpu linx-on "$bin" linx run --timing --timeline "$scratch/l.json" "$scratch/sieve.elf"
  cpu snitch-off "$bin" snitch run "${snitch[@]}"
  cpu snitch-on "$bin" snitch run --timeline "$scratch/s.json" "${snitch[@]}"
  cpu riscv-off "$bin" riscv run --tier interp "$rv"
  cpu riscv-on "$bin" riscv run --tier interp --timeline "$scratch/r.json" "$rv"
done
echo "snitch: ${snitch[*]}; riscv: $rv"
echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; load: $(cut -d' ' -f1-3 /proc/loadavg); rounds: $ROUNDS"
python3 - "$scratch/results" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    name, value = line.split()
    rows.setdefault(name, []).append(float(value))
med = {k: statistics.median(v) for k, v in rows.items()}
for name in rows:
    base = med[name.split("-")[0] + "-off"]
    print(f"{name:13} median {med[name]:7.3f} s  ratio {med[name] / base:5.2f}x  samples {rows[name]}")
PY
