# Tile blocks (seed 003 Check 19, manual 04 §Tile blocks, 09 §TLOAD/TSTORE): TLOAD a 4x3 INT32
# matrix with a 64-byte row stride into a new t#1 (512 B, rows of LB2 = 4 elements), TMOV it to
# a new m#1 (1 KiB), TSTORE m#1 densely (base-only B.IOR) to `dst`.
        .text
_start: C.BSTART.STD
        addi    zero, 64, ->a0          # stride
        addtpc  %pcpage(src), ->a1
        addi    a1, %lo12(src), ->a1
        addtpc  %pcpage(dst), ->a2
        addi    a2, %lo12(dst), ->a2
        BSTART.TLOAD INT32
        B.ARG   NORM.normal
        B.IOTI  [], last ->t<512B>
        B.IOR   [a0,a1],[]
        C.B.DIMI 3, ->lb0
        C.B.DIMI 4, ->lb1
        C.B.DIMI 4, ->lb2
        BSTART.TMOV INT32
        B.IOTI  [t#1], last ->m<1KB>
        BSTART.TSTORE INT32
        B.ARG   NORM.normal
        B.IOTI  [m#1], last
        B.IOR   [a2],[]
        C.B.DIMI 3, ->lb0
        C.B.DIMI 4, ->lb1
        C.B.DIMI 4, ->lb2
        C.BSTART.STD
        addi    zero, 0, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
        .data
        .balign 64
src:    .word   0, 1, 2, 99
        .zero   48
        .word   10, 11, 12, 99
        .zero   48
        .word   20, 21, 22, 99
        .zero   48
        .word   30, 31, 32, 99
        .zero   48
dst:    .zero   64
