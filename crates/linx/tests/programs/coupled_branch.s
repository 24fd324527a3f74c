# An in-body branch in a coupled scalar block is illegal (semantics_conventions
# block_legality: BRU control transfers are vec-engine scalar-lane only).
        .text
_start: C.BSTART.STD
        j       next
next:   C.BSTOP
