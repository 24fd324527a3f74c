# Shared by scripts/oracle/{riscv,tensix,snitch}-gdb.sh (sourced; not a script of its own, so
# .ci/run's loop over *.sh does not run it). Each script sets `bin` and `scratch` first.

# A free TCP port on 127.0.0.1.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

fail() { echo "FAIL: $*"; cat "$scratch/stdout" "$scratch/stderr" 2>/dev/null; exit 1; }
expect() { grep -qE -- "$1" "$scratch/transcript" || fail "transcript lacks /$1/"; }

# gdb_session SYMBOLS CMD... INPUT: run `CMD... --gdb 127.0.0.1:$port INPUT` in the background,
# drive it with gdb-multiarch in batch mode ($scratch/session.gdb, SYMBOLS as the program), then
# wait for it: its exit status in `status`, GDB's transcript in $scratch/transcript (printed).
gdb_session() {
  local symbols=$1; shift
  local input=${*: -1}
  "${@:1:$#-1}" --gdb "127.0.0.1:$port" "$input" >"$scratch/stdout" 2>"$scratch/stderr" &
  local sim=$!
  for _ in $(seq 100); do grep -q "waiting for GDB" "$scratch/stderr" && break; sleep 0.1; done
  timeout 120 gdb-multiarch -batch -nx -x "$scratch/session.gdb" "$symbols" >"$scratch/transcript" 2>&1 || true
  status=0
  wait "$sim" || status=$?
  cat "$scratch/transcript"
}

# gdb_client_gone NAME CMD... INPUT: a client that connects and goes away ends the run with a
# message and exit status 2 (no hang); prints "NAME gdb: ok".
gdb_client_gone() {
  local name=$1; shift
  local input=${*: -1}
  port=$(free_port)
  "${@:1:$#-1}" --gdb "127.0.0.1:$port" "$input" 2>"$scratch/err" &
  local sim=$!
  for _ in $(seq 100); do grep -q "waiting for GDB" "$scratch/err" && break; sleep 0.1; done
  python3 -c "import socket; s=socket.create_connection(('127.0.0.1',$port)); s.close()"
  status=0
  timeout 20 tail --pid=$sim -f /dev/null || fail "the simulator kept waiting for a client that left"
  wait "$sim" || status=$?
  grep -q "went away" "$scratch/err" && [ "$status" = 2 ] || fail "client gone: $status $(cat "$scratch/err")"
  echo "$name gdb: ok"
}
