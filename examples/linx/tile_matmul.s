# FP32 tile matmul with bias and ReLU (issue 16): out = relu(A x B + bias) for a 4x8 A and an
# 8x4 B, split along k into two 4x4 halves: TMATMUL on the first halves seeds the accumulator,
# TMATMUL.ACC adds the second, ACCCVT (scale 1.0, zero point 0: the plain conversion) makes an
# FP32 tile, TEPL TADD adds the bias tile, TEPL TRELU clamps, TSTORE writes `out`, and the
# program writes the 64 result bytes to standard output. `expected` holds the result computed by
# scripts/oracle/linx_tiles_ref.py (exact arithmetic, one rounding per fused k step);
# scripts/oracle/linx-tiles.sh recomputes it and the Rust test compares `out` with it.
        .text
_start: C.BSTART.STD
        addtpc  %pcpage(a_lo), ->a1
        addi    a1, %lo12(a_lo), ->a1
        addtpc  %pcpage(a_hi), ->a2
        addi    a2, %lo12(a_hi), ->a2
        addtpc  %pcpage(b_lo), ->a3
        addi    a3, %lo12(b_lo), ->a3
        addtpc  %pcpage(b_hi), ->a4
        addi    a4, %lo12(b_hi), ->a4
        addtpc  %pcpage(bias), ->a5
        addi    a5, %lo12(bias), ->a5
        addtpc  %pcpage(out), ->a6
        addi    a6, %lo12(out), ->a6
        lui     0x3f800, ->s0           # scale 1.0f
        addi    zero, 0, ->s1           # zero point 0
        BSTART.TLOAD FP32
        B.ARG   NORM.normal
        B.IOTI  [], last ->t<512B>
        B.IOR   [a1],[]
        C.B.DIMI 4, ->lb0
        C.B.DIMI 4, ->lb1
        C.B.DIMI 4, ->lb2
        BSTART.TLOAD FP32
        B.ARG   NORM.normal
        B.IOTI  [], last ->u<512B>
        B.IOR   [a3],[]
        C.B.DIMI 4, ->lb0
        C.B.DIMI 4, ->lb1
        C.B.DIMI 4, ->lb2
        BSTART.TLOAD FP32
        B.ARG   NORM.normal
        B.IOTI  [], last ->t<512B>
        B.IOR   [a2],[]
        C.B.DIMI 4, ->lb0
        C.B.DIMI 4, ->lb1
        C.B.DIMI 4, ->lb2
        BSTART.TLOAD FP32
        B.ARG   NORM.normal
        B.IOTI  [], last ->u<512B>
        B.IOR   [a4],[]
        C.B.DIMI 4, ->lb0
        C.B.DIMI 4, ->lb1
        C.B.DIMI 4, ->lb2
        BSTART.TMATMUL FP32             # acc = A_lo x B_lo (t#2, u#2)
        B.ARG   NORM.normal
        B.IOTI  [t#2, u#2], last ->acc<512B>
        C.B.DIMI 4, ->lb0
        C.B.DIMI 4, ->lb1
        C.B.DIMI 4, ->lb2
        BSTART.TLOAD FP32               # the bias, loaded while the Cube works
        B.ARG   NORM.normal
        B.IOTI  [], last ->n<512B>
        B.IOR   [a5],[]
        C.B.DIMI 4, ->lb0
        C.B.DIMI 4, ->lb1
        C.B.DIMI 4, ->lb2
        BSTART.TMATMUL.ACC FP32         # acc += A_hi x B_hi (t#1, u#1)
        B.ARG   NORM.normal
        B.IOTI  [t#1, u#1], last ->acc<512B>
        C.B.DIMI 4, ->lb0
        C.B.DIMI 4, ->lb1
        C.B.DIMI 4, ->lb2
        BSTART.ACCCVT FP32              # m#1 = FP32(acc)
        B.ARG   NORM.normal
        B.IOR   [s0,s1],[]
        B.IOTI  [], last ->m<512B>
        C.B.DIMI 4, ->lb0
        C.B.DIMI 4, ->lb1
        BSTART.TEPL 0, FP32             # TADD: m#1 = m#1 + bias (n#1)
        B.IOTI  [m#1, n#1], last ->m<512B>
        C.B.DIMI 4, ->lb0
        C.B.DIMI 4, ->lb1
        BSTART.TEPL 11, FP32            # TRELU: m#1 = relu(m#1)
        B.IOTI  [m#1], last ->m<512B>
        C.B.DIMI 4, ->lb0
        C.B.DIMI 4, ->lb1
        BSTART.TSTORE FP32
        B.ARG   NORM.normal
        B.IOTI  [m#1], last
        B.IOR   [a6],[]
        C.B.DIMI 4, ->lb0
        C.B.DIMI 4, ->lb1
        C.B.DIMI 4, ->lb2
        C.BSTART.STD
        addi    zero, 1, ->a0           # write(1, out, 64)
        addi    a6, 0, ->a1
        addi    zero, 64, ->a2
        addi    zero, 64, ->a7
        acrc    1
        C.BSTOP
        C.BSTART.STD
        addi    zero, 0, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
        .data
        .balign 64
a_lo:
        .word   0xbf400000, 0xbf000000, 0xbe800000, 0x0
        .word   0xbf000000, 0xbe800000, 0x0, 0x3e800000
        .word   0xbe800000, 0x0, 0x3e800000, 0x3f000000
        .word   0x0, 0x3e800000, 0x3f000000, 0x3f400000
a_hi:
        .word   0x3e800000, 0x3f000000, 0x3f400000, 0xbf400000
        .word   0x3f000000, 0x3f400000, 0xbf400000, 0xbf000000
        .word   0x3f400000, 0xbf400000, 0xbf000000, 0xbe800000
        .word   0xbf400000, 0xbf000000, 0xbe800000, 0x0
b_lo:
        .word   0xbf800000, 0x3f000000, 0xbf000000, 0x3f800000
        .word   0x0, 0xbf800000, 0x3f000000, 0xbf000000
        .word   0x3f800000, 0x0, 0xbf800000, 0x3f000000
        .word   0xbf000000, 0x3f800000, 0x0, 0xbf800000
b_hi:
        .word   0x3f000000, 0xbf000000, 0x3f800000, 0x0
        .word   0xbf800000, 0x3f000000, 0xbf000000, 0x3f800000
        .word   0x0, 0xbf800000, 0x3f000000, 0xbf000000
        .word   0x3f800000, 0x0, 0xbf800000, 0x3f000000
bias:
        .word   0x0, 0xbe000000, 0xbe800000, 0xbec00000
        .word   0x3e000000, 0x0, 0xbe000000, 0xbe800000
        .word   0x3e800000, 0x3e000000, 0x0, 0xbe000000
        .word   0x3ec00000, 0x3e800000, 0x3e000000, 0x0
expected:
        .word   0x0, 0x0, 0x3fa00000, 0x0
        .word   0x0, 0x3f900000, 0x3e800000, 0x0
        .word   0x3fb00000, 0x3e800000, 0x3f800000, 0x0
        .word   0x3f200000, 0x3f900000, 0x0, 0x0
out:    .zero   64
