# SETC.* (manual §BARG): each condition drives a COND block; a taken branch sets bit k of s1.
# a1 = -1, a2 = 1, a3 = 0x123456, a4 = 4096. The exit status is 0; s1 goes to `out`.
        .text
_start: C.BSTART.STD
        addi    zero, 0, ->s1
        subi    zero, 1, ->a1
        addi    zero, 1, ->a2
        hl.lis  0x123456, ->a3
        lui     1, ->a4
        addtpc  %pcpage(out), ->s2
        addi    s2, %lo12(out), ->s2
        C.BSTOP
        C.BSTART.STD COND, t0
        setc.lt a1, a2
        C.BSTOP
        C.BSTART.STD DIRECT, n0
        C.BSTOP
t0:     C.BSTART.STD
        hl.ori  s1, 1, ->s1
        C.BSTOP
n0:     C.BSTART.STD
        C.BSTOP
        C.BSTART.STD COND, t1
        setc.ltu a1, a2
        C.BSTOP
        C.BSTART.STD DIRECT, n1
        C.BSTOP
t1:     C.BSTART.STD
        hl.ori  s1, 2, ->s1
        C.BSTOP
n1:     C.BSTART.STD
        C.BSTOP
        C.BSTART.STD COND, t2
        setc.ge a1, a2
        C.BSTOP
        C.BSTART.STD DIRECT, n2
        C.BSTOP
t2:     C.BSTART.STD
        hl.ori  s1, 4, ->s1
        C.BSTOP
n2:     C.BSTART.STD
        C.BSTOP
        C.BSTART.STD COND, t3
        setc.geu a1, a2
        C.BSTOP
        C.BSTART.STD DIRECT, n3
        C.BSTOP
t3:     C.BSTART.STD
        hl.ori  s1, 8, ->s1
        C.BSTOP
n3:     C.BSTART.STD
        C.BSTOP
        C.BSTART.STD COND, t4
        setc.eq a1, a2
        C.BSTOP
        C.BSTART.STD DIRECT, n4
        C.BSTOP
t4:     C.BSTART.STD
        hl.ori  s1, 16, ->s1
        C.BSTOP
n4:     C.BSTART.STD
        C.BSTOP
        C.BSTART.STD COND, t5
        setc.ne a1, a2
        C.BSTOP
        C.BSTART.STD DIRECT, n5
        C.BSTOP
t5:     C.BSTART.STD
        hl.ori  s1, 32, ->s1
        C.BSTOP
n5:     C.BSTART.STD
        C.BSTOP
        C.BSTART.STD COND, t6
        setc.and a1, a2
        C.BSTOP
        C.BSTART.STD DIRECT, n6
        C.BSTOP
t6:     C.BSTART.STD
        hl.ori  s1, 64, ->s1
        C.BSTOP
n6:     C.BSTART.STD
        C.BSTOP
        C.BSTART.STD COND, t7
        setc.or zero, zero
        C.BSTOP
        C.BSTART.STD DIRECT, n7
        C.BSTOP
t7:     C.BSTART.STD
        hl.ori  s1, 128, ->s1
        C.BSTOP
n7:     C.BSTART.STD
        C.BSTOP
        C.BSTART.STD COND, t8
        setc.lti a1, 0
        C.BSTOP
        C.BSTART.STD DIRECT, n8
        C.BSTOP
t8:     C.BSTART.STD
        hl.ori  s1, 256, ->s1
        C.BSTOP
n8:     C.BSTART.STD
        C.BSTOP
        C.BSTART.STD COND, t9
        setc.ltui a2, 2
        C.BSTOP
        C.BSTART.STD DIRECT, n9
        C.BSTOP
t9:     C.BSTART.STD
        hl.ori  s1, 512, ->s1
        C.BSTOP
n9:     C.BSTART.STD
        C.BSTOP
        C.BSTART.STD COND, t10
        setc.gei a2, 1
        C.BSTOP
        C.BSTART.STD DIRECT, n10
        C.BSTOP
t10:     C.BSTART.STD
        hl.ori  s1, 1024, ->s1
        C.BSTOP
n10:     C.BSTART.STD
        C.BSTOP
        C.BSTART.STD COND, t11
        setc.geui a1, 1
        C.BSTOP
        C.BSTART.STD DIRECT, n11
        C.BSTOP
t11:     C.BSTART.STD
        hl.ori  s1, 2048, ->s1
        C.BSTOP
n11:     C.BSTART.STD
        C.BSTOP
        C.BSTART.STD COND, t12
        setc.eqi a2, 1
        C.BSTOP
        C.BSTART.STD DIRECT, n12
        C.BSTOP
t12:     C.BSTART.STD
        hl.ori  s1, 4096, ->s1
        C.BSTOP
n12:     C.BSTART.STD
        C.BSTOP
        C.BSTART.STD COND, t13
        setc.nei a2, 1
        C.BSTOP
        C.BSTART.STD DIRECT, n13
        C.BSTOP
t13:     C.BSTART.STD
        hl.ori  s1, 8192, ->s1
        C.BSTOP
n13:     C.BSTART.STD
        C.BSTOP
        C.BSTART.STD COND, t14
        setc.andi a2, 2
        C.BSTOP
        C.BSTART.STD DIRECT, n14
        C.BSTOP
t14:     C.BSTART.STD
        hl.ori  s1, 16384, ->s1
        C.BSTOP
n14:     C.BSTART.STD
        C.BSTOP
        C.BSTART.STD COND, t15
        setc.ori zero, 0
        C.BSTOP
        C.BSTART.STD DIRECT, n15
        C.BSTOP
t15:     C.BSTART.STD
        hl.ori  s1, 32768, ->s1
        C.BSTOP
n15:     C.BSTART.STD
        C.BSTOP
        C.BSTART.STD COND, t16
        c.setc.eq a2, a2
        C.BSTOP
        C.BSTART.STD DIRECT, n16
        C.BSTOP
t16:     C.BSTART.STD
        hl.ori  s1, 65536, ->s1
        C.BSTOP
n16:     C.BSTART.STD
        C.BSTOP
        C.BSTART.STD COND, t17
        c.setc.ne a2, a2
        C.BSTOP
        C.BSTART.STD DIRECT, n17
        C.BSTOP
t17:     C.BSTART.STD
        hl.ori  s1, 131072, ->s1
        C.BSTOP
n17:     C.BSTART.STD
        C.BSTOP
        C.BSTART.STD COND, t18
        hl.setc.eqi a3, 0x123456
        C.BSTOP
        C.BSTART.STD DIRECT, n18
        C.BSTOP
t18:     C.BSTART.STD
        hl.ori  s1, 262144, ->s1
        C.BSTOP
n18:     C.BSTART.STD
        C.BSTOP
        C.BSTART.STD COND, t19
        setc.eqi a4, 1, shamt=12
        C.BSTOP
        C.BSTART.STD DIRECT, n19
        C.BSTOP
t19:     C.BSTART.STD
        hl.ori  s1, 524288, ->s1
        C.BSTOP
n19:     C.BSTART.STD
        C.BSTOP
        C.BSTART.STD COND, t20
        setc.ltu a2, a1.uw
        C.BSTOP
        C.BSTART.STD DIRECT, n20
        C.BSTOP
t20:     C.BSTART.STD
        hl.ori  s1, 1048576, ->s1
        C.BSTOP
n20:     C.BSTART.STD
        C.BSTOP
        C.BSTART.STD COND, t21
        setc.lt a2, a1.sw
        C.BSTOP
        C.BSTART.STD DIRECT, n21
        C.BSTOP
t21:     C.BSTART.STD
        hl.ori  s1, 2097152, ->s1
        C.BSTOP
n21:     C.BSTART.STD
        C.BSTOP
        C.BSTART.STD
        sdi     s1, [s2, 0]
        addi    zero, 0, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
        .data
out:    .zero   8
