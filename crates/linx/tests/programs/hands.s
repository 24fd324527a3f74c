# T/U hands (seed 003 Checks 3 and 12; manual §ClockHands): depth 4, t#1 newest, a push kills
# the old #4, hands are reset at block start. Results go to `out`.
        .text
_start: C.BSTART.STD
        addtpc  %pcpage(out), ->s0
        addi    s0, %lo12(out), ->s0
        addi    zero, 1, ->t
        addi    zero, 2, ->t
        addi    zero, 3, ->t
        addi    zero, 4, ->t
        addi    zero, 5, ->t            # five pushes: 1 is killed
        addi    zero, 10, ->u
        addi    zero, 20, ->u
        swi     t#1, [s0, 0]            # 5
        swi     t#4, [s0, 4]            # 2
        swi     u#1, [s0, 8]            # 20
        swi     u#2, [s0, 12]           # 10
        C.BSTOP
        C.BSTART.STD                    # a new block: the hands start empty
        swi     t#1, [s0, 16]           # 0
        swi     u#1, [s0, 20]           # 0
        # Check 12's fused block: store at (a0 + a1) - a2 + 100.
        addi    s0, 32, ->a0
        addi    zero, 24, ->a1
        addi    zero, 20, ->a2
        addi    zero, 77, ->s3
        add     a0, a1, ->t
        sub     t#1, a2, ->u
        swi     s3, [u#1, 100]          # out + 32 + 24 - 20 + 100 = out + 136
        C.BSTOP
        C.BSTART.STD
        addi    zero, 0, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
        .data
out:    .word   -1, -1, -1, -1, -1, -1
        .zero   256
