# A TLOAD header with neither B.ARG nor B.IOR: EC_BLOCKFMT reports B.ARG first (manual 10:
# priority B.ARG > B.TEXT > B.IOT > B.IOR > B.DIM).
        .text
_start: BSTART.TLOAD INT32
        B.IOTI  [], last ->t<512B>
        C.BSTART.STD
        C.BSTOP
