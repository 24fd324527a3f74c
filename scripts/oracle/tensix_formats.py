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


def encode(values, fmt, layout):
    """A float matrix to L1 bytes in `fmt` and `layout`."""
    m = np.asarray(values, dtype=np.float32)
    flat = to_tiles(m) if layout == "tiles" else m.reshape(-1)
    if fmt in ("fp32", "tf32"):
        return f32_bits(flat).astype("<u4").tobytes()
    if fmt == "bf16":
        return to_bf16_bits(flat).astype("<u2").tobytes()
    raise ValueError(f"format {fmt} is not supported by this encoder")


def decode(data, fmt, layout, rows, cols):
    """L1 bytes to a float32 matrix."""
    n = rows * cols
    if fmt in ("fp32", "tf32"):
        flat = bits_f32(np.frombuffer(data, dtype="<u4", count=n))
    elif fmt == "bf16":
        flat = bits_f32(np.frombuffer(data, dtype="<u2", count=n).astype(np.uint32) << 16)
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
        return out["rows"] * out["cols"] * BYTES_PER_DATUM[out["format"]]
