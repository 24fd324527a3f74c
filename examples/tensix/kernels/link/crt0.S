/* Start-up code of a TRISC program (RV32IM, no C extension: ttsim takes compressed words as
 * Tensix pushes). The core starts at its reset PC (SoftReset.md: TRISC0 0x6000, TRISC1 0xA000,
 * TRISC2 0xE000), where the linker script places .text.start. The stack is at the top of the
 * core's local memory (0xFFB00000, coord/TILE_CONTRACT.md); .bss is zeroed; programs have no
 * initialised data (the linker script checks), so nothing is copied. */
    .section .text.start, "ax"
    .globl _start
_start:
    la      sp, __stack_top
    la      t0, __bss_start
    la      t1, __bss_end
1:  bgeu    t0, t1, 2f
    sw      zero, 0(t0)
    addi    t0, t0, 4
    j       1b
2:  call    main
3:  j       3b
