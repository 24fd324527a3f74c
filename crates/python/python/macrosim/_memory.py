"""A simulated memory seen from Python: bytes in, numpy arrays out."""

from __future__ import annotations

import os
from typing import Callable, Optional, Tuple, Union

import numpy as np

#: What a program input may be: a path or the file's bytes.
Source = Union[str, "os.PathLike[str]", bytes, bytearray]


def load_source(source: Source, kind: str = "<bytes>") -> Tuple[bytes, str]:
    """The bytes of ``source`` and how messages name it (the path, as the CLI does)."""
    if isinstance(source, (bytes, bytearray)):
        return bytes(source), kind
    with open(source, "rb") as f:
        return f.read(), os.fspath(source)


def _bytes_of(data) -> bytes:
    """An array's raw bytes, ``bytes`` as they are, a list of ints as bytes."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        return bytes(data)
    if isinstance(data, np.ndarray):
        return np.ascontiguousarray(data).tobytes()
    return np.asarray(data, dtype=np.uint8).tobytes()


class Memory:
    """A byte-addressed memory (a hart's address space, a tile's L1, a cluster's TCDM).

    ``mem[a:b]`` reads a ``numpy.uint8`` array (a copy) and ``mem[a:b] = values`` writes bytes
    (any array's raw bytes, or ``bytes``); ``mem[a]`` is one byte. ``read``/``write`` take
    bytes, ``array(addr, count, dtype)`` reads a typed array and ``numpy.asarray(mem)`` copies
    the whole region when it has a size. Addresses are absolute (the region's base included).
    """

    def __init__(
        self,
        read: Callable[[int, int], bytes],
        write: Callable[[int, bytes], None],
        base: int = 0,
        size: Optional[int] = None,
    ) -> None:
        self._read = read
        self._write = write
        self.base = base
        self.size = size

    def read(self, addr: int, n: int) -> bytes:
        return self._read(addr, n)

    def write(self, addr: int, data) -> None:
        self._write(addr, _bytes_of(data))

    def array(self, addr: int, count: int, dtype=np.uint8) -> np.ndarray:
        """``count`` elements of ``dtype`` (little-endian unless the dtype says otherwise)."""
        dt = np.dtype(dtype)
        if dt.byteorder == "=":
            dt = dt.newbyteorder("<")
        return np.frombuffer(self._read(addr, count * dt.itemsize), dtype=dt).copy()

    def _range(self, key: slice) -> Tuple[int, int]:
        if key.step not in (None, 1):
            raise ValueError("memory slices take no step")
        start = self.base if key.start is None else key.start
        if key.stop is None:
            if self.size is None:
                raise ValueError("this memory has no size: give the slice's end")
            stop = self.base + self.size
        else:
            stop = key.stop
        if stop < start:
            raise ValueError(f"slice end {stop:#x} is before its start {start:#x}")
        return start, stop

    def __getitem__(self, key):
        if isinstance(key, slice):
            start, stop = self._range(key)
            return self.array(start, stop - start)
        return self._read(key, 1)[0]

    def __setitem__(self, key, value) -> None:
        if isinstance(key, slice):
            start, stop = self._range(key)
            data = _bytes_of(value)
            if len(data) != stop - start:
                raise ValueError(f"{len(data)} bytes for a {stop - start}-byte slice")
            self._write(start, data)
        else:
            self._write(key, bytes([value]))

    def __array__(self, dtype=None, copy=None):
        if self.size is None:
            raise ValueError("this memory has no size: read a slice")
        a = self.array(self.base, self.size)
        return a if dtype is None else a.astype(dtype)

    def __len__(self) -> int:
        if self.size is None:
            raise TypeError("this memory has no size")
        return self.size

    def __repr__(self) -> str:
        size = "" if self.size is None else f", size={self.size:#x}"
        return f"Memory(base={self.base:#x}{size})"
