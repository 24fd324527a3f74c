#!/usr/bin/env python3
"""Reference model of one Tensix thread's frontend (MOP expander, then replay expander).

A rendering, in our own words, of the functional models in Tenstorrent's tt-isa-documentation
(WormholeB0/TensixTile/TensixCoprocessor/MOPExpander.md and REPLAY.md; CC BY-ND, so described
here, not copied): each expander is a Python generator over the instruction stream, and the two
are chained. It shares no code with macrosim; it reads the same .tt program text and the same
vendored encoding tables (data/tensix/) to assemble instructions.

    tensix_frontend_model.py [--arch wh|bh] [--rendering async|plain] FILE
        print the output words, 0x%08x a line
    tensix_frontend_model.py [--arch wh|bh] --out-dir DIR FILE...
        write each FILE's words to DIR/<name>.async.hex and DIR/<name>.plain.hex
    tensix_frontend_model.py --bench [--arch wh|bh] [--rendering async|plain] [--min-time S]
        [--samples N] FILE
        print words per CPU-second of the expansion (median of the samples)

Two renderings of the same model: "async" keeps the documents' shape (each expander an
asynchronous generator awaiting its next incoming instruction); "plain" uses plain generators.
"""

import argparse
import json
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

OP_MOP, OP_NOP, OP_MOP_CFG, OP_REPLAY = 0x01, 0x02, 0x03, 0x04


# --- assembling the .tt text -----------------------------------------------------------------

def load_table(arch):
    """mnemonic -> (opcode, [(name, lsb, width), ...]) from the vendored data."""
    enc_name = {"wh": "wormhole_b0", "bh": "blackhole"}[arch]
    with open(os.path.join(ROOT, "data", "tensix", "encodings", enc_name + ".json")) as f:
        enc = json.load(f)
    with open(os.path.join(ROOT, "data", "tensix", "ttsim", arch, "tensix_isa.json")) as f:
        ttsim = json.load(f)
    table = {}
    for name, entry in enc.items():
        table[name] = (entry["opcode"], [(x["name"], x["lsb"], x["width"]) for x in entry["fields"]])
    for name, entry in ttsim.items():
        if name not in table and entry.get("args") == {} and not entry.get("unsupported"):
            table[name] = (entry["opcode"], [])
    return table


class BadLine(Exception):
    pass


def number(text):
    if text.lower().startswith("0x"):
        digits, base = text[2:], 16
    else:
        digits, base = text, 10
    ok = "0123456789abcdefABCDEF"[: 10 if base == 10 else 22]
    if not digits or any(c not in ok for c in digits):
        raise BadLine(f"`{text}` is not a number")
    return int(digits, base)


def word32(text):
    value = number(text)
    if value >= 1 << 32:
        raise BadLine(f"`{text}` does not fit in 32 bits")
    return value


def assemble(table, text):
    text = text.strip()
    if not text:
        raise BadLine("expected an instruction")
    if text[0].isdigit():
        return word32(text)
    parts = text.split(None, 1)
    mnemonic, rest = parts[0], (parts[1].strip() if len(parts) > 1 else "")
    if mnemonic.lower() == ".ttinsn":
        value = word32(rest)
        if value >= 0xC0000000:
            raise BadLine(".ttinsn needs a word below 0xC0000000")
        return value
    entry = table.get(mnemonic.upper())
    if entry is None:
        raise BadLine(f"unknown mnemonic {mnemonic}")
    opcode, fields = entry
    values = [v.strip() for v in rest.split(",")] if rest else []
    if len(values) != len(fields):
        raise BadLine(f"{mnemonic} takes {len(fields)} fields, got {len(values)}")
    word = opcode << 24
    for (name, lsb, width), text_value in zip(fields, values):
        value = number(text_value)
        if value >= 1 << width:
            raise BadLine(f"{mnemonic} field {name}: {value} does not fit in {width} bits")
        word |= value << lsb
    return word


def parse_program(text, table):
    """The program as a list of ('cfg', index, value) and ('push', word, None) items."""
    items, errors = [], []
    for line_no, line in enumerate(text.splitlines(), 1):
        code = line.split("#", 1)[0].strip()
        if not code:
            continue
        try:
            head = code.split(None, 1)
            if head[0].lower() == "mopcfg":
                rest = head[1].split(None, 1) if len(head) > 1 else []
                if len(rest) != 2:
                    raise BadLine("mopcfg needs an index and a value")
                index = number(rest[0])
                if index > 8:
                    raise BadLine(f"MopCfg index {index} out of range")
                value = rest[1].strip()
                value = word32(value) if value[0].isdigit() else assemble(table, value)
                items.append(("cfg", index, value))
            else:
                items.append(("push", assemble(table, code), None))
        except BadLine as e:
            errors.append(f"{line_no}: {e}")
    return items, errors


# --- the frontend -----------------------------------------------------------------------------

def is_plain_nop(word):
    # Only opcode 0x02 counts; DMANOP (0x60) and SFPNOP (0x8F) are ordinary instructions here.
    return word >> 24 == OP_NOP


def zero_mask_loop(cfg, mask, iterations):
    """Template 0: one pass per iteration, chosen by the next bit of the mask."""
    flags = cfg[1]
    with_b, with_a123 = bool(flags & 1), bool(flags & 2)
    for _ in range(iterations):
        if mask & 1:
            yield cfg[7]
            if with_b:
                yield cfg[8]
        else:
            yield cfg[3]
            if with_a123:
                yield cfg[4]
                yield cfg[5]
                yield cfg[6]
            if with_b:
                yield cfg[2]
        mask >>= 1


def double_loop(cfg):
    """Template 1: outer loop around start op, inner loop, end ops."""
    outer = cfg[0] & 0x7F
    inner = cfg[1] & 0x7F
    start, end0, end1 = cfg[2], cfg[3], cfg[4]
    current, other = cfg[5], cfg[6]
    last_of_all, last_of_outer = cfg[7], cfg[8]
    toggle = 0
    if not is_plain_nop(other):
        toggle = current ^ other  # alternate between the two loop ops
        inner *= 2
    # The documented hardware bug: a single outer pass that would emit only the end ops runs
    # 128 extra times.
    if outer == 1 and is_plain_nop(start) and inner == 0 and not is_plain_nop(end0):
        outer = 129
    for j in range(outer):
        if not is_plain_nop(start):
            yield start
        for i in range(inner):
            if i < inner - 1:
                yield current
            elif j < outer - 1:
                yield last_of_outer
            else:
                yield last_of_all
            current ^= toggle
        if not is_plain_nop(end0):
            yield end0
            if not is_plain_nop(end1):
                yield end1


def mop_stage(items):
    cfg = [0] * 9
    mask_hi = 0
    for kind, a, b in items:
        if kind == "cfg":
            cfg[a] = b  # the TRISC waited for earlier expansions before writing
            continue
        word = a
        opcode = word >> 24
        if opcode == OP_MOP_CFG:
            mask_hi = word & 0xFFFF
        elif opcode == OP_MOP:
            if (word >> 23) & 1:
                yield from double_loop(list(cfg))
            else:
                mask = (mask_hi << 16) | (word & 0xFFFF)
                yield from zero_mask_loop(list(cfg), mask, ((word >> 16) & 0x7F) + 1)
        else:
            yield word


def replay_fields(word):
    """(first slot, count, load, exec) of a REPLAY: 5 bits of index, 6 of count (0 means 64)."""
    return (word >> 14) & 0x1F, (word >> 4) & 0x3F or 64, word & 1, (word >> 1) & 1


def replay_stage(words):
    slots = [0] * 32
    words = iter(words)
    for word in words:
        if word >> 24 != OP_REPLAY:
            yield word
            continue
        first, count, load, keep_going = replay_fields(word)
        if load:
            for k in range(count):
                incoming = next(words, None)
                if incoming is None:
                    return
                slots[(first + k) % 32] = incoming
                if keep_going:
                    yield incoming
        else:
            for k in range(count):
                yield slots[(first + k) % 32]


def frontend(items):
    """The plain-generator rendering: two chained generators."""
    return replay_stage(mop_stage(items))


# The same two stages written the way the documents write them: asynchronous generators that
# await the next incoming instruction (their GetNextIncomingInstruction) and expand templates
# with `async for`. The awaits never suspend here, so a small driver runs the chain.

async def templates_async(generator):
    for word in generator:
        yield word


async def mop_stage_async(next_incoming):
    cfg = [0] * 9
    mask_hi = 0
    while True:
        item = await next_incoming()
        if item is None:
            return
        kind, a, b = item
        if kind == "cfg":
            cfg[a] = b
            continue
        opcode = a >> 24
        if opcode == OP_MOP_CFG:
            mask_hi = a & 0xFFFF
        elif opcode == OP_MOP:
            if (a >> 23) & 1:
                expansion = double_loop(list(cfg))
            else:
                expansion = zero_mask_loop(list(cfg), (mask_hi << 16) | (a & 0xFFFF), ((a >> 16) & 0x7F) + 1)
            async for word in templates_async(expansion):
                yield word
        else:
            yield a


async def replay_stage_async(next_incoming):
    slots = [0] * 32
    while True:
        word = await next_incoming()
        if word is None:
            return
        if word >> 24 != OP_REPLAY:
            yield word
            continue
        first, count, load, keep_going = replay_fields(word)
        if load:
            for k in range(count):
                incoming = await next_incoming()
                if incoming is None:
                    return
                slots[(first + k) % 32] = incoming
                if keep_going:
                    yield incoming
        else:
            for k in range(count):
                yield slots[(first + k) % 32]


def frontend_async(items):
    """The asynchronous rendering, driven to completion."""
    source = iter(items)

    async def from_program():
        return next(source, None)

    mop = mop_stage_async(from_program)

    async def from_mop():
        try:
            return await mop.__anext__()
        except StopAsyncIteration:
            return None

    replay = replay_stage_async(from_mop)
    while True:
        step = replay.__anext__()
        try:
            step.send(None)
        except StopIteration as done:
            yield done.value
        except StopAsyncIteration:
            return


RENDERINGS = {"async": frontend_async, "plain": frontend}


# --- command line -----------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arch", choices=["wh", "bh"], default="wh")
    ap.add_argument("--bench", action="store_true")
    ap.add_argument("--min-time", type=float, default=0.5)
    ap.add_argument("--samples", type=int, default=5)
    ap.add_argument("--rendering", choices=sorted(RENDERINGS), default="async",
                    help="async: the documents' asynchronous generators (default); plain: plain generators")
    ap.add_argument("--out-dir", help="expand every FILE into OUT_DIR/<name>.<rendering>.hex")
    ap.add_argument("file", nargs="+")
    args = ap.parse_args()
    table = load_table(args.arch)
    if args.out_dir:
        for path in args.file:
            items, errors = parse_program(open(path).read(), table)
            name = os.path.join(args.out_dir, os.path.splitext(os.path.basename(path))[0])
            for rendering, run in RENDERINGS.items():
                with open(f"{name}.{rendering}.hex", "w") as out:
                    if errors:
                        out.write("error\n")
                    else:
                        out.writelines(f"0x{w:08x}\n" for w in run(items))
        return
    if len(args.file) != 1:
        ap.error("one FILE unless --out-dir is given")
    args.file = args.file[0]
    text = sys.stdin.read() if args.file == "-" else open(args.file).read()
    items, errors = parse_program(text, table)
    if errors:
        for e in errors:
            print(f"{args.file}:{e}", file=sys.stderr)
        sys.exit(2)
    if not args.bench:
        out = sys.stdout
        out.writelines(f"0x{w:08x}\n" for w in RENDERINGS[args.rendering](items))
        return
    rates = []
    run = RENDERINGS[args.rendering]
    words_per_run = sum(1 for _ in run(items))
    for _ in range(args.samples):
        runs, start = 0, time.thread_time()
        while True:
            for _ in run(items):
                pass
            runs += 1
            elapsed = time.thread_time() - start
            if elapsed >= args.min_time:
                break
        rates.append(words_per_run * runs / elapsed)
    print(f"{args.file} rendering={args.rendering} words_per_run={words_per_run} median_words_per_s={statistics.median(rates):.4g} "
          f"samples={','.join(f'{r:.4g}' for r in rates)}")


if __name__ == "__main__":
    main()
