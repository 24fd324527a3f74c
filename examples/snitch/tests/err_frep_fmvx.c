// err_frep_fmvx: fmv.x.w (an FP -> integer move, the runtime's FPU fence) inside an FREP body
// cannot be sequenced (notes/snitch.md §3.4): clear error.
// expect: error=fmv.x.w cannot be part of an FREP body
// expect-banshee: exit=101 (Banshee does not check)
#include "snitch.h"

int main(uint32_t hartid) {
    if (hartid != 0) return 0;
    double x = 1.0;
    uint32_t t;
    asm volatile(FREP_O("%2", 2, 0, 0) "fadd.d %1, %1, %1\n fmv.x.w %0, %1\n"
                 : "=r"(t), "+f"(x)
                 : "r"(3)
                 : "memory");
    return t ? 100 : 101;
}
