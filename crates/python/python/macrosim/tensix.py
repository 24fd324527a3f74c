"""The Tensix coprocessor: one thread's frontend (``macrosim tensix expand``), the L1 data
formats, and a whole Wormhole B0 tile (``macrosim tensix run``).

* ``expand(program, arch="wh")``: the instruction words that reach the Wait Gate;
  ``timing(program, arch, thread)``: the same cycle by cycle (``expand --timing``) as a
  :class:`FrontendTiming`. A program is ``.tt`` text or a list of words to push.
* ``encode(matrix, fmt)`` / ``decode(data, fmt, shape)``: matrices to and from L1 bytes in a
  data format (fp32, tf32, fp16, bf16, int32, bfp8, bfp4) and layout (``"tiles"``: 32x32
  tiles of four 16x16 faces; ``"rows"``: row-major).
* :class:`Tile`: load TRISC firmware, put inputs in L1 (``tile.l1`` is a :class:`Memory`),
  run, read the results and the :class:`TileStats`.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _native
from ._memory import Memory, Source, load_source

__all__ = [
    "FrontendTiming",
    "Tile",
    "TileStats",
    "decode",
    "disassemble",
    "encode",
    "expand",
    "timing",
]

Program = Union[str, Sequence[int]]


def _warn(messages: List[str]) -> None:
    for m in messages:
        warnings.warn(m, stacklevel=3)


def expand(program: Program, arch: str = "wh", *, name: str = "<program>") -> List[int]:
    """The words ``program`` sends to the Wait Gate (the MOP and replay expanders applied).

    ``name`` is how error messages name the program (``NAME:LINE: what is wrong``).
    """
    words, warns = _native.tensix_expand(program, name, arch)
    _warn(warns)
    return words


@dataclass(frozen=True)
class FrontendTiming:
    """``expand --timing``'s report: where each word reached the Wait Gate, and the totals.

    ``gate[i]`` is ``(cycle, word)`` of output word ``i``; the figures are those the command
    line prints after the ``gate`` lines.
    """

    arch: str
    thread: int
    fifo_depths: Tuple[int, int, int]
    gate: List[Tuple[int, int]]
    words_in: int
    mopcfg_writes: int
    words_out: int
    cycles: int
    mop_bubbles: int
    wait_gate_idle_cycles: int
    push_stall_cycles: int
    mopcfg_wait_cycles: int

    @property
    def words(self) -> List[int]:
        return [w for _, w in self.gate]


def timing(
    program: Program, arch: str = "wh", thread: int = 0, *, name: str = "<program>"
) -> FrontendTiming:
    """Run ``program`` through thread ``thread``'s frontend cycle by cycle."""
    depths, gate, stats, warns = _native.tensix_timing(program, name, arch, thread)
    _warn(warns)
    return FrontendTiming(arch, thread, tuple(depths), gate, **dict(stats))


def disassemble(word: int, arch: str = "wh") -> str:
    return _native.tensix_disassemble(word, arch)


def _layout(layout: str) -> bool:
    if layout not in ("tiles", "rows"):
        raise ValueError(f"unknown layout {layout!r} (tiles or rows)")
    return layout == "tiles"


def encode(matrix, fmt: str, layout: str = "tiles") -> np.ndarray:
    """A 2-D matrix as the L1 bytes of ``fmt`` in ``layout`` (a ``uint8`` array)."""
    m = np.asarray(matrix, dtype="<f8")
    if m.ndim != 2:
        raise ValueError(f"a matrix is 2-D, not {m.ndim}-D")
    rows, cols = m.shape
    data = _native.tensix_encode(np.ascontiguousarray(m).tobytes(), fmt, _layout(layout), rows, cols)
    return np.frombuffer(data, dtype=np.uint8).copy()


def decode(data, fmt: str, shape: Tuple[int, int], layout: str = "tiles") -> np.ndarray:
    """L1 bytes of a ``shape`` matrix in ``fmt`` as float64 values."""
    rows, cols = shape
    raw = data.tobytes() if isinstance(data, np.ndarray) else bytes(data)
    out = _native.tensix_decode(raw, fmt, _layout(layout), rows, cols)
    return np.frombuffer(out, dtype="<f8").reshape(rows, cols).copy()


def byte_len(fmt: str, shape: Tuple[int, int], layout: str = "tiles") -> int:
    """Bytes of a ``shape`` matrix in ``fmt``."""
    return _native.tensix_byte_len(fmt, _layout(layout), *shape)


@dataclass(frozen=True)
class CoreStats:
    instructions: int
    """RISC-V instructions retired."""
    pushes: int
    """Tensix instructions pushed."""


@dataclass(frozen=True)
class TileStats:
    """A tile run's figures (``tensix run --stats``): cycles, per core (trisc0..2, brisc)
    RISC-V instructions and Tensix pushes, and per thread the Tensix instructions each backend
    unit executed."""

    cycles: int
    cores: Dict[str, CoreStats]
    units: List[Dict[str, int]] = field(repr=False)

    def unit_totals(self) -> Dict[str, int]:
        """Instructions per unit over the three threads (units that ran any)."""
        totals: Dict[str, int] = {}
        for thread in self.units:
            for unit, n in thread.items():
                totals[unit] = totals.get(unit, 0) + n
        return {u: n for u, n in totals.items() if n}


class Tile:
    """A Wormhole B0 tile: TRISC0/1/2 (and BRISC) firmware, the shared L1, the backend.

    ``load(core, elf)`` loads a core's firmware (``"trisc0"`` .. ``"brisc"`` or 0..3);
    ``l1`` is the L1 (``tile.l1[a:b]``, ``numpy.asarray(tile.l1)``); ``write_matrix`` and
    ``read_matrix`` convert through a data format; ``run()`` runs until every loaded core
    has written its done word.
    """

    CORES = tuple(_native.TensixTile.core_names())

    def __init__(self) -> None:
        self._t = _native.TensixTile()
        self.l1 = Memory(self._t.read, self._t.write, 0, _native.TensixTile.l1_size())

    def load(self, core: Union[str, int], elf: Source) -> None:
        index = self.CORES.index(core) if isinstance(core, str) else core
        data, _ = load_source(elf)
        self._t.load_core(index, data)

    def write_matrix(self, addr: int, matrix, fmt: str, layout: str = "tiles") -> None:
        self.l1.write(addr, encode(matrix, fmt, layout))

    def read_matrix(
        self, addr: int, fmt: str, shape: Tuple[int, int], layout: str = "tiles"
    ) -> np.ndarray:
        return decode(self.l1.read(addr, byte_len(fmt, shape, layout)), fmt, shape, layout)

    @property
    def cycle(self) -> int:
        return self._t.cycle

    def run(self, max_cycles: int = 10_000_000) -> TileStats:
        cycles, cores, units = self._t.run(max_cycles)
        return TileStats(
            cycles,
            {name: CoreStats(insns, pushes) for name, insns, pushes in cores},
            [dict(t) for t in units],
        )
