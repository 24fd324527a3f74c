# In-body branches (MPAR/MSEQ kernels only): lanes with lc0 < 2 skip the store, so only
# out[2..4] are written (= 7).
        .text
_start: C.BSTART.STD
        addtpc  %pcpage(out), ->s0
        addi    s0, %lo12(out), ->s0
        addi    zero, 2, ->x0
        BSTART.MSEQ
        B.TEXT  body
        B.IOR   [s0],[]
        C.B.DIMI 4, ->lb0
        C.BSTART.STD
        addi    zero, 0, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
body:   ssrget  0x53, ->a1              # LC0
        b.lt    a1, x0, skip
        v.addi  zero, 7, ->vt
        v.sw.brg vt#1, [ri0, lc0<<2, zero<<2]
skip:   C.BSTOP
        .data
out:    .word   -1, -1, -1, -1
