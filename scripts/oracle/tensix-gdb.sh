#!/usr/bin/env bash
# Issue 11: Debian's gdb-multiarch drives `macrosim tensix run --gdb` in batch mode on the eltwise
# add kernel (examples/tensix/kernels/src/eltwise.c, built here with -g for TRISC0/1/2) with
# BRISC started too (src/brisc_copy.c copies input A to 0x51000; the copy is a manifest output
# expected to equal A): the three TRISCs and BRISC are GDB threads 1-4. Break in BRISC's
# copy_words (its symbols added to TRISC0's) and print its arguments and pc; break on `unpacr` in
# TRISC0's kernel, `info threads`, step
# into the next line and print the face counter (TRISC0's stack lives in its local memory),
# delete the breakpoint, switch to thread 2 (TRISC1) and read its pc and sp (its own code range
# and its own local memory), single-step it (the others run on meanwhile), then continue to the exit: the tile's result must still match the
# manifest's expected values and the run exit 0. Also: a client that goes away ends the run
# with a message, not a hang.
# Needs gdb-multiarch, gcc-riscv64-unknown-elf, python3.
set -euo pipefail
cd "$(dirname "$0")/../.."
for tool in gdb-multiarch riscv64-unknown-elf-gcc; do
  if ! command -v "$tool" >/dev/null; then echo "SKIPPED: $tool is not installed"; exit 0; fi
done
cargo build --quiet -p macrosim
bin=$PWD/target/debug/macrosim
k=$PWD/examples/tensix/kernels
scratch=$(mktemp -d -t tensix-gdb.XXXXXX)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$scratch"' EXIT
for t in 0 1 2; do
  riscv64-unknown-elf-gcc -march=rv32im -mabi=ilp32 -O0 -g -ffreestanding -fno-builtin -nostdlib \
    -nostartfiles -std=c11 -I"$k/include" -I"$k/src" -L"$k/link" -DTRISC=$t -DOP_ADD \
    -DA_ADDR=0x21000 -DB_ADDR=0x31000 -DC_ADDR=0x41000 -T "trisc$t.ld" "$k/link/crt0.S" \
    "$k/src/eltwise.c" -o "$scratch/trisc$t.elf"
done
riscv64-unknown-elf-gcc -march=rv32im -mabi=ilp32 -O0 -g -ffreestanding -fno-builtin -nostdlib \
  -nostartfiles -std=c11 -I"$k/include" -L"$k/link" -DA_ADDR=0x21000 -DCOPY_ADDR=0x51000 \
  -DCOPY_WORDS=512 -T brisc.ld "$k/link/crt0.S" "$k/src/brisc_copy.c" -o "$scratch/brisc.elf"
# The repository's manifest with this build's ELFs and absolute data paths.
sed -e "s|build/eltwise_add_unpack.elf|$scratch/trisc0.elf|;s|build/eltwise_add_math.elf|$scratch/trisc1.elf|" \
  -e "s|build/eltwise_add_pack.elf|$scratch/trisc2.elf|;s|\"data/|\"$k/data/|;s|\"expected/|\"$k/expected/|" \
  -e "s|^\[cores\]|&\nbrisc = \"$scratch/brisc.elf\"|" "$k/eltwise_add.toml" >"$scratch/m.toml"
printf '%s\n' '[[output]]' 'name = "a_copy"' 'addr = 0x51000' 'format = "bf16"' 'layout = "tiles"' \
  'rows = 32' 'cols = 32' "expect = \"$k/data/elt_a.txt\"" >>"$scratch/m.toml"
. scripts/oracle/gdb_common.bash
port=$(free_port)

cat >"$scratch/session.gdb" <<GDB
set pagination off
set confirm off
target remote 127.0.0.1:$port
info threads
add-symbol-file $scratch/brisc.elf
break copy_words
continue
print n
print/x \$pc
delete
break unpacr
continue
up
print face
print/x \$sp
delete
thread 2
print/x \$pc
print/x \$sp
stepi
print/x \$pc
thread 1
continue
GDB
gdb_session "$scratch/trisc0.elf" "$bin" tensix run "$scratch/m.toml"
# The three TRISCs and BRISC, named, as threads 1-4 (no thread 5: cores are the tile's four).
# (GDB numbers them 1.N: gdbstub speaks the multiprocess extension.)
expect '^\* 1 +Thread 1\.1 \(trisc0\)'
expect '^  2 +Thread 1\.2 \(trisc1\)'
expect '^  3 +Thread 1\.3 \(trisc2\)'
expect '^  4 +Thread 1\.4 \(brisc\)'
# BRISC (thread 4) stops in copy_words with the manifest's addresses, at its own code (0x0...).
expect '^Thread 4 "?.*hit Breakpoint 1, copy_words \(dst=0x51000, src=0x21000, n=512\) at .*brisc_copy\.c'
expect '^\$1 = 512$'
pcb=$(sed -nE 's/^\$2 = (0x[0-9a-f]+)$/\1/p' "$scratch/transcript")
[ -n "$pcb" ] && [ $((pcb)) -lt $((0x6000)) ] || fail "brisc pc $pcb"
# TRISC0 stops in unpacr called from main's face loop, on its first face.
expect '^Thread 1 "?.*hit Breakpoint 2, unpacr \('
expect 'in main \(\) at .*eltwise\.c:[0-9]+$'
# (the face loop's first call, whatever line the kernel source puts it on)
expect '^[0-9]+\s+unpacr\(0, UNPACR_CH0_Z_INC, 1\);'
expect '^\$3 = 0$'
# Its stack is in its local memory (0xffb00000, 4 KiB).
expect '^\$4 = 0xffb00[0-9a-f]{3}$'
# TRISC1: its own code (trisc1.ld: 0xa000...) and its own local memory; a step moves its pc by 4.
expect '^\[Switching to thread 2 \(Thread 1\.2\)\]'
pc1=$(sed -nE 's/^\$5 = (0x[0-9a-f]+)$/\1/p' "$scratch/transcript")
pc2=$(sed -nE 's/^\$7 = (0x[0-9a-f]+)$/\1/p' "$scratch/transcript")
[ -n "$pc1" ] && [ $((pc1)) -ge $((0xa000)) ] && [ $((pc1)) -lt $((0xe000)) ] || fail "trisc1 pc $pc1"
expect '^\$6 = 0xffb00[0-9a-f]{3}$'
[ -n "$pc2" ] && [ $((pc2)) -ge $((0xa000)) ] && [ $((pc2)) -lt $((0xe000)) ] && [ "$pc2" != "$pc1" ] ||
  fail "stepi on trisc1: $pc1 -> $pc2"
expect 'exited normally'
[ "$status" = 0 ] || fail "exit status $status (the tile's result or BRISC's copy differs from the manifest's?)"

# A client that connects and goes away: the run stops with a message (no hang).
gdb_client_gone tensix "$bin" tensix run "$scratch/m.toml"
