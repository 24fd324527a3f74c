# Calls and returns (call/ret contract; manual §Calls): fused call headers (BSTART CALL +
# C.SETRET / SETRET / HL.SETRET), ICALL and IND through SETC.TGT, RET blocks, FENTRY/FEXIT/
# FRET.STK/FRET.RA frames, a tail call. Results go to `out`.
        .text
_start: C.BSTART.STD
        addtpc  %pcpage(out), ->s2
        addi    s2, %lo12(out), ->s2
        c.movi  3, ->a0
        C.BSTOP
        HL.BSTART.STD CALL, double      # double(3)
        c.setret ret1, ->ra
ret1:   C.BSTART.STD
        swi     a0, [s2, 0]             # 6
        addtpc  %pcpage(double), ->x0
        addi    x0, %lo12(double), ->x0
        C.BSTOP
        C.BSTART.STD ICALL              # double(6) through a register
        setret  ret2, ->ra
        c.setc.tgt x0
        C.BSTOP
ret2:   C.BSTART.STD
        swi     a0, [s2, 4]             # 12
        C.BSTOP
        HL.BSTART.STD CALL, quad        # quad(12): two nested calls
        hl.setret ret3, ->ra
ret3:   C.BSTART.STD
        swi     a0, [s2, 8]             # 48
        C.BSTOP
        HL.BSTART.STD CALL, tail        # tail(48) = double(96) via FEXIT + IND
        c.setret ret4, ->ra
ret4:   C.BSTART.STD
        swi     a0, [s2, 12]            # 192
        C.BSTOP
        HL.BSTART.STD CALL, plain       # plain(5): a RET block returning through ra
        c.setret ret5, ->ra
ret5:   C.BSTART.STD
        swi     a0, [s2, 16]            # 192 + 1
        swi     s0, [s2, 20]            # s0 restored by FRET.STK (= 0)
        C.BSTOP
        HL.BSTART.STD CALL, leaf        # FRET.RA returns through ra as it was before the reload
        c.setret ret6, ->ra
ret6:   C.BSTART.STD
        swi     ra, [s2, 24]            # the reloaded (overwritten) slot: 0x234
        addi    zero, 0, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP

double: FENTRY  [ra ~ s0], sp!, 16      # saves ra and s0
        C.BSTART.STD
        addi    zero, 99, ->s0          # clobber s0; FRET.STK restores it
        add     a0, a0, ->a0
        FRET.STK [ra ~ s0], sp!, 16

quad:   FENTRY  [ra ~ ra], sp!, 16
        HL.BSTART.STD CALL, double
        c.setret q1, ->ra
q1:     HL.BSTART.STD CALL, double
        c.setret q2, ->ra
q2:     FRET.STK [ra ~ ra], sp!, 16     # returns to the ra saved by FENTRY

tail:   FENTRY  [ra ~ ra], sp!, 16
        C.BSTART.STD
        add     a0, a0, ->a0
        FEXIT   [ra ~ ra], sp!, 16
        C.BSTART.STD IND
        addtpc  %pcpage(double), ->x1
        addi    x1, %lo12(double), ->x1
        c.setc.tgt x1
        C.BSTOP

leaf:   FENTRY  [ra ~ ra], sp!, 16
        C.BSTART.STD
        addi    zero, 0x234, ->t
        sdi     t#1, [sp, 8]            # overwrite the saved ra
        FRET.RA [ra ~ ra], sp!, 16

plain:  C.BSTART.STD RET
        addi    a0, 1, ->a0
        c.setc.tgt ra
        C.BSTOP

        .data
out:    .zero   64
