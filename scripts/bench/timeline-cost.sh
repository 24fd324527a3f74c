#!/usr/bin/env bash
# Issue 11: the cost of --timeline. For each case, ROUNDS rounds alternate the untraced command
# and the same command with --timeline (JSON to a scratch file); each figure is the median of the
# user+system CPU seconds over the rounds (GNU time), the ratio traced / untraced.
#   tensix: `tensix expand --timing` of crates/tensix/benches/inputs/max_mop_replay16.tt
#           (516,509 words at the Wait Gate; the per-word report goes to /dev/null in both runs)
#   linx:   `linx run --timing` of examples/linx/sieve.s (75.7 M blocks; the timeline keeps the
#           first 4,000,000 spans, see README)
# usage: scripts/bench/timeline-cost.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
ROUNDS=${1:-5}
cargo build --release --quiet -p macrosim
bin=target/release/macrosim
scratch=$(mktemp -d -t timeline-cost.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
"$bin" linx asm examples/linx/sieve.s -o "$scratch/sieve.elf"
tt=crates/tensix/benches/inputs/max_mop_replay16.tt

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
done
echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; rounds: $ROUNDS"
python3 - "$scratch/results" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    name, value = line.split()
    rows.setdefault(name, []).append(float(value))
med = {k: statistics.median(v) for k, v in rows.items()}
for name in ["tensix-off", "tensix-on", "tensix-on-gz", "linx-off", "linx-on"]:
    base = med[name.split("-")[0] + "-off"]
    print(f"{name:13} median {med[name]:7.3f} s  ratio {med[name] / base:5.2f}x  samples {rows[name]}")
PY
