#!/usr/bin/env bash
# Every Snitch example's `--timing --stats` report (without the host-time line), for checking
# that a change to the cycle model's speed leaves every reported count the same (issue 14):
# every examples/snitch/build/*.elf under `snitch_cluster` and every build/banshee/*.elf under
# `banshee` (exit status and any error message included).
#   scripts/bench/snitch-timing-reports.sh OLD_BIN > old.txt
#   scripts/bench/snitch-timing-reports.sh NEW_BIN > new.txt && diff old.txt new.txt
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-target/release/macrosim}
for preset_dir in snitch_cluster:examples/snitch/build banshee:examples/snitch/build/banshee; do
    preset=${preset_dir%%:*}
    for elf in "${preset_dir#*:}"/*.elf; do
        echo "== $preset $elf"
        "$bin" snitch run --preset "$preset" --timing --stats "$elf" 2>&1 | grep -v ' mips '
        echo "exit ${PIPESTATUS[0]}"
    done
done
