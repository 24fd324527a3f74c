# The initial stack as musl's _start reads it: argc, argv[], NULL, envp[], NULL, auxv pairs.
# Copies AT_PHDR (3), AT_PAGESZ (6), AT_BASE (7), AT_ENTRY (9), AT_RANDOM (25) and argc to `res`.
# Position independent (PC-relative data), so it also runs as a static-pie (ET_DYN) image.
        .text
_start: C.BSTART.STD
        addtpc  %pcpage(res), ->s0
        addi    s0, %lo12(res), ->s0
        ldi     [sp, 0], ->s1           # argc
        sdi     s1, [s0, 40]
        addi    s1, 2, ->t              # skip argc, argv[], NULL
        slli    t#1, 3, ->t
        add     sp, t#1, ->s2           # envp
        C.BSTOP
env:    C.BSTART.STD COND, env          # skip envp up to its NULL
        ldi     [s2, 0], ->t
        addi    s2, 8, ->s2
        setc.ne t#1, zero
        C.BSTOP
aux:    C.BSTART.STD
        ldi     [s2, 0], ->a0           # key
        ldi     [s2, 8], ->a1           # value
        addi    s2, 16, ->s2
        C.BSTOP
        C.BSTART.STD COND, no3
        setc.nei a0, 3
        C.BSTOP
        C.BSTART.STD
        sdi     a1, [s0, 0]
        C.BSTOP
no3:    C.BSTART.STD
        C.BSTOP
        C.BSTART.STD COND, no6
        setc.nei a0, 6
        C.BSTOP
        C.BSTART.STD
        sdi     a1, [s0, 8]
        C.BSTOP
no6:    C.BSTART.STD
        C.BSTOP
        C.BSTART.STD COND, no7
        setc.nei a0, 7
        C.BSTOP
        C.BSTART.STD
        sdi     a1, [s0, 16]
        C.BSTOP
no7:    C.BSTART.STD
        C.BSTOP
        C.BSTART.STD COND, no9
        setc.nei a0, 9
        C.BSTOP
        C.BSTART.STD
        sdi     a1, [s0, 24]
        C.BSTOP
no9:    C.BSTART.STD
        C.BSTOP
        C.BSTART.STD COND, no25
        setc.nei a0, 25
        C.BSTOP
        C.BSTART.STD
        sdi     a1, [s0, 32]
        C.BSTOP
no25:    C.BSTART.STD
        C.BSTOP
        C.BSTART.STD COND, aux
        setc.ne a0, zero
        C.BSTOP
        C.BSTART.STD
        addi    zero, 0, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
        .data
        .balign 8
res:    .zero   48
