"""Host-side Tensix data formats and the kernel manifest (coord/TILE_CONTRACT.md), in numpy.

Written from the ISA pages (tt-isa-documentation WormholeB0/TensixTile/TensixCoprocessor/
Unpackers and Packers pages, notes/tensix.md §1.3), independently of macrosim's Rust code:
- fp32: IEEE binary32 bits; bf16: the high 16 bits of binary32; tf32 in L1 is stored as fp32.
- "tiles" layout: 32x32 tiles in row-major tile order, each four 16x16 faces (f0 f1 / f2 f3),
  row-major inside a face. "rows": plain row-major.
"""

import tomllib
from pathlib import Path

import numpy as np

TILE = 32
FACE = 16

BYTES_PER_DATUM = {"fp32": 4, "tf32": 4, "int32": 4, "fp16": 2, "bf16": 2, "int8": 1}
# Block-float formats with an 8-bit shared exponent per 16 datums (FloatBitPatterns.md "BFP"):
# magnitude bits per datum after the sign.
BFP_MAG_BITS = {"bfp8": 7, "bfp4": 3}
BFP_BLOCK = 16


def bfp_tile_bytes(fmt):
    """Bytes of one 32x32 tile: 64 shared exponents (padded to 16 bytes), then the datums."""
    return 64 + 1024 * (BFP_MAG_BITS[fmt] + 1) // 8


def f32_bits(x):
    return np.asarray(x, dtype=np.float32).view(np.uint32)


def bits_f32(b):
    return np.asarray(b, dtype=np.uint32).view(np.float32)


def to_bf16_bits(x):
    """FP32 -> BF16 with round to nearest, ties to even (host-side conversion of inputs; the
    shipped inputs are exact in BF16, so no rounding happens for them)."""
    b = f32_bits(x).astype(np.uint64)
    rounded = (b + 0x7FFF + ((b >> 16) & 1)) >> 16
    return rounded.astype(np.uint16)


def to_tiles(m):
    """A (rows, cols) matrix, rows and cols multiples of 32, as a flat array in tile order."""
    r, c = m.shape
    assert r % TILE == 0 and c % TILE == 0, "tile layout needs multiples of 32"
    t = m.reshape(r // TILE, 2, FACE, c // TILE, 2, FACE)
    # tile row, tile col, face row, face col, row in face, col in face
    return t.transpose(0, 3, 1, 4, 2, 5).reshape(-1)


def from_tiles(flat, r, c):
    t = np.asarray(flat).reshape(r // TILE, c // TILE, 2, 2, FACE, FACE)
    return t.transpose(0, 2, 4, 1, 3, 5).reshape(r, c)


def encode_bfp_tile(flat, fmt):
    """One tile (1024 values in tile order) to BFP8/BFP4 bytes: per 16 datums (one face row) the
    largest exponent is shared; each datum is sign | round(|v| / 2^(Exp-127) * 2^(bits-1)),
    clamped to the magnitude width (FloatBitPatterns.md: Mag / 2^6 * 2^(Exp-127) for BFP8,
    Mag / 2^2 * 2^(Exp-127) for BFP4). The exponent section (64 bytes, 16-byte aligned) comes
    first, then the datums; BFP4 puts datum 2i in the low nibble of byte i (the unpacker's
    addressing, Unpackers: 4 bits per datum). Values exact in the format encode exactly."""
    mag_bits = BFP_MAG_BITS[fmt]
    blocks = np.asarray(flat, dtype=np.float32).reshape(-1, BFP_BLOCK)
    bits = f32_bits(blocks)
    exps = ((bits >> 23) & 0xFF).max(axis=1).astype(np.int64)
    scale = np.ldexp(1.0, (mag_bits - 1) - (exps - 127))[:, None]
    mag = np.minimum(np.rint(np.abs(blocks.astype(np.float64)) * scale), (1 << mag_bits) - 1)
    mag = mag.astype(np.uint32)
    sign = np.where(mag == 0, 0, bits >> 31).astype(np.uint32)
    datum = ((sign << mag_bits) | mag).reshape(-1)
    if mag_bits == 3:
        datum = datum[0::2] | (datum[1::2] << 4)
    return exps.astype(np.uint8).tobytes() + datum.astype(np.uint8).tobytes()


def decode_bfp_tile(data, fmt):
    """BFP8/BFP4 tile bytes to 1024 float32 values in tile order (BFP8ToBF16 of
    FloatBitPatterns.md: the magnitude is normalised into a BF16)."""
    mag_bits = BFP_MAG_BITS[fmt]
    exps = np.frombuffer(data[:64], dtype=np.uint8).astype(np.int64)
    raw = np.frombuffer(data[64:bfp_tile_bytes(fmt)], dtype=np.uint8).astype(np.int64)
    if mag_bits == 3:
        raw = np.stack([raw & 15, raw >> 4], axis=1).reshape(-1)
    sign = raw >> mag_bits
    mag = raw & ((1 << mag_bits) - 1)
    val = np.ldexp(mag.astype(np.float64), (np.repeat(exps, BFP_BLOCK) - 127) - (mag_bits - 1))
    return np.where(sign == 1, -val, val).astype(np.float32)


def encode(values, fmt, layout):
    """A float matrix to L1 bytes in `fmt` and `layout`."""
    m = np.asarray(values, dtype=np.float32)
    flat = to_tiles(m) if layout == "tiles" else m.reshape(-1)
    if fmt in BFP_MAG_BITS:
        assert layout == "tiles", "block-float data is stored as tiles"
        return b"".join(encode_bfp_tile(t, fmt) for t in flat.reshape(-1, 1024))
    if fmt in ("fp32", "tf32"):
        return f32_bits(flat).astype("<u4").tobytes()
    if fmt == "bf16":
        return to_bf16_bits(flat).astype("<u2").tobytes()
    if fmt == "int8":
        # Packers/FormatConversion.md "INT8": sign-magnitude, 7 magnitude bits (saturating)
        v = flat.astype(np.int64)
        return (((v < 0) << 7) | np.minimum(np.abs(v), 127)).astype(np.uint8).tobytes()
    raise ValueError(f"format {fmt} is not supported by this encoder")


def decode(data, fmt, layout, rows, cols):
    """L1 bytes to a float32 matrix."""
    n = rows * cols
    if fmt in BFP_MAG_BITS:
        size = bfp_tile_bytes(fmt)
        flat = np.concatenate([decode_bfp_tile(data[i * size : (i + 1) * size], fmt)
                               for i in range(n // 1024)])
    elif fmt in ("fp32", "tf32"):
        flat = bits_f32(np.frombuffer(data, dtype="<u4", count=n))
    elif fmt == "bf16":
        flat = bits_f32(np.frombuffer(data, dtype="<u2", count=n).astype(np.uint32) << 16)
    elif fmt == "int8":
        b = np.frombuffer(data, dtype=np.uint8, count=n).astype(np.int64)
        flat = np.where(b >> 7 != 0, -(b & 0x7F), b & 0x7F).astype(np.float32)
    else:
        raise ValueError(f"format {fmt} is not supported by this decoder")
    return from_tiles(flat, rows, cols) if layout == "tiles" else flat.reshape(rows, cols)


def read_matrix(path, rows, cols):
    m = np.loadtxt(path, dtype=np.float64, comments="#", ndmin=2).astype(np.float32)
    if m.shape != (rows, cols):
        raise ValueError(f"{path}: {m.shape[0]}x{m.shape[1]} values, manifest says {rows}x{cols}")
    return m


def write_matrix(path, m, header):
    """Values printed with %.9g, which round-trips every float32 exactly."""
    with open(path, "w") as f:
        f.write(f"# {header}\n")
        for row in np.asarray(m, dtype=np.float32):
            f.write(" ".join(f"{float(v):.9g}" for v in row) + "\n")


class Manifest:
    """The kernel manifest of coord/TILE_CONTRACT.md."""

    def __init__(self, path):
        self.path = Path(path)
        self.dir = self.path.parent
        with open(self.path, "rb") as f:
            self.doc = tomllib.load(f)
        self.cores = self.doc.get("cores", {})
        self.inputs = self.doc.get("input", [])
        self.outputs = self.doc.get("output", [])
        self.max_cycles = self.doc.get("max_cycles", 2_000_000)

    def file(self, rel):
        return self.dir / rel

    def input_bytes(self, inp):
        if "format" not in inp:
            return self.file(inp["file"]).read_bytes()
        m = read_matrix(self.file(inp["file"]), inp["rows"], inp["cols"])
        return encode(m, inp["format"], inp.get("layout", "tiles"))

    def output_size(self, out):
        if "format" not in out:
            return out["bytes"]
        if out["format"] in BFP_MAG_BITS:
            return out["rows"] * out["cols"] // 1024 * bfp_tile_bytes(out["format"])
        return out["rows"] * out["cols"] * BYTES_PER_DATUM[out["format"]]
