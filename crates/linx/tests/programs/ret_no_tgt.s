# The empty `C.BSTART.STD RET; C.BSTOP` wrapper: no SETC.TGT. Strict: block-format fault;
# compat: returns to ra (exit 5).
        .text
_start: C.BSTART.STD
        addtpc  %pcpage(done), ->x0     # (ADDTPC ->ra would be SETRET)
        addi    x0, %lo12(done), ->x0
        c.movr  x0, ->ra
        C.BSTOP
        C.BSTART.STD RET
        C.BSTOP
done:   C.BSTART.STD
        addi    zero, 5, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
