// frep_stagger: register staggering (notes/snitch.md §3.3): the offset s counts 0..stagger_max
// and wraps, is added to the fields the mask selects (bit0 rd, bit1 rs1, bit2 rs2, bit3 rs3),
// modulo 32, and restarts at 0 for every FREP.
//  A: mask rd|rs1 (3), smax 2, 7 iterations of fadd.d fa0, fa0, ft3 (ft3 = 1): offsets
//     0,1,2,0,1,2,0 -> fa0 = 3, fa1 = 2, fa2 = 2.
//  B: mask rs2 (4), smax 1, 4 iterations of fadd.d fa0, fa0, fs0 (fs0 = 1, fs1 = 2): 1+2+1+2 = 6.
//  C: mask rd|rs3 (9), smax 3, 10 iterations of fmadd.d fa0, fs0, fs1, fa0 (fs0*fs1 = 3):
//     offsets 0,1,2,3,0,1,2,3,0,1 -> fa0 = 9, fa1 = 9, fa2 = 6, fa3 = 6.
//  D: mask rd (1), smax 3, 4 iterations of fadd.d f30, f29, f29 (f29 = 2.5): rd wraps
//     30, 31, 0, 1 -> f30 = f31 = f0 = f1 = 5 (SSRs off, so f0/f1 are plain registers).
// expect: exit=0
#include "snitch.h"

int main(uint32_t hartid) {
    if (hartid != 0) return 0;
    double r[4];
    asm volatile(
        "fcvt.d.w fa0, x0\n fcvt.d.w fa1, x0\n fcvt.d.w fa2, x0\n li t0, 1\n fcvt.d.w ft3, t0\n"
        FREP_O("%1", 1, 2, 3) "fadd.d fa0, fa0, ft3\n"
        "fsd fa0, 0(%0)\n fsd fa1, 8(%0)\n fsd fa2, 16(%0)\n"
        :
        : "r"(r), "r"(6)
        : "t0", "memory", "fa0", "fa1", "fa2", "ft3");
    snitch_fpu_fence();
    CHECK(1, r[0] == 3 && r[1] == 2 && r[2] == 2);

    asm volatile(
        "fcvt.d.w fa0, x0\n li t0, 1\n fcvt.d.w fs0, t0\n li t0, 2\n fcvt.d.w fs1, t0\n"
        FREP_O("%1", 1, 1, 4) "fadd.d fa0, fa0, fs0\n"
        "fsd fa0, 0(%0)\n"
        :
        : "r"(r), "r"(3)
        : "t0", "memory", "fa0", "fs0", "fs1");
    snitch_fpu_fence();
    CHECK(2, r[0] == 6);

    asm volatile(
        "fcvt.d.w fa0, x0\n fcvt.d.w fa1, x0\n fcvt.d.w fa2, x0\n fcvt.d.w fa3, x0\n"
        "li t0, 3\n fcvt.d.w fs0, t0\n li t0, 1\n fcvt.d.w fs1, t0\n"
        FREP_O("%1", 1, 3, 9) "fmadd.d fa0, fs0, fs1, fa0\n"
        "fsd fa0, 0(%0)\n fsd fa1, 8(%0)\n fsd fa2, 16(%0)\n fsd fa3, 24(%0)\n"
        :
        : "r"(r), "r"(9)
        : "t0", "memory", "fa0", "fa1", "fa2", "fa3", "fs0", "fs1");
    snitch_fpu_fence();
    CHECK(3, r[0] == 9 && r[1] == 9 && r[2] == 6 && r[3] == 6);

    double w[4];
    asm volatile(
        "li t0, 5\n fcvt.d.w f29, t0\n li t0, 2\n fcvt.d.w f28, t0\n fdiv.d f29, f29, f28\n"
        "fcvt.d.w f30, x0\n fcvt.d.w f31, x0\n fcvt.d.w f0, x0\n fcvt.d.w f1, x0\n"
        FREP_O("%1", 1, 3, 1) "fadd.d f30, f29, f29\n"
        "fsd f30, 0(%0)\n fsd f31, 8(%0)\n fsd f0, 16(%0)\n fsd f1, 24(%0)\n"
        :
        : "r"(w), "r"(3)
        : "t0", "memory", "f28", "f29", "f30", "f31");
    snitch_fpu_fence();
    for (int i = 0; i < 4; i++) CHECK(4, w[i] == 5.0);
    return 0;
}
