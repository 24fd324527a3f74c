# SETC before a `BSTART COND` header (the manual's own example, old LLVM output). Strict: the
# header starts a new block with the condition reset, so its body runs (exit 2). Compat:
# "predicated FALL" takes the header's target (exit 9).
        .text
_start: C.BSTART.STD
        c.movi  1, ->s1
        setc.ne s1, zero
hdr:    C.BSTART.STD COND, yes
        addi    zero, 2, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
yes:    C.BSTART.STD
        addi    zero, 9, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
