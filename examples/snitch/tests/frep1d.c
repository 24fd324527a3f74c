// frep1d: FREP.O over one instruction (rs1 = 4: x = 0 + 5 * 1.0 = 5), over two
// ({fadd x,x,1; fmul x,x,2} four times: 2, 6, 14, 30 -> 30, notes/snitch.md §3.6), over eight
// (eight accumulators fa0..fa7, acc_k += k, ten times: acc_k = 10 k), and rs1 truncated to its low
// 16 bits (rs1 = 0x30002 repeats 3 times, §3.1). Expected values: the same arithmetic in C.
// expect: exit=0
// expect-banshee: exit=5 (Banshee does not truncate rs1 to 16 bits)
#include "snitch.h"

int main(uint32_t hartid) {
    if (hartid != 0) return 0;
    double x = 0, one = 1.0, two = 2.0;
    asm volatile(FREP_O("%1", 1, 0, 0) "fadd.d %0, %0, %2\n"
                 : "+f"(x)
                 : "r"(4), "f"(one)
                 : "memory");
    snitch_fpu_fence();
    CHECK(1, x == 5.0);

    double y = 0, ref = 0;
    asm volatile(FREP_O("%1", 2, 0, 0) "fadd.d %0, %0, %2\n fmul.d %0, %0, %3\n"
                 : "+f"(y)
                 : "r"(3), "f"(one), "f"(two)
                 : "memory");
    snitch_fpu_fence();
    for (int i = 0; i < 4; i++) ref = (ref + 1) * 2;
    CHECK(2, y == ref && y == 30.0);

    double acc[8];
    asm volatile(
        "fcvt.d.w fa0, x0\n fcvt.d.w fa1, x0\n fcvt.d.w fa2, x0\n fcvt.d.w fa3, x0\n"
        "fcvt.d.w fa4, x0\n fcvt.d.w fa5, x0\n fcvt.d.w fa6, x0\n fcvt.d.w fa7, x0\n"
        "fcvt.d.w ft3, x0\n li t0, 1\n fcvt.d.w ft4, t0\n li t0, 2\n fcvt.d.w ft5, t0\n"
        "li t0, 3\n fcvt.d.w ft6, t0\n li t0, 4\n fcvt.d.w ft7, t0\n"
        "li t0, 5\n fcvt.d.w fs0, t0\n li t0, 6\n fcvt.d.w fs1, t0\n"
        "li t0, 7\n fcvt.d.w fs2, t0\n"
        FREP_O("%1", 8, 0, 0)
        "fadd.d fa0, fa0, ft3\n fadd.d fa1, fa1, ft4\n fadd.d fa2, fa2, ft5\n"
        "fadd.d fa3, fa3, ft6\n fadd.d fa4, fa4, ft7\n fadd.d fa5, fa5, fs0\n"
        "fadd.d fa6, fa6, fs1\n fadd.d fa7, fa7, fs2\n"
        "fsd fa0, 0(%0)\n fsd fa1, 8(%0)\n fsd fa2, 16(%0)\n fsd fa3, 24(%0)\n"
        "fsd fa4, 32(%0)\n fsd fa5, 40(%0)\n fsd fa6, 48(%0)\n fsd fa7, 56(%0)\n"
        :
        : "r"(acc), "r"(9)
        : "t0", "memory", "ft3", "ft4", "ft5", "ft6", "ft7", "fs0", "fs1", "fs2", "fa0", "fa1",
          "fa2", "fa3", "fa4", "fa5", "fa6", "fa7");
    snitch_fpu_fence();
    for (int k = 1; k < 8; k++) CHECK(3, acc[k] == 10.0 * k);
    CHECK(4, acc[0] == 0.0);

    double z = 0;
    asm volatile(FREP_O("%1", 1, 0, 0) "fadd.d %0, %0, %2\n"
                 : "+f"(z)
                 : "r"(0x30002), "f"(one)
                 : "memory");
    snitch_fpu_fence();
    CHECK(5, z == 3.0);
    return 0;
}
