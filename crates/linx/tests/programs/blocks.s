# Block boundaries and branch types (seed 003 Checks 6-9): every BSTART size, BSTOP/C.BSTOP,
# implicit end at the next block start, DIRECT/COND chosen at commit, BSTOP as a jump target.
# s1 accumulates the bodies that run; the exit status is s1 (expected 31).
        .text
_start: C.BSTART.STD                    # 16-bit FALL block
        c.movi  1, ->s1
        C.BSTOP                         # explicit end; the next instruction must be a marker
        BSTART.STD.S17 DIRECT, b2       # 32-bit typed header (simm17)
        addi    s1, 2, ->s1             # the body runs before the transfer
never1: C.BSTART.STD                    # implicit end of the DIRECT block: not executed
        addi    s1, 1000, ->s1
        C.BSTOP
b2:     HL.BSTART.STD DIRECT, b3        # 48-bit header
        addi    s1, 4, ->s1
b3:     BSTART.STD DIRECT, b4           # 32-bit long form (simm25)
        addi    s1, 8, ->s1
b4:     C.BSTART.STD COND, never2       # COND, condition false: falls through to b5
        setc.eq s1, zero
b5:     C.BSTART.STD COND, b7           # COND, condition true: taken
        addi    s1, 16, ->s1
        setc.ne s1, zero
        C.BSTOP
never2: C.BSTART.STD
        addi    s1, 1000, ->s1
        C.BSTOP
b7:     C.BSTART.STD DIRECT, b8         # to a BSTOP: "BSTOP serves as a nop if jumped to"
        C.BSTOP
never3: C.BSTART.STD
        addi    s1, 1000, ->s1
        C.BSTOP
b8:     C.BSTOP                         # an empty block, falling through to the next marker
        C.BSTART.STD
        c.movr  s1, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
