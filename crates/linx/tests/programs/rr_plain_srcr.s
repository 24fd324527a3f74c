# Register-register forms without a SrcRType field (MUL, DIVU, REMU, MAXU, ...) use SrcR as it
# is in both modes; compat's toolchain reading of SrcRType (raw 00 = .sw) must not apply to
# them. The real-binary symptom: musl's fmt_u (printf %u) divides by 10 with 32x32-bit MUL
# pieces; with SrcR sign-extended the quotient never shrank and specrand_ir wrote digits below
# its stack until it faulted. Results go to `out` (doublewords).
        .text
_start: C.BSTART.STD
        addtpc  %pcpage(out), ->s0
        addi    s0, %lo12(out), ->s0
        hl.lui  -858993460, ->t         # 0xffffffffcccccccc
        addi    zero, 32, ->a0
        sll     t#1, a0, ->t
        srl     t#1, a0, ->a1           # a1 = 0xcccccccc (bit 31 set, positive)
        addi    zero, 3, ->a2
        mul     a2, a1, ->t
        sdi     t#1, [s0, 0]            # 0x266666664
        divu    a1, a2, ->t
        sdi     t#1, [s0, 8]            # 0x44444444
        addi    zero, 1000, ->a3
        divu    a3, a1, ->t
        sdi     t#1, [s0, 16]           # 0 (1000 / 0xcccccccc)
        remu    a3, a1, ->t
        sdi     t#1, [s0, 24]           # 1000
        maxu    a3, a1, ->t
        sdi     t#1, [s0, 32]           # 0xcccccccc
        min     a3, a1, ->t
        sdi     t#1, [s0, 40]           # 1000
        addi    zero, 93, ->a7
        addi    zero, 0, ->a0
        acrc    1
        C.BSTOP
        .data
out:    .zero   48
