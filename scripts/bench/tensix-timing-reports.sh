#!/usr/bin/env bash
# Every Tensix manifest's `--timing --stats` report (without the host-time line), for checking
# that a change to the cycle model's speed leaves every reported count the same (issue 10):
#   scripts/bench/tensix-timing-reports.sh OLD_BIN > old.txt
#   scripts/bench/tensix-timing-reports.sh NEW_BIN > new.txt && diff old.txt new.txt
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-target/release/macrosim}
for m in $(find examples/tensix -name '*.toml' | sort); do
    echo "== $m"
    "$bin" tensix run "$m" --timing --stats 2>&1 | grep -v 'host CPU time'
done
