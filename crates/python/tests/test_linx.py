"""macrosim.linx: the sieve example (examples/linx/sieve.s) at smaller sizes, against a numpy
sieve; the block ROB report; errors as the command line prints them."""

import numpy as np
import pytest

import macrosim
from macrosim import linx

from conftest import ROOT, cli_error

SIEVE = (ROOT / "examples" / "linx" / "sieve.s").read_text()


def sieve_source(n: int, reps: int) -> str:
    """sieve.s with its N and repetition count changed (the two constants it loads)."""
    text = SIEVE.replace("hl.lis  2000000, ->s1", f"hl.lis  {n}, ->s1")
    text = text.replace("addi    zero, 5, ->s5", f"addi    zero, {reps}, ->s5")
    assert text.count(str(n)) >= 1 and text != SIEVE
    return text


def primes_below(n: int) -> int:
    flags = np.ones(n, dtype=bool)
    flags[:2] = False
    for i in range(2, int(n**0.5) + 1):
        if flags[i]:
            flags[i * i :: i] = False
    return int(flags.sum())


@pytest.mark.parametrize("n", [100, 10_000])
def test_sieve_counts_the_primes(n):
    elf = linx.assemble(sieve_source(n, 1), "sieve.s")
    r = linx.run(elf)
    assert r.exit_status == 0 and r.killed_by is None
    assert r.stdout == f"{primes_below(n)}\n".encode()
    assert r.timing is None
    assert r.instructions > r.blocks > n  # at least one block per number cleared


def test_timing_report():
    elf = linx.assemble(sieve_source(1000, 2), "sieve.s")
    plain = linx.run(elf)
    timed = linx.run(elf, timing=True)
    assert (timed.stdout, timed.instructions, timed.blocks) == (
        plain.stdout,
        plain.instructions,
        plain.blocks,
    )
    t = timed.timing
    assert t.blocks == timed.blocks  # every committed block went through the ROB
    assert t.cycles >= t.blocks / 4 and 0 < t.avg_occupancy <= t.max_occupancy
    assert t.text.startswith(f"block ROB: {t.blocks} blocks, {t.cycles} cycles")
    assert t.pes["scalar"].commands > 0


def test_limits_and_errors(tmp_path):
    src = tmp_path / "sieve.s"
    src.write_text(sieve_source(1000, 1))
    elf = tmp_path / "sieve.elf"
    elf.write_bytes(linx.assemble(src.read_text(), str(src)))
    with pytest.raises(macrosim.LimitError) as e:
        linx.run(elf, max_insns=500)
    assert str(e.value) == cli_error("linx", "run", "--max-insns", "500", elf)
    bad = tmp_path / "bad.s"
    bad.write_text("        .text\n_start: C.BSTART.STD\n        frobnicate x1\n")
    with pytest.raises(macrosim.InputError) as e:
        linx.assemble(bad.read_text(), str(bad))
    assert str(e.value) == cli_error("linx", "asm", bad, "-o", tmp_path / "bad.elf")
