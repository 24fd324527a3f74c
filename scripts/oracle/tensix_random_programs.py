#!/usr/bin/env python3
"""Write random .tt programs for the Tensix frontend differential run.

    tensix_random_programs.py SEED COUNT DIR     writes DIR/prog_<n>.tt for n in 0..COUNT

Each program mixes MopCfg writes (numbers and assembly, whole template configurations,
hardware-bug configurations, NOP / DMANOP / SFPNOP in the slots the template skips or not),
MOP of both templates, MOP_CFG, REPLAY (record with and without Exec, playback, Count 0,
indices that wrap, stray bits) and plain instructions in assembly and in hex.
"""

import os
import random
import sys

NOP, DMANOP, SFPNOP = "NOP", "DMANOP", "SFPNOP"


def plain(r):
    return r.choice([
        NOP, DMANOP, SFPNOP,
        f"MVMUL {r.randrange(4)}, {r.randrange(8)}, {r.randrange(16)}, {r.randrange(1024)}",
        f"ELWADD {r.randrange(4)}, {r.randrange(2)}, 0, {r.randrange(16)}, 0",
        f"SETRWC {r.randrange(4)}, {r.randrange(16)}, 0, 0, 0, {r.randrange(64)}",
        f"SFPLOADI {r.randrange(16)}, {r.randrange(16)}, 0x{r.randrange(1 << 16):x}",
        f"0x{r.choice([0x26, 0x28, 0x37, 0x60, 0x8F, 0x02, 0xA2, 0xB2]):02x}{r.randrange(1 << 24):06x}",
    ])


def replay(r, load=None):
    load = r.randrange(2) if load is None else load
    count = r.choice([0, 1, 2, 3, 4, 5, 8, 16, r.randrange(64), r.randrange(1024)])
    return f"REPLAY {r.randrange(1024)}, {count}, {r.randrange(8) if load else 0}, {load}"


def slot(r):
    k = r.randrange(10)
    if k < 5:
        return plain(r)
    if k < 8:
        return replay(r, load=0)
    if k == 8:
        return replay(r, load=1)
    return f"MOP {r.randrange(2)}, {r.randrange(128)}, {r.randrange(1 << 16)}"  # passes through


def count(r):
    return r.choice([0, 1, 2, 3, 4, 127, 128, 129, r.randrange(1 << 32)])


def program(r):
    lines = []
    for _ in range(r.randint(1, 25)):
        k = r.randrange(100)
        if k < 20:
            i = r.randrange(9)
            lines.append(f"mopcfg {i} {count(r) if i < 2 else slot(r)}")
        elif k < 30:
            cfg = [count(r), count(r)] + [slot(r) for _ in range(7)]
            if r.random() < 0.3:  # the template-1 hardware bug
                cfg[0], cfg[1], cfg[2] = r.choice([1, 129]), r.choice([0, 128]), NOP
                cfg[3] = r.choice([DMANOP, SFPNOP, plain(r)])
            lines += [f"mopcfg {i} {v}" for i, v in enumerate(cfg)]
        elif k < 45:
            lines.append(f"MOP 1, {r.randrange(128)}, {r.randrange(1 << 16)}")
        elif k < 55:
            lines.append(f"MOP 0, {r.choice([0, 1, 3, 7, 31, r.randrange(128)])}, 0x{r.randrange(1 << 16):x}")
        elif k < 60:
            lines.append(f"MOP_CFG 0x{r.randrange(1 << 24):x}")
        elif k < 75:
            lines.append(replay(r))
        else:
            lines.append(plain(r))
    return "\n".join(lines) + "\n"


def main():
    seed, n, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    r = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    for i in range(n):
        with open(os.path.join(out, f"prog_{i}.tt"), "w") as f:
            f.write(program(r))


if __name__ == "__main__":
    main()
