// frep_nest: nested FREP.O as snitch_cluster's sequencer allows (notes/snitch.md §3.4: an inner
// frep.o inside an outer body; the outer count covers every FP instruction of the nest; the
// default cluster has 2 loop levels).
//  A: outer 3 x {fmul r,r,2; inner 4 x {fadd r,r,1}} from r = 0: 4, 12, 28.
//  B: outer 2 x {inner 3 x {fadd r,r,1}; fmul r,r,2}: 6, 18.
//  C (snitch_cluster's frep2d_stagger): outer 2 x {fadd r,r,one; inner 4 x {fadd r,r,one}} with
//     the inner one staggering rs2 (mask 4, smax 1) over one = 1, two = 2: 2 * (1 + 6) = 14.
// Expected: the same loops in C.
// expect: exit=0
// expect-banshee: error (Banshee rejects nested FREP and then hangs; run under timeout)
#include "snitch.h"

int main(uint32_t hartid) {
    if (hartid != 0) return 0;
    double one = 1.0, two = 2.0, r = 0, ref = 0;
    asm volatile(FREP_O("%1", 2, 0, 0) "fmul.d %0, %0, %3\n" FREP_O("%2", 1, 0, 0)
                     "fadd.d %0, %0, %4\n"
                 : "+f"(r)
                 : "r"(2), "r"(3), "f"(two), "f"(one)
                 : "memory");
    snitch_fpu_fence();
    for (int i = 0; i < 3; i++) {
        ref *= 2;
        for (int j = 0; j < 4; j++) ref += 1;
    }
    CHECK(1, r == ref && r == 28);

    r = 0;
    ref = 0;
    asm volatile(FREP_O("%1", 2, 0, 0) FREP_O("%2", 1, 0, 0) "fadd.d %0, %0, %4\n"
                 "fmul.d %0, %0, %3\n"
                 : "+f"(r)
                 : "r"(1), "r"(2), "f"(two), "f"(one)
                 : "memory");
    snitch_fpu_fence();
    for (int i = 0; i < 2; i++) {
        for (int j = 0; j < 3; j++) ref += 1;
        ref *= 2;
    }
    CHECK(2, r == ref && r == 18);

    double res[1];
    asm volatile(
        "fcvt.d.w fa0, x0\n li t0, 1\n fcvt.d.w fs0, t0\n li t0, 2\n fcvt.d.w fs1, t0\n"
        FREP_O("%1", 2, 0, 0) "fadd.d fa0, fa0, fs0\n" FREP_O("%2", 1, 1, 4)
        "fadd.d fa0, fa0, fs0\n"
        "fsd fa0, 0(%0)\n"
        :
        : "r"(res), "r"(1), "r"(3)
        : "t0", "memory", "fa0", "fs0", "fs1");
    snitch_fpu_fence();
    CHECK(3, res[0] == 2 * (1 + (1 + 2 + 1 + 2)));
    return 0;
}
