#!/usr/bin/env python3
"""Random RV32IMAFD instruction sequences for the qemu-vs-macrosim differential test.

Each seed gives one straight-line sequence (forward branches and jumps only, so it always ends)
of random integer, multiply/divide, atomic, load/store and F/D instructions with random static
rounding modes, run from registers seeded with random and special values. The sequence is a
function `rand_<seed>` that saves the callee-saved registers, loads the seeded state, runs the
body, then stores x0..x31 (sp as 0: its value differs between hosts), f0..f31 and fcsr into its
area; tests/riscv-corpus/random/driver.c prints the areas.

After most FP instructions the sequence swaps fflags with zero and appends the old value to a
log, so flags are checked per instruction (or per short run) rather than only as a sticky total.

Register roles: x2 (sp), x3 (gp) and x4 (tp) are never written; x31 holds the address of the
case's memory area (loads/stores/AMOs use it as base), x28 the flag log pointer, x29 is the
flag temporary; everything else is random. FP registers f0-f15 mostly take single-precision
operations and f16-f31 double-precision ones; crossing over (about 1 in 10 operands) exercises
NaN-boxing without turning every register into a NaN.

usage: riscv_randgen.py -o OUT.S SEED [SEED...]
"""
import argparse
import random
import struct

MEM_BYTES = 256
X_OFF = MEM_BYTES          # 32 words of integer registers
F_OFF = X_OFF + 32 * 4     # 32 doublewords of FP registers
FCSR_OFF = F_OFF + 32 * 8
NLOG_OFF = FCSR_OFF + 4
LOG_OFF = NLOG_OFF + 4     # one fflags byte per FP instruction
LOG_BYTES = 1024
AREA_BYTES = LOG_OFF + LOG_BYTES

WRITABLE_X = [0, 1] + list(range(5, 28))  # x0 as destination: writes are discarded
READABLE_X = [0, 1] + list(range(5, 32))
RMS = ["rne", "rtz", "rdn", "rup", "rmm", "dyn"]

SPECIAL_S = [0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x7f800000, 0xff800000,
             0x7fc00000, 0x7f800001, 0xffc00123, 0x00000001, 0x807fffff, 0x00800000,
             0x7f7fffff, 0x4f000000, 0xcf000000, 0x4f800000, 0x3effffff, 0x3f000000]
SPECIAL_D = [0x0000000000000000, 0x8000000000000000, 0x3ff0000000000000, 0xbff0000000000000,
             0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000, 0x7ff0000000000001,
             0xfff8000000000123, 0x0000000000000001, 0x800fffffffffffff, 0x0010000000000000,
             0x7fefffffffffffff, 0x41e0000000000000, 0xc1e0000000000000, 0x41f0000000000000,
             0x3fe0000000000000, 0x3810000000000000]
SPECIAL_X = [0, 1, 0xffffffff, 0x7fffffff, 0x80000000, 0x80000001, 2, 31, 32, 0xfffffffe,
             0x0000ffff, 0xffff0000]


def rand_xval(r):
    k = r.random()
    if k < 0.3:
        return r.choice(SPECIAL_X)
    if k < 0.5:
        return r.randrange(-64, 64) & 0xffffffff
    return r.getrandbits(32)


def nice_single(r):
    """A normal float near 1.0 (exponent within +-10), so arithmetic stays interesting."""
    return (r.getrandbits(1) << 31) | ((127 + r.randrange(-10, 11)) << 23) | r.getrandbits(23)


def nice_double(r):
    return (r.getrandbits(1) << 63) | ((1023 + r.randrange(-10, 11)) << 52) | r.getrandbits(52)


def short_mantissa(r, bits):
    """A random mantissa with a random number of trailing zeros: products and sums of such
    values are often exact or exactly half-way, the cases rounding and fast paths get wrong."""
    return r.getrandbits(bits) & ~((1 << r.randrange(bits + 1)) - 1)


def edge_single(r):
    """A float near the subnormal boundary or near overflow."""
    exp = r.choice([0, 1, 2, 3, 24, 103, 125, 126, 127, 128, 150, 252, 253, 254])
    return (r.getrandbits(1) << 31) | (exp << 23) | short_mantissa(r, 23)


def edge_double(r):
    exp = r.choice([0, 1, 2, 3, 53, 970, 1022, 1023, 1024, 1075, 2044, 2045, 2046])
    return (r.getrandbits(1) << 63) | (exp << 52) | short_mantissa(r, 52)


def rand_fval(r):
    """64-bit FP register contents: boxed singles, doubles, and some unboxed patterns."""
    k = r.random()
    if k < 0.1:
        return 0xffffffff00000000 | edge_single(r)
    if k < 0.2:
        return edge_double(r)
    if k < 0.35:
        return 0xffffffff00000000 | nice_single(r)
    if k < 0.6:
        return nice_double(r)
    if k < 0.7:
        return 0xffffffff00000000 | r.choice(SPECIAL_S)
    if k < 0.8:
        return r.choice(SPECIAL_D)
    if k < 0.83:
        return r.getrandbits(64)  # almost never a valid NaN-box: reads as the canonical NaN
    # a single whose bits are one of the doubles' halves, boxed
    return 0xffffffff00000000 | r.getrandbits(32)


class Body:
    def __init__(self, r, seed, name):
        self.r = r
        self.seed = seed
        self.name = name
        self.lines = []
        self.label = 0
        self.logged = 0

    def xd(self):
        return "x%d" % self.r.choice(WRITABLE_X)

    def xs(self):
        return "x%d" % self.r.choice(READABLE_X)

    def f(self, p="s"):
        """An FP register, mostly from the bank of precision p."""
        if self.r.random() < 0.1:
            return "f%d" % self.r.randrange(32)
        return "f%d" % (self.r.randrange(16) + (16 if p == "d" else 0))

    def log_flags(self):
        self.logged += 1
        assert self.logged <= LOG_BYTES, "flag log overflow: shorten the sequence"
        self.emit("fsflags x29, x0")
        self.emit("sb x29, 0(x28)")
        self.emit("addi x28, x28, 1")

    def rm(self):
        rm = self.r.choice(RMS)
        return "" if rm == "dyn" else ", " + rm

    def emit(self, s):
        self.lines.append("\t" + s)

    def integer(self):
        r = self.r
        op = r.choice(["add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or", "and",
                       "mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu"])
        self.emit("%s %s, %s, %s" % (op, self.xd(), self.xs(), self.xs()))

    def immediate(self):
        r = self.r
        op = r.choice(["addi", "slti", "sltiu", "xori", "ori", "andi", "slli", "srli", "srai",
                       "lui", "auipc"])
        if op in ("slli", "srli", "srai"):
            self.emit("%s %s, %s, %d" % (op, self.xd(), self.xs(), r.randrange(32)))
        elif op in ("lui", "auipc"):
            self.emit("%s %s, 0x%x" % (op, self.xd(), r.getrandbits(20)))
        else:
            imm = r.choice([-2048, 2047, -1, 0, 1, r.randrange(-2048, 2048)])
            self.emit("%s %s, %s, %d" % (op, self.xd(), self.xs(), imm))

    def memory(self):
        r = self.r
        op, size = r.choice([("lb", 1), ("lbu", 1), ("lh", 2), ("lhu", 2), ("lw", 4), ("sb", 1),
                             ("sh", 2), ("sw", 4), ("flw", 4), ("fsw", 4), ("fld", 8),
                             ("fsd", 8)])
        # Linux user programs may access memory misaligned (the kernel, qemu-user and macrosim
        # all complete such loads and stores); one access in six is
        off = r.randrange(0, MEM_BYTES - size + 1, 1 if r.random() < 1 / 6 else size)
        if op.startswith("l"):
            dst = self.xd()
        elif op.startswith("s"):
            dst = self.xs()
        else:
            dst = self.f("d" if size == 8 else "s")
        self.emit("%s %s, %d(x31)" % (op, dst, off))

    def atomic(self):
        r = self.r
        off = r.randrange(0, MEM_BYTES, 4)
        addr = "x%d" % r.choice(WRITABLE_X[1:])
        self.emit("addi %s, x31, %d" % (addr, off))
        order = r.choice(["", ".aq", ".rl", ".aqrl"])
        if r.random() < 0.3:
            # an LR/SC pair on the same word with nothing between: the SC succeeds
            self.emit("lr.w%s %s, (%s)" % (order, self.xd_not(addr), addr))
            self.emit("sc.w%s %s, %s, (%s)" % (order, self.xd_not(addr), self.xs(), addr))
        else:
            op = r.choice(["amoswap", "amoadd", "amoxor", "amoand", "amoor", "amomin", "amomax",
                           "amominu", "amomaxu"])
            self.emit("%s.w%s %s, %s, (%s)" % (op, order, self.xd(), self.xs(), addr))

    def xd_not(self, avoid):
        while True:
            x = self.xd()
            if x != avoid:
                return x

    def fp(self):
        self.fp_op()
        # Most FP instructions get their flags logged alone; the rest run back to back with the
        # next one (their flags accrue into its entry), so adjacent FP instructions, which a
        # simulator may fuse, are covered too.
        if self.r.random() < 0.6:
            self.log_flags()

    def fp_op(self):
        r = self.r
        p = r.choice(["s", "d"])
        kind = r.random()
        if kind < 0.35:
            op = r.choice(["fadd", "fsub", "fmul", "fdiv"])
            self.emit("%s.%s %s, %s, %s%s" % (op, p, self.f(p), self.f(p), self.f(p), self.rm()))
        elif kind < 0.45:
            op = r.choice(["fmadd", "fmsub", "fnmadd", "fnmsub"])
            self.emit("%s.%s %s, %s, %s, %s%s" % (op, p, self.f(p), self.f(p), self.f(p), self.f(p),
                                                  self.rm()))
        elif kind < 0.48:
            self.emit("fsqrt.%s %s, %s%s" % (p, self.f(p), self.f(p), self.rm()))
        elif kind < 0.6:
            op = r.choice(["fmin", "fmax", "fsgnj", "fsgnjn", "fsgnjx"])
            self.emit("%s.%s %s, %s, %s" % (op, p, self.f(p), self.f(p), self.f(p)))
        elif kind < 0.7:
            op = r.choice(["feq", "flt", "fle"])
            self.emit("%s.%s %s, %s, %s" % (op, p, self.xd(), self.f(p), self.f(p)))
        elif kind < 0.75:
            self.emit("fclass.%s %s, %s" % (p, self.xd(), self.f(p)))
        elif kind < 0.85:
            w = r.choice(["w", "wu"])
            self.emit("fcvt.%s.%s %s, %s%s" % (w, p, self.xd(), self.f(p), self.rm()))
        elif kind < 0.92:
            w = r.choice(["w", "wu"])
            if p == "s":
                self.emit("fcvt.s.%s %s, %s%s" % (w, self.f(p), self.xs(), self.rm()))
            else:
                # exact, so gas takes no rounding mode; the rm field still must decode
                self.exact_rm(0x69, self.f(p), self.xs(), "x1" if w == "wu" else "x0")
        elif kind < 0.96:
            if p == "s":
                self.emit("fcvt.s.d %s, %s%s" % (self.f("s"), self.f("d"), self.rm()))
            else:
                self.exact_rm(0x21, self.f("d"), self.f("s"), "x0")  # fcvt.d.s
        else:
            if r.random() < 0.5:
                self.emit("fmv.x.w %s, %s" % (self.xd(), self.f(p)))
            else:
                self.emit("fmv.w.x %s, %s" % (self.f(p), self.xs()))

    def exact_rm(self, funct7, rd, rs1, rs2):
        """An OP-FP instruction with a random valid rm field (0..4 or 7), via .insn."""
        rm = self.r.choice([0, 1, 2, 3, 4, 7])
        self.emit(".insn r 0x53, %d, 0x%x, %s, %s, %s" % (rm, funct7, rd, rs1, rs2))

    def fcsr(self):
        r = self.r
        k = r.randrange(5)
        if k == 0:
            self.emit("fsrmi %s, %d" % (self.xd(), r.randrange(5)))  # frm 5..7 are reserved
        elif k == 1:
            self.emit("fsflagsi %s, %d" % (self.xd(), r.randrange(32)))
        elif k == 2:
            self.emit("frflags %s" % self.xd())
        elif k == 3:
            self.emit("csrrci %s, fflags, %d" % (self.xd(), r.randrange(32)))
        else:
            self.emit("frcsr %s" % self.xd())

    def branch(self, depth):
        r = self.r
        self.label += 1
        target = "L%d_%d" % (self.seed, self.label)
        if r.random() < 0.2:
            self.emit("jal %s, %s" % (self.xd(), target))
        else:
            op = r.choice(["beq", "bne", "blt", "bge", "bltu", "bgeu"])
            self.emit("%s %s, %s, %s" % (op, self.xs(), self.xs(), target))
        for _ in range(r.randrange(1, 4)):
            self.one(depth + 1)
        self.lines.append("%s:" % target)

    def refresh(self):
        """Reload an FP register from the initial image: long chains of random operations drift
        to infinities and NaNs, and fresh operands keep the results varied."""
        k = self.r.randrange(32)
        self.emit("la x29, %s_finit" % self.name)
        if self.r.random() < 0.5:
            self.emit("fld %s, %d(x29)" % (self.f("d"), 8 * k))
        else:
            self.emit("flw %s, %d(x29)" % (self.f("s"), 8 * k))

    def one(self, depth=0):
        k = self.r.random()
        if k < 0.06:
            self.refresh()
        elif k < 0.22:
            self.integer()
        elif k < 0.34:
            self.immediate()
        elif k < 0.46:
            self.memory()
        elif k < 0.50:
            self.atomic()
        elif k < 0.88:
            self.fp()
        elif k < 0.915:
            self.fcsr()
        elif k < 0.92:
            # fence.i as .insn: gas needs _zifencei in -march for the mnemonic
            self.emit(self.r.choice(["fence", ".insn i 0x0f, 1, x0, x0, 0", "fence rw, rw",
                                     "fence r, w"]))
        elif depth < 2:
            self.branch(depth)
        else:
            self.integer()


def callee_saved(xop, fop):
    """Save (sw/fsd) or restore (lw/fld) s0-s11 and fs0-fs11 in the 160-byte frame."""
    regs = [8, 9] + list(range(18, 28))
    return (["\t%s x%d, %d(sp)" % (xop, s, 4 + 4 * i) for i, s in enumerate(regs)] +
            ["\t%s f%d, %d(sp)" % (fop, s, 56 + 8 * i) for i, s in enumerate(regs)])


def gen_case(seed, length):
    r = random.Random(seed)
    name = "rand_%d" % seed
    area = "area_%d" % seed
    out = []
    # data: memory, then the register images the prologue loads
    xinit = [rand_xval(r) for _ in range(32)]
    finit = [rand_fval(r) for _ in range(32)]
    frm = r.randrange(5)
    mem = [rand_xval(r) if r.random() < 0.5 else
           (nice_single(r) if r.random() < 0.5 else r.getrandbits(32))
           for _ in range(MEM_BYTES // 4)]
    # the area: memory image, then the dump of x, f and fcsr (struct area in driver.c)
    out.append("\t.data\n\t.balign 8\n%s:" % area)
    out += ["\t.word 0x%08x" % w for w in mem]
    out.append("\t.zero %d" % (AREA_BYTES - MEM_BYTES))
    out.append("\t.balign 8\n%s_finit:" % name)
    out += ["\t.dword 0x%016x" % w for w in finit]
    out.append("%s_xinit:" % name)
    out += ["\t.word 0x%08x" % w for w in xinit]

    body = Body(r, seed, name)
    for _ in range(length):
        body.one()

    t = ["\t.text", "\t.balign 4", "\t.globl %s" % name, "%s:" % name,
         "\taddi sp, sp, -160", "\tsw ra, 0(sp)"] + callee_saved("sw", "fsd")
    t.append("\tla x31, %s_finit" % name)
    t += ["\tfld f%d, %d(x31)" % (i, 8 * i) for i in range(32)]
    t.append("\tla x31, %s_xinit" % name)
    t.append("\tli x5, %d" % (frm << 5))
    t.append("\tfscsr x5")
    t += ["\tlw x%d, %d(x31)" % (i, 4 * i) for i in WRITABLE_X if i != 0]
    t.append("\tla x31, %s" % area)
    t.append("\taddi x28, x31, %d" % LOG_OFF)
    t += body.lines
    # dump x0..x31, f0..f31 and fcsr behind the memory image (x31 is still the area base)
    for i in range(32):
        reg = "x0" if i == 2 else "x%d" % i
        t.append("\tsw %s, %d(x31)" % (reg, X_OFF + 4 * i))
    for i in range(32):
        t.append("\tfsd f%d, %d(x31)" % (i, F_OFF + 8 * i))
    t.append("\tfrcsr x5")
    t.append("\tsw x5, %d(x31)" % FCSR_OFF)
    t.append("\taddi x5, x31, %d" % LOG_OFF)
    t.append("\tsub x5, x28, x5")
    t.append("\tsw x5, %d(x31)" % NLOG_OFF)
    t.append("\tfscsr x0")
    t += callee_saved("lw", "fld") + ["\tlw ra, 0(sp)", "\taddi sp, sp, 160", "\tret"]
    return "\n".join(out + t) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--length", type=int, default=300, help="instructions per sequence (about)")
    ap.add_argument("seeds", type=int, nargs="+")
    a = ap.parse_args()
    parts = ["/* generated by scripts/oracle/riscv_randgen.py; do not edit */",
             "\t.option norvc", "\t.option norelax"]
    for s in a.seeds:
        parts.append(gen_case(s, a.length))
    parts.append("\t.section .rodata\n\t.balign 4\n\t.globl rand_cases\nrand_cases:")
    for s in a.seeds:
        parts.append("\t.word rand_%d, area_%d, %d" % (s, s, s))
    parts.append("\t.globl rand_ncases\nrand_ncases:\n\t.word %d\n" % len(a.seeds))
    with open(a.output, "w") as f:
        f.write("\n".join(parts))


if __name__ == "__main__":
    main()
