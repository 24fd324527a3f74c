"""RV32 programs on the RV32IMAFD hart (``macrosim riscv run``).

``run(elf, args)`` runs a program to its end; ``Hart(elf, args)`` loads it for stepping:
``step(n)``, ``run(breakpoints=...)``, ``pc``, ``x[i]``, ``f[i]``, ``csr[n]``, ``mem``.
A Linux program's stdout and stderr are captured (``Result.stdout``); a bare-metal program
(one with a ``tohost`` symbol) passes or fails as riscv-tests do.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import Iterable, Optional, Sequence, Union

from . import _native
from ._memory import Memory, Source, load_source

__all__ = ["Hart", "Result", "run"]

#: --mem-limit's default: what a Linux program may map.
DEFAULT_MEM_LIMIT = 4 << 30


@dataclass(frozen=True)
class Result:
    """How a program ended.

    ``exit_status`` is what ``macrosim riscv run`` exits with: the program's status, 0/1 for a
    bare-metal pass/fail, 128 + signal when it was killed. ``outcome`` is ``"exit"``,
    ``"killed"``, ``"pass"`` or ``"fail"``; ``detail`` the signal (killed) or the failed test
    number (fail).
    """

    exit_status: int
    outcome: str
    detail: int
    stdout: bytes
    stderr: bytes
    instructions: int


class _Registers:
    """``x[i]`` / ``f[i]`` of a hart: indexable, assignable, iterable."""

    def __init__(self, get, set_) -> None:
        self._get, self._set = get, set_

    def __getitem__(self, r: int) -> int:
        return self._get(r)

    def __setitem__(self, r: int, v: int) -> None:
        self._set(r, v)

    def __len__(self) -> int:
        return 32

    def __iter__(self):
        return (self._get(r) for r in range(32))

    def __repr__(self) -> str:
        return "[" + ", ".join(f"{v:#x}" for v in self) + "]"


class _FRegisters(_Registers):
    """``f[i]``: raw 64-bit patterns; ``single(i)`` / ``double(i)`` read them as floats."""

    def double(self, r: int) -> float:
        return struct.unpack("<d", struct.pack("<Q", self[r]))[0]

    def single(self, r: int) -> float:
        return struct.unpack("<f", struct.pack("<I", self[r] & 0xFFFFFFFF))[0]


class _Csrs:
    """``csr[number]``: the hart's CSRs (``csr[0x300]`` is mstatus)."""

    def __init__(self, program) -> None:
        self._p = program

    def __getitem__(self, n: int) -> int:
        return self._p.csr(n)

    def __setitem__(self, n: int, v: int) -> None:
        self._p.set_csr(n, v)


class Hart:
    """A loaded RV32 program and its hart, for stepping in a notebook.

    ``tier`` is ``"interp"`` (the interpreter) or ``"jit"`` (the Cranelift tier, in wheels
    built with the ``jit`` feature): the same results, as ``--tier`` gives.
    """

    def __init__(
        self,
        elf: Source,
        args: Sequence[str] = (),
        *,
        max_insns: Optional[int] = None,
        tier: str = "interp",
        isa: str = "rv32imafd",
        mem_limit: int = DEFAULT_MEM_LIMIT,
    ) -> None:
        data, name = load_source(elf)
        self._p = _native.RiscvProgram(data, name, list(args), max_insns, isa, tier, mem_limit)
        self.x = _Registers(self._p.x, self._p.set_x)
        self.f = _FRegisters(self._p.f, self._p.set_f)
        self.csr = _Csrs(self._p)
        self.mem = Memory(self._p.read, self._p.write)
        self.breakpoints: set = set()

    @property
    def pc(self) -> int:
        return self._p.pc

    @pc.setter
    def pc(self, value: int) -> None:
        self._p.pc = value

    @property
    def instructions(self) -> int:
        """Instructions retired so far."""
        return self._p.retired

    @property
    def done(self) -> bool:
        return self._p.outcome() is not None

    @property
    def stdout(self) -> bytes:
        return self._p.stdout

    @property
    def stderr(self) -> bytes:
        return self._p.stderr

    @property
    def symbols(self) -> dict:
        """The ELF's defined symbols, name to address."""
        return self._p.symbols()

    def address(self, where: Union[int, str]) -> int:
        """An address, or a symbol's."""
        if isinstance(where, str):
            try:
                return self.symbols[where]
            except KeyError:
                raise KeyError(f"{self._p.name}: no symbol {where!r}") from None
        return where

    def break_at(self, *where: Union[int, str]) -> None:
        """Add breakpoints (addresses or symbol names) for :meth:`run`."""
        self.breakpoints.update(self.address(w) for w in where)

    def step(self, n: int = 1) -> bool:
        """Run at most ``n`` instructions; True once the program has ended."""
        return self._p.step(n)

    def run(self, breakpoints: Iterable[Union[int, str]] = ()) -> Optional[int]:
        """Run until the program ends (returns None) or reaches a breakpoint (returns its pc).

        The breakpoints are ``self.breakpoints`` and ``breakpoints``; the instruction at the
        current pc always runs first, so ``run()`` again continues past a breakpoint.
        """
        at = self.breakpoints | {self.address(b) for b in breakpoints}
        return self._p.run_until(sorted(at))

    def disassemble(self, addr: Optional[int] = None) -> str:
        """The instruction at ``addr`` (the pc by default)."""
        return self._p.disassemble(self.pc if addr is None else addr)

    def result(self) -> Result:
        """How the program ended (it must have)."""
        outcome = self._p.outcome()
        if outcome is None:
            raise RuntimeError("the program has not ended yet: step() or run() it")
        kind, status, detail = outcome
        return Result(status, kind, detail, self.stdout, self.stderr, self.instructions)

    def __repr__(self) -> str:
        state = "ended" if self.done else f"pc={self.pc:#010x}"
        return f"<macrosim.riscv.Hart {self._p.name} {state} instructions={self.instructions}>"


def run(
    elf: Source,
    args: Sequence[str] = (),
    *,
    max_insns: Optional[int] = None,
    tier: str = "interp",
    isa: str = "rv32imafd",
    mem_limit: int = DEFAULT_MEM_LIMIT,
) -> Result:
    """Run ``elf`` (a path or the file's bytes) with ``args`` to its end."""
    hart = Hart(elf, args, max_insns=max_insns, tier=tier, isa=isa, mem_limit=mem_limit)
    hart.run()
    return hart.result()
