#!/usr/bin/env python3
"""Write benchmark input (b), a stream of random small MOPs, as a .tt program on stdout.

Deterministic (fixed seed): the committed crates/tensix/benches/inputs/random_small_mops.tt is
this script's output. 32 plain words are recorded into the replay buffer first; then 600 times
a random MopCfg configuration (template 1: OuterCount 1..4, InnerCount 1..4, ops drawn from plain
words, NOP, DMANOP, SFPNOP and short REPLAY playbacks; or template 0: random flags and ops),
each followed by 1 to 4 MOPs (template 0 ones with a MOP_CFG and Count1 0..7 and a random mask).
"""

import random

rng = random.Random(20261121)
NOP, DMANOP, SFPNOP = 0x02000000, 0x60000000, 0x8F000000


def plain():
    return rng.choice([0x26000000 | rng.randrange(4) << 15, 0x28000000, 0x37CC0003,
                       0x70000000 | rng.randrange(1 << 14), 0x85000000 | rng.randrange(1 << 16)])


def op():
    r = rng.randrange(10)
    if r < 2:
        return NOP
    if r == 2:
        return DMANOP
    if r == 3:
        return SFPNOP
    if r < 6:
        return 0x04000000 | rng.randrange(32) << 14 | rng.randint(1, 4) << 4  # playback
    return plain()


print("# Benchmark input (b): random small MOPs (scripts/bench/tensix_random_mops.py).")
print("REPLAY 0, 32, 0, 1")
for _ in range(32):
    print(f"0x{plain():08x}")
for _ in range(600):
    template1 = rng.random() < 0.7
    if template1:
        cfg = [rng.randint(1, 4), rng.randint(1, 4)] + [op() for _ in range(7)]
    else:
        cfg = [0, rng.randrange(4)] + [op() for _ in range(7)]
    for i, v in enumerate(cfg):
        print(f"mopcfg {i} 0x{v:08x}")
    for _ in range(rng.randint(1, 4)):
        if template1:
            print("MOP 1, 0, 0")
        else:
            print(f"MOP_CFG 0x{rng.randrange(1 << 16):04x}")
            print(f"MOP 0, {rng.randrange(8)}, 0x{rng.randrange(1 << 16):04x}")
