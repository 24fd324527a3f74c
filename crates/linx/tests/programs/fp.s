# Scalar floating point in GPRs: double and single arithmetic, FMA, sqrt, compares, min/max,
# conversions. Results go to `res` (8-byte slots).
        .text
_start: C.BSTART.FP
        addtpc  %pcpage(res), ->s0
        addi    s0, %lo12(res), ->s0
        addtpc  %pcpage(data), ->s1
        addi    s1, %lo12(data), ->s1
        ldi     [s1, 0], ->a0           # 1.5
        ldi     [s1, 8], ->a1           # 0.1
        ldi     [s1, 16], ->a2          # 2.0
        fadd    a0, a1, ->t
        sdi     t#1, [s0, 0]            # 1.6
        fdiv    a0, a1, ->t
        sdi     t#1, [s0, 8]            # 15.000000000000002
        fmadd   a0, a1, a2, ->t
        sdi     t#1, [s0, 16]           # fma(1.5, 0.1, 2.0)
        fsqrt   a2, ->t
        sdi     t#1, [s0, 24]           # sqrt(2)
        flt     a1, a0, ->t
        sdi     t#1, [s0, 32]           # 1
        fmin    a0, a1, ->t
        sdi     t#1, [s0, 40]           # 0.1
        fcvtz   a1, ->t, DstType=9
        sdi     t#1, [s0, 48]           # 0
        addi    zero, 7, ->t
        scvtf   t#1, ->t, SrcType=0
        fmul    t#1, a0, ->t
        sdi     t#1, [s0, 56]           # 10.5
        lwi     [s1, 24], ->a3          # 0.1f
        lwi     [s1, 28], ->a4          # 3.0f
        fmul    a3, a4, ->t, SrcType=1
        sdi     t#1, [s0, 64]           # 0.1f * 3.0f
        fcvt    a3, ->t, SrcType=1, DstType=0
        sdi     t#1, [s0, 72]           # (double) 0.1f
        C.BSTART.STD
        addi    zero, 0, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
        .data
        .balign 8
data:   .dword  0x3ff8000000000000, 0x3fb999999999999a, 0x4000000000000000
        .word   0x3dcccccd, 0x40400000
res:    .zero   80
