#!/usr/bin/env python3
"""Compare a Banshee --trace (stdout) with a macrosim `snitch run --trace DIR` (one Spike-style
commit log per hart) on the integer side: per hart, the stream of (pc, instruction word, integer
register writes). FP values are not compared (Banshee prints them with 6 decimals only).

Instructions that only touch FP state (LOAD-FP/STORE-FP/FMA/OP-FP opcodes without an integer
write) are left out of both streams: Banshee logs each FREP repetition of them, and what matters
here is that both simulators take the same path with the same integer values.

Banshee's trace line (src/engine.rs trace): `CYCLE INSTRET HART PC  reads/writes  # DASM(WORD)`,
with `xN=VALUE` for an integer write. macrosim's: a Spike commit log line, `core   H: PRIV 0xPC
(0xWORD) xN 0xVALUE ...`.

Usage: trace_compare.py BANSHEE_TRACE MACROSIM_TRACE_DIR  -> exit 0 if every hart's common prefix
agrees (prints a summary line per hart), 1 with the first divergence otherwise.
"""
import os
import re
import sys

FP_OPCODES = {0x07, 0x27, 0x43, 0x47, 0x4B, 0x4F, 0x53}
BANSHEE = re.compile(r"^([0-9a-f]{8}) ([0-9]+) ([0-9a-f]{4}) ([0-9a-f]{8}) (.*)# DASM\(([0-9a-f]{8})\)")
BANSHEE_XW = re.compile(r"\bx(\d+)=([0-9a-f]{8})\b")
SPIKE = re.compile(r"core\s+(\d+):\s+\d\s+0x([0-9a-f]+)\s+\(0x([0-9a-f]+)\)(.*)")
SPIKE_XW = re.compile(r"\bx\s*(\d+)\s+0x([0-9a-f]+)")


def keep(word, writes):
    return (word & 0x7F) not in FP_OPCODES or writes


def banshee_streams(path):
    streams = {}
    with open(path, errors="replace") as f:
        for line in f:
            m = BANSHEE.match(line)
            if not m:
                continue
            hart, pc, rest, word = int(m[3], 16), int(m[4], 16), m[5], int(m[6], 16)
            writes = tuple((int(r), int(v, 16)) for r, v in BANSHEE_XW.findall(rest) if r != "0")
            if keep(word, writes):
                streams.setdefault(hart, []).append((pc, word, writes))
    return streams


def macrosim_streams(trace_dir):
    streams = {}
    for name in sorted(os.listdir(trace_dir)):
        with open(os.path.join(trace_dir, name), errors="replace") as f:
            for line in f:
                m = SPIKE.search(line)
                if not m:
                    continue
                hart, pc, word = int(m[1]), int(m[2], 16) & 0xFFFFFFFF, int(m[3], 16)
                writes = tuple(
                    (int(r), int(v, 16) & 0xFFFFFFFF) for r, v in SPIKE_XW.findall(m[4]) if r != "0"
                )
                if keep(word, writes):
                    streams.setdefault(hart, []).append((pc, word, writes))
    return streams


def fmt(e):
    pc, word, writes = e
    return f"pc {pc:08x} insn {word:08x} " + " ".join(f"x{r}={v:08x}" for r, v in writes)


def main():
    b, m = banshee_streams(sys.argv[1]), macrosim_streams(sys.argv[2])
    ok = True
    for hart in sorted(set(b) | set(m)):
        bs, ms = b.get(hart, []), m.get(hart, [])
        n = min(len(bs), len(ms))
        div = next((i for i in range(n) if bs[i] != ms[i]), None)
        if div is None:
            print(f"hart {hart}: {n} integer-side entries agree (banshee {len(bs)}, macrosim {len(ms)})")
            if n == 0:
                ok = False
        else:
            ok = False
            print(f"hart {hart}: DIVERGE at entry {div}")
            print(f"  banshee : {fmt(bs[div])}")
            print(f"  macrosim: {fmt(ms[div])}")
            if div:
                print(f"  previous: {fmt(bs[div - 1])}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
