#!/usr/bin/env python3
"""Expected outputs of the SFPU activation kernels (examples/tensix/kernels/sfpu_{recip,sqrt,exp,
sigmoid,gelu}.toml, src/sfpu_act.c), from a lane model of each kernel's algorithm built on
tensix_sfpu_ref.py (the pages' arithmetic), written apart from macrosim.

    tensix_sfpu_kernels.py write    regenerate expected/sfpu_<act>.c.txt from data/act_<act>.txt
    tensix_sfpu_kernels.py check    regenerate in memory and diff against the committed files
    tensix_sfpu_kernels.py inputs   (re)make the inputs (fixed seed)

It also prints each kernel's worst error against float64 (the Rust test
crates/cli/tests/tensix_sfpu_kernels.rs checks the bounds), and for the two table kernels the
worst error of the table itself, which is the bound those kernels promise.
"""

import math
import sys
from pathlib import Path

import numpy as np

import tensix_formats as tf
import tensix_sfpu_ref as r

ROOT = Path(__file__).resolve().parents[2]
KERNELS = ROOT / "examples/tensix/kernels"
NEG1 = 0xBF80_0000
FLT_MAX = 3.4028234663852886e38
FLT_MIN = 2.0**-126
HALF = 0x3F00_0000


def recip(x):
    """ckernel_sfpu_recip.h _sfpu_reciprocal_<2> (constants from _init_sfpu_reciprocal_)."""
    k0, k1, k2 = 0x3EA57EBB, 0x3FBA2E90, 0x4007C1F2
    neg_m = NEG1 & 0xFF80_0000 | x & 0x7F_FFFF  # SFPSETMAN of -1.0
    y = r.mad(k0, neg_m, k1)
    scale = ~x & r.M32 & 0xFF80_0000  # SFPNOT, then SFPSETMAN with mantissa 0
    y = r.mad(y, neg_m, k2)
    t = r.mad(neg_m, y, r.ONE)
    scale = r.mad(HALF, scale, r.ZERO)  # SFPMULI 0.5
    y = r.mad(y, t, y)
    t = r.mad(neg_m, y, r.ONE)
    y = r.mad(y, t, y)
    y = r.mad(y, scale, r.ZERO)
    return x & r.SIGN | y & ~r.SIGN & r.M32  # SFPSETSGN


def sqrt(x):
    """ckernel_sfpu_sqrt.h _calculate_sqrt_body_<false, false, false> (_init_sqrt_<false>)."""
    c0, c1, c2 = 0x5F1110A0, 0x401214C9, 0x40103626
    y = (c0 - (x >> 1)) & r.M32  # SFPSHFT right 1, SFPIADD
    xy = r.mul(x, y)
    c = r.mul(y ^ r.SIGN, xy)
    t = r.mad(c, r.ONE, c2)
    t = r.mad(c, t, c1)
    y = r.mul(y, t)
    xy = r.mul(x, y)
    one_minus = r.mad(y ^ r.SIGN, xy, r.ONE)
    half_xy = r.mad(HALF, xy, r.ZERO)
    if r.i32(x - 0x7F80_0000) < 0:  # SFPIADD's flags: x_bits - inf_bits < 0
        y = r.mad(one_minus, half_xy, xy)
    if x & r.SIGN:  # x < 0 (SFPSETCC LT0)
        y = 0x7FC0_0000
    return y


def exp(x):
    """ckernel_sfpu_exp.h _sfpu_exp_fp32_accurate_ (its NaN branch left out: no NaN inputs)."""
    inv_ln2, ln2_hi, ln2_lo = 0x3FB8AA3B, 0xBF317000, 0xB805FDF4
    z = r.mul(x, inv_ln2)
    c = 0x4B40_0000
    tmp = r.add(z, c)
    k = r.mad(NEG1, c, tmp)
    k_int = (tmp - c) & r.M32
    rr = r.mad(k, ln2_hi, x)
    rr = r.mad(k, ln2_lo, rr)
    p = 0x39500D01
    for coeff in (0x3AB60B61, 0x3C088889, 0x3D2AAAAB, 0x3E2AAAAB, 0x3F000000, r.ONE, r.ONE):
        p = r.mad(rr, p, coeff)
    e = ((p >> 23) & 0xFF) + k_int  # SFPEXEXP (no bias), SFPIADD
    res = p & 0x807F_FFFF | (e & 0xFF) << 23  # SFPSETEXP
    if not r.add(z, r.bf16(0xC300)) & r.SIGN:  # z - 128 >= 0
        res = 0x7F80_0000
    if not r.mad(z, NEG1, r.bf16(0xC2FE)) & r.SIGN:  # -z - 127 >= 0
        res = 0
    return res


def exp_fast(x):
    """ckernel_sfpu_exp.h fast approximate exp (Schraudolph; the DISABLE_SFPLOADMACRO loop of
    _calculate_exponential_ without its -88.5 clamp): (A x + (B - C)) to UINT16, << 15."""
    i = r.stoch_rnd(6, r.mad(0x43B8AA3B, x, 0x46FDE9A3), 0, 0x40_0000)
    return (i << 15) & r.M32


SIGMOID_TABLE = [0x32F433D9, 0x300A318A, 0x7C002A35, 0, 0x23C89018, 0x30272BAA, 0x37FF34CC]
GELU_TABLE = [0x37E7322B, 0x38E138F3, 0x38003852, 0, 0xB12286D8, 0xB437B479, 0x7C00AFA4]


def sigmoid(x):
    """ckernel_sfpu_sigmoid.h _calculate_sigmoid_: lut2 (table 2, sign kept) + 0.5."""
    return r.add(r.lutfp32(x, SIGMOID_TABLE, 3 | 4), HALF)


def gelu(x):
    """ckernel_sfpu_gelu.h _calculate_gelu_appx_: x / 2 + lut2_sign (table 1) of |x|."""
    f = r.lutfp32(x, GELU_TABLE, 2)
    return r.mad(r.ONE, r.mad(HALF, x, r.ZERO), f)


def table_f64(table, mod1, x):
    """The piecewise-linear function of a six-piece table in float64 (no FP32 rounding)."""
    b = abs(x)
    i = 0 if b < 1.0 else 1 if b < 2.0 else 2
    cut = 4.0 if mod1 & 1 else 3.0
    j = 0 if b < 0.5 or 1.0 <= b < 1.5 or 2.0 <= b < cut else 16
    a = r.f32(r.lut16((table[i] >> j) & 0xFFFF))
    c = r.f32(r.lut16((table[4 + i] >> j) & 0xFFFF))
    return a * b + c


def sigmoid64(x):
    return 1.0 / (1.0 + math.exp(-x))


def gelu64(x):
    return 0.5 * x * (1.0 + math.erf(x / math.sqrt(2.0)))


# name: (lane model, float64 function, input description)
KERNELS_ = {
    "recip": (recip, lambda x: 1.0 / x if x != 0 else math.copysign(math.inf, x)),
    "sqrt": (sqrt, lambda x: math.sqrt(x) if x >= 0 else math.nan),
    "exp": (exp, lambda x: math.exp(x) if x < 700 else math.inf),
    "exp_fast": (exp_fast, math.exp),
    "sigmoid": (sigmoid, sigmoid64),
    "gelu": (gelu, gelu64),
}


def make_inputs(only=None):
    rng = np.random.default_rng(9)

    def log_uniform(lo, hi, n):
        return np.exp2(rng.uniform(lo, hi, n))

    vals = {
        "recip": np.concatenate(
            [log_uniform(-40, 40, 1020) * rng.choice([-1, 1], 1020), [0.0, -0.0, 1.0, -3.0]]
        ),
        "sqrt": np.concatenate([log_uniform(-60, 60, 1017), [0.0, 1.0, 4.0, 2.0, -1.0, -2.5, np.inf]]),
        "exp": np.concatenate([rng.uniform(-85, 85, 1016), [0.0, 1.0, -1.0, 88.0, 100.0, -100.0, 200.0, -87.0]]),
        "sigmoid": np.concatenate([rng.uniform(-8, 8, 1020), [0.0, 4.0, -4.0, 10.0]]),
        "gelu": np.concatenate([rng.uniform(-5, 5, 1020), [0.0, 3.0, -3.0, 6.0]]),
        "exp_fast": np.concatenate([rng.uniform(-88, 88, 1020), [0.0, 1.0, -1.0, 88.0]]),
    }
    for name, v in vals.items():
        if only and name not in only:
            continue
        m = v.astype(np.float32).reshape(32, 32)
        tf.write_matrix(KERNELS / f"data/act_{name}.txt", m, f"input of sfpu_{name} 32x32 FP32, %.9g")


def run(name):
    model, _ = KERNELS_[name]
    a = tf.read_matrix(KERNELS / f"data/act_{name}.txt", 32, 32)
    flat = tf.f32_bits(a).reshape(-1)
    out = np.array([model(int(x)) for x in flat], dtype=np.uint32).reshape(32, 32)
    return a, out


def render(values, header):
    lines = [f"# {header}"]
    for row in values:
        lines.append(" ".join(f"{float(v):.9g}" for v in row))
    return "\n".join(lines) + "\n"


def report(name, a, out):
    _, f64 = KERNELS_[name]
    worst_rel, worst_abs, worst_ulp = 0.0, 0.0, 0.0
    for x, y in zip(a.reshape(-1), tf.bits_f32(out).reshape(-1)):
        want = f64(float(x))
        y = float(y)
        if abs(want) > FLT_MAX:  # the FP32 range: overflow to infinity, flush below normal
            want = math.copysign(math.inf, want)
        elif abs(want) < FLT_MIN:
            want = 0.0
        if math.isnan(want) or math.isinf(want) or want == 0.0:
            continue
        ulp = math.ldexp(1.0, math.frexp(want)[1] - 24)
        worst_abs = max(worst_abs, abs(y - want))
        worst_rel = max(worst_rel, abs(y - want) / abs(want))
        worst_ulp = max(worst_ulp, abs(y - want) / ulp)
    print(f"  {name}: worst vs float64: abs {worst_abs:.3g}, rel {worst_rel:.3g}, {worst_ulp:.2f} ulp")
    if name == "exp_fast":
        # the algorithm in exact arithmetic: i = round(A x + (B - C)), value 2^(i/256 - 127) read
        # as FP32 bits i << 15, i.e. 2^(e - 127) (1 + m/256) for i = 256 e + m
        a, bc = r.f32(0x43B8AA3B), r.f32(0x46FDE9A3)
        e = 0.0
        for x in np.linspace(-80, 80, 200001):
            i = math.floor(a * x + bc + 0.5)
            v = 2.0 ** ((i >> 8) - 127) * (1 + (i & 255) / 256)
            e = max(e, abs(v - math.exp(x)) / math.exp(x))
        print(f"  {name}: the algorithm's own worst relative error on [-80, 80] (float64): {e:.5g}")
    if name in ("sigmoid", "gelu"):
        table, mod1, g = (SIGMOID_TABLE, 3, sigmoid64) if name == "sigmoid" else (GELU_TABLE, 2, gelu64)
        grid = np.linspace(-8, 8, 160001)
        if name == "sigmoid":
            e = max(abs(math.copysign(table_f64(table, mod1, x), x) + 0.5 - g(x)) for x in grid)
        else:
            e = max(abs(0.5 * x + table_f64(table, mod1, x) - g(x)) for x in grid)
        print(f"  {name}: the table's own worst error on [-8, 8] (float64): {e:.5g}")


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "check"
    if mode == "inputs":
        make_inputs(sys.argv[2:])
        return 0
    stale = 0
    for name in KERNELS_:
        a, out = run(name)
        text = render(tf.bits_f32(out), f"sfpu_{name}: src/sfpu_act.c ACT_{name.upper()} as the lane model "
                      f"(scripts/oracle/tensix_sfpu_kernels.py) computes it; float32 %.9g")
        path = KERNELS / "expected" / f"sfpu_{name}.c.txt"
        if mode == "write":
            path.write_text(text)
            print(f"wrote {path.relative_to(ROOT)}")
        elif not path.is_file() or path.read_text() != text:
            print(f"STALE: {path.relative_to(ROOT)} differs from the lane model's output")
            stale += 1
        else:
            print(f"ok: {path.relative_to(ROOT)}")
        report(name, a, out)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
