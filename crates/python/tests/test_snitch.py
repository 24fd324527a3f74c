"""macrosim.snitch: the self-checking programs of examples/snitch (each states its outcome in
an `// expect:` line) and the axpy kernel's TCDM contents against numpy."""

import re
from pathlib import Path

import numpy as np
import pytest

import macrosim
from macrosim import snitch

from conftest import ROOT

SNITCH = ROOT / "examples" / "snitch"


def programs():
    out = []
    for src in sorted((SNITCH / "tests").glob("*.c")) + sorted((SNITCH / "kernels").glob("*.c")):
        m = re.search(r"^// expect: (exit=(\d+)|error=.*)$", src.read_text(), re.M)
        elf = SNITCH / "build" / f"{src.stem}.elf"
        if m and elf.exists():
            out.append((elf, None if m.group(2) is None else int(m.group(2))))
    return out


@pytest.mark.parametrize("elf,code", programs(), ids=lambda p: getattr(p, "stem", p))
def test_program_outcome(elf: Path, code):
    if code is None:
        with pytest.raises(macrosim.SimulationError):
            snitch.run(elf, max_insns=50_000_000)
    else:
        assert snitch.run(elf, max_insns=50_000_000).exit_code == code


def test_programs_found():
    assert len(programs()) >= 30


def test_axpy_tcdm_and_stats():
    """axpy.c: z = 3x + y with x[i] = i % 29 - 14, y[i] = (i % 11) * 5, n = 2560 in 8 tiles of
    320; the last tile of z is left in TCDM buffer zb[1]."""
    cluster = snitch.Cluster(SNITCH / "build" / "axpy.elf")
    r = cluster.run(timing=True)
    assert r.exit_code == 0
    i = np.arange(2560)
    z = 3.0 * (i % 29 - 14) + (i % 11) * 5.0
    zb = cluster.symbols["zb"]
    assert cluster.tcdm.base <= zb < cluster.tcdm.base + cluster.tcdm.size
    np.testing.assert_array_equal(cluster.tcdm.array(zb + 320 * 8, 320, np.float64), z[-320:])
    tcdm = np.asarray(cluster.tcdm)
    assert tcdm.size == cluster.tcdm.size
    assert len(r.harts) == 9
    compute = r.harts[:8]
    # 2560 fmadd.d over 8 cores through SSRs (x, y read, z written: 3 elements each).
    assert sum(h.fp_ops for h in compute) >= 2560
    assert sum(h.ssr_elements for h in compute) == 3 * 2560
    assert r.harts[8].dma_transfers > 0


def test_bad_preset_is_an_input_error():
    with pytest.raises(macrosim.InputError, match="nope"):
        snitch.Cluster(SNITCH / "build" / "axpy.elf", preset="nope")
