# %% [markdown]
# # A tour of macrosim from Python
#
# A notebook-style script (cells marked `# %%`, as Jupyter and VS Code open them): run it with
# `python examples/python/tour.py` from the repository root after `pip install ./crates/python`.
# Each cell checks what it shows, so CI (scripts/oracle/python.sh) runs it end to end.

# %%
from pathlib import Path

import numpy as np

import macrosim
from macrosim import linx, riscv, snitch, tensix

ROOT = Path(__file__).resolve().parents[2]

# %% [markdown]
# ## Tensix: what a MOP expands to, and when each word reaches the Wait Gate

# %%
matmul = (ROOT / "examples/tensix/matmul_hifi4.tt").read_text()
words = tensix.expand(matmul, arch="wh")
print(f"{len(words)} words reach the Wait Gate; the first four:")
for w in words[:4]:
    print(f"  {w:#010x}  {tensix.disassemble(w)}")
report = tensix.timing(matmul, arch="wh", thread=1)
print(f"{report.words_in} pushed -> {report.words_out} out in {report.cycles} cycles, "
      f"{report.mop_bubbles} MOP bubbles")
assert report.words == words

# %% [markdown]
# ## A Tensix tile: seed 002's matmul, inputs and result as numpy arrays in L1

# %%
kernels = ROOT / "examples/tensix/kernels"
rng = np.random.default_rng(0)
a = rng.integers(-8, 8, size=(32, 32)).astype(np.float32)  # small integers: exact in BF16
b = rng.integers(-8, 8, size=(32, 32)).astype(np.float32)
tile = tensix.Tile()
for core, elf in [("trisc0", "matmul_unpack"), ("trisc1", "matmul_math_hifi4"),
                  ("trisc2", "matmul_pack")]:
    tile.load(core, kernels / "build" / f"{elf}.elf")
tile.write_matrix(0x21000, a, "bf16")
tile.write_matrix(0x31000, b, "bf16")
stats = tile.run()
c = tile.read_matrix(0x41000, "fp32", (32, 32))
print(f"{stats.cycles} cycles; units: {stats.unit_totals()}")
# HiFi4 on integers this small is exact: every product and partial sum fits in the mantissa.
assert np.array_equal(c, a.astype(np.float64) @ b)

# %% [markdown]
# ## RV32: run a program, then step one under a breakpoint

# %%
r = riscv.run(ROOT / "tests/riscv-corpus/recorded/sieve.elf")
print(r.stdout.decode().strip(), "| exit", r.exit_status, "|", r.instructions, "instructions")

hart = riscv.Hart(ROOT / "tests/riscv-corpus/debug/calls-O0.elf", tier="interp")
hart.break_at("square")
args = []
while hart.run() is not None:
    args.append(hart.x[10])  # a0: square's argument
print("square called with", args)
print(hart.result().stdout.decode().strip())
assert args == [1, 2, 3, 4, 5]

# %% [markdown]
# ## Linx: assemble, run, and look at the block ROB

# %%
source = (ROOT / "examples/linx/sieve.s").read_text()
source = source.replace("hl.lis  2000000", "hl.lis  50000").replace("zero, 5, ->s5", "zero, 1, ->s5")
result = linx.run(linx.assemble(source, "sieve.s"), timing=True)
print(result.stdout.decode().strip(), "primes below 50000;", result.blocks, "blocks")
print(result.timing.text)
assert result.stdout == b"5133\n"

# %% [markdown]
# ## Snitch: axpy on the cluster, TCDM as a numpy array

# %%
cluster = snitch.Cluster(ROOT / "examples/snitch/build/axpy.elf", preset="snitch_cluster")
out = cluster.run(timing=True)
zb = cluster.symbols["zb"]
last_tile = cluster.tcdm.array(zb + 320 * 8, 320, np.float64)
print("exit", out.exit_code, "| last z tile starts", last_tile[:4])
for h in out.harts[:2]:
    print(f"  hart {h.hart}: {h.instructions} instructions, {h.fp_ops} FP ops in {h.cycles} cycles")

# %% [markdown]
# ## Errors are exceptions with the command line's text

# %%
try:
    riscv.run(ROOT / "tests/riscv-corpus/recorded/crc.elf", max_insns=1000)
except macrosim.LimitError as e:
    print("LimitError:", e)
