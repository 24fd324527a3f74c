#!/usr/bin/env bash
# Rebuild the Snitch programs (examples/snitch/{tests,kernels}/*.c -> examples/snitch/build/*.elf).
# Two variants of each: build/NAME.elf for the `snitch_cluster` preset (TCDM 0x1000_0000, exit
# through `tohost`), build/banshee/NAME.elf for the `banshee` preset and Banshee itself (TCDM
# 0x10_0000, exit through scratch_reg 0x4000_0020). The ELFs are committed so that `cargo test`
# needs only Rust; run this after editing a program.
# Needs: apt-get install -y gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf (headers only)
set -euo pipefail
shopt -s nullglob
cd "$(dirname "$0")/../../examples/snitch"
# -ffixed-ft0..2: the compiler must never allocate the stream registers (snitch_cluster's runtime
# builds with the same reservation).
cc=(riscv64-unknown-elf-gcc -march=rv32imafd_zicsr -mabi=ilp32d -O2 -g0 -static -nostdlib
  -nostartfiles -ffreestanding -fno-builtin -ffixed-ft0 -ffixed-ft1 -ffixed-ft2 -Iinclude -Llink
  -Wall -Wextra -Werror -Wl,--build-id=none -Wl,--no-warn-rwx-segments)
mkdir -p build/banshee
for src in tests/*.c kernels/*.c; do
  name=$(basename "${src%.c}")
  "${cc[@]}" -T link/snitch_cluster.ld include/crt0.S "$src" -lgcc -o "build/$name.elf"
  "${cc[@]}" -DSNITCH_BANSHEE -T link/banshee.ld include/crt0.S "$src" -lgcc -o "build/banshee/$name.elf"
  echo "built $name"
done
