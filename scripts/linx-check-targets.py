#!/usr/bin/env python3
"""Local check (not CI): in a `macrosim linx disasm` listing, every PC-relative target of a
block start, branch, B.TEXT or SETRET must be the address of a listed instruction, and every
*.PCR data address must fall inside a section of the ELF (read with readelf).
    scripts/linx-check-targets.py LISTING ELF"""
import re
import subprocess
import sys

listing, elf = sys.argv[1], sys.argv[2]
insns = {}
for line in open(listing):
    m = re.match(r"\s*([0-9a-f]+): \S+(?: \S+)?\s*\t(\S+)\t?(.*)", line)
    if m:
        insns[int(m.group(1), 16)] = (m.group(2), m.group(3))
sections = []
for line in subprocess.run(["readelf", "-S", "-W", elf], capture_output=True, text=True).stdout.splitlines():
    m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
    if m and int(m.group(2), 16):
        sections.append((m.group(1), int(m.group(2), 16), int(m.group(3), 16)))
code_targets = data_targets = bad = 0
for addr, (mnemonic, ops) in insns.items():
    m = re.search(r"0x([0-9a-f]+)", ops)
    if not m:
        continue
    target = int(m.group(1), 16)
    if mnemonic.lower().endswith(".pcr"):
        data_targets += 1
        if not any(lo <= target < lo + size for _, lo, size in sections):
            bad += 1
            print(f"{addr:x}: {mnemonic} {ops}: not in any section")
    elif "BSTART" in mnemonic.upper() or "SETRET" in mnemonic.upper() or mnemonic in (
            "B.TEXT", "b.eq", "b.ne", "b.lt", "b.ge", "b.ltu", "b.geu", "b.z", "b.nz", "j"):
        code_targets += 1
        if target not in insns:
            bad += 1
            print(f"{addr:x}: {mnemonic} {ops}: not an instruction address")
print(f"{code_targets} code targets, {data_targets} PCR data addresses, {bad} bad")
sys.exit(1 if bad else 0)
