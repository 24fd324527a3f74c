#!/usr/bin/env python3
"""Random per-instruction comparison of macrosim's SFPU with Tenstorrent's ttsim (local only).

Each case is one tile run (examples/tensix/kernels/build/sfpu_prog_math.elf pushes the words of a
generated program): random A and B tiles in Dst, then for each of the 32 groups of 32 datums one
randomly chosen SFPU instruction with random fields and mode on LReg 0..3 loaded from A and B
(optionally under a random lane-flag condition), stored back to A's group. Both simulators run the
same ELFs and inputs; the packed tile must be bit-identical. A difference is reported against the
instruction of its group. Left out, as ttsim stops on them (notes/tensix.md section 4):
SFPCONFIG mod1 = 8, SFPSWAP's dest-index mode (LaneConfig), SFPSHFT2 mod 4, SFPLOADMACRO; also the
PRNG modes (the two simulators' PRNG start states are not specified alike), and the modes and
field values ttsim refuses (notes/ttsim.md; the generator keeps to what ttsim accepts).

    ttsim-sfpu.py CASES SEED WORKDIR MACROSIM
"""

import random
import struct
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
K = ROOT / "examples/tensix/kernels"
PROG_ADDR = 0x51000


def gen4(op, imm12, vc, vd, mod1):
    return op << 24 | (imm12 & 0xFFF) << 12 | vc << 8 | vd << 4 | mod1


def mad(op, a, b, c, d, mod1=0):
    return op << 24 | a << 16 | b << 12 | c << 8 | d << 4 | mod1


# Mod0 4 (INT32, SFPLOAD.md/SFPSTORE.md): the 32 bits unchanged; ttsim flushes denormal bit
# patterns in its FP32 store (notes/ttsim.md item 4), which would hide every integer result
def load(lreg, addr):
    return 0x70 << 24 | lreg << 20 | 4 << 16 | 3 << 14 | addr


def store(lreg, addr):
    return 0x72 << 24 | lreg << 20 | 4 << 16 | 3 << 14 | addr


NOP = 0x8F << 24
ENCC_ON = gen4(0x8A, 3, 0, 0, 10)  # UseLaneFlagsForLaneEnable = 1, flags = true
ENCC_RESET = gen4(0x8A, 0, 0, 0, 0)


def rand_bf16(rng):
    return rng.getrandbits(1) << 15 | rng.randint(100, 150) << 7 | rng.getrandbits(7)


def instruction(rng):
    """(name, word) of one random instruction reading LReg 0..3 (and constants), writing VD."""
    r = lambda: rng.randint(0, 3)  # noqa: E731
    src = lambda: rng.choice([0, 1, 2, 3, 8, 9, 10])  # noqa: E731
    vd = rng.randint(0, 3)
    k = rng.choice(["MAD", "ADD", "MUL", "MULI", "ADDI", "DIVP2", "EXEXP", "EXMAN", "IADD", "SHFT",
                    "AND", "OR", "XOR", "NOT", "ABS", "LZ", "SETEXP", "SETMAN", "SETSGN", "MOV",
                    "CAST", "STOCHRND", "LUT", "LUTFP32", "SWAP", "SHFT2", "TRANSP", "LOADI"])
    if k in ("MAD", "ADD", "MUL"):
        # ttsim accepts SFPADD only as a * 1.0 + c and SFPMUL only as a * b + 0.0 (the
        # encodings tt-llk emits; on hardware both are SFPMAD)
        op = {"MAD": 0x84, "ADD": 0x85, "MUL": 0x86}[k]
        a = 10 if k == "ADD" else src()
        c = 9 if k == "MUL" else src()
        return f"SFP{k}", mad(op, a, src(), c, vd)
    if k in ("MULI", "ADDI"):
        return f"SFP{k}", (0x74 if k == "MULI" else 0x75) << 24 | rand_bf16(rng) << 8 | vd << 4
    if k == "DIVP2":
        return "SFPDIVP2 mod1 1", gen4(0x76, rng.randint(-20, 20), r(), vd, 1)
    if k == "EXEXP":
        m = rng.choice([0, 1, 2, 10])
        return f"SFPEXEXP mod1 {m}", gen4(0x77, 0, r(), vd, m)
    if k == "EXMAN":
        m = rng.choice([0, 1])
        return f"SFPEXMAN mod1 {m}", gen4(0x78, 0, r(), vd, m)
    if k == "IADD":
        m = rng.choice([0, 1, 2, 4, 5, 6, 8, 9, 10])
        return f"SFPIADD mod1 {m}", gen4(0x79, rng.getrandbits(12), r(), vd, m)
    if k == "SHFT":
        m = rng.choice([0, 1])
        return f"SFPSHFT mod1 {m}", gen4(0x7A, rng.randint(-31, 31) if m else 0, r(), vd, m)
    if k in ("AND", "OR", "XOR", "NOT"):
        op = {"AND": 0x7E, "OR": 0x7F, "XOR": 0x8D, "NOT": 0x80}[k]
        return f"SFP{k}", gen4(op, 0, r(), vd, 0)
    if k == "ABS":
        m = rng.choice([0, 1])
        return f"SFPABS mod1 {m}", gen4(0x7D, 0, r(), vd, m)
    if k == "LZ":
        m = rng.choice([0, 2])
        return f"SFPLZ mod1 {m}", gen4(0x81, 0, r(), vd, m)
    if k in ("SETEXP", "SETMAN", "SETSGN"):
        op = {"SETEXP": 0x82, "SETMAN": 0x83, "SETSGN": 0x89}[k]
        m = rng.choice([0, 1, 2]) if k == "SETEXP" else rng.choice([0, 1])
        imm = {"SETEXP": rng.getrandbits(8), "SETMAN": 0, "SETSGN": rng.getrandbits(1)}[k]
        imm = imm if m & 1 else 0  # the immediate only in its mode (ttsim rejects others)
        return f"SFP{k} mod1 {m}", gen4(op, imm, r(), vd, m)
    if k == "MOV":
        m = rng.choice([0, 1, 2])
        return f"SFPMOV mod1 {m}", gen4(0x7C, 0, src(), vd, m)
    if k == "CAST":
        return "SFPCAST RNE", 0x90 << 24 | r() << 8 | vd << 4
    if k == "STOCHRND":
        m = rng.choice([1, 2, 3, 6, 7])
        return f"SFP_STOCH_RND mod1 {m}", (0x8E << 24 | r() << 12
                                           | r() << 8 | vd << 4 | m)
    if k == "LUT":
        m = 4
        return f"SFPLUT mod0 {m}", 0x73 << 24 | vd << 20 | m << 16
    if k == "LUTFP32":
        m = 2
        return f"SFPLUTFP32 mod1 {m}", 0x95 << 24 | vd << 4 | m
    if k == "SWAP":
        m = rng.randint(0, 1)
        return f"SFPSWAP mod1 {m}", gen4(0x92, 0, r(), vd, m)
    if k == "SHFT2":
        m = rng.choice([3, 5])
        return f"SFPSHFT2 mod1 {m}", gen4(0x94, 0, r(), vd, m)
    if k == "TRANSP":
        return "SFPTRANSP", gen4(0x8C, 0, 0, 0, 0)
    m = rng.choice([0, 1, 2, 4, 8, 10])
    return f"SFPLOADI mod0 {m}", 0x71 << 24 | vd << 20 | m << 16 | rng.getrandbits(16)


def condition(rng):
    """A random lane-flag condition on LReg 0 (SFPSETCC.md) or none."""
    m = rng.choice([None, 0, 2, 4, 6])
    return [] if m is None else [gen4(0x7B, 0, 0, 0, m)]


def program(rng):
    words, names = [ENCC_ON], []
    for g in range(32):
        words += [load(0, 2 * g), load(1, 64 + 2 * g), load(2, 64 + 2 * ((g + 1) % 32)),
                  load(3, 64 + 2 * ((g + 2) % 32))]
        name, w = instruction(rng)
        cond = condition(rng)
        words += cond + [w, NOP, NOP, ENCC_RESET]
        vd = (w >> 20) & 15 if (w >> 24) in (0x71, 0x73) else (w >> 4) & 15
        if (w >> 24) == 0x8C:  # SFPTRANSP: store LReg 1 (a transposed register)
            vd = 1
        words += [store(vd, 2 * g)]
        names.append(name + (" (under SFPSETCC)" if cond else ""))
    return words, names


def tile_bytes(rng):
    """1024 FP32/integer bit patterns: floats around 1, wide floats, small integers, raw bits."""
    vals = []
    for _ in range(1024):
        k = rng.random()
        if k < 0.4:
            v = rng.getrandbits(1) << 31 | rng.randint(110, 140) << 23 | rng.getrandbits(23)
        elif k < 0.7:
            v = rng.getrandbits(1) << 31 | rng.randint(1, 254) << 23 | rng.getrandbits(23)
        elif k < 0.85:
            v = rng.randint(-300, 300) & 0xFFFF_FFFF
        else:
            v = rng.getrandbits(32)
            if (v >> 23) & 0xFF == 0xFF:
                v ^= 0x0080_0000  # no NaN/Inf in the inputs (Dst round trips stay exact)
        vals.append(v)
    return struct.pack("<1024I", *vals)


def manifest(d):
    elf = lambda n: (K / "build" / n).as_posix()  # noqa: E731
    return f"""arch = "wh"
max_cycles = 4_000_000

[cores]
trisc0 = "{elf('sfpu_add_unpack.elf')}"
trisc1 = "{elf('sfpu_prog_math.elf')}"
trisc2 = "{elf('pack_fp32_tile.elf')}"

[[input]]
name = "a"
addr = 0x21000
file = "{d}/a.bin"

[[input]]
name = "b"
addr = 0x31000
file = "{d}/b.bin"

[[input]]
name = "prog"
addr = {PROG_ADDR:#x}
file = "{d}/prog.bin"

[[output]]
name = "c"
addr = 0x41000
bytes = 4096
"""


def main():
    cases, seed, work, macrosim = int(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3]), sys.argv[4]
    rng = random.Random(seed)
    counts, diffs, nans, failed_runs = {}, {}, {}, 0
    for case in range(cases):
        d = work / f"case{case}"
        d.mkdir(parents=True, exist_ok=True)
        words, names = program(rng)
        (d / "a.bin").write_bytes(tile_bytes(rng))
        (d / "b.bin").write_bytes(tile_bytes(rng))
        (d / "prog.bin").write_bytes(struct.pack(f"<{len(words) + 1}I", len(words), *words))
        (d / "m.toml").write_text(manifest(d))
        ms = subprocess.run([macrosim, "tensix", "run", str(d / "m.toml"), "--dump", str(d / "ms")],
                            capture_output=True, text=True)
        tt = subprocess.run([sys.executable, str(ROOT / "scripts/tensix/ttsim-compare.py"),
                             str(d / "m.toml"), "--dump", str(d / "tt")], capture_output=True, text=True)
        if ms.returncode != 0 or tt.returncode != 0:
            failed_runs += 1
            print(f"case {case}: macrosim rc {ms.returncode} {ms.stderr.strip()[:300]}; "
                  f"ttsim rc {tt.returncode} {tt.stdout.strip()[-300:]}")
            continue
        got = struct.unpack("<1024I", (d / "ms/c.bin").read_bytes())
        want = struct.unpack("<1024I", (d / "tt/c.bin").read_bytes())
        for g, name in enumerate(names):
            counts[name] = counts.get(name, 0) + 1
        for i, (x, y) in enumerate(zip(got, want)):
            row, col = i // 16, i % 16
            g = 2 * (row // 4) + col % 2
            nan = lambda v: (v >> 23) & 0xFF == 0xFF and v & 1  # noqa: E731
            if x != y and nan(x) and nan(y):
                # SFPMAD.md: a NaN result has its lowest mantissa bit set, its other bits and
                # sign are open; both are valid
                nans[names[g]] = nans.get(names[g], 0) + 1
            elif x != y:
                key = names[g]
                if key not in diffs:
                    print(f"DIFF case {case} group {g} {key}: datum {i}: macrosim {x:08x}, ttsim {y:08x}")
                diffs[key] = diffs.get(key, 0) + 1
    total = sum(counts.values())
    print(f"ttsim-sfpu: {cases} cases, {total} instructions x 32 lanes compared "
          f"({len(counts)} instruction/mode kinds), {sum(diffs.values())} differing datums in "
          f"{len(diffs)} kinds, {failed_runs} failed runs")
    for name in sorted(counts):
        mark = f"  DIFF {diffs[name]} datums" if name in diffs else ""
        if name in nans:
            mark += f"  ({nans[name]} NaN results with other payloads, both valid)"
        print(f"  {name}: {counts[name]}{mark}")
    return 1 if diffs or failed_runs else 0


if __name__ == "__main__":
    sys.exit(main())
