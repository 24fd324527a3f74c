# A CALL block without SETRET: the call/ret contract keeps ra (strict, exit 64); QEMU and
# LinxCoreModel write the fall-through address to ra (compat, exit 0x10010).
        .text
_start: C.BSTART.STD
        addi    zero, 64, ->ra
        C.BSTOP
        HL.BSTART.STD CALL, f
        C.BSTOP
after:  C.BSTART.STD
        C.BSTOP
f:      C.BSTART.STD
        c.movr  ra, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
