# A VSEQ body (tile-only: no memory) reducing lane values in lane order:
# x0 = sum over lc0 < 6 of 2*lc0 = 30, returned as the exit status.
        .text
_start: C.BSTART.STD
        addi    zero, 0, ->x0
        BSTART.VSEQ
        B.TEXT  body
        C.B.DIMI 6, ->lb0
        C.BSTART.STD
        c.movr  x0, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
body:   v.add   lc0.sd, lc0.sd, ->vt
        v.rdadd vt#1, ->t               # this lane's contribution
        add     x0, t#1, ->x0           # scalar-uniform code accumulates across replays
        C.BSTOP
