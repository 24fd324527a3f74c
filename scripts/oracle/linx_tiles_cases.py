"""Generate Linx tile programs, run them through the macrosim CLI and compare the tiles they
write with linx_tiles_ref.py (issue 16). Usage: linx_tiles_cases.py MACROSIM WORKDIR

Each case is a real v0.4 program: TLOAD the operand tiles (4x4 elements, dense), run one TEPL,
CUBE or TMOV (V2V, A2V) block, TSTORE the 4x4 result and write it to standard output; the bytes are compared lane
by lane with the reference. TEXP/TLOG use the host libm in macrosim (as QEMU does), so they are
compared within 1 ulp; everything else must match bit for bit.
"""
import os
import struct
import subprocess
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import linx_tiles_ref as R  # noqa: E402

N = 16  # lanes: a 4x4 region


def pat(t, x):
    if t in R.INTS:
        return x & ((1 << R.INTS[t]) - 1)
    if isinstance(x, int):
        return x
    return R.round_to(t, Fraction(x), 1 if str(x).startswith("-") else 0)


def edge(t):
    if t in R.INTS:
        w = R.INTS[t]
        xs = [0, 1, -1, 1 << (w - 1), (1 << (w - 1)) - 1, 2, 3, 7, 31, 32, 33, 63, 64, -2, 100, -5]
    else:
        inf, nan = R.encode_inf(t, 0), R.NAN[t] | 1
        big = R.encode_inf(t, 0) - 1
        xs = [0.0, -0.0, 1.0, -1.0, 2.5, -3.5, 0.1, big, 1 << (R.FMT[t][0] - 2), inf,
              R.encode_inf(t, 1), nan, 3.0, 7.0, -0.75, 1e-3]
    return [pat(t, x) for x in xs]


def rot(xs, k):
    return xs[k:] + xs[:k]


def words(t, xs):
    w = R.bits_of(t) // 8
    return b"".join(x.to_bytes(w, "little") for x in xs)


def data(label, blob):
    body = ", ".join(str(b) for b in blob)
    return f"{label}:\n        .byte   {body}\n        .balign 8\n"


def tload(t, reg, hand):
    return (f"        BSTART.TLOAD {t}\n        B.ARG   NORM.normal\n        B.IOTI  [], last ->{hand}<512B>\n"
            f"        B.IOR   [{reg}],[]\n        C.B.DIMI 4, ->lb0\n        C.B.DIMI 4, ->lb1\n"
            "        C.B.DIMI 4, ->lb2\n")


TYPE = {"F64": "FP64", "F32": "FP32", "F16": "FP16", "BF16": "BF16", "S64": "INT64", "S32": "INT32",
        "S16": "INT16", "S8": "INT8", "U64": "UINT64", "U32": "UINT32", "U16": "UINT16", "U8": "UINT8"}


def program(in_t, out_t, tiles, block, scalar=0):
    """tiles: list of (bytes, hand); block: header text. Result: 4x4 of out_t at `out`."""
    w = R.bits_of(out_t) // 8
    s = "        .text\n_start: C.BSTART.STD\n"
    for i, _ in enumerate(tiles):
        s += f"        addtpc  %pcpage(in{i}), ->a{i + 1}\n        addi    a{i + 1}, %lo12(in{i}), ->a{i + 1}\n"
    s += ("        addtpc  %pcpage(out), ->a6\n        addi    a6, %lo12(out), ->a6\n"
          "        addtpc  %pcpage(scal), ->s0\n        ldi     [s0, 0], ->s0\n"
          "        addtpc  %pcpage(one), ->s1\n        lwi     [s1, 0], ->s1\n        addi    zero, 0, ->s2\n")
    for i, (_, hand) in enumerate(tiles):
        s += tload(TYPE[in_t], f"a{i + 1}", hand)
    s += block
    s += (f"        BSTART.TSTORE {TYPE[out_t]}\n        B.ARG   NORM.normal\n        B.IOTI  [m#1], last\n"
          "        B.IOR   [a6],[]\n        C.B.DIMI 4, ->lb0\n        C.B.DIMI 4, ->lb1\n        C.B.DIMI 4, ->lb2\n"
          f"        C.BSTART.STD\n        addi    zero, 1, ->a0\n        addi    a6, 0, ->a1\n"
          f"        addi    zero, {N * w}, ->a2\n        addi    zero, 64, ->a7\n        acrc    1\n        C.BSTOP\n"
          "        C.BSTART.STD\n        addi    zero, 0, ->a0\n        addi    zero, 93, ->a7\n        acrc    1\n"
          "        C.BSTOP\n        .data\n        .balign 4096\n")
    # addtpc gives the page: keep every datum at a page start so %lo12 is not needed for scal/one.
    for i, (blob, _) in enumerate(tiles):
        s += data(f"in{i}", blob) + "        .balign 4096\n"
    s += f"scal:   .dword  {scalar}\n        .balign 4096\none:    .word   0x3f800000\n        .balign 4096\n"
    s += f"out:    .zero   {N * w}\n"
    return s


def tepl(op, t, srcs, dims="        C.B.DIMI 4, ->lb0\n        C.B.DIMI 4, ->lb1\n", extra=""):
    return (f"        BSTART.TEPL {op}, {TYPE[t]}\n{extra}        B.IOTI  [{', '.join(srcs)}], last ->m<512B>\n"
            + dims)


class Runner:
    def __init__(self, exe, work):
        self.exe, self.work, self.n, self.bad = exe, work, 0, []

    def run(self, name, src, out_t, want, ulps=0):
        path = os.path.join(self.work, name + ".s")
        elf = path[:-2] + ".elf"
        with open(path, "w") as f:
            f.write(src)
        subprocess.run([self.exe, "linx", "asm", path, "-o", elf], check=True)
        r = subprocess.run([self.exe, "linx", "run", elf], capture_output=True)
        self.n += 1
        w = R.bits_of(out_t) // 8
        if r.returncode != 0 or len(r.stdout) != N * w:
            self.bad.append(f"{name}: exit {r.returncode}: {r.stderr.decode()[:300]}")
            return
        got = [int.from_bytes(r.stdout[i * w:(i + 1) * w], "little") for i in range(N)]
        for i, (g, e) in enumerate(zip(got, want)):
            if g != e and not (ulps and abs(g - e) <= ulps and (g ^ e) >> (R.bits_of(out_t) - 1) == 0):
                self.bad.append(f"{name}: lane {i}: macrosim {g:#x}, reference {e:#x}")
                return


BIN = ["add", "sub", "mul", "div", "max", "min", "and", "or", "xor", "shl", "shr"]


def main():
    exe, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    run = Runner(exe, work)
    for t in TYPE:
        a, b = edge(t), rot(edge(t), 5)
        tiles = [(words(t, a), "t"), (words(t, b), "u")]
        for f, op in enumerate(BIN):
            if op in ("and", "or", "xor", "shl", "shr") and t not in R.INTS:
                continue
            # The catalog's BSTART.TEPL words with DataType 0 (FP64) and TileOpcode 0, 1, 4, 5 are
            # also the BSTART.MPAR/MSEQ/VPAR/VSEQ words (bits 19:15 = 0..5, 26:25 = 01); the
            # decoder takes the vector block forms, so FP64 TADD/TSUB/TMAX/TMIN cannot be encoded.
            if t == "F64" and f in (0, 1, 4, 5):
                continue
            want = [R.binary(op, t, x, y) for x, y in zip(a, b)]
            run.run(f"{op}_{t}", program(t, t, tiles, tepl(f, t, ["t#1", "u#1"])), t, want)
            sc = b[3]
            want = [R.binary(op, t, x, sc) for x in a]
            blk = tepl(0x20 + f, t, ["t#1"], extra="        B.IOR   [s0],[]\n")
            run.run(f"{op}s_{t}", program(t, t, tiles, blk, sc), t, want)
        unary = [(11, "relu")] if t in R.INTS and t[0] == "S" else []
        if t in ("F32", "F64"):
            unary = [(11, "relu"), (16, "sqrt"), (24, "recip")]
        for code, op in unary:
            run.run(f"{op}_{t}", program(t, t, tiles, tepl(code, t, ["t#1"])), t,
                    [R.unary(op, t, x) for x in a])
        # TPRELU: slope tile u#1 (v0.4: two source tiles).
        want = canon(t, [R.binary("mul", t, x, y) if negative(t, x) else x for x, y in zip(a, b)])
        run.run(f"prelu_{t}", program(t, t, tiles, tepl(12, t, ["t#1", "u#1"])), t, want)
        structural(run, t, a, b, tiles)
        # TMOV V2V (B.ARG absent: the default mode, manual 08 §TMOV): a copy of t#1.
        run.run(f"v2v_{t}", program(t, t, tiles, f"        BSTART.TMOV {TYPE[t]}\n        B.IOTI  [t#1], last ->m<512B>\n"), t, a)
        for u in TYPE:
            want = [R.convert(t, u, x) for x in a]
            blk = tepl(13, u, ["t#1"], extra="        B.ARG   NORM.normal\n        B.IOR   [s0],[]\n")
            run.run(f"cvt_{t}_{u}", program(t, u, tiles, blk), u, want)
    for t in ("F32", "F64"):
        a = [pat(t, x) for x in (0.5, 1.0, 2.0, 10.0, -1.0, 0.0, -0.0, 1e-3, 3.0, 7.5, 0.25, 88.0, 100.0, 1.5, 2.5, 4.0)]
        tiles = [(words(t, a), "t")]
        for code, fn in ((14, exp_ref), (15, log_ref), (17, rsqrt_ref)):
            run.run(f"tr{code}_{t}", program(t, t, tiles, tepl(code, t, ["t#1"])), t,
                    [fn(t, x) for x in a], ulps=1 if code != 17 else 0)
    matmuls(run)
    print(f"linx-tiles oracle: {run.n} programs, {len(run.bad)} mismatches")
    for b in run.bad[:40]:
        print("  " + b)
    return 1 if run.bad else 0


def negative(t, x):
    if t in R.INTS:
        return t[0] == "S" and R.sext(x, R.INTS[t]) < 0
    d = R.decode(t, x)
    return d[0] != "nan" and d[1] == 1 and (d[0] == "inf" or d[2] != 0)


def fl(t, x):
    return float(R.value(t, x)[0]) if R.decode(t, x)[0] == "num" else None


def exp_ref(t, x):
    import math
    v = fl(t, x)
    return R.round_to(t, Fraction(math.exp(v))) if math.exp(v) < 1e300 else R.encode_inf(t, 0)


def log_ref(t, x):
    import math
    v = fl(t, x)
    if not v or v <= 0:
        return R.encode_inf(t, 1)
    r = math.log(v)
    return R.round_to(t, Fraction(r), 1 if r < 0 else 0)


def rsqrt_ref(t, x):
    d = R.decode(t, x)
    if d[0] != "num" or d[1] or d[2] == 0:
        return 0
    return R.unary("recip", t, R.unary("sqrt", t, x))


def structural(run, t, a, b, tiles):
    def at(xs, r, c):
        return xs[r * 4 + c]
    for code, op in ((18, "max"), (19, "min"), (20, "add"), (21, "max"), (22, "min"), (23, "add")):
        want = [0] * N
        for i in range(4):
            line = [at(a, i, c) for c in range(4)] if code < 21 else [at(a, r, i) for r in range(4)]
            acc = line[0] if op != "add" else 0
            for v in (line[1:] if op != "add" else line):
                acc = R.binary(op, t, acc, v)
            want[i * 4 if code < 21 else i] = acc
        run.run(f"red{code}_{t}", program(t, t, tiles, tepl(code, t, ["t#1"])), t, canon(t, want))
    run.run(f"transpose_{t}", program(t, t, tiles, tepl(29, t, ["t#1"])), t,
            canon(t, [at(a, c, r) for r in range(4) for c in range(4)]))
    run.run(f"colexpand_{t}", program(t, t, tiles, tepl(30, t, ["t#1"])), t,
            canon(t, [a[c] for r in range(4) for c in range(4)]))
    run.run(f"rowexpand_{t}", program(t, t, tiles, tepl(31, t, ["t#1"])), t,
            canon(t, [a[r * 4] for r in range(4) for c in range(4)]))
    sc = b[2]
    blk = tepl(25, t, [], extra="        B.IOR   [s0],[]\n")
    run.run(f"expands_{t}", program(t, t, tiles, blk, sc), t, canon(t, [sc] * N))
    idx = [pat(t, v) for v in (3, 0, 15, 17, -1, 5, 5, 2, 8, 31, 1, 4, 6, 7, 9, 10)] if t in R.INTS else None
    if idx:
        itiles = [tiles[0], (words(t, idx), "u")]
        w = R.INTS[t]
        g = [0 if R.sext(i, w) < 0 else a[R.sext(i, w) % N] for i in idx]
        run.run(f"gather_{t}", program(t, t, itiles, tepl(26, t, ["t#1", "u#1"])), t, g)
        s = [0] * N
        for lane, i in enumerate(idx):
            if R.sext(i, w) >= 0:
                s[R.sext(i, w) % N] = a[lane]
        run.run(f"scatter_{t}", program(t, t, itiles, tepl(27, t, ["t#1", "u#1"])), t, s)


def canon(t, xs):
    if t in R.INTS:
        return xs
    return [R.NAN[t] if R.is_nan(t, x) else x for x in xs]


def matmuls(run):
    """TMATMUL (+ .ACC) 4x4x4 then ACCCVT; FP inputs accumulate in FP32 with a fused step."""
    cube = ("        BSTART.TMATMUL {T}\n        B.ARG   NORM.normal\n        B.IOTI  [t#1, u#1], last ->acc<512B>\n"
            "        C.B.DIMI 4, ->lb0\n        C.B.DIMI 4, ->lb1\n        C.B.DIMI 4, ->lb2\n")
    acc = ("        BSTART.TMATMUL.ACC {T}\n        B.ARG   NORM.normal\n        B.IOTI  [t#1, u#1], last ->acc<512B>\n"
           "        C.B.DIMI 4, ->lb0\n        C.B.DIMI 4, ->lb1\n        C.B.DIMI 4, ->lb2\n")
    cvt = ("        BSTART.ACCCVT {T}\n        B.ARG   NORM.normal\n        B.IOR   [s1,s2],[]\n"
           "        B.IOTI  [], last ->m<512B>\n        C.B.DIMI 4, ->lb0\n        C.B.DIMI 4, ->lb1\n")
    a2v = "        BSTART.TMOV {T}\n        B.ARG   1\n        B.IOTI  [], last ->m<512B>\n"
    import random
    rnd = random.Random(16)
    for t in ("F32", "F16", "BF16"):
        vals = [pat(t, rnd.choice([1, -1]) * rnd.randint(1, 4000) / 1024) for _ in range(2 * N)]
        a, b = vals[:N], vals[N:]
        a32 = [R.convert(t, "F32", x) for x in a]
        b32 = [R.convert(t, "F32", x) for x in b]
        once = R.matmul_f32(a32, b32, 4, 4, 4)
        twice = R.matmul_f32(a32, b32, 4, 4, 4, once)
        tiles = [(words(t, a), "t"), (words(t, b), "u")]
        T = R.TYPE if hasattr(R, "TYPE") else TYPE[t]
        blk = cube.format(T=T) + acc.format(T=T) + cvt.format(T=T)
        run.run(f"matmul_acc_{t}", program(t, t, tiles, blk), t, [R.convert("F32", t, v) for v in twice])
        # TMOV A2V (B.ARG 1): the accumulator converted to the block's DataType (TCVT rules).
        for u in ("F32", "F16", "BF16", "F64", "S32", "U8"):
            blk = cube.format(T=T) + acc.format(T=T) + a2v.format(T=TYPE[u])
            run.run(f"a2v_{t}_{u}", program(t, u, tiles, blk), u, [R.convert("F32", u, v) for v in twice])
    # The fused-vs-unfused case of notes section 5, as a 4x4x4 product: only (0,0) is non-zero.
    f = lambda x: R.round_to("F32", Fraction(x))  # noqa: E731
    a, b = [0] * N, [0] * N
    a[0], a[1], b[0], b[4] = f(-1), f(1 + Fraction(1, 4096)), f(1), f(1 + Fraction(1, 4096))
    want = R.matmul_f32(a, b, 4, 4, 4)
    assert want[0] == 0x3A000400
    tiles = [(words("F32", a), "t"), (words("F32", b), "u")]
    run.run("matmul_fused", program("F32", "F32", tiles, cube.format(T="FP32") + cvt.format(T="FP32")), "F32", want)
    for t in ("S32", "S8", "U16"):
        w = R.INTS[t]
        a = [pat(t, rnd.randint(-(1 << (w - 1)), (1 << (w - 1)) - 1)) for _ in range(N)]
        b = [pat(t, rnd.randint(-(1 << (w - 1)), (1 << (w - 1)) - 1)) for _ in range(N)]
        sg = (lambda v: R.sext(v, w)) if t[0] == "S" else (lambda v: v)
        acc64 = [sum(sg(a[i * 4 + k]) * sg(b[k * 4 + j]) for k in range(4)) for i in range(4) for j in range(4)]
        lo, hi = (-(1 << (w - 1)), (1 << (w - 1)) - 1) if t[0] == "S" else (0, (1 << w) - 1)
        bad = (1 << (w - 1)) if t[0] == "S" else (1 << w) - 1
        want = [v & ((1 << w) - 1) if lo <= v <= hi else bad for v in acc64]
        tiles = [(words(t, a), "t"), (words(t, b), "u")]
        run.run(f"matmul_{t}", program(t, t, tiles, cube.format(T=TYPE[t]) + cvt.format(T=TYPE[t])), t, want)
        run.run(f"a2v_{t}", program(t, t, tiles, cube.format(T=TYPE[t]) + a2v.format(T=TYPE[t])), t, want)


if __name__ == "__main__":
    sys.exit(main())
