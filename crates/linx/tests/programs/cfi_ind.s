# Check 8: an IND transfer (SETC.TGT) into the middle of a block faults in both modes.
        .text
_start: C.BSTART.STD IND
        addtpc  %pcpage(mid), ->a0
        addi    a0, %lo12(mid), ->a0
        c.setc.tgt a0
        C.BSTOP
blk:    C.BSTART.STD
        addi    s1, 10, ->s1
mid:    addi    s1, 100, ->s1
        C.BSTOP
