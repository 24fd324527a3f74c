# Tile-local vector memory (manual 04 §"Bring-up tile-base binding"): TLOAD `src` and then
# `src2` (16 INT32 words each) into t#2 and t#1; a VPAR block (a5 = 16 lanes) binds ta = t#2,
# tb = t#1 and to = a new u#1 (one output: the strict SIMT header check allows no second,
# so `ts` stays unbound); each lane writes 3*src2[i] + src[i] + i to `to`; TSTORE u#1 to `dst`.
        .text
_start: C.BSTART.STD
        addtpc  %pcpage(src), ->a1
        addi    a1, %lo12(src), ->a1
        addtpc  %pcpage(dst), ->a2
        addi    a2, %lo12(dst), ->a2
        addi    zero, 16, ->a5              # lanes
        addtpc  %pcpage(src2), ->a4
        addi    a4, %lo12(src2), ->a4
        BSTART.TLOAD INT32
        B.ARG   NORM.normal
        B.IOTI  [], last ->t<512B>
        B.IOR   [a1],[]
        C.B.DIMI 16, ->lb0
        C.B.DIMI 1, ->lb1
        BSTART.TLOAD INT32
        B.ARG   NORM.normal
        B.IOTI  [], last ->t<512B>
        B.IOR   [a4],[]
        C.B.DIMI 16, ->lb0
        C.B.DIMI 1, ->lb1
        BSTART.VPAR
        B.IOTI  [t#2, t#1], last ->u<512B>
        B.TEXT  body
        B.DIM   a5, 0, ->lb0
        BSTART.TSTORE INT32
        B.ARG   NORM.normal
        B.IOTI  [u#1], last
        B.IOR   [a2],[]
        C.B.DIMI 16, ->lb0
        C.B.DIMI 1, ->lb1
        C.BSTART.STD
        addi    zero, 0, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
body:   v.lw    [tb, lc0<<2, zero.sd], ->vt.w
        v.add   vt#1.sd, vt#1.sd, ->vt
        v.add   vt#1.sd, vt#2.sd, ->vt
        v.lw    [ta, lc0<<2, zero.sd], ->vt.w
        v.add   vt#1.sd, vt#2.sd, ->vt
        v.add   vt#1.sd, lc0.sd, ->vt
        v.sw    vt#1.sd, [to, lc0<<2, zero<<2]
        C.BSTOP
        .data
        .balign 64
src:    .word   0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150
src2:   .word   5, -1, 7, 1000, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, -22
dst:    .zero   64
