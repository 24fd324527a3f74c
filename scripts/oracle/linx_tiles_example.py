"""Check examples/linx/tile_matmul.s (issue 16): recompute relu(A x B + bias) from the matrices in
its .data with linx_tiles_ref.py (FP32, one fused multiply-add per k step, k = 0..7 in order),
compare with the program's `expected` table and with the 64 bytes macrosim printed.
Usage: linx_tiles_example.py tile_matmul.s OUTPUT"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import linx_tiles_ref as R  # noqa: E402


def tables(src):
    out, cur = {}, None
    for line in src.splitlines():
        m = re.match(r"^(\w+):\s*$", line)
        if m:
            cur = out.setdefault(m.group(1), [])
            continue
        m = re.match(r"^\s+\.word\s+(.*)$", line)
        if m and cur is not None:
            cur.extend(int(x, 0) for x in m.group(1).split(","))
        elif line.strip() and not line.strip().startswith("."):
            cur = None
    return out


def main():
    src = open(sys.argv[1]).read()
    t = tables(src)
    acc = R.matmul_f32(t["a_lo"], t["b_lo"], 4, 4, 4)
    acc = R.matmul_f32(t["a_hi"], t["b_hi"], 4, 4, 4, acc)
    want = [R.relu("F32", R.fbin("add", "F32", a, b)) for a, b in zip(acc, t["bias"])]
    raw = open(sys.argv[2], "rb").read()
    got = [int.from_bytes(raw[i:i + 4], "little") for i in range(0, len(raw), 4)]
    ok = want == t["expected"] and got == want
    print(f"linx-tiles example: reference {'matches' if want == t['expected'] else 'DIFFERS from'} "
          f"the expected table; macrosim {'matches' if got == want else 'DIFFERS'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
