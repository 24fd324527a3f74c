"""macrosim.riscv against qemu's recorded runs of the C corpus and the C source of the debug
program."""

from pathlib import Path

import pytest

import macrosim
from macrosim import riscv

from conftest import ROOT, cli_error

RECORDED = ROOT / "tests" / "riscv-corpus" / "recorded"
CALLS = ROOT / "tests" / "riscv-corpus" / "debug" / "calls-O0.elf"


def recorded():
    return sorted(RECORDED.glob("*.elf"))


@pytest.mark.parametrize("elf", recorded(), ids=lambda p: p.stem)
def test_corpus_program_matches_qemu(elf: Path, monkeypatch):
    """stdout and exit status as qemu-riscv32 recorded them (scripts/record-riscv-corpus.sh)."""
    args_file = elf.with_suffix(".args")
    args = args_file.read_text().splitlines() if args_file.exists() else []
    monkeypatch.chdir(elf.parent)  # argv[0] as recorded: `NAME.elf`
    r = riscv.run(elf.name, args)
    assert r.stdout == elf.with_suffix(".stdout").read_bytes()
    assert r.exit_status == int(elf.with_suffix(".status").read_text())
    assert r.instructions > 0


def test_corpus_has_programs():
    assert len(recorded()) >= 30


def test_stepping_follows_the_c_source():
    """calls.c: main -> sum_squares(5) -> square(1..5), counter++ after each square; prints
    "total 55 counter 5" and exits 0."""
    hart = riscv.Hart(CALLS)
    assert hart.run(["main"]) == hart.address("main")
    assert hart.pc == hart.address("main")
    counter = hart.address("counter")
    hart.break_at("square")
    for i in range(1, 6):
        assert hart.run() == hart.address("square")
        assert hart.x[10] == i  # a0: square's argument (RISC-V psABI)
        assert hart.mem.array(counter, 1, "<i4")[0] == i - 1
    hart.breakpoints.clear()
    assert hart.run() is None
    r = hart.result()
    assert (r.exit_status, r.stdout) == (0, b"total 55 counter 5\n")
    assert r.instructions == hart.instructions


def test_step_and_registers():
    hart = riscv.Hart(CALLS)
    pc0 = hart.pc
    assert hart.disassemble()  # the entry's instruction
    assert hart.step(1) is False
    assert hart.instructions == 1 and hart.pc != pc0
    hart.x[5] = 0x1234
    assert hart.x[5] == 0x1234
    hart.x[0] = 7
    assert hart.x[0] == 0  # x0 stays zero
    assert hart.csr[0xF14] == 0  # mhartid
    hart.f[3] = 0x3FF0000000000000
    assert hart.f.double(3) == 1.0
    with pytest.raises(ValueError):
        hart.x[32]


def test_memory_write_is_seen_by_the_program():
    """Patch `counter`'s initial value before the run: the program prints counter + 5."""
    hart = riscv.Hart(CALLS)
    hart.mem.write(hart.address("counter"), (100).to_bytes(4, "little"))
    hart.run()
    assert hart.result().stdout == b"total 55 counter 105\n"


def test_max_insns_is_a_limit_error():
    with pytest.raises(macrosim.LimitError, match="ran past the limit of 1000 instructions"):
        riscv.run(RECORDED / "crc.elf", max_insns=1000)


def test_errors_carry_the_cli_text(tmp_path):
    bad = tmp_path / "bad.elf"
    bad.write_bytes(b"not an ELF at all")
    with pytest.raises(macrosim.InputError) as e:
        riscv.run(str(bad))
    assert str(e.value) == cli_error("riscv", "run", bad)
    crc = RECORDED / "crc.elf"
    with pytest.raises(macrosim.LimitError) as e:
        riscv.run(str(crc), max_insns=5000)
    assert str(e.value) == cli_error("riscv", "run", "--max-insns", "5000", crc)


def test_tiers():
    """tier="jit" gives the interpreter's results when the wheel has the jit feature, and
    otherwise the command line's message."""
    want = riscv.run(RECORDED / "crc.elf", tier="interp")
    try:
        got = riscv.run(RECORDED / "crc.elf", tier="jit")
    except macrosim.InputError as e:
        assert "built without the `jit` feature" in str(e)
    else:
        assert got == want
    with pytest.raises(ValueError, match="unknown tier"):
        riscv.run(RECORDED / "crc.elf", tier="fast")
