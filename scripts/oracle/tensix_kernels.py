#!/usr/bin/env python3
"""Expected outputs of the kernels under examples/tensix/kernels, from tensix_tile_model.py.

    tensix_kernels.py write     regenerate every expected/*.txt from the committed inputs
    tensix_kernels.py check     regenerate in memory and diff against the committed files
    tensix_kernels.py inputs    (re)make the input data (deterministic seeds; normally not needed)

Each expected file holds float32 values printed with %.9g (round-trips exactly); the comparison
is bit-exact. The script also prints the float64 end-to-end error of each matmul against the
error bound stated in its docstring (see `matmul_bound`).
"""

import sys
from pathlib import Path

import numpy as np

import tensix_formats as tf
import tensix_tile_model as tm

ROOT = Path(__file__).resolve().parents[2]
KERNELS = ROOT / "examples/tensix/kernels"


def bf16_values(rng, shape, scale=1.0):
    x = (rng.standard_normal(shape) * scale).astype(np.float32)
    return tf.bits_f32(tf.to_bf16_bits(x).astype(np.uint32) << 16)


def make_inputs():
    rng = np.random.default_rng(2)
    w = tf.write_matrix
    w(KERNELS / "data/mm_a.txt", bf16_values(rng, (32, 32)), "A 32x32, BF16-exact values, %.9g")
    w(KERNELS / "data/mm_b.txt", bf16_values(rng, (32, 32)), "B 32x32, BF16-exact values, %.9g")
    w(KERNELS / "data/mm_k4_a.txt", bf16_values(rng, (64, 128)), "A 64x128, BF16-exact values, %.9g")
    w(KERNELS / "data/mm_k4_b.txt", bf16_values(rng, (128, 32)), "B 128x32, BF16-exact values, %.9g")
    w(KERNELS / "data/elt_a.txt", bf16_values(rng, (32, 32), 4.0), "A 32x32, BF16-exact values, %.9g")
    w(KERNELS / "data/elt_b.txt", bf16_values(rng, (32, 32), 4.0), "B 32x32, BF16-exact values, %.9g")
    make_fp32_inputs()
    make_bfp_inputs()
    make_square_inputs()
    make_int8_inputs()


def make_square_inputs():
    rng = np.random.default_rng(6)
    for name in ("a", "b"):
        tf.write_matrix(KERNELS / f"data/mm_sq_{name}.txt", bf16_values(rng, (64, 64)),
                        f"{name.upper()} 64x64, BF16-exact values, %.9g")


def make_fp32_inputs():
    rng = np.random.default_rng(3)
    w = tf.write_matrix
    for name in ("sfpu_a", "sfpu_b"):
        w(KERNELS / f"data/{name}.txt", rng.standard_normal((32, 32)).astype(np.float32),
          f"{name[-1].upper()} 32x32 FP32 values, %.9g")


def bfp_values(rng, rows, cols, mag_bits):
    """Values exact in BFP8/BFP4: per 16 datums of the tile layout one exponent, random signed
    magnitudes (FloatBitPatterns.md: Mag / 2^(bits-1) * 2^(Exp-127); no negative zero)."""
    n = rows * cols // 16
    exp = rng.integers(124, 130, size=(n, 1))
    mag = rng.integers(0, 1 << mag_bits, size=(n, 16))
    sign = np.where(mag == 0, 1, np.where(rng.integers(0, 2, size=(n, 16)) == 1, -1, 1))
    v = (sign * np.ldexp(mag.astype(np.float64), exp - 127 - (mag_bits - 1))).astype(np.float32)
    return tf.from_tiles(v.reshape(-1), rows, cols)


def make_bfp_inputs():
    rng = np.random.default_rng(4)
    w = tf.write_matrix
    for fmt, bits in (("bfp8", 7), ("bfp4", 3)):
        for name in ("a", "b"):
            w(KERNELS / f"data/mm_{fmt}_{name}.txt", bfp_values(rng, 32, 32, bits),
              f"{name.upper()} 32x32, values exact in {fmt.upper()} (tile layout blocks), %.9g")


def make_int8_inputs():
    """INT8 tiles for eltwise_mul_int8: integers in -20..20, so some products saturate the
    INT8 result and both fidelity halves of each operand's magnitude are used."""
    rng = np.random.default_rng(8)
    for name in ("a", "b"):
        tf.write_matrix(KERNELS / f"data/elt_int8_{name}.txt",
                        rng.integers(-20, 21, (32, 32)).astype(np.float32),
                        f"{name.upper()} 32x32, INT8 values, %.9g")


def load(name, rows, cols):
    return tf.f32_bits(tf.read_matrix(KERNELS / "data" / name, rows, cols))


def matmul_bound(a, b, phases, kt):
    """Float64 end-to-end bound for |C - A@B| per element, in units of S = sum_k |a_ik||b_kj|.
    The inputs are exact in their format, so the error comes from the FPU only:
    - fidelity (MVMUL.md slices): LoFi keeps SrcA's (B's) implicit 1 + 4 bits and SrcB's (A's)
      1 + 6, so |ab - a'b'| <= (2^-4 + 2^-6)|ab|; HiFi2 keeps all of SrcA and 1 + 6 of SrcB:
      2^-6 |ab|; HiFi4 is exact for BF16 and the block-float formats;
    - group alignment (two groups of 8 products per MVMUL, each 12-bit product rounded to half an
      ulp of its group's largest exponent, 10 fraction bits): <= 8 * 2^-11 * max|ab| per group,
      so <= 2^-8 S per fidelity phase;
    - FP32 Dst: each MVMUL aligns two group sums and Dst and rounds once (<= 3 * 2^-24 S), two
      MVMULs per face pair per phase and K tile.
    So |C - A@B| <= (r_fidelity + P * 2^-8 + 6 * P * Kt * 2^-24) * S, P = number of phases."""
    r_fid = {1: 2.0**-4 + 2.0**-6, 2: 2.0**-6, 4: 0.0}[phases]
    rel = r_fid + phases * 2.0**-8 + 6 * phases * kt * 2.0**-24
    return rel * (np.abs(a.astype(np.float64)) @ np.abs(b.astype(np.float64)))


def matmul_case(name, a_file, b_file, m, k, n, phases):
    a = load(a_file, 32 * m, 32 * k)
    b = load(b_file, 32 * k, 32 * n)
    c = np.zeros((32 * m, 32 * n), dtype=np.uint32)
    for i in range(m):
        for j in range(n):
            c[32 * i : 32 * i + 32, 32 * j : 32 * j + 32] = tm.matmul_tiles(
                a[32 * i : 32 * i + 32, :], b[:, 32 * j : 32 * j + 32], phases, k)
    got = tf.bits_f32(c).astype(np.float64)
    exact = tf.bits_f32(a).astype(np.float64) @ tf.bits_f32(b).astype(np.float64)
    err = np.abs(got - exact)
    bound = matmul_bound(tf.bits_f32(a), tf.bits_f32(b), phases, k)
    worst = float((err / bound).max())
    print(f"{name}: max |C - A@B| (float64) = {err.max():.3g}, {worst:.2f} of the stated bound")
    if worst > 1.0:
        raise SystemExit(f"{name}: the float64 end-to-end error exceeds the stated bound")
    header = (f"{name}: C = A @ B as the Tensix FPU computes it (scripts/oracle/tensix_tile_model.py), "
              "float32 values printed %.9g")
    return {f"{name}.c.txt": (tf.bits_f32(c), header)}


def eltwise_case(name, op):
    a = load("elt_a.txt", 32, 32)
    b = load("elt_b.txt", 32, 32)
    if op in ("add", "add_bfp8"):
        # 16-bit BF16 Dst, packed as BF16 (and for add_bfp8 then assembled into BFP8 blocks; the
        # packer reads the tile in tile order, 16 datums of a face row per block)
        out = tm.pack_bf16_dst(tm.elwadd(a, b, fp32_acc=False))
        if op == "add_bfp8":
            out = tf.from_tiles(tm.pack_bf16_to_bfp(tf.to_tiles(out), 7), 32, 32)
    else:
        # 32-bit Dst, HiFi4 phases, packed to BF16 (rounding half away from zero)
        out = tm.pack_fp32_dst_to_bf16(tm.elwmul(a, b, 4, fp32_acc=True))
    kind = "BFP8" if op.endswith("bfp8") else "BF16"
    header = f"{name}: {op} of A and B as the Tensix FPU computes it, {kind} values printed %.9g"
    return {f"{name}.c.txt": (tf.bits_f32(out), header)}


def eltwise_int8_case(name):
    """ELWMUL in the FPU's integer mode, HiFi4, integer "32" Dst, packed to INT8."""
    a = tf.read_matrix(KERNELS / "data/elt_int8_a.txt", 32, 32).astype(np.int64)
    b = tf.read_matrix(KERNELS / "data/elt_int8_b.txt", 32, 32).astype(np.int64)
    out = tm.pack_int32_dst_to_int8(tm.elwmul_int8(a, b, 4))
    assert np.array_equal(out, np.clip(a * b, -127, 127)), "HiFi4 INT8 products are exact"
    header = f"{name}: A * B in the FPU's integer mode, saturated to INT8, printed %.9g"
    return {f"{name}.c.txt": (out.astype(np.float32), header)}


def sfpu_case(name):
    a = load("sfpu_a.txt", 32, 32)
    b = load("sfpu_b.txt", 32, 32)
    header = f"{name}: A + B in the SFPU (FP32, one rounding), float32 values printed %.9g"
    return {f"{name}.c.txt": (tf.bits_f32(tm.sfpu_add(a, b)), header)}


def tilize_case(name):
    """The unpacker's tileize mode (or the row-by-row untilize) and the FP32 Dst/packer path move
    FP32 values unchanged (UNPACR_Regular.md: FP32 to a 32-bit Dst is exact); only the layout
    changes, which the manifest states (tilize: input "rows", output "tiles"; untilize: the
    reverse), so the expected matrix is the input."""
    a = load("sfpu_a.txt", 32, 32)
    header = f"{name}: the input matrix (values unchanged by tilize), float32 values printed %.9g"
    return {f"{name}.c.txt": (tf.bits_f32(a), header)}


def expectations():
    out = {}
    out.update(matmul_case("matmul_lofi", "mm_a.txt", "mm_b.txt", 1, 1, 1, 1))
    out.update(matmul_case("matmul_hifi2", "mm_a.txt", "mm_b.txt", 1, 1, 1, 2))
    out.update(matmul_case("matmul_hifi4", "mm_a.txt", "mm_b.txt", 1, 1, 1, 4))
    out.update(matmul_case("matmul_k4_hifi2", "mm_k4_a.txt", "mm_k4_b.txt", 2, 4, 1, 2))
    out.update(matmul_case("matmul_m2k2n2_lofi", "mm_sq_a.txt", "mm_sq_b.txt", 2, 2, 2, 1))
    out.update(matmul_case("matmul_bfp8_hifi2", "mm_bfp8_a.txt", "mm_bfp8_b.txt", 1, 1, 1, 2))
    out.update(matmul_case("matmul_bfp4_lofi", "mm_bfp4_a.txt", "mm_bfp4_b.txt", 1, 1, 1, 1))
    out.update(eltwise_case("eltwise_add", "add"))
    out.update(eltwise_case("eltwise_mul", "mul"))
    out.update(eltwise_case("eltwise_add_bfp8", "add_bfp8"))
    out.update(eltwise_int8_case("eltwise_mul_int8"))
    out.update(sfpu_case("sfpu_add"))
    out.update(tilize_case("tilize"))
    out.update(tilize_case("untilize"))
    return out


def render(values, header):
    lines = [f"# {header}"]
    for row in values:
        lines.append(" ".join(f"{float(v):.9g}" for v in row))
    return "\n".join(lines) + "\n"


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "check"
    if mode == "inputs":
        make_inputs()
        return 0
    fails = tm.selftest()
    for f in fails:
        print(f"MODEL SELF-TEST FAILED: {f}")
    if fails:
        return 1
    print("model self-test: ok (fidelity slices, truncation, packer rounding, packer BFP8, SFPADD)")
    stale = 0
    for fname, (values, header) in expectations().items():
        path = KERNELS / "expected" / fname
        text = render(values, header)
        if mode == "write":
            path.write_text(text)
            print(f"wrote {path.relative_to(ROOT)}")
        elif not path.is_file() or path.read_text() != text:
            print(f"STALE: {path.relative_to(ROOT)} differs from the reference model's output")
            stale += 1
        else:
            print(f"ok: {path.relative_to(ROOT)}")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
