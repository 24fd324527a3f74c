// crt0 for the Snitch cluster programs (SNITCH_CONTRACT.md: no runtime needed from the simulator).
// Every hart starts here with its mhartid (0..7 compute cores, 8 the DMA core); sp = TCDM end -
// hartid * 1 KiB; mstatus.FS = Initial so the FPU is on; then `int main(hartid)`. Each hart stores
// main's result into __results[hartid], all harts meet at the hardware barrier (CSR 0x7C2), and
// hart 0 exits with the first non-zero result in hart order (0 if none):
//   snitch_cluster: stores (code << 1) | 1 to `tohost` (notes/snitch.md §5, HTIF convention);
//   -DSNITCH_BANSHEE: stores it to Banshee's scratch_reg 0x4000_0020 (src/configuration.rs,
//   notes/snitch.md §10).
// Then every hart sleeps in wfi (Banshee ends a run when all harts are in wfi).
#define NR_HARTS 9
    .file   "crt0.S"  // a fixed name in the symbol table (else the temporary file's), so rebuilds are byte-identical
    .section .text.init, "ax"
    .globl _start
_start:
    .option push
    .option norelax
    la      gp, __global_pointer$
    .option pop
    csrr    a0, mhartid
    la      sp, __stack_top
    slli    t0, a0, 10
    sub     sp, sp, t0
    li      t0, 0x2000
    csrs    mstatus, t0
    call    main
    csrr    t1, mhartid
    la      t0, __results
    slli    t2, t1, 2
    add     t0, t0, t2
    sw      a0, 0(t0)
    csrr    x0, 0x7c2
    bnez    t1, halt
    la      t0, __results
    li      t2, NR_HARTS
    li      a0, 0
1:  lw      t3, 0(t0)
    bnez    t3, 2f
    addi    t0, t0, 4
    addi    t2, t2, -1
    bnez    t2, 1b
    j       3f
2:  mv      a0, t3
3:  slli    a0, a0, 1
    ori     a0, a0, 1
#ifdef SNITCH_BANSHEE
    li      t0, 0x40000020
#else
    la      t0, tohost
#endif
    sw      a0, 0(t0)
halt:
    wfi
    j       halt

    .section .data
    .balign 4
__results:
    .zero   4 * NR_HARTS

    .section .tohost, "aw", @progbits
    .balign 8
    .globl  tohost
tohost:
    .dword  0
    .globl  fromhost
fromhost:
    .dword  0
