// frep_capture: what the FREP sequencer captures (notes/snitch.md §3.4-3.5). Integer
// instructions between the body's FP instructions run once on the integer core; an fld / fsd
// keeps the address computed at offload, and fcvt.d.w keeps the integer operand it carried:
//  A: body {fld fa1, 0(a0); fadd.d fa0, fa0, fa1} with `addi a0, a0, 8` between them, 5 times,
//     over v = {1, 10, 100, ...}: fa0 = 5 * v[0] = 5 and a0 advanced by 8 once.
//  B: body {fcvt.d.w fa1, a1; fadd.d fa0, fa0, fa1} with `addi a1, a1, 1` after the fcvt,
//     4 times from a1 = 3: fa0 = 4 * 3 = 12, a1 = 4 afterwards.
//  C: body {fsd fa2, 0(a2); fadd.d fa2, fa2, fs0} with `addi a2, a2, 8` between: all four stores
//     go to out[0] (the last value stored is 3) and out[1] stays untouched.
// expect: exit=0
// expect-banshee: exit=1 (Banshee re-executes the integer instructions on every repetition)
#include "snitch.h"

int main(uint32_t hartid) {
    if (hartid != 0) return 0;
    double v[5] = {1, 10, 100, 1000, 10000}, r[1];
    uint32_t p = (uint32_t)v, p0 = p;
    asm volatile("fcvt.d.w fa0, x0\n"
                 FREP_O("%2", 2, 0, 0) "fld fa1, 0(%0)\n addi %0, %0, 8\n fadd.d fa0, fa0, fa1\n"
                 "fsd fa0, 0(%1)\n"
                 : "+r"(p)
                 : "r"(r), "r"(4)
                 : "memory", "fa0", "fa1");
    snitch_fpu_fence();
    CHECK(1, r[0] == 5 * v[0]);
    CHECK(2, p == p0 + 8);

    uint32_t k = 3;
    asm volatile("fcvt.d.w fa0, x0\n"
                 FREP_O("%2", 2, 0, 0) "fcvt.d.w fa1, %0\n addi %0, %0, 1\n fadd.d fa0, fa0, fa1\n"
                 "fsd fa0, 0(%1)\n"
                 : "+r"(k)
                 : "r"(r), "r"(3)
                 : "memory", "fa0", "fa1");
    snitch_fpu_fence();
    CHECK(3, r[0] == 12);
    CHECK(4, k == 4);

    double out[2] = {-1, -1};
    uint32_t q = (uint32_t)out;
    asm volatile("fcvt.d.w fa2, x0\n li t0, 1\n fcvt.d.w fs0, t0\n"
                 FREP_O("%1", 2, 0, 0) "fsd fa2, 0(%0)\n addi %0, %0, 8\n fadd.d fa2, fa2, fs0\n"
                 : "+r"(q)
                 : "r"(3)
                 : "t0", "memory", "fa2", "fs0");
    snitch_fpu_fence();
    CHECK(5, out[0] == 3 && out[1] == -1);
    return 0;
}
