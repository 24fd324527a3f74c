// err_frep_branch: a branch between the instructions of an FREP body (notes/snitch.md §3.5:
// "branch/jump while capturing" is to be diagnosed): clear error.
// expect: error=branch inside an FREP body
// expect-banshee: exit=100 (Banshee runs the branch once and does not complain)
#include "snitch.h"

int main(uint32_t hartid) {
    if (hartid != 0) return 0;
    double x = 1.0;
    uint32_t k = 0;
    asm volatile(FREP_O("%2", 2, 0, 0) "fadd.d %1, %1, %1\n bnez %0, 1f\n addi %0, %0, 1\n"
                 "1: fadd.d %1, %1, %1\n"
                 : "+r"(k), "+f"(x)
                 : "r"(3)
                 : "memory");
    return 100;
}
