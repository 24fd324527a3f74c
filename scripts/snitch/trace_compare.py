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

Timing counters (mcycle, minstret, cycle, time, instret and their high halves) differ by design
(Banshee reads 0 without --latency): from the first read of one on, only that hart's pcs are
compared. A first divergence at an atomic (AMO, LR, SC) is reported as schedule-dependent: harts
racing on shared memory may be served in another order by each simulator's schedule.

Usage: trace_compare.py BANSHEE_TRACE MACROSIM_TRACE_DIR  -> prints a line per hart; exit 0 if
every hart's common prefix agrees, 3 if the first divergence is at an atomic, 1 otherwise.
"""
import os
import re
import sys

FP_OPCODES = {0x07, 0x27, 0x43, 0x47, 0x4B, 0x4F, 0x53}
# engine.rs: "{:08} {:08} {:04} {:08x}  {:38}  # DASM({:08x})" (cycle, instret, hart decimal).
BANSHEE = re.compile(r"^([0-9]{8}) ([0-9]+) ([0-9]{4}) ([0-9a-f]{8}) (.*)# DASM\(([0-9a-f]{8})\)")
COUNTERS = {0xB00, 0xB02, 0xB80, 0xB82, 0xC00, 0xC01, 0xC02, 0xC80, 0xC81, 0xC82}
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
            hart, pc, rest, word = int(m[3]), int(m[4], 16), m[5], int(m[6], 16)
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


def reads_counter(word):
    return word & 0x7F == 0x73 and (word >> 12) & 3 != 0 and (word >> 20) in COUNTERS


def same(a, b, pc_only):
    return a[0] == b[0] if pc_only else a == b


def fmt(e):
    pc, word, writes = e
    return f"pc {pc:08x} insn {word:08x} " + " ".join(f"x{r}={v:08x}" for r, v in writes)


def main():
    b, m = banshee_streams(sys.argv[1]), macrosim_streams(sys.argv[2])
    status = 0
    for hart in sorted(set(b) | set(m)):
        bs, ms = b.get(hart, []), m.get(hart, [])
        n = min(len(bs), len(ms))
        timed = next((i for i in range(n) if reads_counter(bs[i][1])), n)
        div = next((i for i in range(n) if not same(bs[i], ms[i], i >= timed)), None)
        if div is None:
            note = f", pcs only from entry {timed} (timing counter read)" if timed < n else ""
            print(f"hart {hart}: {n} integer-side entries agree{note} (banshee {len(bs)}, macrosim {len(ms)})")
            if n == 0:
                status = 1
        elif bs[div][1] & 0x7F == 0x2F and status != 1:
            status = 3
            print(f"hart {hart}: schedule-dependent: first difference at an atomic, entry {div}")
            print(f"  banshee : {fmt(bs[div])}")
            print(f"  macrosim: {fmt(ms[div])}")
        else:
            status = 1
            print(f"hart {hart}: DIVERGE at entry {div}")
            print(f"  banshee : {fmt(bs[div])}")
            print(f"  macrosim: {fmt(ms[div])}")
            if div:
                print(f"  previous: {fmt(bs[div - 1])}")
    sys.exit(status)


if __name__ == "__main__":
    main()
