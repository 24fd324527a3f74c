"""macrosim: the Tensix, RV32, Linx and Snitch simulators from Python.

Modules: :mod:`macrosim.tensix` (frontend expansion and timing, data formats, the whole tile),
:mod:`macrosim.riscv` (run or step RV32 programs), :mod:`macrosim.linx` (run Linx programs,
with the block ROB timing model), :mod:`macrosim.snitch` (the Snitch cluster).

Every error is a :class:`macrosim.Error` carrying the text ``macrosim ...`` prints after its
``macrosim:`` prefix: :class:`InputError` (an input that cannot be used),
:class:`SimulationError` (the simulated program did something the model refuses) and its
subclass :class:`LimitError` (``max_insns`` / ``max_cycles`` ran out).
"""

from ._native import Error, InputError, LimitError, SimulationError
from . import linx, riscv, snitch, tensix
from ._memory import Memory

__all__ = [
    "Error",
    "InputError",
    "LimitError",
    "Memory",
    "SimulationError",
    "linx",
    "riscv",
    "snitch",
    "tensix",
]
