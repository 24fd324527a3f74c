#!/usr/bin/env bash
# Issue 11: Debian's gdb-multiarch drives `macrosim riscv run --gdb` in batch mode on
# tests/riscv-corpus/debug/calls.c (built here with -g, so the source paths are this checkout's):
# break at main, step into sum_squares, print a variable, set a watchpoint on the global `counter`
# and continue twice (it must change 0 -> 1 -> 2, as the loop does), print the partial sum (1 + 4),
# read the PC, FP and machine CSRs, then continue to the exit. The transcript is compared with
# what the program does, and the program's own output and exit status must be unchanged.
# Then a hardware breakpoint (`hbreak`, GDB's Z1 packet) at sum_squares and `detach` there: the
# program runs on to its end.
# Also: a port in use and a client that goes away give clear errors, not hangs.
# Needs gdb-multiarch, gcc-riscv64-unknown-elf, picolibc-riscv64-unknown-elf, python3.
set -euo pipefail
cd "$(dirname "$0")/../.."
for tool in gdb-multiarch riscv64-unknown-elf-gcc; do
  if ! command -v "$tool" >/dev/null; then echo "SKIPPED: $tool is not installed"; exit 0; fi
done
cargo build --quiet -p macrosim
bin=target/debug/macrosim
scratch=$(mktemp -d -t riscv-gdb.XXXXXX)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$scratch"' EXIT
EXTRA_CFLAGS=-g scripts/riscv/build-corpus.sh "$scratch" tests/riscv-corpus/debug/calls.c >/dev/null
elf=$scratch/calls-O0.elf
. scripts/oracle/gdb_common.bash
port=$(free_port)

cat >"$scratch/session.gdb" <<GDB
set pagination off
set confirm off
target remote 127.0.0.1:$port
break main
continue
step
print n
watch counter
continue
continue
print s
print/x \$pc
print/x \$misa
print \$mhartid
print/x \$fcsr
info registers a0
delete
continue
GDB
gdb_session "$elf" "$bin" riscv run "$elf"
expect '^Breakpoint 1, main \(\) at .*calls\.c:31'
expect '^sum_squares \(n=5\) at .*calls\.c:21'
expect '^\$1 = 5$'
expect '^Hardware watchpoint 2: counter'
# The two watchpoint hits, in order: 0 -> 1 then 1 -> 2.
[ "$(grep -A1 '^Old value' "$scratch/transcript" | grep -E '^(Old|New) value' | tr -d '\n')" = \
  "Old value = 0New value = 1Old value = 1New value = 2" ] || fail "watchpoint values"
expect '^\$2 = 5$'
expect '^\$3 = 0x[0-9a-f]+$'
expect '^\$4 = 0x40101129$'  # misa: MXL=1 (RV32), I M A F D and U-mode
expect '^\$5 = 0$'
expect '^\$6 = 0x0$'
expect '^a0 '
expect 'exited normally'
[ "$(cat "$scratch/stdout")" = "total 55 counter 5" ] || fail "program output: $(cat "$scratch/stdout")"
[ "$status" = 0 ] || fail "exit status $status"

# A hardware breakpoint at sum_squares, then detach: the program runs on to its normal end.
port=$(free_port)
printf '%s\n' 'set confirm off' "target remote 127.0.0.1:$port" 'hbreak sum_squares' continue \
  detach >"$scratch/session.gdb"
gdb_session "$elf" "$bin" riscv run "$elf"
expect '^Hardware assisted breakpoint 1 at '
expect '^Breakpoint 1, sum_squares \(n=5\) at .*calls\.c:21'
expect '^\[Inferior 1 \(process 1\) detached\]'
[ "$(cat "$scratch/stdout")" = "total 55 counter 5" ] && [ "$status" = 0 ] || fail "after detach: $status"

# Ctrl-C and kill, over the raw protocol (GDB's batch mode does not forward a SIGINT to the
# target): the 0x03 byte stops an endless loop inside `spin` with SIGINT, `k` ends the run
# (status 137, "killed from GDB"); and a client that vanishes while the hart runs ends the run
# with a message and status 2, not an endless run.
cat >"$scratch/spin.c" <<'C'
volatile unsigned spins;
__attribute__((noinline)) void spin(void) { for (;;) spins++; }
int main(void) { spin(); return 0; }
C
scripts/riscv/build-corpus.sh "$scratch" "$scratch/spin.c" >/dev/null
read -r lo size < <(riscv64-unknown-elf-nm -S "$scratch/spin.elf" | awk '$4 == "spin" {print "0x" $1, "0x" $2}')
for mode in interrupt-kill vanish; do
  port=$(free_port)
  "$bin" riscv run --gdb "127.0.0.1:$port" "$scratch/spin.elf" >"$scratch/stdout" 2>"$scratch/stderr" &
  sim=$!
  for _ in $(seq 100); do grep -q "waiting for GDB" "$scratch/stderr" && break; sleep 0.1; done
  timeout 60 python3 scripts/oracle/gdb_rsp_interrupt.py "$port" "$mode" "$lo" "$((lo + size))" || fail "$mode"
  timeout 20 tail --pid=$sim -f /dev/null || fail "$mode: the simulator kept running"
  status=0
  wait "$sim" || status=$?
  case $mode in
    interrupt-kill) grep -q "killed from GDB" "$scratch/stderr" && [ "$status" = 137 ] || fail "after kill: $status" ;;
    vanish) grep -q "went away" "$scratch/stderr" && [ "$status" = 2 ] || fail "vanished client: $status" ;;
  esac
done

# A port in use: a clear error and exit status 2.
port=$(free_port)
python3 -c "import socket,time; s=socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(('127.0.0.1',$port)); s.listen(); time.sleep(5)" &
sleep 0.5
status=0
"$bin" riscv run --gdb "127.0.0.1:$port" "$elf" 2>"$scratch/err" || status=$?
grep -q "cannot listen" "$scratch/err" && [ "$status" = 2 ] || fail "port in use: $status $(cat "$scratch/err")"
wait

# A client that connects and goes away: the simulator stops with a message (no hang).
gdb_client_gone riscv "$bin" riscv run "$elf"
