# Vector FP (V.F*, element type from the RegId10 width, manual 05b): an MSEQ kernel of 6 lanes
# computes out[i] = sqrt(max((x*y + x) / y, 0.5)) in FP32 from the bridged arrays xs, ys, and
# adds each lane's V.RDFADD of x*y into x1 (FP32, in lane order; stored to `sum`). Lane 5 has x = y = 0: 0/0
# is a NaN (canonical, and NV accrues in FCSR). The exit status is 0.
        .text
_start: C.BSTART.STD
        addtpc  %pcpage(xs), ->a1
        addi    a1, %lo12(xs), ->a1
        addtpc  %pcpage(ys), ->a2
        addi    a2, %lo12(ys), ->a2
        addtpc  %pcpage(out), ->a3
        addi    a3, %lo12(out), ->a3
        addtpc  %pcpage(half), ->a4
        addi    a4, %lo12(half), ->a4
        ldi     [a4, 0], ->a4
        addi    zero, 0, ->x1
        BSTART.MSEQ
        B.TEXT  body
        B.IOR   [a1,a2,a3],[]
        B.IOR   [a4],[]
        C.B.DIMI 6, ->lb0
        C.BSTART.STD
        addtpc  %pcpage(sum), ->a4
        addi    a4, %lo12(sum), ->a4
        swi     x1, [a4, 0]
        addi    zero, 0, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
body:   v.lw.brg [ri0, lc0<<2, zero.sd], ->vt.w
        v.lw.brg [ri1, lc0<<2, zero.sd], ->vt.w
        v.fmul  vt#2.fs, vt#1.fs, ->vt.w
        v.rdfadd vt#1.fs, ->t               # this lane's x*y (t starts empty: 0.0 + x*y)
        fadd    x1, t#1, ->x1, SrcType=1    # scalar-uniform FP32 sum across the replays
        v.fadd  vt#1.fs, vt#3.fs, ->vt.w
        v.fdiv  vt#1.fs, vt#3.fs, ->vt.w
        v.fmax  vt#1.fs, ri3.fs, ->vt.w
        v.fsqrt vt#1.fs, ->vt.w
        v.sw.brg vt#1.sd, [ri2, lc0<<2, zero<<2]
        C.BSTOP
        .data
        .balign 8
xs:     .word   0x3f800000, 0x40490fdb, 0xc0000000, 0x3dcccccd, 0x4e6e6b28, 0
ys:     .word   0x40400000, 0x3f000000, 0x40e00000, 0x3e99999a, 0x3f8ccccd, 0
half:   .word   0x3f000000, 0
out:    .zero   24
sum:    .word   0
