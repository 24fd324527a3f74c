"""Bit-level reference of the Wormhole B0 SFPU arithmetic, one lane at a time on FP32 bit patterns
(Python ints), written from the ISA pages (../shared/tensix/isa-doc/WormholeB0/TensixTile/
TensixCoprocessor/SFP*.md) independently of macrosim's Rust code.

SFPMAD.md leaves one thing open: how much of the product is kept ("higher precision than FP32,
but not infinite"). We take the datapath Tenstorrent's ttsim describes (src/fma.cpp,
fma_model_wh): the 48-bit product of the two significands, with three guard bits, is cut to its
top 27 bits plus a sticky bit; both terms are aligned to the larger exponent, where a shift that
loses bits sets the lowest bit ("semi-sticky"); the sum is normalised keeping only its lowest bit
as sticky; then one rounding to nearest, ties to even. Where the page is explicit (a product below
or above FP32's exponent range takes part in the sum like any other), the page wins over ttsim.
"""

SIGN = 0x8000_0000
M32 = 0xFFFF_FFFF


def f32(bits):
    import struct

    return struct.unpack("<f", struct.pack("<I", bits & M32))[0]


def bits(x):
    import struct

    return struct.unpack("<I", struct.pack("<f", x))[0]


def flush(x):
    """SFPMAD.md: denormal inputs are treated as zero (sign kept)."""
    return x & SIGN if (x >> 23) & 0xFF == 0 else x


def _sig(x):
    e = (x >> 23) & 0xFF
    return e, (x & 0x7F_FFFF | 0x80_0000) if e else 0


def _sticky_shift(v, s):
    if s >= 64:
        return 0
    r = v >> s
    return r | (1 if (r << s) != v else 0) if r else 0


def mad(a, b, c):
    """SFPMAD.md: a * b + c on FP32 bit patterns."""
    a, b, c = flush(a), flush(b), flush(c)
    if any((x >> 23) & 0xFF == 0xFF for x in (a, b, c)):
        # "NaN or +-Infinity, following the usual IEEE754 rules"; a NaN has its lowest bit set
        d = f32(a) * f32(b) + f32(c)
        if d != d:
            return 0x7FC0_0001
        return 0x7F80_0000 | (SIGN if d < 0 else 0)
    (ea, ma), (eb, mb), (ec, mc) = _sig(a), _sig(b), _sig(c)
    psign, csign = (a ^ b) & SIGN, c & SIGN
    p = (ma * mb) << 3
    pm = (p >> 23) | (1 if p & 0x7F_FFFF else 0)
    pe = ea + eb - 127
    cm = mc << 3
    if pm == 0:
        return c if mc else 0
    re = max(pe, ec)
    pm = _sticky_shift(pm, re - pe)
    cm = _sticky_shift(cm, re - ec)
    sign = psign if pm >= cm else csign
    rm = pm + cm if psign == csign else abs(pm - cm)
    if rm == 0:
        return 0
    n = rm.bit_length() - 27  # leading one to bit 26
    re += n
    if re >= 255:
        return sign | 0x7F80_0000
    if re < 0:
        return 0
    rm = rm << -n if n <= 0 else (rm >> n) | (rm & 1)
    r = (re << 23) + ((rm >> 3) & 0x7F_FFFF)
    if (rm & 7) + (r & 1) > 4:
        r += 1
    # a denormal or -0 result becomes +0
    return sign | r if r >> 23 else 0


ONE = 0x3F80_0000
ZERO = 0


def add(a, c):
    return mad(a, ONE, c)


def mul(a, b):
    return mad(a, b, ZERO)


def lut16(x):
    """SFPLUTFP32.md Lut16ToFp32."""
    e = (x >> 10) & 0x1F
    return ((x >> 15) & 1) << 31 | (0 if e == 0x1F else 112 + e) << 23 | (x & 0x3FF) << 13


def lutfp32(l3, regs, mod1):
    """SFPLUTFP32.md with LReg[3] = l3 and regs[n] = LReg[n] (n = 0..6); no indirect VD."""
    b = l3 & ~SIGN & M32
    fb = f32(b)
    i = 0 if fb < 1.0 else 1 if fb < 2.0 else 2
    if mod1 & 2:
        if mod1 & 10 == 10:
            a, c = lut16(regs[i] >> 16), lut16(regs[i] & 0xFFFF)
        else:
            cut = 4.0 if mod1 & 1 else 3.0
            j = 0 if fb < 0.5 or 1.0 <= fb < 1.5 or 2.0 <= fb < cut else 16
            a, c = lut16((regs[i] >> j) & 0xFFFF), lut16((regs[4 + i] >> j) & 0xFFFF)
    else:
        a, c = regs[i], regs[4 + i]
    d = mad(a, b, c)
    if mod1 & 4:
        d = d & ~SIGN & M32 | l3 & SIGN
    return d


def bf16(x16):
    return (x16 & 0xFFFF) << 16


def i32(x):
    x &= M32
    return x - (1 << 32) if x & SIGN else x


# ---- the pages' conversions (SFPCAST.md, SFPSTOCHRND_*.md, VectorUnit.md) ----------------------


class Prng:
    def __init__(self, states):
        self.s = list(states)

    def advance(self, lane):
        res = self.s[lane]
        taps = bin(res & 0x8020_0003).count("1")
        self.s[lane] = ((~taps & 1) << 31 | res >> 1) & M32
        return res


def cast(c, stoch_bits=None):
    sign, mag = c & SIGN, c & 0x7FFF_FFFF
    lz = 32 - mag.bit_length() if mag else 157
    norm = (mag << (lz & 31)) & M32
    d = (sign + ((157 - lz) << 23) + (norm >> 8)) & M32
    if stoch_bits is not None:
        up = (norm & 0xFE) > ((stoch_bits >> 9) & 0xFE)
    else:
        up = bool(norm & 0x80) and bool(norm & 0x17F)
    return (d + up) & M32


def stoch_rnd(mod1, c, shift, prng_bits):
    if mod1 in (0, 1):
        e = (c >> 23) & 0xFF
        if e == 0:
            return 0
        if e == 255:
            return c & 0xFF80_0000
        mask, keep = (0x1FFF, 10) if mod1 == 0 else (0xFFFF, 7)
        disc = c & mask
        x = c - disc
        return x + mask + 1 if (disc << keep) >= prng_bits else x
    if mod1 in (4, 5):
        sign = c & SIGN
        mag = ((c & 0x7FFF_FFFF) << 23) >> shift
        mag = (mag >> 23) + ((mag & 0x7F_FFFF) >= prng_bits)
        if mod1 == 4:
            return min(mag, 255)
        mag = min(mag, 127)
        return (sign if mag else 0) + mag
    keep_sign, top = {2: (False, 255), 3: (True, 127), 6: (False, 65535), 7: (True, 32767)}[mod1]
    sign = c & SIGN if keep_sign else 0
    e = ((c >> 23) & 0xFF) - 127
    if e < -1:
        return 0
    if e >= 16:
        return sign + top
    m = 0x80_0000 | c & 0x7F_FFFF
    m = m << e if e >= 0 else m >> -e
    m = min((m >> 23) + ((m & 0x7F_FFFF) >= prng_bits), top)
    return (sign if m else 0) + m


def lut8(x):
    if x == 0xFF:
        return 0
    return (x >> 7) << 31 | (127 - ((x >> 4) & 7)) << 23 | (x & 0xF) << 19


def lut(regs, mod0):
    l3 = regs[3]
    b = l3 & 0x7FFF_FFFF
    fb = f32(b)
    co = regs[0 if fb < 1.0 else 1 if fb < 2.0 else 2]
    d = mad(lut8((co >> 8) & 0xFF), b, lut8(co & 0xFF))
    return d & 0x7FFF_FFFF | l3 & SIGN if mod0 & 4 else d
