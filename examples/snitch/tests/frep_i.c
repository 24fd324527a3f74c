// frep_i: FREP.I of the older Snitch (notes/snitch.md §3.2): each body instruction is repeated
// rs1 + 1 times before the next: {fadd x,x,1; fmul x,x,2} with rs1 = 2 gives
// ((0+1+1+1) * 2 * 2 * 2) = 24 (FREP.O would give 14). With stagger (mask rd|rs1, smax 1) the
// offset advances per repetition and restarts for the next instruction (§3.3): fadd.d fa0,fa0,fs0
// x3 adds 1 to fa0, fa1, fa0 and then fmul.d fa0,fa0,fs1 x3 doubles fa0, fa1, fa0:
// fa0 = 2 * 4 = 8, fa1 = 1 * 2 = 2. Only where the configuration has FREP.I.
// expect: error=illegal instruction (snitch_cluster has no FREP.I)
// expect-config([frep] inner = true, the older Snitch): exit=0
// expect-banshee: exit=1 (Banshee: "Inner FREP not yet supported")
#include "snitch.h"

int main(uint32_t hartid) {
    if (hartid != 0) return 0;
    double x = 0, one = 1.0, two = 2.0;
    asm volatile(FREP_I("%1", 2, 0, 0) "fadd.d %0, %0, %2\n fmul.d %0, %0, %3\n"
                 : "+f"(x)
                 : "r"(2), "f"(one), "f"(two)
                 : "memory");
    snitch_fpu_fence();
    CHECK(1, x == 24.0);

    double r[2];
    asm volatile(
        "fcvt.d.w fa0, x0\n fcvt.d.w fa1, x0\n li t0, 1\n fcvt.d.w fs0, t0\n"
        "li t0, 2\n fcvt.d.w fs1, t0\n"
        FREP_I("%1", 2, 1, 3) "fadd.d fa0, fa0, fs0\n fmul.d fa0, fa0, fs1\n"
        "fsd fa0, 0(%0)\n fsd fa1, 8(%0)\n"
        :
        : "r"(r), "r"(2)
        : "t0", "memory", "fa0", "fa1", "fs0", "fs1");
    snitch_fpu_fence();
    CHECK(2, r[0] == 8 && r[1] == 2);
    return 0;
}
