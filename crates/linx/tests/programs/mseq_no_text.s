# An MSEQ header without B.TEXT: E_BLOCK(EC_BLOCKFMT), family B.TEXT (TRAPARG0 = 2).
        .text
_start: BSTART.MSEQ
        C.B.DIMI 4, ->LB0
        C.BSTART.STD
        C.BSTOP
