# A scalar decoupled block (Check 13): BSTART + B.TEXT and nothing else; the out-of-line body
# runs once at the header's end, then the next block starts at the header continuation.
        .text
_start: C.BSTART.STD
        addtpc  %pcpage(out), ->s2
        addi    s2, %lo12(out), ->s2
        addi    zero, 40, ->s1
        C.BSTOP
        C.BSTART.STD
        B.TEXT  sbody
        C.BSTART.STD                    # continuation: the body has run
        lwi     [s2, 0], ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
sbody:  addi    s1, 2, ->s1
        swi     s1, [s2, 0]
        C.BSTOP
        .data
out:    .zero   8
