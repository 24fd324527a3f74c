"""Shared paths and the command line, for tests that compare with what ``macrosim`` prints."""

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def cli():
    """The ``macrosim`` binary (MACROSIM_BIN, or target/debug/macrosim), or skip."""
    path = Path(os.environ.get("MACROSIM_BIN", ROOT / "target" / "debug" / "macrosim"))
    if not path.exists():
        pytest.skip(f"{path} is not built (cargo build -p macrosim)")
    return path


def cli_error(*args) -> str:
    """What ``macrosim ARGS`` prints on stderr when it fails (status 2), without the
    ``macrosim: `` prefix of its one-line errors (``FILE:LINE:`` lists have none)."""
    p = subprocess.run([cli(), *map(str, args)], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 2, p
    text = p.stderr.rstrip("\n")
    return text[len("macrosim: "):] if text.startswith("macrosim: ") else text
