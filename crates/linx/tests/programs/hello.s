# write(1, "hello\n", 6); exit(7) -- ACRC system calls (a7 number, a0..a5 arguments).
        .text
_start: C.BSTART.STD
        addi    zero, 1, ->a0
        addtpc  %pcpage(msg), ->a1
        addi    a1, %lo12(msg), ->a1
        addi    zero, 6, ->a2
        addi    zero, 64, ->a7
        acrc    1
        C.BSTOP
        C.BSTART.STD
        addi    zero, 7, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
        .data
msg:    .ascii  "hello\n"
