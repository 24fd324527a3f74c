#!/usr/bin/env bash
# Issue 11: Debian's gdb-multiarch drives `macrosim snitch run --gdb` in batch mode on
# examples/snitch/tests/barrier.c (built here with -g): the cluster's 9 harts are GDB threads
# 1-9. Break at main: hart 0 stops first with hartid = 0 (crt0 passes mhartid in a0); watch
# slot[3] in the TCDM; `info threads`; continue: the next hart to reach main is hart 1 (thread
# 2, hartid = 1); switch to thread 5 and read its a0 and mhartid (its own registers, 4), step it
# one instruction with scheduler locking (the others at main would report their hits first); continue: the watchpoint stops hart 3 (thread 4) writing round 0's value
# 0 * 16 + 3; then continue to the exit (status 0: every hart saw every other's slot after each
# barrier).
# Also: a client that goes away ends the run with a message, not a hang.
# Needs gdb-multiarch, gcc-riscv64-unknown-elf, picolibc-riscv64-unknown-elf (headers), python3.
set -euo pipefail
cd "$(dirname "$0")/../.."
for tool in gdb-multiarch riscv64-unknown-elf-gcc; do
  if ! command -v "$tool" >/dev/null; then echo "SKIPPED: $tool is not installed"; exit 0; fi
done
cargo build --quiet -p macrosim
bin=$PWD/target/debug/macrosim
scratch=$(mktemp -d -t snitch-gdb.XXXXXX)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$scratch"' EXIT
# scripts/snitch/build-programs.sh's flags, with -O1 -g for the debugger.
(cd examples/snitch && riscv64-unknown-elf-gcc -march=rv32imafd_zicsr -mabi=ilp32d -O1 -g -static \
  -nostdlib -nostartfiles -ffreestanding -fno-builtin -ffixed-ft0 -ffixed-ft1 -ffixed-ft2 \
  -Iinclude -Llink -Wl,--build-id=none -Wl,--no-warn-rwx-segments -T link/snitch_cluster.ld \
  include/crt0.S tests/barrier.c -lgcc -o "$scratch/barrier.elf")
elf=$scratch/barrier.elf
. scripts/oracle/gdb_common.bash
port=$(free_port)

cat >"$scratch/session.gdb" <<GDB
set pagination off
set confirm off
target remote 127.0.0.1:$port
break main
continue
print hartid
watch slot[3]
info threads
continue
print hartid
thread 5
print/x \$a0
print \$mhartid
print/x \$pc
set scheduler-locking step
stepi
stepi
print/x \$pc
set scheduler-locking replay
thread 1
delete 1
continue
print slot[3]
delete
continue
GDB
gdb_session "$elf" "$bin" snitch run "$elf"
expect '^Thread 1 "?.*hit Breakpoint 1, main \(hartid=0\) at .*barrier\.c'
expect '^\$1 = 0$'
expect '^Hardware watchpoint 2: slot\[3\]'
# (GDB numbers them 1.N: gdbstub speaks the multiprocess extension.)
for t in 1 2 3 4 5 6 7 8 9; do expect "^[* ] $t +Thread 1\\.$t \\(hart $((t - 1))\\)"; done
# Every hart reached main in the same round (round-robin, one instruction each); hart 0 reported
# it, GDB steps it off the breakpoint, and the next hart at the breakpoint is hart 1.
expect '^Thread 2 "?.*hit Breakpoint 1, main \(hartid=1\) at .*barrier\.c'
expect '^\$2 = 1$'
# Thread 5 is hart 4: its own a0 (= mhartid, crt0) and mhartid; a step moves its pc.
expect '^\[Switching to thread 5 \(Thread 1\.5\)\]'
expect '^\$3 = 0x4$'
expect '^\$4 = 4$'
pc1=$(sed -nE 's/^\$5 = (0x[0-9a-f]+)$/\1/p' "$scratch/transcript")
pc2=$(sed -nE 's/^\$6 = (0x[0-9a-f]+)$/\1/p' "$scratch/transcript")
# The first stepi: hart 4 sits at the breakpoint it has not reported yet, so it reports it (as a
# hart on hardware would); the second moves it off.
expect '^Thread 5 "?.*hit Breakpoint 1, main \(hartid=4\)'
[ -n "$pc1" ] && [ -n "$pc2" ] && [ "$pc1" != "$pc2" ] || fail "stepi on thread 5: $pc1 -> $pc2"
# Only hart 3 writes slot[3]; round 0 writes 0 * 16 + 3.
expect '^Thread 4 "?.*hit Hardware watchpoint 2: slot\[3\]'
[ "$(grep -A1 '^Old value' "$scratch/transcript" | grep -E '^(Old|New) value' | tr -d '\n')" = \
  "Old value = 0New value = 3" ] || fail "watchpoint values"
expect '^\$7 = 3$'
expect 'exited normally'
[ "$status" = 0 ] || fail "exit status $status"

# A client that connects and goes away: the run stops with a message (no hang).
gdb_client_gone snitch "$bin" snitch run "$elf"
