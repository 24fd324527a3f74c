"""Independent reference for macrosim's Linx tile arithmetic (issue 16).

Written from the rules in notes/linx-tiles.md (QEMU v0.58 lane rules, sections 4-5) and the v0.4
catalog (state/engine_ops.json: TDIV integer results), not from the Rust code: every float
result is computed exactly with fractions.Fraction and rounded once to the target format, to
nearest even, by `round_to`. Lanes are raw bit patterns (ints).
"""
import math
import struct
from fractions import Fraction

# (precision incl. hidden bit, minimum normal exponent, maximum exponent, exponent bits)
FMT = {"F64": (53, -1022, 1023, 11), "F32": (24, -126, 127, 8),
       "F16": (11, -14, 15, 5), "BF16": (8, -126, 127, 8)}
WIDTH = {"F64": 64, "F32": 32, "F16": 16, "BF16": 16}
NAN = {"F64": 0x7FF8000000000000, "F32": 0x7FC00000, "F16": 0x7E00, "BF16": 0x7FC0}
INTS = {"S8": 8, "S16": 16, "S32": 32, "S64": 64, "U8": 8, "U16": 16, "U32": 32, "U64": 64}
CODES = {"F64": 0, "F32": 1, "F16": 2, "BF16": 6, "S64": 16, "S32": 17, "S16": 18, "S8": 19,
         "U64": 24, "U32": 25, "U16": 26, "U8": 27}


def bits_of(t):
    return WIDTH.get(t) or INTS[t]


def decode(t, v):
    """Float lane -> Fraction, or 'nan', '+inf', '-inf'; zeros as (Fraction(0), sign)."""
    p, emin, emax, eb = FMT[t]
    w = WIDTH[t]
    sign = v >> (w - 1) & 1
    e = v >> (p - 1) & ((1 << eb) - 1)
    f = v & ((1 << (p - 1)) - 1)
    if e == (1 << eb) - 1:
        return ("nan", sign) if f else ("inf", sign)
    if e == 0:
        mag = Fraction(f, 1 << (p - 1)) * Fraction(2) ** emin
    else:
        mag = (1 + Fraction(f, 1 << (p - 1))) * Fraction(2) ** (e - (1 << (eb - 1)) + 1)
    return ("num", sign, mag)


def encode_inf(t, sign):
    p, _, _, eb = FMT[t]
    return sign << (WIDTH[t] - 1) | ((1 << eb) - 1) << (p - 1)


def round_to(t, x, sign_if_zero=0):
    """Exact Fraction -> nearest-even lane of float format t."""
    p, emin, emax, eb = FMT[t]
    w = WIDTH[t]
    if x == 0:
        return sign_if_zero << (w - 1)
    sign = 1 if x < 0 else 0
    m = abs(x)
    e = math.floor(math.log2(m.numerator)) - math.floor(math.log2(m.denominator))
    while Fraction(2) ** e > m:
        e -= 1
    while Fraction(2) ** (e + 1) <= m:
        e += 1
    e = max(e, emin)
    q = m / Fraction(2) ** (e - p + 1)  # significand in units of the last place
    n = q.numerator // q.denominator
    rem = q - n
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and n % 2 == 1):
        n += 1
    if n == 1 << p:
        n >>= 1
        e += 1
    if e > emax:
        return encode_inf(t, sign)
    if n < 1 << (p - 1):  # subnormal (or zero after rounding)
        return sign << (w - 1) | n
    return sign << (w - 1) | (e - emin + 1) << (p - 1) | (n - (1 << (p - 1)))


def is_nan(t, v):
    return decode(t, v)[0] == "nan"


def value(t, v):
    """('num', Fraction, sign) / ('inf', sign) / ('nan',)."""
    d = decode(t, v)
    if d[0] == "num":
        return d[2] * (-1 if d[1] else 1), d[1]
    return d


def fbin(op, t, a, b):
    da, db = decode(t, a), decode(t, b)
    if op in ("max", "min"):
        if t in ("F16", "BF16") and (da[0] == "nan" or db[0] == "nan"):
            return NAN[t]
        if da[0] == "nan":
            return NAN[t] if db[0] == "nan" else b
        if db[0] == "nan":
            return a
        xa, xb = key(da), key(db)
        if xa == 0 and xb == 0:
            return 0 if op == "max" else 1 << (WIDTH[t] - 1)
        return a if (xa > xb) == (op == "max") else b
    if da[0] == "nan" or db[0] == "nan":
        return NAN[t]
    inf_a, inf_b = da[0] == "inf", db[0] == "inf"
    sa, sb = da[1], db[1]
    if inf_a or inf_b:
        return special(op, t, da, db)
    x, y = da[2] * (-1 if sa else 1), db[2] * (-1 if sb else 1)
    if op == "add":
        zs = sa & sb
        return round_to(t, x + y, zs)
    if op == "sub":
        zs = sa & (1 - sb)
        return round_to(t, x - y, zs)
    if op == "mul":
        return round_to(t, x * y, sa ^ sb)
    if op == "div":
        if y == 0:
            return NAN[t] if x == 0 else encode_inf(t, sa ^ sb)
        return round_to(t, x / y, sa ^ sb)
    raise ValueError(op)


def key(d):
    if d[0] == "inf":
        return math.inf * (-1 if d[1] else 1)
    return d[2] * (-1 if d[1] else 1)


def special(op, t, da, db):
    a = key(da)
    b = key(db)
    if op == "add":
        r = float(a) + float(b)
    elif op == "sub":
        r = float(a) - float(b)
    elif op == "mul":
        r = float(a) * float(b) if a != 0 and b != 0 else math.nan
    else:
        r = float(a) / float(b) if not (math.isinf(float(a)) and math.isinf(float(b))) else math.nan
    if math.isnan(r):
        return NAN[t]
    if math.isinf(r):
        return encode_inf(t, 1 if r < 0 else 0)
    sign = 1 if (math.copysign(1, r) < 0) else 0
    return round_to(t, Fraction(r), sign)


def sext(v, w):
    v &= (1 << w) - 1
    return v - (1 << w) if v >> (w - 1) else v


def ibin(op, t, a, b):
    w = INTS[t]
    mask = (1 << w) - 1
    signed = t[0] == "S"
    x, y = (sext(a, w), sext(b, w)) if signed else (a & mask, b & mask)
    sh = b & (63 if w == 64 else 31)
    if op == "add":
        r = x + y
    elif op == "sub":
        r = x - y
    elif op == "mul":
        r = x * y
    elif op == "div":
        if y == 0:
            r = 0
        else:
            q = abs(x) // abs(y) * (1 if (x < 0) == (y < 0) else -1)  # truncating division
            r = q if (not signed or -(1 << (w - 1)) <= q < 1 << (w - 1)) else 0
    elif op in ("max", "min"):
        r = x if (x > y) == (op == "max") else y
    elif op == "and":
        r = x & y
    elif op == "or":
        r = x | y
    elif op == "xor":
        r = x ^ y
    elif op == "shl":
        r = (a << sh) & ((1 << 64) - 1)
    elif op == "shr":
        r = (x >> sh) if signed else (x >> sh)
    else:
        raise ValueError(op)
    return r & mask


def binary(op, t, a, b):
    return ibin(op, t, a, b) if t in INTS else fbin(op, t, a, b)


def relu(t, a):
    if t in INTS:
        return 0 if sext(a, INTS[t]) < 0 else a
    d = decode(t, a)
    return a if d[0] != "nan" and d[1] == 0 and (d[0] == "inf" or d[2] > 0) else 0


def sqrt_frac_round(t, x):
    """Correctly rounded sqrt of a non-negative Fraction, by bisection on the bit patterns."""
    lo, hi = 0, encode_inf(t, 0)
    while lo < hi:  # smallest pattern whose square >= x
        mid = (lo + hi) // 2
        if decode(t, mid)[2] ** 2 >= x:
            hi = mid
        else:
            lo = mid + 1
    cands = [c for c in (lo - 1, lo) if c >= 0]
    return min(cands, key=lambda c: (abs(decode(t, c)[2] ** 2 - x), c & 1))


def unary(op, t, a):
    if op == "relu":
        return relu(t, a)
    d = decode(t, a)
    if op == "sqrt":
        if d[0] == "nan" or (d[1] and not (d[0] == "num" and d[2] == 0)):
            return NAN[t]
        if d[0] != "num" or d[2] == 0:
            return a
        return sqrt_frac_round(t, d[2])
    if op == "recip":
        if d[0] == "nan":
            return NAN[t]
        if d[0] == "num" and d[2] == 0:
            return 0
        if d[0] == "inf":
            return d[1] << (WIDTH[t] - 1)
        return round_to(t, Fraction(1) / (d[2] * (-1 if d[1] else 1)), d[1])
    raise ValueError(op)


def to_int(t, x):
    """TCVT to integer: round half even; out of range / nan / inf -> invalid pattern."""
    w = INTS[t]
    lo, hi = (-(1 << (w - 1)), (1 << (w - 1)) - 1) if t[0] == "S" else (0, (1 << w) - 1)
    bad = (1 << (w - 1)) if t[0] == "S" else (1 << w) - 1
    if x is None:
        return bad
    n = math.floor(x)
    rem = x - n
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and n % 2):
        n += 1
    return n & ((1 << w) - 1) if lo <= n <= hi else bad


def convert(src, dst, v):
    if src in INTS:
        x, sign = Fraction(sext(v, INTS[src]) if src[0] == "S" else v), 0
        kind = "num"
    else:
        d = decode(src, v)
        kind = d[0]
        sign = d[1] if kind != "nan" else 0
        x = d[2] * (-1 if d[1] else 1) if kind == "num" else None
    if dst in INTS:
        return to_int(dst, x if kind == "num" else None)
    if kind == "nan":
        return NAN[dst]
    if kind == "inf":
        return encode_inf(dst, sign)
    return round_to(dst, x, sign)


def matmul_f32(a, b, m, n, k, init=None):
    """FP32 accumulation with one fused multiply-add per k step (notes section 5)."""
    out = []
    for i in range(m):
        for j in range(n):
            acc = init[i * n + j] if init else 0
            for kk in range(k):
                x, y, c = (value("F32", v) for v in (a[i * k + kk], b[kk * n + j], acc))
                if any(isinstance(z[0], str) for z in (x, y, c)):
                    raise ValueError("reference covers finite inputs only")
                prod_sign = x[1] ^ y[1]
                exact = x[0] * y[0] + c[0]
                acc = round_to("F32", exact, prod_sign & c[1])
            out.append(acc)
    return out


def f32(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]
