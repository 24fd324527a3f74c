# Sieve of Eratosthenes over 2,000,000 numbers, repeated 5 times; prints the prime count
# (148933) and exits 0. A long-running program for `macrosim linx run` benchmarks: about
# 140 million instructions in 28 million blocks.
        .text
        .globl _start
_start: C.BSTART.STD
        addtpc  %pcpage(flags), ->s0
        addi    s0, %lo12(flags), ->s0
        hl.lis  2000000, ->s1           # N
        addi    zero, 5, ->s5           # repetitions
        C.BSTOP
rep:    C.BSTART.STD                    # clear the flags
        addi    zero, 0, ->x0
        C.BSTOP
clear:  C.BSTART.STD COND, clear
        sb      zero, [s0, x0]
        addi    x0, 1, ->x0
        setc.ltu x0, s1
        C.BSTOP
        C.BSTART.STD
        addi    zero, 2, ->s2           # i
        addi    zero, 0, ->s3           # count
        C.BSTOP
outer:  C.BSTART.STD COND, skip
        lbu     [s0, s2], ->t
        setc.ne t#1, zero               # composite: skip
        C.BSTOP
        C.BSTART.STD
        addi    s3, 1, ->s3
        mul     s2, s2, ->x1            # j = i * i
        C.BSTOP
mark:   C.BSTART.STD COND, done_i
        setc.geu x1, s1
        C.BSTOP
        C.BSTART.STD DIRECT, mark
        c.movi  1, ->t
        sb      t#1, [s0, x1]
        add     x1, s2, ->x1
        C.BSTOP
done_i: C.BSTART.STD
        C.BSTOP
skip:   C.BSTART.STD COND, outer
        addi    s2, 1, ->s2
        setc.ltu s2, s1
        C.BSTOP
        C.BSTART.STD COND, rep
        subi    s5, 1, ->s5
        setc.ne s5, zero
        C.BSTOP
        # print the count in decimal
        C.BSTART.STD
        addtpc  %pcpage(buf), ->s4
        addi    s4, %lo12(buf), ->s4
        addi    s4, 15, ->s4            # write backwards from buf+15
        addi    zero, 10, ->t
        sb      t#1, [s4, zero]         # newline
        addi    zero, 1, ->x2           # length
        addi    zero, 10, ->x3
        C.BSTOP
digit:  C.BSTART.STD COND, digit
        remu    s3, x3, ->t
        addi    t#1, 48, ->t
        subi    s4, 1, ->s4
        sb      t#1, [s4, zero]
        addi    x2, 1, ->x2
        divu    s3, x3, ->s3
        setc.ne s3, zero
        C.BSTOP
        C.BSTART.STD
        addi    zero, 1, ->a0
        c.movr  s4, ->a1
        c.movr  x2, ->a2
        addi    zero, 64, ->a7
        acrc    1
        C.BSTOP
        C.BSTART.STD
        addi    zero, 0, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
        .data
buf:    .zero   16
        .bss
flags:  .zero   2000000
