# Lane replay order of a kernel block (BSTART.MSEQ; the test also runs it as BSTART.MPAR): each replay bumps a GPR counter (scalar-uniform code) and
# logs its lane id lc0 + 8*lc1 at log[counter]. LB0 = 5 lanes, LB1 = 3 groups.
        .text
_start: C.BSTART.STD
        addtpc  %pcpage(log), ->s0
        addi    s0, %lo12(log), ->s0
        addi    zero, 0, ->x0
        addi    zero, 5, ->a0
        addi    zero, 3, ->a1
        BSTART.MSEQ
        B.TEXT  body
        B.IOR   [s0],[]
        B.DIM   a0, 0, ->lb0
        B.DIM   a1, 0, ->lb1
        C.BSTART.STD
        c.movr  x0, ->a0                # the number of replays
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
body:   addi    x0, 1, ->x0
        c.movr  x0, ->t
        v.slli  lc1.sd, 3, ->vt
        v.add   lc0.sd, vt#1, ->vt
        v.sw.brg vt#1, [ri0, t#1<<2]
        C.BSTOP
        .data
        .balign 8
log:    .zero   256
