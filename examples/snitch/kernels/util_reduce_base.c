// util_reduce_base: the SSR paper's baseline reduction (Schuiki et al., "Stream Semantic
// Registers", arXiv 1911.08356: without SSRs a reduction's FPU utilization is capped at 33%,
// because every fmadd needs two explicit loads). Hart 0 computes a 2048-element fp64 dot product
// from TCDM with a loop unrolled 8 times: 16 fld + 8 fmadd.d (8 accumulators, no RAW chain) +
// 3 integer instructions = 27 per 8 elements, so at one instruction per cycle the FPU issues at
// most 8/27 = 30% of cycles (33% in the limit of infinite unrolling). Checked against a plain C loop
// (integer data, exact).
// expect: exit=0
// expect-util: fpu ~= 8/27 = 30% (published cap 33%)
#include "snitch.h"

#define N 2048
// y starts one TCDM bank (8 bytes) after a multiple of the 32-bank stride from x, so x[i] and
// y[i] sit in neighbouring banks: no bank conflict between the two streams (with y = x + N both
// would hit the same bank on every element, N * 8 being a multiple of 32 * 8).
SNITCH_TCDM static double xy[2 * N + 1], r[8];
#define x xy
#define y (xy + N + 1)

static void kernel(void) {
    const double *px = x, *py = y, *end = x + N;
    asm volatile(
        "fcvt.d.w fa0, x0\n fcvt.d.w fa1, x0\n fcvt.d.w fa2, x0\n fcvt.d.w fa3, x0\n"
        "fcvt.d.w fa4, x0\n fcvt.d.w fa5, x0\n fcvt.d.w fa6, x0\n fcvt.d.w fa7, x0\n"
        "1:\n"
        "fld ft3, 0(%0)\n fld ft4, 0(%1)\n fld ft5, 8(%0)\n fld ft6, 8(%1)\n"
        "fld ft7, 16(%0)\n fld ft8, 16(%1)\n fld ft9, 24(%0)\n fld ft10, 24(%1)\n"
        "fmadd.d fa0, ft3, ft4, fa0\n fmadd.d fa1, ft5, ft6, fa1\n"
        "fmadd.d fa2, ft7, ft8, fa2\n fmadd.d fa3, ft9, ft10, fa3\n"
        "fld ft3, 32(%0)\n fld ft4, 32(%1)\n fld ft5, 40(%0)\n fld ft6, 40(%1)\n"
        "fld ft7, 48(%0)\n fld ft8, 48(%1)\n fld ft9, 56(%0)\n fld ft10, 56(%1)\n"
        "fmadd.d fa4, ft3, ft4, fa4\n fmadd.d fa5, ft5, ft6, fa5\n"
        "fmadd.d fa6, ft7, ft8, fa6\n fmadd.d fa7, ft9, ft10, fa7\n"
        "addi %0, %0, 64\n addi %1, %1, 64\n bltu %0, %2, 1b\n"
        "fsd fa0, 0(%3)\n fsd fa1, 8(%3)\n fsd fa2, 16(%3)\n fsd fa3, 24(%3)\n"
        "fsd fa4, 32(%3)\n fsd fa5, 40(%3)\n fsd fa6, 48(%3)\n fsd fa7, 56(%3)\n"
        : "+r"(px), "+r"(py)
        : "r"(end), "r"(r)
        : "memory", "ft3", "ft4", "ft5", "ft6", "ft7", "ft8", "ft9", "ft10", "fa0", "fa1", "fa2",
          "fa3", "fa4", "fa5", "fa6", "fa7");
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
