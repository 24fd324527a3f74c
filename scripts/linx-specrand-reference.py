#!/usr/bin/env python3
"""Independent reference for SPEC CPU2017 999.specrand_ir's standard output.

    scripts/linx-specrand-reference.py SEED COUNT [--printf exact|binary]

Prints what `specrand_ir <SEED> <COUNT>` writes: two runs of four sequences (the second
with seed SEED-2), each sequence printing every 10th value. The generator is MT19937 written
here from Matsumoto and Nishimura's published description (init_genrand with multiplier
1812433253, the 624-word twist with MATRIX_A 0x9908b0df, tempering 11/7/15/18);
spec_rand() = genrand_int32 / 2^32 and spec_lrand48() = genrand_int32 >> 1, as the binary's
disassembly shows (spec_rand multiplies by 2^-32, spec_lrand48 shifts right by one).

`--printf` chooses how "%f" rounds the 6th decimal:
  exact   C's round-to-nearest of the exact binary value (what a correct printf prints).
  binary  what the Linx stage-A binary's musl printf actually computes (default). Its fmt_fp
          decides rounding with `round + small != round`, round = 2/LDBL_EPSILON (+2 if the
          last kept digit is odd) and small in {0.5, 1.0, 1.5}. The compiler put the constants
          2^53, 0.5 and 1.5 in the constant pool as *float* bit patterns (0x5a000000,
          0x3f000000, 0x3fc00000 at .rodata+0x564..0x56c) and loads them with HL.LWU.PCR
          straight into the argument of the soft-float __adddf3, i.e. as tiny subnormal
          doubles; 2^53+2 (0x4340000000000001), 1.0 and the tie-case 1.5 are real doubles.
          Hence: last digit even -> always rounds up (tiny + tiny != tiny); last digit odd ->
          rounds up only when the rest of the 9-digit word is exactly one half.
Nothing here reads the binary; the script is pure arithmetic.
"""
import sys
from fractions import Fraction

N, M = 624, 397


def mt19937(seed):
    mt = [seed & 0xFFFFFFFF]
    for i in range(1, N):
        mt.append((1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & 0xFFFFFFFF)
    idx = N
    while True:
        if idx >= N:
            for k in range(N):
                y = (mt[k] & 0x80000000) | (mt[(k + 1) % N] & 0x7FFFFFFF)
                mt[k] = mt[(k + M) % N] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
            idx = 0
        y = mt[idx]
        idx += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        yield y


def fmt_f(v, mode):
    """printf("%f", v) for 0 <= v < 1."""
    assert 0 <= v < 1
    scaled = Fraction(v) * 10**9
    word = int(scaled)  # first base-1e9 fractional word, as musl's fmt_fp builds it
    more = scaled != word  # further nonzero words follow
    kept, x = divmod(word, 1000)
    if x == 0 and not more:
        up = False
    elif mode == "exact":
        up = x > 500 or (x == 500 and (more or kept & 1))
    else:
        up = kept % 2 == 0 or x == 500
    kept += up
    return "%d.%06d" % divmod(kept, 10**6)


def run_sequence(out, count, seed, mode):
    out.append("\n=================================")
    out.append("seed = %d\ncount = %d\n" % (seed, count))
    s = seed & 0xFFFFFFFFFFFFFFFF  # spec_srand((unsigned long)int); MT keeps the low 32 bits
    out.append("%f sequence (unscaled):")
    for i, y in zip(range(count), mt19937(s)):
        if i % 10 == 0:
            out.append("%-13s" % fmt_f(y / 2**32, mode))
    out.append("\n%%d sequence (scaled) (1-%d):" % 0x7FFFFFFF)
    for i, y in zip(range(count), mt19937(s)):
        if i % 10 == 0:
            f = y / 2**32
            scaled = int(f * 2147483647.0 + 1.0)  # (int)((tmpf * MAX_RANGE) + 1)
            out.append("(%13s * 0x7fffffff) + 1 = %-13d" % (fmt_f(f, mode), scaled))
    out.append("\n%f sequence (scaled):")
    for i, y in zip(range(count), mt19937(s)):
        if i % 10 == 0:
            l = y >> 1
            out.append("%16d / 0x7fffffffL = %-13s" % (l, fmt_f(l / 2147483647.0, mode)))
    out.append("\n%d sequence (unscaled) (1-2147483647):")
    for i, y in zip(range(count), mt19937(s)):
        if i % 10 == 0:
            out.append("%-16d" % (y >> 1))


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--printf")]
    mode = "binary"
    for a in sys.argv[1:]:
        if a.startswith("--printf="):
            mode = a.split("=", 1)[1]
    if len(args) != 2 or mode not in ("exact", "binary"):
        sys.exit(__doc__)
    seed, count = int(args[0]), int(args[1])
    out = []
    run_sequence(out, count, seed, mode)
    run_sequence(out, count, seed - 2, mode)
    sys.stdout.write("\n".join(out) + "\n")


main()
