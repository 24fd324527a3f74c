#!/usr/bin/env python3
"""Random operands through macrosim's SFPU (crates/tensix/examples/sfpu_eval.rs) against the
reference written from the pages (tensix_sfpu_ref.py and the conversions below), for the
arithmetic instructions: SFPMAD, SFPCAST, SFP_STOCH_RND (every mode, nearest and stochastic with
a fixed PRNG seed), SFPLUT and SFPLUTFP32. Beyond bit-exactness it checks properties nobody here
chose: SFPMAD rounds once where the product is exact (Fractions), SFPCAST's nearest mode equals
numpy's float32 conversion, and stochastic rounding is unbiased (its mean rounding-up frequency
matches the discarded fraction).

    tensix_sfpu_oracle.py EVAL_BINARY [SEED]
"""

import random
import subprocess
import sys
from fractions import Fraction

import numpy as np

import tensix_sfpu_ref as r

LANES = 32
NOP = 0x8F00_0000


def sfpmad(a, b, c, d, mod1=0):
    return 0x84 << 24 | a << 16 | b << 12 | c << 8 | d << 4 | mod1


def sfpcast(c, d, mod1):
    return 0x90 << 24 | c << 8 | d << 4 | mod1


def stochrnd(stoch, imm5, b, c, d, mod1):
    return 0x8E << 24 | stoch << 21 | imm5 << 16 | b << 12 | c << 8 | d << 4 | mod1


def sfplut(d, mod0):
    return 0x73 << 24 | d << 20 | mod0 << 16


def sfplutfp32(d, mod1):
    return 0x95 << 24 | d << 4 | mod1


# ---- operands ------------------------------------------------------------------------------------


def rand_f32(rng, near=None):
    """Mostly normal FP32s (exponents spread or near `near` for cancellation); some zeros,
    denormals and -0."""
    k = rng.random()
    s = rng.getrandbits(1) << 31
    if k < 0.03:
        return s
    if k < 0.06:
        return s | rng.getrandbits(23)
    e = near + rng.randint(-30, 30) if near is not None and k < 0.5 else rng.randint(1, 254)
    e = min(max(e, 1), 254)
    return s | e << 23 | rng.getrandbits(23)


class Eval:
    def __init__(self, binary):
        self.binary = binary
        self.lines = []
        self.gets = []

    def set(self, reg, vals):
        self.lines.append(f"set {reg} " + " ".join(f"{v:x}" for v in vals))

    def prng(self, vals):
        self.lines.append("prng " + " ".join(f"{v:x}" for v in vals))

    def run(self, word):
        self.lines.append(f"run {word:x}")

    def get(self, reg, want, what):
        self.lines.append(f"get {reg}")
        self.gets.append((want, what))

    def finish(self):
        p = subprocess.run([self.binary], input="\n".join(self.lines) + "\n", capture_output=True,
                           text=True, check=False)
        if p.returncode != 0:
            sys.exit(f"sfpu_eval failed: {p.stderr}")
        out = p.stdout.split("\n")
        results = []
        for (want, what), line in zip(self.gets, out):
            got = [int(w, 16) for w in line.split()]
            results.append((what, want, got))
        return results


def is_nan(x):
    return (x >> 23) & 0xFF == 0xFF and x & 0x7F_FFFF


def main():
    binary = sys.argv[1]
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 12345
    rng = random.Random(seed)
    ev = Eval(binary)
    counts = {}
    extra_fail = []

    # SFPMAD: VD = VA * VB + VC on random operands (LReg 0..2 into LReg 3), then the indirect forms.
    exact_checked = 0
    for batch in range(700):
        a = [rand_f32(rng) for _ in range(LANES)]
        b = [rand_f32(rng) for _ in range(LANES)]
        if batch % 3 == 0:  # b a power of two: the product is exact, so one rounding = RNE
            b = [x & 0xFF80_0000 for x in b]
        c = []
        for x, y in zip(a, b):
            pe = ((x >> 23) & 0xFF) + ((y >> 23) & 0xFF) - 127
            c.append(rand_f32(rng, near=pe if 1 <= pe <= 254 else None))
        ev.set(0, a)
        ev.set(1, b)
        ev.set(2, c)
        ev.run(sfpmad(0, 1, 2, 3))
        ev.get(3, [r.mad(x, y, z) for x, y, z in zip(a, b, c)], "SFPMAD")
        if batch % 3 == 0:
            for x, y, z in zip(a, b, c):
                want = rne_fma(x, y, z)
                if want is not None:
                    exact_checked += 1
                    got = r.mad(x, y, z)
                    if got != want:
                        extra_fail.append(f"SFPMAD single rounding: {x:08x}*{y:08x}+{z:08x}: "
                                          f"reference {got:08x}, exact RNE {want:08x}")
    # SFPADD / SFPMUL are SFPMAD's encodings with another opcode (SFPADD.md, SFPMUL.md)
    for opcode, name in ((0x85, "SFPADD"), (0x86, "SFPMUL")):
        for _ in range(50):
            a, b, c = ([rand_f32(rng) for _ in range(LANES)] for _ in range(3))
            ev.set(0, a)
            ev.set(1, b)
            ev.set(2, c)
            ev.run(opcode << 24 | 0 << 16 | 1 << 12 | 2 << 8 | 3 << 4)
            ev.get(3, [r.mad(x, y, z) for x, y, z in zip(a, b, c)], name)

    # SFPCAST: sign-magnitude INT32 to FP32, nearest even and stochastic (fixed PRNG seed).
    seeds = [rng.getrandbits(32) for _ in range(LANES)]
    prng = r.Prng(seeds)
    ev.prng(seeds)
    for _ in range(200):
        c = [rng.getrandbits(1) << 31 | rng.getrandbits(rng.randint(0, 31)) for _ in range(LANES)]
        ev.set(0, c)
        ev.run(sfpcast(0, 1, 0))
        ev.get(1, [r.cast(x) for x in c], "SFPCAST RNE")
        for x in c:
            v = x & 0x7FFF_FFFF
            want = r.bits(float(np.float32(-v if x & r.SIGN else v))) if v else 0
            if x == r.SIGN:
                want = r.SIGN  # -0 keeps its sign bit (SFPCAST.md: Sign + ...)
            if r.cast(x) != want:
                extra_fail.append(f"SFPCAST RNE {x:08x}: reference {r.cast(x):08x}, numpy {want:08x}")
        ev.run(sfpcast(0, 2, 1))
        ev.get(2, [r.cast(x, prng.advance(i)) for i, x in enumerate(c)], "SFPCAST stochastic")

    # SFP_STOCH_RND, every mode, nearest and stochastic; IntInt with the shift from Imm5 or LReg[1].
    for _ in range(300):
        mod1 = rng.choice([0, 1, 2, 3, 6, 7, 4, 5])
        stoch = rng.getrandbits(1)
        use_imm = rng.getrandbits(1)
        imm5 = rng.getrandbits(5)
        if mod1 in (4, 5):
            c = [rng.getrandbits(1) << 31 | rng.getrandbits(rng.randint(0, 31)) for _ in range(LANES)]
        elif mod1 in (0, 1):
            c = [rand_f32(rng) for _ in range(LANES)]
        else:
            c = [rng.getrandbits(1) << 31 | rng.randint(120, 145) << 23 | rng.getrandbits(23)
                 for _ in range(LANES)]
        shifts = [rng.getrandbits(32) for _ in range(LANES)]
        ev.set(0, c)
        ev.set(1, shifts)
        ev.run(stochrnd(stoch, imm5, 1, 0, 2, mod1 | (use_imm << 3 if mod1 in (4, 5) else 0)))
        want = []
        for i, x in enumerate(c):
            bits = prng.advance(i) & 0x7F_FFFF if stoch else 0x40_0000
            sh = imm5 if use_imm else shifts[i] & 31
            want.append(r.stoch_rnd(mod1, x, sh, bits))
        ev.get(2, want, f"SFP_STOCH_RND mod1 {mod1}{' stochastic' if stoch else ''}")

    # SFPLUT (Lut8 coefficients in LReg 0..2) and SFPLUTFP32 (every table mode), LReg 3 = x.
    for _ in range(200):
        regs = [rng.getrandbits(32) for _ in range(7)]
        regs[3] = rand_f32(rng, near=127) if rng.random() < 0.8 else rand_f32(rng)
        for n in range(7):
            ev.set(n, [regs[n]] * LANES)
        xs = [rng.choice([regs[3], rand_f32(rng, near=127)]) for _ in range(LANES)]
        ev.set(3, xs)
        if rng.getrandbits(1):
            mod0 = rng.choice([0, 4])
            ev.run(sfplut(7, mod0))
            ev.get(7, [r.lut(regs[:3] + [x], mod0) for x in xs], f"SFPLUT mod0 {mod0}")
        else:
            mod1 = rng.choice([0, 2, 3, 10, 4, 6, 7, 14])
            # the FP16 3-entry mode (10) shares INDIRECT_VD's bit: the result goes to
            # LReg[LReg[7] & 15] = LReg 5 here (SFPLUTFP32.md)
            ev.set(7, [5] * LANES)
            ev.run(sfplutfp32(7, mod1))
            dest = 5 if mod1 & 8 else 7
            ev.get(dest, [r.lutfp32(x, regs, mod1) for x in xs], f"SFPLUTFP32 mod1 {mod1}")

    results = ev.finish()
    fails = 0
    for what, want, got in results:
        counts[what] = counts.get(what, 0) + LANES
        for lane, (w, g) in enumerate(zip(want, got)):
            if w != g and not (is_nan(w) and is_nan(g)):
                fails += 1
                if fails <= 20:
                    print(f"MISMATCH {what} lane {lane}: macrosim {g:08x}, reference {w:08x}")
    for what in sorted(counts):
        print(f"  {what}: {counts[what]} lanes")
    print(f"  SFPMAD single rounding checked against exact RNE on {exact_checked} exact products")
    fails += len(extra_fail)
    for f in extra_fail[:20]:
        print(f"PROPERTY FAILED {f}")
    fails += stochastic_distribution(binary, rng)
    print(f"tensix-sfpu: {sum(counts.values())} lanes compared, {fails} failures")
    return 1 if fails else 0


def rne_fma(a, b, c):
    """a * b + c rounded once to nearest even FP32 in exact arithmetic, with SFPMAD.md's flushing
    (denormal inputs are zero; denormal or -0 results are +0); None for infinities/NaN."""
    a, b, c = r.flush(a), r.flush(b), r.flush(c)
    if any((x >> 23) & 0xFF == 0xFF for x in (a, b, c)):
        return None
    exact = frac(a) * frac(b) + frac(c)
    if exact == 0:
        return 0
    sign = r.SIGN if exact < 0 else 0
    m = abs(exact)
    e = m.numerator.bit_length() - m.denominator.bit_length()
    while Fraction(2) ** e > m:
        e -= 1
    while Fraction(2) ** (e + 1) <= m:
        e += 1
    if e < -126:
        return 0
    q = m / Fraction(2) ** (e - 23)  # in [2^23, 2^24)
    n = q.numerator // q.denominator
    rem = q - n
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and n & 1):
        n += 1
    if n == 1 << 24:
        n >>= 1
        e += 1
    if e > 127:
        return sign | 0x7F80_0000
    return sign | (e + 127) << 23 | (n - (1 << 23))


def frac(x):
    e = (x >> 23) & 0xFF
    if e == 0:
        return Fraction(0)
    v = Fraction(0x80_0000 | x & 0x7F_FFFF) * Fraction(2) ** (e - 150)
    return -v if x & r.SIGN else v


def stochastic_distribution(binary, rng):
    """Stochastic rounding's mean: SFP_STOCH_RND FP32 -> UINT16 of x = n + f rounds up with
    frequency ~ f (the PRNG from a fixed seed, VectorUnit.md); 32 lanes x 256 rounds per f."""
    ev = Eval(binary)
    seeds = [rng.getrandbits(32) | 1 for _ in range(LANES)]
    ev.prng(seeds)
    fs = [0.1, 0.25, 0.5, 0.75, 0.9]
    rounds = 256
    for f in fs:
        x = r.bits(100.0 + f)
        ev.set(0, [x] * LANES)
        for _ in range(rounds):
            ev.run(stochrnd(1, 0, 0, 0, 1, 6))
            ev.get(1, None, f)
    res = ev.finish()
    bad = 0
    for f in fs:
        ups = sum(g - 100 for what, _, got in res if what == f for g in got)
        freq = ups / (LANES * rounds)
        ok = abs(freq - f) < 0.03
        bad += not ok
        print(f"  SFP_STOCH_RND stochastic: x = 100 + {f}: rounded up {freq:.4f} of {LANES * rounds} "
              f"({'ok' if ok else 'BIASED'}, |freq - f| < 0.03)")
    return bad


if __name__ == "__main__":
    sys.exit(main())
