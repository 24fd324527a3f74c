# A VSEQ header whose LB0 comes from a register holding 2^63: the replay must stop at the
# instruction limit like any other runaway program.
        .text
_start: C.BSTART.STD
        addi    zero, 1, ->a0
        slli    a0, 63, ->a0
        BSTART.VSEQ
        B.TEXT  body
        B.DIM   a0, 0, ->lb0
        C.BSTART.STD
        addi    zero, 0, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
body:   v.add   lc0.sd, lc0.sd, ->vt
        C.BSTOP
