#!/usr/bin/env python3
"""Run a Tensix kernel manifest on Tenstorrent's ttsim and compare its L1 results bit for bit.

    TTSIM_DIR=/path/to/ttsim ttsim-compare.py MANIFEST.toml [--dump DIR] [--macrosim-dump DIR]

ttsim (tenstorrent/ttsim, Apache-2.0) is the vendor's functional golden model. It is not part of
this repository: build it in a scratch folder outside the repo (notes/ttsim.md: `git archive` a
snapshot, `./make.py src/_out/release_wh/libttsim.so`) and point TTSIM_DIR at the source root or at
the folder holding libttsim.so. Without TTSIM_DIR the script prints SKIPPED and exits 0.

The only interface is libttsim's PCIe-device ABI (ttsim docs/libttsim_api.md): this script plays
the host. It maps 1 MiB TLB windows of BAR0 onto NoC tile (1, 1) (the first Tensix tile), writes
each core's ELF segments and the manifest's inputs into L1, clears the TRISC soft resets so the
cores start at their reset PCs (SoftReset.md), clocks until every started core has written its
done word (coord/TILE_CONTRACT.md), then reads each output back and compares it with the
manifest's expected file (and with macrosim's `tensix run --dump` files when given).

Exit status: 0 all outputs match, 1 a mismatch, 2 an error (ttsim itself exits 1 on a fault).
"""

import argparse
import ctypes
import os
import struct
import sys
from pathlib import Path

# numpy and the oracle's format module are loaded only when ttsim is there to run (so the
# script can print SKIPPED on a machine without numpy).
np = None
tf = None


def load_deps():
    global np, tf
    import numpy

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "oracle"))
    import tensix_formats

    np, tf = numpy, tensix_formats

BAR0 = 0x1_0000_0000
TLB_CFG = BAR0 + 0x1FC0_0000  # 8 bytes per TLB, indices 0..155 are 1 MiB windows
MIB = 1 << 20
TILE_X, TILE_Y = 1, 1
SOFT_RESET_0 = 0xFFB1_21B0
RESET_ALL = 0x47800
RESET_BIT = {"brisc": 0x800, "trisc0": 0x1000, "trisc1": 0x2000, "trisc2": 0x4000}
CORE_INDEX = {"trisc0": 0, "trisc1": 1, "trisc2": 2, "brisc": 3}
DONE_BASE = 0x1F000
L1_SIZE = 1464 * 1024
CLOCK_STEP = 20_000


class Ttsim:
    def __init__(self, lib_path):
        self.lib = ctypes.CDLL(str(lib_path))
        self.lib.libttsim_pci_mem_rd_bytes.argtypes = [ctypes.c_uint64, ctypes.c_void_p, ctypes.c_uint32]
        self.lib.libttsim_pci_mem_wr_bytes.argtypes = [ctypes.c_uint64, ctypes.c_void_p, ctypes.c_uint32]
        self.lib.libttsim_clock.argtypes = [ctypes.c_uint32]
        self.lib.libttsim_init()
        self.windows = {}

    def _wr(self, paddr, data):
        buf = ctypes.create_string_buffer(bytes(data), len(data))
        self.lib.libttsim_pci_mem_wr_bytes(paddr, buf, len(data))

    def _rd(self, paddr, n):
        buf = ctypes.create_string_buffer(n)
        self.lib.libttsim_pci_mem_rd_bytes(paddr, buf, n)
        return buf.raw

    def _window(self, addr):
        """BAR0 address of tile-local `addr` through a 1 MiB TLB window (one per MiB)."""
        mib = addr >> 20
        if mib not in self.windows:
            index = len(self.windows)
            cfg = mib | (TILE_X << 16) | (TILE_Y << 22)
            self._wr(TLB_CFG + 8 * index, struct.pack("<Q", cfg))
            self.windows[mib] = BAR0 + index * MIB
        return self.windows[mib] + (addr & (MIB - 1))

    def write(self, addr, data):
        for off in range(0, len(data), 4096):
            chunk = data[off : off + 4096]
            a = addr + off
            first = min(len(chunk), MIB - (a & (MIB - 1)))
            self._wr(self._window(a), chunk[:first])
            if first < len(chunk):
                self._wr(self._window(a + first), chunk[first:])

    def read(self, addr, n):
        out = bytearray()
        while n:
            step = min(n, 4096, MIB - (addr & (MIB - 1)))
            out += self._rd(self._window(addr), step)
            addr += step
            n -= step
        return bytes(out)

    def write32(self, addr, v):
        self.write(addr, struct.pack("<I", v))

    def read32(self, addr):
        return struct.unpack("<I", self.read(addr, 4))[0]

    def clock(self, n):
        self.lib.libttsim_clock(n)


def elf_segments(path):
    """(address, bytes) of each PT_LOAD segment with file contents of a 32-bit little-endian ELF."""
    data = Path(path).read_bytes()
    if data[:4] != b"\x7fELF" or data[4] != 1 or data[5] != 1:
        raise ValueError(f"{path}: not a 32-bit little-endian ELF")
    phoff, = struct.unpack_from("<I", data, 28)
    phentsize, phnum = struct.unpack_from("<HH", data, 42)
    segs = []
    for i in range(phnum):
        p_type, p_offset, p_vaddr, p_paddr, p_filesz = struct.unpack_from("<IIIII", data, phoff + i * phentsize)
        if p_type == 1 and p_filesz:
            if p_paddr + p_filesz > L1_SIZE:
                raise ValueError(f"{path}: segment at {p_paddr:#x} is not in L1 (no host path to local memory)")
            segs.append((p_paddr, data[p_offset : p_offset + p_filesz]))
    return segs


def expected_bits(man, out):
    """The expected output as raw bytes in the output's format and layout."""
    path = man.file(out["expect"])
    if "format" not in out:
        return path.read_bytes()
    m = tf.read_matrix(path, out["rows"], out["cols"])
    return tf.encode(m, out["format"], out.get("layout", "tiles"))


def compare(name, got, want, out):
    """Bit-for-bit comparison; prints a summary line, returns True when equal."""
    if got == want:
        print(f"{name}: bit-exact ({len(got)} bytes)")
        return True
    width = tf.BYTES_PER_DATUM.get(out.get("format"), 1)
    dt = {4: "<u4", 2: "<u2", 1: "u1"}[width]
    g = np.frombuffer(got, dtype=dt)
    w = np.frombuffer(want, dtype=dt)
    bad = np.nonzero(g != w)[0]
    first = bad[0]
    print(f"{name}: {len(bad)} of {len(g)} datums differ; first at datum {first}: "
          f"got {int(g[first]):#x}, want {int(w[first]):#x}")
    return False


def find_lib(ttsim_dir):
    d = Path(ttsim_dir)
    for cand in (d / "libttsim.so", d / "src/_out/release_wh/libttsim.so"):
        if cand.is_file():
            return cand
    raise FileNotFoundError(f"no libttsim.so in {d} or {d}/src/_out/release_wh (build it with "
                            "./make.py src/_out/release_wh/libttsim.so)")


def run(args):
    man = tf.Manifest(args.manifest)
    if man.doc.get("arch", "wh") != "wh":
        print(f"SKIPPED: {args.manifest}: this harness drives the Wormhole B0 build only")
        return 0
    sim = Ttsim(find_lib(os.environ["TTSIM_DIR"]))
    sim.write32(SOFT_RESET_0, RESET_ALL)
    for core in CORE_INDEX.values():
        sim.write32(DONE_BASE + 4 * core, 0)
    for core, elf in man.cores.items():
        for addr, data in elf_segments(man.file(elf)):
            sim.write(addr, data)
    for inp in man.inputs:
        sim.write(inp["addr"], man.input_bytes(inp))
    for out in man.outputs:
        sim.write(out["addr"], bytes(man.output_size(out)))

    reset = RESET_ALL
    for core in man.cores:
        reset &= ~RESET_BIT[core]
    sim.write32(SOFT_RESET_0, reset)
    started = [CORE_INDEX[c] for c in man.cores]
    clocks = 0
    while True:
        words = [sim.read32(DONE_BASE + 4 * c) for c in started]
        if all(words):
            break
        if clocks >= args.max_clocks:
            print(f"error: not done after {clocks} clocks; done words {[hex(w) for w in words]}")
            return 2
        sim.clock(CLOCK_STEP)
        clocks += CLOCK_STEP
    if any(w != 1 for w in words):
        print(f"error: a core reported failure: done words {[hex(w) for w in words]}")
        return 2
    print(f"{man.path.name}: all cores done after about {clocks} ttsim clocks")

    ok = True
    for out in man.outputs:
        got = sim.read(out["addr"], man.output_size(out))
        name = out["name"]
        if args.dump:
            Path(args.dump).mkdir(parents=True, exist_ok=True)
            (Path(args.dump) / f"{name}.bin").write_bytes(got)
            if "format" in out:
                m = tf.decode(got, out["format"], out.get("layout", "tiles"), out["rows"], out["cols"])
                tf.write_matrix(Path(args.dump) / f"{name}.txt", m, f"{name} from ttsim, %.9g")
        if "expect" in out:
            ok &= compare(f"{name} vs expected", got, expected_bits(man, out), out)
        if args.macrosim_dump:
            ok &= compare(f"{name} vs macrosim", got,
                          (Path(args.macrosim_dump) / f"{name}.bin").read_bytes(), out)
    return 0 if ok else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("manifest")
    ap.add_argument("--dump", help="write every output as DIR/name.bin and DIR/name.txt")
    ap.add_argument("--macrosim-dump", help="also compare with macrosim's `tensix run --dump DIR` files")
    ap.add_argument("--max-clocks", type=int, default=20_000_000)
    args = ap.parse_args()
    if not os.environ.get("TTSIM_DIR"):
        print(f"SKIPPED: {args.manifest}: TTSIM_DIR is not set (build ttsim outside the repo, see notes)")
        return 0
    try:
        load_deps()
        return run(args)
    except (OSError, ValueError, KeyError, ImportError) as e:
        print(f"error: {e}")
        return 2


if __name__ == "__main__":
    sys.exit(main())
