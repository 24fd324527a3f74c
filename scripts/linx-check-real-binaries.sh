#!/usr/bin/env bash
# Local check (not run in CI): every instruction in the executable sections of real Linx
# v0.4 binaries decodes, every PC-relative target lands on an instruction (or, for *.PCR,
# inside a section), and the disassembly re-assembles to the same bytes. Needs python3 and
# readelf.
#   scripts/linx-check-real-binaries.sh path/to/01_containers.static [more ELF files]
# The binaries come from LinxISA/linx-isa avs/compiler/linx-llvm/tests/out-cpp/bin/ (fetch
# that repository yourself; they are not part of this project).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q --release -p macrosim
bin=target/release/macrosim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
for elf in "$@"; do
  name=$(basename "$elf")
  if ! "$bin" linx disasm "$elf" > "$tmp/$name.dis"; then
    echo "$name: some instructions do not decode:"; grep -F '.hword' "$tmp/$name.dis" | head
    status=1; continue
  fi
  insns=$(grep -cE '^ *[0-9a-f]+:' "$tmp/$name.dis")
  # Targets must land on instructions (code) or inside sections (PCR data).
  python3 scripts/linx-check-targets.py "$tmp/$name.dis" "$elf" || status=1
  # Listing -> source: one .org per executable section, symbol headers become labels.
  awk '
    /^Disassembly of section/ { sec = $4; sub(":", "", sec); pending = 1; next }
    /^[0-9a-f]+ <.*>:$/ {
      name = substr($2, 2, length($2) - 3)
      if (seen[name]++) name = name "__dup" seen[name]   # local labels repeat across objects
      labels[++n] = name; next
    }
    /^ *[0-9a-f]+:/ {
      if (pending) { split($1, a, ":"); printf "\t.section %s, \"ax\"\n\t.org 0x%s\n", sec, a[1]; pending = 0 }
      for (i = 1; i <= n; i++) print labels[i] ":"; n = 0
      split($0, f, "\t"); text = f[2]; for (i = 3; i <= length(f); i++) text = text "\t" f[i]
      print "\t" text
    }' "$tmp/$name.dis" > "$tmp/$name.s"
  "$bin" linx asm "$tmp/$name.s" -o "$tmp/$name.elf"
  "$bin" linx disasm "$tmp/$name.elf" > "$tmp/$name.re.dis"
  if diff <(grep -E '^ *[0-9a-f]+:' "$tmp/$name.dis" | cut -f1) \
          <(grep -E '^ *[0-9a-f]+:' "$tmp/$name.re.dis" | cut -f1) > "$tmp/diff"; then
    echo "$name: $insns instructions decode; re-assembled bytes identical"
  else
    echo "$name: re-assembly differs:"; head -20 "$tmp/diff"; status=1
  fi
done
exit $status
