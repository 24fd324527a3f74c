#!/usr/bin/env bash
# Rebuild the RISC-V test programs (crates/riscv/tests/programs/**/*.S -> *.elf): the
# self-checking bare-metal programs, and the small programs the CLI tests run (cli/). The ELFs are
# committed so that `cargo test` needs only Rust; run this after editing a program.
# Needs: apt-get install -y gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf
set -euo pipefail
cd "$(dirname "$0")/../crates/riscv/tests/programs"
cc=(riscv64-unknown-elf-gcc -march=rv32imafd_zicsr_zifencei -mabi=ilp32 -static -nostdlib
  -nostartfiles -Wl,--no-relax -Wl,--build-id=none -Wl,--no-warn-rwx-segments -I.)
for src in *.S cli/*.S; do
  if grep -qE "tohost|RVTEST_BEGIN" "$src"; then
    "${cc[@]}" -T link.ld "$src" -o "${src%.S}.elf"   # bare metal at 0x80000000
  else
    "${cc[@]}" "$src" -o "${src%.S}.elf"               # Linux user program at 0x10000
  fi
  echo "built ${src%.S}.elf"
done
# Golden disassembly for tests/disassembly.rs: GNU objdump's view of the same ELFs.
for elf in *.elf; do
  riscv64-unknown-elf-objdump -d -M no-aliases "$elf" | sed -n '/^ *[0-9a-f]*:\t/p' >"${elf%.elf}.objdump"
done
