# A DIRECT transfer into the middle of a block: under `--cfi strict` the run stops with
# "illegal control flow ... (CFI_BAD_TARGET)" (the README's error example); `--cfi compat`
# exempts fixed targets and exits 4.
        .text
_start: C.BSTART.STD DIRECT, mid
        C.BSTOP
        C.BSTART.STD
mid:    addi    zero, 4, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
