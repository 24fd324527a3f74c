# Check 8: a DIRECT transfer into the middle of a block. Strict: "illegal control flow";
# compat (QEMU exempts fixed DIRECT/COND targets): execution goes on at `mid`, exit 101.
        .text
_start: C.BSTART.STD DIRECT, mid
        c.movi  1, ->s1
        C.BSTOP
blk:    C.BSTART.STD
        addi    s1, 10, ->s1
mid:    addi    s1, 100, ->s1
        C.BSTOP
        C.BSTART.STD
        c.movr  s1, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
