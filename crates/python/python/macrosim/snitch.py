"""The Snitch cluster (``macrosim snitch run``): compute cores with SSRs and FREP, a DMA core,
shared TCDM; ``Cluster.tcdm`` is a :class:`Memory`."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import List, Optional

from . import _native
from ._memory import Memory, Source, load_source

__all__ = ["Cluster", "HartStats", "Result", "run"]


@dataclass(frozen=True)
class HartStats:
    """One hart's figures (``--stats``); the int/fp/stall figures need ``timing=True``."""

    hart: int
    instructions: int
    frep_repetitions: int
    ssr_elements: int
    dma_bytes: int
    dma_transfers: int
    cycles: int
    int_insns: int
    fp_insns: int
    fp_ops: int
    stall_fp_raw: int
    stall_ssr: int
    stall_offload_queue: int
    stall_int_waits_fp: int
    stall_barrier: int
    stall_wfi: int


@dataclass(frozen=True)
class Result:
    """The program's exit code, what it printed through the uart, per-hart figures."""

    exit_code: int
    output: str
    harts: List[HartStats]


class Cluster:
    """A cluster with ``elf`` loaded: the ``preset`` system (``snitch_cluster`` or
    ``banshee``) or ``config`` (a TOML file's path, as ``--config``), ``cores`` compute cores.
    Write inputs into ``tcdm`` / ``dram`` before :meth:`run` and read results after it."""

    def __init__(
        self,
        elf: Source,
        *,
        preset: str = "snitch_cluster",
        config: Optional[os.PathLike] = None,
        cores: Optional[int] = None,
    ) -> None:
        data, name = load_source(elf)
        text = None
        config_name = ""
        if config is not None:
            with open(config, encoding="utf-8") as f:
                text = f.read()
            config_name = os.fspath(config)
        self._c = _native.SnitchCluster(data, name, preset, text, config_name, cores)
        base, size = self._c.tcdm
        self.tcdm = Memory(self._c.read, self._c.write, base, size)
        base, size = self._c.dram
        self.dram = Memory(self._c.read, self._c.write, base, size)
        self.mem = Memory(self._c.read, self._c.write)

    @property
    def symbols(self) -> dict:
        """The ELF's defined symbols, name to address (buffers by name)."""
        return self._c.symbols()

    def run(self, max_insns: Optional[int] = None, timing: bool = False) -> Result:
        code, output, harts = self._c.run(max_insns, timing)
        return Result(code, output, [HartStats(**dict(h)) for h in harts])


def run(
    elf: Source,
    *,
    preset: str = "snitch_cluster",
    config: Optional[os.PathLike] = None,
    cores: Optional[int] = None,
    max_insns: Optional[int] = None,
    timing: bool = False,
) -> Result:
    """Load ``elf`` on a cluster and run it to its end."""
    return Cluster(elf, preset=preset, config=config, cores=cores).run(max_insns, timing)
