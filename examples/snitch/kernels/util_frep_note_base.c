// util_frep_note_base: the FREP design note's loop without SSRs (F. Zaruba, "Dual-Issue Snitch",
// iis-people.ee.ethz.ch/~zarubaf/snitch/frep.html: "would be horrible without -- 36%"): the same
// matrix-vector reduction as util_frep_note_ssr with the row of A loaded by 8 explicit fld (x kept
// in fs0..fs7 across rows) and the same 6 integer instructions per row (two pointer moves take
// the place of the two SSR pointer writes): 8 FPU ops of 22 instructions = 36%. Checked against C.
// expect: exit=0
// expect-util: fpu ~= 8/22 = 36% (published 36%)
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
    uint32_t a0 = (uint32_t)A, a1 = (uint32_t)xv, n = R;
    asm volatile("fcvt.d.w fa0, x0\n fcvt.d.w fa1, x0\n fcvt.d.w fa2, x0\n fcvt.d.w fa3, x0\n"
                 "fcvt.d.w fa4, x0\n fcvt.d.w fa5, x0\n fcvt.d.w fa6, x0\n fcvt.d.w fa7, x0\n"
                 "fld fs0, 0(%[a1])\n fld fs1, 8(%[a1])\n fld fs2, 16(%[a1])\n fld fs3, 24(%[a1])\n"
                 "fld fs4, 32(%[a1])\n fld fs5, 40(%[a1])\n fld fs6, 48(%[a1])\n fld fs7, 56(%[a1])\n"
                 "1:\n"
                 "mv t0, %[a0]\n mv t1, %[a1]\n"
                 "fld ft3, 0(t0)\n fld ft4, 8(t0)\n fld ft5, 16(t0)\n fld ft6, 24(t0)\n"
                 "fld ft7, 32(t0)\n fld ft8, 40(t0)\n fld ft9, 48(t0)\n fld ft10, 56(t0)\n"
                 "fmadd.d fa0, ft3, fs0, fa0\n fmadd.d fa1, ft4, fs1, fa1\n"
                 "fmadd.d fa2, ft5, fs2, fa2\n fmadd.d fa3, ft6, fs3, fa3\n"
                 "fmadd.d fa4, ft7, fs4, fa4\n fmadd.d fa5, ft8, fs5, fa5\n"
                 "fmadd.d fa6, ft9, fs6, fa6\n fmadd.d fa7, ft10, fs7, fa7\n"
                 "addi %[n], %[n], -1\n add %[a0], %[a0], %[s0]\n add %[a1], %[a1], %[s1]\n"
                 "bgtz %[n], 1b\n"
                 "fsd fa0, 0(%[r])\n fsd fa1, 8(%[r])\n fsd fa2, 16(%[r])\n fsd fa3, 24(%[r])\n"
                 "fsd fa4, 32(%[r])\n fsd fa5, 40(%[r])\n fsd fa6, 48(%[r])\n fsd fa7, 56(%[r])\n"
                 : [a0] "+r"(a0), [a1] "+r"(a1), [n] "+r"(n)
                 : [r] "r"(acc), [s0] "r"(64), [s1] "r"(0)
                 : "memory", "t0", "t1", "ft3", "ft4", "ft5", "ft6", "ft7", "ft8", "ft9", "ft10",
                   "fs0", "fs1", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7", "fa0", "fa1", "fa2", "fa3", "fa4", "fa5", "fa6", "fa7");
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
