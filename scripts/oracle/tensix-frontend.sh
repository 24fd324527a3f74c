#!/usr/bin/env bash
# Differential check of `macrosim tensix expand` against the Python rendering of the
# documents' functional model (scripts/oracle/tensix_frontend_model.py, both renderings):
# every example of examples/tensix/, and a few hundred random programs
# (scripts/oracle/tensix_random_programs.py). Needs python3.
set -euo pipefail
cd "$(dirname "$0")/../.."

COUNT=${TENSIX_ORACLE_PROGRAMS:-300}
SEED=${TENSIX_ORACLE_SEED:-2026}
cargo build --release --quiet -p macrosim
bin=target/release/macrosim
model=scripts/oracle/tensix_frontend_model.py
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Expand FILES... (all for ARCH) with macrosim and with both Python renderings; compare.
compare() { # ARCH FILE...
  local arch=$1
  shift
  rm -rf "$work/py" && mkdir -p "$work/py"
  python3 "$model" --arch "$arch" --out-dir "$work/py" "$@"
  for f in "$@"; do
    name=$(basename "$f" .tt)
    "$bin" tensix expand --arch "$arch" "$f" >"$work/rust.out"
    for rendering in async plain; do
      if ! cmp -s "$work/rust.out" "$work/py/$name.$rendering.hex"; then
        echo "MISMATCH ($rendering rendering): $f" >&2
        diff "$work/rust.out" "$work/py/$name.$rendering.hex" | head -5 >&2
        exit 1
      fi
    done
    words=$((words + $(wc -l <"$work/rust.out")))
    checked=$((checked + 1))
  done
}

words=0
checked=0
compare wh $(ls examples/tensix/*.tt | grep -v '_bh\.tt$')
compare bh examples/tensix/*_bh.tt
examples=$checked

python3 scripts/oracle/tensix_random_programs.py "$SEED" "$COUNT" "$work/random"
compare wh "$work"/random/prog_*.tt

# Bad input: both refuse it (the CLI with status 2 and nothing on standard output).
printf 'MOP 1, 0, 0\nMVMUL 0, 0, 99, 0\n' >"$work/bad.tt"
if "$bin" tensix expand "$work/bad.tt" >"$work/rust.out" 2>/dev/null; then
  echo "macrosim accepted a bad program" >&2; exit 1
elif [ $? -ne 2 ] || [ -s "$work/rust.out" ]; then
  echo "macrosim: wrong exit status or output for a bad program" >&2; exit 1
fi
if python3 "$model" "$work/bad.tt" >/dev/null 2>&1; then
  echo "the Python model accepted a bad program" >&2; exit 1
fi

echo "tensix frontend: $examples examples and $COUNT random programs (seed $SEED), $words words, identical to both Python renderings"
