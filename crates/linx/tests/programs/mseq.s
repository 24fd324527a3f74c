# The seed's (Check 16) and the manual's MSEQ example: for i < n, j < m: a[i][j] = i + j,
# with a row stride of 1024 bytes. ri0 = s0 (B.IOR), LB0 = m = 5 (lanes), LB1 = n = 3.
        .text
_start: C.BSTART.STD
        addtpc  %pcpage(arr), ->s0
        addi    s0, %lo12(arr), ->s0
        addi    zero, 5, ->a0
        addi    zero, 3, ->a1
        BSTART.MSEQ
        B.TEXT  body
        B.IOR   [s0],[]
        B.DIM   a0, 0, ->lb0
        B.DIM   a1, 0, ->lb1
        C.BSTART.STD                    # the header continuation
        addi    zero, 93, ->a7
        addi    zero, 0, ->a0
        acrc    1
        C.BSTOP
body:   v.add   lc0.sw, lc1.sw, ->vt
        v.sw.brg vt#1, [ri0, lc0<<2, lc1<<10]
        C.BSTOP
        .data
        .balign 8
arr:    .zero   4096
