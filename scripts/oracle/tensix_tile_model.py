"""Reference numbers of the Wormhole B0 FPU for the kernels in examples/tensix/kernels, in numpy.

Written from the ISA pages (tt-isa-documentation WormholeB0/TensixTile/TensixCoprocessor:
SrcASrcB.md, MVMUL.md, ELWADD.md, ELWMUL.md, Dst.md, Packers/FormatConversion.md; summarised in
notes/tensix.md §1.3-1.4), independently of macrosim's Rust simulator. Where the pages leave the
arithmetic open (MVMUL.md calls its float model "a rough guide": the order of the 16-term sum and
the internal precision), this follows the rules notes/ttsim.md reports from Tenstorrent's ttsim,
the vendor's golden model, as the project's rule says:
- Src holds 19 bits: sign, 8-bit exponent, 10-bit mantissa; BF16 keeps 7 of them, FP32 is
  truncated to TF32 (UNPACR_Regular.md).
- A product uses the mantissa slice of the fidelity phase (MVMUL.md): phase bit 0 picks SrcA's
  top 5 bits (implicit 1 + 4) or the next 5, phase bit 1 SrcB's top 7 (implicit 1 + 6) or the
  next 4; each slice carries its exponent offset (-5, -7).
- MVMUL sums the 16 products as two groups of 8, each aligned to its group's largest exponent
  with round-half-up, then adds both groups and the old Dst value aligned to the largest of the
  three exponents, normalises and rounds half up (ttsim `mvmul` / accumulate-normalise rule).
- Dst in 16-bit mode keeps BF16: operands lose 13 more bits before the add and the sum is
  rounded to 10 then 7 mantissa bits (notes/ttsim.md "ELWADD into a BF16 Dst").
- Packer 32-bit Dst -> BF16 rounds half away from zero (notes/ttsim.md).
Denormals are flushed to zero everywhere (MVMUL.md).

All arithmetic is on integers (int64 numpy arrays), elementwise, so each function models one Dst
datum per array element.
"""

import numpy as np

I64 = np.int64


def src19(fp32_bits, fmt):
    """FP32 bits in L1/Src to the 19-bit Src datum (sign[18], exp[17:10], man[9:0]);
    BF16 keeps 7 mantissa bits, TF32 10 (SrcASrcB.md)."""
    b = np.asarray(fp32_bits, dtype=np.uint64)
    if fmt == "bf16":
        b = b & np.uint64(0xFFFF0000)
    return (b >> np.uint64(13)).astype(I64)


def _fields(s):
    sign = (s >> 18) & 1
    exp = (s >> 10) & 0xFF
    man = (s & 0x3FF) | 0x400  # 11 bits with the implicit 1
    zero = (s & 0x3FFFF) < 0x400  # exponent 0: zero or denormal, flushed
    return sign, exp, man, zero


def _slice(man_a, man_b, phase):
    """The fidelity phase's mantissa slices (MVMUL.md): SrcA 5 bits, SrcB 7 bits."""
    ma = ((man_a >> 1) & 31) if phase & 1 else (man_a >> 6)
    mb = ((man_b & 15) << 3) if phase & 2 else (man_b >> 4)
    return ma, mb


def _exp_adj(fp32_acc, phase, exp8):
    adj = -127 if exp8 else (127 - 30 if fp32_acc else -15)
    if phase & 1:
        adj -= 5
    if phase & 2:
        adj -= 7
    return adj


def _shr_round(man, diff, sign=None):
    """Right shift by diff >= 1 rounding half up on the magnitude (half down for a negative
    operand's magnitude when `sign` is given); shifts of 31 or more give 0."""
    diff = np.asarray(diff, dtype=I64)
    d = np.clip(diff, 1, 62)
    bias = (I64(1) << (d - 1)) - (sign if sign is not None else 0)
    out = (man + bias) >> d
    return np.where(diff >= 31, 0, out)


def _clz32(x):
    """Count of leading zeros of positive 32-bit values (x > 0)."""
    n = np.zeros_like(x)
    for shift in (16, 8, 4, 2, 1):
        small = x < (I64(1) << (32 - shift))
        n = np.where(small, n + shift, n)
        x = np.where(small, x << shift, x)
    return n


def accumulate(sops, dst, fp32_acc, exp8=True):
    """Add sum-of-product terms [(sign, exp, man25), ...] to the Dst value `dst` (FP32 bits) and
    return the new Dst value as FP32 bits (for a 16-bit Dst the caller keeps the top 16 bits)."""
    dst = np.asarray(dst, dtype=I64)
    sign_d = (dst >> 31) & 1
    exp_d = (dst >> 23) & 0xFF
    man_d = np.where(exp_d == 0, 0, (dst & 0x7FFFFF) | 0x800000)
    exp = exp_d
    for _, e, _ in sops:
        exp = np.maximum(exp, e)
    terms = []
    for s, e, m in sops:
        m = np.where(e < exp, _shr_round(m, exp - e, s), m)
        if not fp32_acc:
            m = (m + (1 << 12) - s) & ~I64(0x1FFF)
        terms.append((s, m))
    man_d = np.where(exp_d < exp, _shr_round(man_d, exp - exp_d), man_d)
    if not fp32_acc:
        man_d = (man_d + (1 << 12)) & ~I64(0x1FFF)
    sign = sign_d.copy()
    man = man_d.copy()
    for s, m in terms:
        man = np.where(s == sign, man + m, man - m)
    neg = man < 0
    man = np.where(neg, -man, man)
    sign = np.where(neg, sign ^ 1, sign)
    zero = (man == 0) | (exp <= 0)
    safe = np.where(man == 0, 1, man)
    shift = _clz32(safe) - 8
    # Wormhole's renormalisation of a -1 mantissa (all bits set in the leading-sign count): the
    # shift is taken as -4 instead of 23 (ttsim mimics the silicon here).
    shift = np.where((sign == 1) & (safe == 1), shift - 27, shift)
    exp = exp - shift
    if not fp32_acc:
        shift = shift - (16 if exp8 else 13)
    right = np.maximum(-shift, 1)
    man = np.where(shift < 0, (safe + (I64(1) << (right - 1))) >> right, safe << np.maximum(shift, 0))
    if not fp32_acc:
        man = man << (16 if exp8 else 13)
    exp = np.where((man & 0x1000000) != 0, exp + 1, exp)
    man = man & 0x7FFFFF
    if fp32_acc or exp8:
        out = np.where(exp >= 255, (sign << 31) | (255 << 23), (sign << 31) | (exp << 23) | man)
    else:
        out = np.where(exp >= 32, (sign << 31) | (31 << 23) | (0x3FF << 13), (sign << 31) | (exp << 23) | man)
    return np.where(zero | (exp <= 0), 0, out).astype(I64)


def mvmul_face(a_face, b_face, dst, phase, fp32_acc=True):
    """One face pair of MVMUL: Dst[16x16] += SrcB[16x16 rows of in0] @ SrcA[16x16 of in1].
    a_face is in0's face (SrcB), b_face in1's face (SrcA), both 19-bit Src datums; dst FP32 bits."""
    sa, ea, ma, za = _fields(b_face[None, :, :])  # SrcA[k][j] -> [1, k, j]
    sb, eb, mb, zb = _fields(a_face[:, :, None])  # SrcB[i][k] -> [i, k, 1]
    adj = _exp_adj(fp32_acc, phase, True)
    ma, mb = _slice(ma, mb, phase)
    zero = za | zb
    sign = np.where(zero, 0, sa ^ sb)
    exp = np.where(zero, max(adj, 0), ea + eb + adj)
    man = np.where(zero, 0, ma * mb)
    sops = []
    for g in (0, 1):
        s, e, m = sign[:, 8 * g : 8 * g + 8, :], exp[:, 8 * g : 8 * g + 8, :], man[:, 8 * g : 8 * g + 8, :]
        emax = e.max(axis=1)
        d = np.minimum(emax[:, None, :] - e, 30)
        aligned = ((m << 1) + (I64(1) << d)) >> (d + 1)
        total = np.where(s == 1, -aligned, aligned).sum(axis=1)
        gs = (total < 0).astype(I64)
        gm = np.abs(total) << 13
        live = emax > 0
        sops.append((np.where(live, gs, 0), np.where(live, emax, 0), np.where(live, gm, 0)))
    return accumulate(sops, dst, fp32_acc)


def faces(tile):
    """A 32x32 tile as its four 16x16 faces [f0, f1, f2, f3]."""
    return [tile[r : r + 16, c : c + 16] for r in (0, 16) for c in (0, 16)]


def matmul_tiles(a_bits, b_bits, phases, kt):
    """C (32 x 32) = A (32 x 32*kt) @ B (32*kt x 32) as the matmul kernel runs it: for each K tile,
    for each fidelity phase, the 16 MVMULs (per output face: inner-dimension face 0, then 1).
    a_bits/b_bits: FP32 bits of BF16 values. Returns FP32 bits of the 32-bit Dst."""
    a = src19(a_bits, "bf16")
    b = src19(b_bits, "bf16")
    dst = [np.zeros((16, 16), dtype=I64) for _ in range(4)]
    for k in range(kt):
        af = faces(a[:, 32 * k : 32 * k + 32])
        bf = faces(b[32 * k : 32 * k + 32, :])
        for phase in range(phases):
            for i in (0, 1):
                for j in (0, 1):
                    for kf in (0, 1):
                        f = 2 * i + j
                        dst[f] = mvmul_face(af[2 * i + kf], bf[2 * kf + j], dst[f], phase)
    out = np.zeros((32, 32), dtype=I64)
    for f, (r, c) in enumerate([(0, 0), (0, 16), (16, 0), (16, 16)]):
        out[r : r + 16, c : c + 16] = dst[f]
    return out.astype(np.uint32)


def elwadd(a_bits, b_bits, fp32_acc):
    """ELWADD (ELWADD.md) of BF16 operands into a fresh Dst (no accumulation); FP32 bits out (for
    a 16-bit Dst the top 16 bits are the BF16 Dst value). The larger magnitude goes first and the
    smaller is aligned to it with round-half-up (notes/ttsim.md)."""
    a = src19(a_bits, "bf16")
    b = src19(b_bits, "bf16")
    swap = (a & 0x3FFFF) < (b & 0x3FFFF)
    a, b = np.where(swap, b, a), np.where(swap, a, b)
    sa, ea, _, za = _fields(a)
    sb, eb, _, zb = _fields(b)
    ma = np.where(a == 0, 0, (a & 0x3FF) | 0x400)
    mb = np.where(b == 0, 0, (b & 0x3FF) | 0x400)
    diff = ea - eb
    mb = np.where(diff > 0, np.where(diff < 12, _shr_round(mb, diff), 0), mb)
    man = np.where(sa == sb, ma + mb, ma - mb) << 13
    exp = ea
    if fp32_acc:
        exp = np.where(exp != 0, exp + 127 - 15, 127 - 30)
    return accumulate([(sa, exp, man)], np.zeros_like(a), fp32_acc).astype(np.uint32)


def elwmul(a_bits, b_bits, phases, fp32_acc):
    """ELWMUL (ELWMUL.md) of BF16 operands, one pass per fidelity phase accumulating in Dst
    (ELWMUL always adds to Dst); FP32 bits out."""
    a = src19(a_bits, "bf16")
    b = src19(b_bits, "bf16")
    sa, ea, ma0, za = _fields(a)
    sb, eb, mb0, zb = _fields(b)
    dst = np.zeros_like(a)
    for phase in range(phases):
        adj = _exp_adj(fp32_acc, phase, True)
        ma, mb = _slice(ma0, mb0, phase)
        exp = ea + eb + adj
        zero = za | zb | (exp <= 0)
        sop = (np.where(zero, 0, sa ^ sb), np.where(zero, max(adj, 0), exp), np.where(zero, 0, (ma * mb) << 13))
        dst = accumulate([sop], dst, fp32_acc)
        if not fp32_acc:
            dst = dst & 0xFFFF0000
    return dst.astype(np.uint32)


INT32_MAX = 2**31 - 1


def elwmul_int8(a, b, phases):
    """ELWMUL (ELWMUL.md) in the FPU's integer mode (ALU_ACC_CTRL_INT8_math_enabled) on INT8
    operands (signed integers), one pass per fidelity phase accumulating into an integer "32" Dst
    that starts at zero. Each phase multiplies only some magnitude bits (ELWMUL.md's masks
    0x41fff/0x4e0ff on SrcA, 0x40fff/0x7f0ff on SrcB, in the page's Sign,Mag(10b),Zero,Exp
    layout): SrcA bits 4..0 when phase bit 0 is set, else 7..5; SrcB bits 3..0 when phase bit 1
    is set, else 9..4. Every add saturates at +-(2^31 - 1) (ELWADD.md / ELWMUL.md)."""
    a = np.asarray(a, dtype=I64)
    b = np.asarray(b, dtype=I64)
    dst = np.zeros_like(a)
    for phase in range(phases):
        ma = 0x1F if phase & 1 else 0xE0
        mb = 0x0F if phase & 2 else 0x3F0
        pa = np.sign(a) * (np.abs(a) & ma)
        pb = np.sign(b) * (np.abs(b) & mb)
        dst = np.clip(dst + pa * pb, -INT32_MAX, INT32_MAX)
    return dst


def pack_int32_dst_to_int8(x):
    """Packer, 32-bit integer Dst to INT8 (Packers/FormatConversion.md "To INT8", shift 0): the
    magnitude saturates at 127, the sign is kept."""
    x = np.asarray(x, dtype=I64)
    return np.sign(x) * np.minimum(np.abs(x), 127)


def pack_fp32_dst_to_bf16(bits):
    """Packer, 32-bit Dst to BF16 (Packers/FormatConversion.md; rounding half away from zero per
    notes/ttsim.md): NaN becomes infinity, denormal results become zero."""
    v = np.asarray(bits, dtype=np.uint64)
    nan = (v & 0x7FFFFFFF) > 0x7F800000
    v = np.where(nan, (v & 0x80000000) | 0x7F800000, v)
    h = (v + 0x8000) >> 16
    h = np.where((h & 0x7FFF) < 0x80, 0, h)
    return (h << 16).astype(np.uint32)


def pack_bf16_dst(bits):
    """Packer, 16-bit BF16 Dst to BF16: NaN to infinity, denormals to zero."""
    h = (np.asarray(bits, dtype=np.uint64) >> 16) & 0xFFFF
    mag = h & 0x7FFF
    h = np.where(mag > 0x7F80, (h & 0x8000) | 0x7F80, np.where(mag < 0x80, 0, h))
    return (h << 16).astype(np.uint32)


def sfpu_add(a_bits, b_bits):
    """SFPADD (SFPADD.md: SFPMAD with VA = 1.0, VectorUnit.md): a*1.0 + b rounded once to
    nearest-even in FP32, i.e. the IEEE sum; denormal inputs are taken as zero and a denormal or
    -0 result becomes +0 (SFPMAD.md). FP32 bits in and out."""
    def ftz(bits):
        bits = np.asarray(bits, dtype=np.uint32)
        return np.where((bits & 0x7F800000) == 0, 0, bits).astype(np.uint32)

    s = (ftz(a_bits).view(np.float32) + ftz(b_bits).view(np.float32)).view(np.uint32)
    return np.where((s & 0x7F800000) == 0, 0, s).astype(np.uint32)


def pack_bf16_to_bfp(bits, mag_bits):
    """Packer late conversion BF16 -> BFP8/BFP4 (Packers/FormatConversion.md: one shared 8-bit
    exponent per 16 datums, round to nearest with ties away from zero): the block's largest
    exponent is shared; each 8-bit significand (implicit 1 and 7 bits) is shifted right by the
    exponent difference plus one with round-half-up on the magnitude, saturating at 127, and for
    BFP4 then truncated to 3 bits (ttsim's packer). Returns the FP32 bits of the stored values.
    `bits`: FP32 bits of BF16 values in packing order (16 consecutive datums per block)."""
    h = (np.asarray(bits, dtype=np.int64) >> 16).reshape(-1, 16)
    sign = h >> 15
    exp = (h >> 7) & 0xFF
    man = (h & 127) | np.where(exp != 0, 128, 0)
    emax = exp.max(axis=1, keepdims=True)
    shift = emax - exp
    m = (man + (I64(1) << np.minimum(shift, 7))) >> (np.minimum(shift, 7) + 1)
    m = np.where(shift >= 8, 0, np.minimum(m, 127))
    m = m >> (7 - mag_bits)
    val = np.ldexp(m.astype(np.float64), emax - 127 - (mag_bits - 1))
    val = np.where((sign == 1) & (m != 0), -val, val).astype(np.float32)
    return val.reshape(-1).view(np.uint32)


def selftest():
    """Cases whose answers follow directly from the pages, checked before any expectation is
    trusted. Returns a list of failure messages (empty when all hold)."""
    fails = []

    def check(what, got, want):
        if got != want:
            fails.append(f"{what}: got {got:#010x}, want {want:#010x}")

    def one_product(a, b, phases):
        # A (in0) goes to SrcB, B (in1) to SrcA (seed 002's operand swap); C[0][0] = a * b.
        am = np.zeros((32, 32), dtype=np.uint32)
        bm = np.zeros((32, 32), dtype=np.uint32)
        am[0, 0], bm[0, 0] = a, b
        return int(matmul_tiles(am, bm, phases, 1)[0, 0])

    one, b_plus = 0x3F800000, 0x3F810000  # 1.0 and 1 + 2^-7 (the last BF16 mantissa bit)
    # UNPACR_Regular.md / SrcASrcB.md: FP32 -> BF16 in Src drops the low 16 bits.
    check("BF16 truncation", int(src19(np.uint32(0x3F812345), "bf16")), 0x3F810000 >> 13)
    # MVMUL.md fidelity: SrcA (B's value) keeps implicit 1 + 4 bits in phase 0, all of BF16 after
    # phase 1; SrcB (A's value) implicit 1 + 6 bits with phase bit 1 clear, the rest with it set.
    check("LoFi drops SrcA's 7th bit", one_product(one, b_plus, 1), one)
    check("HiFi2 keeps SrcA's 7th bit", one_product(one, b_plus, 2), b_plus)
    check("HiFi2 drops SrcB's 7th bit", one_product(b_plus, one, 2), one)
    check("HiFi4 keeps SrcB's 7th bit", one_product(b_plus, one, 4), b_plus)
    check("LoFi exact on short mantissas", one_product(0x3FC00000, 0x3FA00000, 1), 0x3FF00000)
    # A negative product and a zero operand.
    check("sign", one_product(0xC0000000, 0x3FC00000, 1), 0xC0400000)
    check("zero operand", one_product(0, 0x3FC00000, 4), 0)
    # Packer FP32 -> BF16 rounds half away from zero (notes/ttsim.md).
    packed = pack_fp32_dst_to_bf16(np.array([0x3F808000, 0xBF808000, 0x3F807FFF], dtype=np.uint32))
    for got, want in zip(packed.tolist(), [0x3F810000, 0xBF810000, 0x3F800000]):
        check("packer rounding", got, want)
    # SFPADD: one IEEE rounding; a denormal result is +0.
    s = sfpu_add(np.array([0x3F800000, 0x00800000], dtype=np.uint32),
                 np.array([0x33800000, 0x80800001], dtype=np.uint32))
    check("SFPADD rounding", int(s[0]), 0x3F800000)
    check("SFPADD denormal result", int(s[1]), 0)
    # Packer BFP8: a block sharing exponent 2^0 stores 1.5 exactly, rounds 2^-7 * 1.5 half away
    # (mag 0.75 -> 1, i.e. 2^-6) and drops what is below 2^-7.
    block = np.zeros(16, dtype=np.uint32)
    block[:3] = [0x3FC00000, 0x3C400000, 0x3B800000]
    p = pack_bf16_to_bfp(block, 7)
    check("BFP8 exact", int(p[0]), 0x3FC00000)
    check("BFP8 ties away", int(p[1]), 0x3C800000)
    check("BFP8 underflow", int(p[2]), 0)
    return fails
