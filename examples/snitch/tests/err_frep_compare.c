// err_frep_compare: an FP compare (feq.d writes an integer register) inside an FREP body cannot be
// sequenced (notes/snitch.md §3.4); the simulator must say so (hart, pc, instruction) instead of
// guessing.
// expect: error=feq.d cannot be part of an FREP body
// expect-banshee: exit=100 (Banshee does not check)
#include "snitch.h"

int main(uint32_t hartid) {
    if (hartid != 0) return 0;
    double x = 1.0;
    uint32_t t;
    asm volatile(FREP_O("%2", 2, 0, 0) "fadd.d %1, %1, %1\n feq.d %0, %1, %1\n"
                 : "=r"(t), "+f"(x)
                 : "r"(3)
                 : "memory");
    return t == 1 ? 100 : 101;
}
