# CFI_MISSING_NEXT_MARKER: after BSTOP the next instruction must start a block.
        .text
_start: C.BSTART.STD
        c.movi  1, ->s1
        C.BSTOP
        addi    s1, 2, ->s1            # not a block start
        C.BSTOP
        C.BSTART.STD
        c.movr  s1, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
