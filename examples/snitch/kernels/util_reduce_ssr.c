// util_reduce_ssr: the SSR paper's middle case: the 2048-element fp64 dot product of
// util_reduce_base with SSR0/SSR1 streaming x and y but no FREP: a loop of 8 fmadd.d (8
// accumulators) + addi + bnez, 8 of 10 instructions on the FPU (80% at one instruction per cycle).
// Checked against a plain C loop (integer data, exact).
// expect: exit=0
// expect-util: fpu ~= 8/10 = 80%
#include "snitch.h"

#define N 2048
// y starts one TCDM bank (8 bytes) after a multiple of the 32-bank stride from x, so x[i] and
// y[i] sit in neighbouring banks: no bank conflict between the two streams (with y = x + N both
// would hit the same bank on every element, N * 8 being a multiple of 32 * 8).
SNITCH_TCDM static double xy[2 * N + 1], r[8];
#define x xy
#define y (xy + N + 1)

static void kernel(void) {
    uint32_t n = N / 8;
    ssr_loop_1d(SSR_DM0, N, 8);
    ssr_loop_1d(SSR_DM1, N, 8);
    ssr_read(SSR_DM0, 1, x);
    ssr_read(SSR_DM1, 1, y);
    snitch_ssr_enable();
    asm volatile("fcvt.d.w fa0, x0\n fcvt.d.w fa1, x0\n fcvt.d.w fa2, x0\n fcvt.d.w fa3, x0\n"
                 "fcvt.d.w fa4, x0\n fcvt.d.w fa5, x0\n fcvt.d.w fa6, x0\n fcvt.d.w fa7, x0\n"
                 "1:\n"
                 "fmadd.d fa0, ft0, ft1, fa0\n fmadd.d fa1, ft0, ft1, fa1\n"
                 "fmadd.d fa2, ft0, ft1, fa2\n fmadd.d fa3, ft0, ft1, fa3\n"
                 "fmadd.d fa4, ft0, ft1, fa4\n fmadd.d fa5, ft0, ft1, fa5\n"
                 "fmadd.d fa6, ft0, ft1, fa6\n fmadd.d fa7, ft0, ft1, fa7\n"
                 "addi %0, %0, -1\n bnez %0, 1b\n"
                 "fsd fa0, 0(%1)\n fsd fa1, 8(%1)\n fsd fa2, 16(%1)\n fsd fa3, 24(%1)\n"
                 "fsd fa4, 32(%1)\n fsd fa5, 40(%1)\n fsd fa6, 48(%1)\n fsd fa7, 56(%1)\n"
                 : "+r"(n)
                 : "r"(r)
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
