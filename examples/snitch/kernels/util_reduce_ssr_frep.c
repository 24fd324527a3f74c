// util_reduce_ssr_frep: the same 2048-element fp64 dot product as util_reduce_base with SSR0/SSR1
// streaming x and y and one fmadd.d FREP'd 2048 times, staggered over 8 accumulators fa0..fa7
// (mask rd|rs3, stagger_max 7) so that no fmadd waits for the previous one's result: the SSR
// paper's "almost 100%" FPU utilization with SSR + FREP (arXiv 1911.08356). Checked against a
// plain C loop (integer data, exact).
// expect: exit=0
// expect-util: fpu ~= 100% of the FREP loop's cycles (published: almost 100%)
#include "snitch.h"

#define N 2048
// y starts one TCDM bank (8 bytes) after a multiple of the 32-bank stride from x, so x[i] and
// y[i] sit in neighbouring banks: no bank conflict between the two streams (with y = x + N both
// would hit the same bank on every element, N * 8 being a multiple of 32 * 8).
SNITCH_TCDM static double xy[2 * N + 1], r[8];
#define x xy
#define y (xy + N + 1)

static void kernel(void) {
    ssr_loop_1d(SSR_DM0, N, 8);
    ssr_loop_1d(SSR_DM1, N, 8);
    ssr_read(SSR_DM0, 1, x);
    ssr_read(SSR_DM1, 1, y);
    snitch_ssr_enable();
    asm volatile("fcvt.d.w fa0, x0\n fcvt.d.w fa1, x0\n fcvt.d.w fa2, x0\n fcvt.d.w fa3, x0\n"
                 "fcvt.d.w fa4, x0\n fcvt.d.w fa5, x0\n fcvt.d.w fa6, x0\n fcvt.d.w fa7, x0\n"
                 FREP_O("%1", 1, 7, 9) "fmadd.d fa0, ft0, ft1, fa0\n"
                 "fsd fa0, 0(%0)\n fsd fa1, 8(%0)\n fsd fa2, 16(%0)\n fsd fa3, 24(%0)\n"
                 "fsd fa4, 32(%0)\n fsd fa5, 40(%0)\n fsd fa6, 48(%0)\n fsd fa7, 56(%0)\n"
                 :
                 : "r"(r), "r"(N - 1)
                 : "memory", "fa0", "fa1", "fa2", "fa3", "fa4", "fa5", "fa6", "fa7");
    snitch_ssr_disable();
    snitch_fpu_fence();
}

// Hart 1 prepares the data and checks the result, so that hart 0's figures are the kernel's
// alone (its barrier waits are counted apart from its work).
int main(uint32_t hartid) {
    if (hartid == 1)
        for (int i = 0; i < N; i++) {
            x[i] = (i % 9) - 4;
            y[i] = (i % 7) - 2;
        }
    snitch_barrier();
    if (hartid == 0) kernel();
    snitch_barrier();
    if (hartid != 1) return 0;
    double sum = 0, ref = 0;
    for (int k = 0; k < 8; k++) sum += r[k];
    for (int i = 0; i < N; i++) ref += x[i] * y[i];
    CHECK(1, ref != 0 && sum == ref);
    return 0;
}
