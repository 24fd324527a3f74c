# An MSEQ body that branches to itself forever (in-body branches are legal in MSEQ): the
# instruction limit stops it.
        .text
_start: C.BSTART.STD
        BSTART.MSEQ
        B.TEXT  body
        C.B.DIMI 2, ->lb0
        C.BSTART.STD
        addi    zero, 0, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
body:   addi    x0, 1, ->x0
        j       body
        C.BSTOP
