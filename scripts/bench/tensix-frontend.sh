#!/usr/bin/env bash
# Tensix frontend expansion throughput, macrosim against the Python rendering of the documents'
# functional model (scripts/oracle/tensix_frontend_model.py), on the two benchmark inputs of
# issue 2, measured in the same run: ROUNDS rounds, each running every (tool, input) pair once,
# interleaved so that load from other processes hits both alike; every measurement is words
# per CPU-second of the expansion (median of its samples); the table gives the median over the
# rounds and the ratio. Usage: scripts/bench/tensix-frontend.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/../.."

ROUNDS=${1:-5}
inputs=(crates/tensix/benches/inputs/max_mop_replay16.tt crates/tensix/benches/inputs/random_small_mops.tt)
cargo build --release --quiet -p macrosim
bin=target/release/macrosim
model=scripts/oracle/tensix_frontend_model.py
results=$(mktemp)
trap 'rm -f "$results"' EXIT

rate() { sed -n 's/.*median_words_per_s=\([0-9.e+]*\).*/\1/p'; }

for round in $(seq "$ROUNDS"); do
  for input in "${inputs[@]}"; do
    name=$(basename "$input" .tt)
    echo "macrosim $name $("$bin" tensix bench --samples 5 --min-time 0.3 "$input" | rate)" >>"$results"
    for rendering in async plain; do
      echo "python-$rendering $name $(python3 "$model" --bench --rendering "$rendering" \
        --samples 3 --min-time 1 "$input" | rate)" >>"$results"
    done
  done
  echo "round $round of $ROUNDS done" >&2
done

echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; $(python3 --version)"
python3 - "$results" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    tool, name, value = line.split()
    rows.setdefault((tool, name), []).append(float(value))
names = sorted({n for _, n in rows})
print(f"{'input':<20} {'macrosim words/s':>17} {'python async':>13} {'python plain':>13} {'x async':>8} {'x plain':>8}")
for n in names:
    m = statistics.median(rows[("macrosim", n)])
    a = statistics.median(rows[("python-async", n)])
    p = statistics.median(rows[("python-plain", n)])
    print(f"{n:<20} {m:>17.4g} {a:>13.4g} {p:>13.4g} {m / a:>8.0f} {m / p:>8.0f}")
print("all rounds (words/s):")
for key in sorted(rows):
    print(" ", *key, " ".join(f"{v:.4g}" for v in rows[key]))
PY
