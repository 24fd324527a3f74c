# MCOPY/MSET template blocks (manual 07): MSET fills 8 bytes of `dst` with 0x5a, MCOPY copies
# 5 bytes of `src` over its start.
        .text
_start: C.BSTART.STD
        addtpc  %pcpage(dst), ->a0
        addi    a0, %lo12(dst), ->a0
        addtpc  %pcpage(src), ->a1
        addi    a1, %lo12(src), ->a1
        addi    zero, 0x5a, ->a2
        addi    zero, 8, ->a3
        addi    zero, 5, ->a4
        C.BSTOP
        MSET    [a0, a2, a3]
        MCOPY   [a0, a1, a4]
        C.BSTART.STD
        addi    zero, 0, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
        .data
src:    .ascii  "hello"
dst:    .zero   16
