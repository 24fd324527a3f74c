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
