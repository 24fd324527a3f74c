// util_frep_note_frep: the FREP design note's answer (F. Zaruba, "Dual-Issue Snitch",
// iis-people.ee.ethz.ch/~zarubaf/snitch/frep.html): the loop of util_frep_note_ssr with the 8
// fmadds replaced by `frep 8, 1` over one fmadd (here frep.o with rs1 = 7, staggered over fa0..fa7,
// mask rd|rs3, stagger_max 7): the integer core issues 7 instructions per row while the FPU
// sequences 8 fmadds, so the FPU can be busy nearly every cycle once the pipeline fills.
// Checked against C.
// expect: exit=0
// expect-util: fpu approaching 100% (the note's timeline: FPU busy while the core runs ahead)
#include "snitch.h"

#define R 256
SNITCH_TCDM static double A[R * 8], xv[8], acc[8];

static void init(void) {
    for (int i = 0; i < R * 8; i++) A[i] = (i % 11) - 5;
    for (int k = 0; k < 8; k++) xv[k] = k - 3;
}

// fa<k> = sum over rows r of A[r][k] * x[k], in C.
static int check(const double *acc) {
    for (int k = 0; k < 8; k++) {
        double ref = 0;
        for (int r = 0; r < R; r++) ref += A[r * 8 + k] * xv[k];
        if (acc[k] != ref) return 1 + k;
    }
    return 0;
}

static void kernel(void) {
    ssr_loop_1d(SSR_DM0, 8, 8);
    ssr_loop_1d(SSR_DM1, 8, 8);
    uint32_t a0 = (uint32_t)A, a1 = (uint32_t)xv, n = R;
    snitch_ssr_enable();
    asm volatile("fcvt.d.w fa0, x0\n fcvt.d.w fa1, x0\n fcvt.d.w fa2, x0\n fcvt.d.w fa3, x0\n"
                 "fcvt.d.w fa4, x0\n fcvt.d.w fa5, x0\n fcvt.d.w fa6, x0\n fcvt.d.w fa7, x0\n"
                 "1:\n"
                 ".insn i 0x2b, 2, x0, %[a0], 24 << 5 | 0\n"
                 ".insn i 0x2b, 2, x0, %[a1], 24 << 5 | 1\n"
                 FREP_O("%[seven]", 1, 7, 9) "fmadd.d fa0, ft0, ft1, fa0\n"
                 "addi %[n], %[n], -1\n add %[a0], %[a0], %[s0]\n add %[a1], %[a1], %[s1]\n"
                 "bgtz %[n], 1b\n"
                 "fsd fa0, 0(%[r])\n fsd fa1, 8(%[r])\n fsd fa2, 16(%[r])\n fsd fa3, 24(%[r])\n"
                 "fsd fa4, 32(%[r])\n fsd fa5, 40(%[r])\n fsd fa6, 48(%[r])\n fsd fa7, 56(%[r])\n"
                 : [a0] "+r"(a0), [a1] "+r"(a1), [n] "+r"(n)
                 : [r] "r"(acc), [s0] "r"(64), [s1] "r"(0), [seven] "r"(7)
                 : "memory", "fa0", "fa1", "fa2", "fa3", "fa4", "fa5", "fa6", "fa7");
    snitch_ssr_disable();
    snitch_fpu_fence();
}

// Hart 1 prepares the data and checks the result, so that hart 0's figures are the kernel's
// alone (its barrier waits are counted apart from its work).
int main(uint32_t hartid) {
    if (hartid == 1) init();
    snitch_barrier();
    if (hartid == 0) kernel();
    snitch_barrier();
    return hartid == 1 ? check(acc) : 0;
}
