#!/usr/bin/env bash
# Long local fuzzing (issue 13: every cargo-fuzz target at least an hour of CPU), outside CI,
# which runs scripts/oracle/fuzz.sh for seconds a target instead. Workers (one per core by
# default) run libFuzzer at nice 19 in an autogroup of their own, so that builds and
# benchmarks on the machine take the CPU first. Each worker takes slices of SLICE seconds
# (wall; less where the target lacks less of the goal) of the target with the least CPU so
# far, one target per worker at a time, until every target has GOAL CPU-seconds or DIR/STOP
# exists. CPU counts, not wall time: on a loaded machine a slice gets less of it.
#
# DIR/ledger gets one line a slice: target, CPU seconds (user + system), executions, exit
# status, worker, start and end (Unix time). Exit status 72 is a slice stopped with SIGINT
# (`stop`), not a finding; findings are in fuzz/artifacts/TARGET and the slice's log in
# DIR/logs. DIR/prior may hold "target cpu-seconds" lines from earlier machines (BENCHMARKS.md,
# "Fuzzing"), counted towards GOAL.
#
# usage: scripts/fuzz-long.sh start|stop|pause|resume|status
#   FUZZ_LONG_DIR (default fuzz/long), FUZZ_WORKERS (nproc), FUZZ_SLICE (600), FUZZ_GOAL (3600)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${FUZZ_LONG_DIR:-$root/fuzz/long}
slice=${FUZZ_SLICE:-600}
goal=${FUZZ_GOAL:-3600}
bin=$root/fuzz/target/x86_64-unknown-linux-gnu/release
self=$root/scripts/fuzz-long.sh
mkdir -p "$dir/logs"
touch "$dir/ledger" "$dir/prior"

totals() { # "cpu target" lines, least first, over every target cargo-fuzz lists
  (cd "$root/fuzz" && cargo fuzz list) | awk -v d="$dir" '
    BEGIN { while ((getline l < (d "/prior")) > 0) { split(l, f, " "); c[f[1]] += f[2] }
            while ((getline l < (d "/ledger")) > 0) { split(l, f, " "); c[f[1]] += f[2]; e[f[1]] += f[3] } }
    { printf "%d %s %d\n", c[$1], $1, e[$1] }' | sort -n
}

choose() { # "target seconds": the target with the least CPU below the goal that no other
  # worker runs, and the wall time of a slice that gives it what it lacks of the goal (a slice
  # stops there instead of overshooting): 5 % and 5 s more, as a slice's CPU falls a little
  # short of its wall time even on an idle machine, and a target short by seconds would
  # take another slice of a minute.
  local busy t
  busy=" $(cat "$dir"/busy.* 2>/dev/null | tr '\n' ' ' || true)"
  t=$(totals | awk -v g="$goal" -v b="$busy" '$1 < g && index(b, " " $2 " ") == 0 { print $2, int((g - $1) * 1.05) + 5; exit }')
  [ -n "$t" ] && echo "${t% *}" >"$dir/busy.$1"
  echo "$t"
}

worker() { # worker N
  local w=$1 t lack start log rc cpu execs
  echo 19 >/proc/self/autogroup 2>/dev/null || true
  cd "$root/fuzz"
  while [ ! -f "$dir/STOP" ]; do
    while [ -f "$dir/PAUSE" ] && [ ! -f "$dir/STOP" ]; do sleep 10; done
    read -r t lack < <(flock "$dir/lock" "$self" choose "$w") || true
    [ -z "$t" ] && break
    # A slice is wall time, the goal CPU time: a loaded slice falls short and the target
    # gets another, of at least a minute.
    lack=$((lack < 60 ? 60 : lack < slice ? lack : slice))
    mkdir -p "corpus/$t" "artifacts/$t"
    start=$(date +%s)
    log=$dir/logs/$t.$start.$w
    rc=0
    # -timeout is wall-clock: at nice 19 under load a unit that fuzz.sh's 10 s suits can take
    # longer without hanging (BENCHMARKS.md, "Fuzzing": wall-clock time-outs at nice 19).
    /usr/bin/time -f "%U %S" -o "$dir/time.$w" nice -n 19 "$bin/$t" "corpus/$t" \
      -artifact_prefix="artifacts/$t/" -max_total_time="$lack" -rss_limit_mb=2048 \
      -timeout=60 -print_final_stats=1 >"$log" 2>&1 || rc=$?
    cpu=$(tail -n 1 "$dir/time.$w" | awk '{ printf "%d", $1 + $2 }')
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "$t $cpu ${execs:-0} $rc $w $start $(date +%s)" >>"$dir/ledger"
    rm -f "$dir/busy.$w"
  done
}

case ${1:-status} in
  start)
    rm -f "$dir/STOP" "$dir/PAUSE" "$dir"/busy.*
    FUZZ_SEED_ONLY=1 "$root/scripts/oracle/fuzz.sh"
    # cargo-fuzz's defaults (one codegen unit): slower to build than CI's, faster to fuzz.
    (cd "$root/fuzz" && cargo fuzz build --sanitizer none)
    for w in $(seq "${FUZZ_WORKERS:-$(nproc)}"); do
      setsid nohup "$self" worker "$w" >>"$dir/worker$w.out" 2>&1 </dev/null &
    done
    echo "fuzz-long: ${FUZZ_WORKERS:-$(nproc)} workers started; ledger $dir/ledger" ;;
  stop)
    touch "$dir/STOP"
    pkill -INT -f "$bin/" || true ;;
  pause) # for a quiet benchmark: the slices running stop (exit 72), no new one starts
    touch "$dir/PAUSE"
    pkill -INT -f "$bin/" || true ;;
  resume)
    rm -f "$dir/PAUSE" ;;
  worker) worker "$2" ;;
  choose) choose "$2" ;;
  status)
    echo "cpu-seconds target executions (goal $goal)"
    totals
    ls "$root"/fuzz/artifacts/*/* 2>/dev/null | sed 's/^/finding: /' || true ;;
  *) echo "usage: $0 start|stop|pause|resume|status" >&2; exit 2 ;;
esac
