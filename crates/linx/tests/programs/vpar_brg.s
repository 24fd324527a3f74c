# VPAR/VSEQ bodies are tile-only: a bridged store there is illegal.
        .text
_start: C.BSTART.STD
        addtpc  %pcpage(arr), ->s0
        addi    s0, %lo12(arr), ->s0
        BSTART.VPAR
        B.TEXT  body
        B.IOR   [s0],[]
        C.B.DIMI 2, ->LB0
        C.BSTART.STD
        C.BSTOP
body:   v.sw.brg lc0.sd, [ri0, lc0<<2, zero<<2]
        C.BSTOP
        .data
arr:    .zero   64
