"""macrosim.tensix against the golden files of the documents' functional model, the numpy
model of the tile's FPU (scripts/oracle/tensix_tile_model.py) and its format encoders
(scripts/oracle/tensix_formats.py)."""

import sys
from pathlib import Path

import numpy as np
import pytest

import macrosim
from macrosim import tensix

from conftest import ROOT, cli_error

EXAMPLES = ROOT / "examples" / "tensix"
KERNELS = EXAMPLES / "kernels"
sys.path.insert(0, str(ROOT / "scripts" / "oracle"))
import tensix_formats as tf  # noqa: E402  (the independent numpy reference)
import tensix_tile_model as tm  # noqa: E402


def golden():
    return sorted(p for p in EXAMPLES.glob("*.tt") if p.with_suffix(".expected").exists())


def arch_of(path: Path) -> str:
    return "bh" if path.stem.endswith("_bh") else "wh"


def words_of(path: Path):
    return [int(line, 16) for line in path.read_text().split()]


@pytest.mark.parametrize("tt", golden(), ids=lambda p: p.stem)
def test_expand_matches_the_golden_file(tt: Path):
    want = words_of(tt.with_suffix(".expected"))
    assert tensix.expand(tt.read_text(), arch_of(tt)) == want
    for thread in (0, 1, 2):
        report = tensix.timing(tt.read_text(), arch_of(tt), thread)
        assert report.words == want
        assert report.words_out == len(want)
        assert [c for c, _ in report.gate] == sorted(c for c, _ in report.gate)


def test_golden_files_exist():
    assert len(golden()) >= 15


def test_plain_words_pass_through():
    """Words that are neither MOP nor REPLAY reach the Wait Gate unchanged (the expanded
    output of a program is such a list)."""
    words = words_of(EXAMPLES / "matmul_hifi4.expected")
    assert tensix.expand(words) == words


def test_timing_of_plain_words():
    """frontend/timing.rs's rule (tests/timing.rs): a plain word pushed in cycle c reaches the
    Wait Gate in cycle c + 3, one word per cycle; thread 0's FIFOs are 32 deep, 1 and 2 16."""
    nop = 0x60000000  # DMANOP
    report = tensix.timing([nop, nop, nop])
    assert report.gate == [(3, nop), (4, nop), (5, nop)]
    assert (report.words_in, report.words_out, report.cycles) == (3, 3, 6)
    assert report.fifo_depths[0] == 32
    assert tensix.timing([nop], thread=1).fifo_depths[0] == 16


def test_errors_carry_the_cli_text(tmp_path):
    bad = tmp_path / "bad.tt"
    bad.write_text("NOP\nNOT_AN_INSTRUCTION 1, 2\nmopcfg 9 0\n")
    with pytest.raises(macrosim.InputError) as e:
        tensix.expand(bad.read_text(), name=str(bad))
    assert str(e.value) == cli_error("tensix", "expand", bad)
    assert str(e.value).startswith(f"{bad}:2: ")


@pytest.mark.parametrize("fmt", ["fp32", "bf16", "bfp8", "bfp4"])
def test_encode_matches_the_reference_encoder(fmt):
    rng = np.random.default_rng(7)
    m = rng.integers(-64, 64, size=(32, 64)) / 16.0  # exact in fp32 and bf16, not in bfp
    got = tensix.encode(m, fmt)
    want = tf.encode(m, fmt, "tiles")
    assert got.tobytes() == want
    decoded = tensix.decode(got, fmt, m.shape)
    np.testing.assert_array_equal(decoded, tf.decode(want, fmt, "tiles", *m.shape))
    if fmt in ("fp32", "bf16"):
        np.testing.assert_array_equal(decoded, m)


def load_bits(name, rows, cols):
    return tf.f32_bits(tf.read_matrix(KERNELS / "data" / name, rows, cols))


@pytest.mark.parametrize("fidelity,phases", [("lofi", 1), ("hifi4", 4)])
def test_tile_matmul_matches_the_numpy_model(fidelity, phases):
    """Seed 002's matmul (examples/tensix/kernels/matmul_*.toml) built from Python: BF16
    inputs in tiles, FP32 result, bit-exact against tensix_tile_model.matmul_tiles."""
    a = tf.bits_f32(load_bits("mm_a.txt", 32, 32))
    b = tf.bits_f32(load_bits("mm_b.txt", 32, 32))
    tile = tensix.Tile()
    tile.load("trisc0", KERNELS / "build" / "matmul_unpack.elf")
    tile.load("trisc1", KERNELS / "build" / f"matmul_math_{fidelity}.elf")
    tile.load("trisc2", KERNELS / "build" / "matmul_pack.elf")
    tile.write_matrix(0x21000, a, "bf16")
    tile.write_matrix(0x31000, b, "bf16")
    stats = tile.run()
    got = tile.read_matrix(0x41000, "fp32", (32, 32)).astype(np.float32)
    want = tf.bits_f32(tm.matmul_tiles(tf.f32_bits(a), tf.f32_bits(b), phases, 1))
    assert got.view(np.uint32).tolist() == want.view(np.uint32).tolist()
    # The raw L1 view agrees with the decoded one.
    raw = tile.l1.array(0x41000, 1024, np.float32)
    np.testing.assert_array_equal(tf.from_tiles(raw, 32, 32), got)
    assert stats.cycles > 0 and stats.cycles == tile.cycle
    assert stats.cores["trisc1"].pushes > 0
    # 16 MVMULs per fidelity phase (4 output faces x 2 inner faces x 2 MVMULs of 8 rows).
    assert stats.unit_totals().get("fpu", 0) >= 16 * phases


def test_l1_is_a_numpy_array():
    tile = tensix.Tile()
    l1 = np.asarray(tile.l1)
    assert l1.dtype == np.uint8 and l1.size == 1464 * 1024
    tile.l1[0x20000:0x20004] = np.array([1, 2, 3, 4], dtype=np.uint8)
    assert tile.l1[0x20000:0x20004].tolist() == [1, 2, 3, 4]
    assert tile.l1.array(0x20000, 1, "<u4")[0] == 0x04030201


def test_tile_errors():
    tile = tensix.Tile()
    with pytest.raises(macrosim.InputError, match="trisc0: its ELF"):
        tile.load("trisc0", b"\x7fELF garbage")
    tile.load("trisc1", KERNELS / "build" / "matmul_math_lofi.elf")  # no unpacker: never done
    with pytest.raises(macrosim.SimulationError):
        tile.run(max_cycles=20_000)
