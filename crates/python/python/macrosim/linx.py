"""Linx v0.4 programs (``macrosim linx run``), optionally with the block ROB timing model."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Optional, Sequence

from . import _native
from ._memory import Source, load_source

__all__ = ["PeStats", "Result", "Timing", "assemble", "run"]


def assemble(text: str, name: str = "<asm>") -> bytes:
    """Linx assembly source as a static ELF64 executable (``macrosim linx asm``)."""
    return _native.linx_assemble(text, name)


@dataclass(frozen=True)
class PeStats:
    commands: int
    busy: int
    stalled_gpr: int
    stalled_tile: int
    stalled_memory: int


@dataclass(frozen=True)
class Timing:
    """The block ROB report (``--timing``); ``text`` is what the command line prints."""

    blocks: int
    cycles: int
    avg_occupancy: float
    max_occupancy: int
    pes: Dict[str, PeStats]
    cube_tma_overlap: int
    text: str


@dataclass(frozen=True)
class Result:
    """How a program ended: ``exit_status`` as ``macrosim linx run`` exits (128 + signal when
    killed, ``killed_by`` the signal), captured output, instructions and blocks retired, and
    the timing report when asked for."""

    exit_status: int
    killed_by: Optional[int]
    stdout: bytes
    stderr: bytes
    instructions: int
    blocks: int
    timing: Optional[Timing]


def run(
    elf: Source,
    args: Sequence[str] = (),
    *,
    max_insns: Optional[int] = None,
    cfi: str = "strict",
    timing: bool = False,
    timing_config: Optional[str] = None,
    mem_limit: int = 4 << 30,
) -> Result:
    """Run a static linx64 Linux program to its end.

    ``cfi`` is ``"strict"`` (the manual) or ``"compat"`` (LLVM's current output);
    ``timing_config`` (TOML text, as ``--timing-config`` reads) implies ``timing``.
    """
    data, name = load_source(elf)
    kind, code, out, err, insns, blocks, rob = _native.linx_run(
        data, name, list(args), max_insns, cfi, timing, timing_config, mem_limit
    )
    report = None
    if rob is not None:
        nblocks, cycles, avg, most, pes, overlap, text = rob
        report = Timing(
            nblocks,
            cycles,
            avg,
            most,
            {p[0]: PeStats(*p[1:]) for p in pes},
            overlap,
            text,
        )
    killed = code if kind == "killed" else None
    status = 128 + code if killed is not None else code & 0xFF
    return Result(status, killed, bytes(out), bytes(err), insns, blocks, report)
