// frep4d: four nested FREP.O levels (snitch_cluster's frep4d pattern): each level is
// {fadd; fadd; next level} with 2 iterations and the innermost {fadd; fadd} 3 times, each fadd
// adding 1: 2 * (2 + 2 * (2 + 2 * (2 + 3 * 2))) = 60. Needs 4 sequencer loops (cfg/frep_xl.json).
// expect: error=FREP nesting deeper than the 2 sequencer loops
// expect-config([frep] nest = 4, snitch_cluster cfg/frep_xl.json): exit=0
// expect-banshee: error (Banshee rejects nested FREP and then hangs; run under timeout)
#include "snitch.h"

int main(uint32_t hartid) {
    if (hartid != 0) return 0;
    double r = 0, one = 1.0;
    asm volatile(FREP_O("%1", 8, 0, 0) "fadd.d %0, %0, %5\n fadd.d %0, %0, %5\n"
                 FREP_O("%2", 6, 0, 0) "fadd.d %0, %0, %5\n fadd.d %0, %0, %5\n"
                 FREP_O("%3", 4, 0, 0) "fadd.d %0, %0, %5\n fadd.d %0, %0, %5\n"
                 FREP_O("%4", 2, 0, 0) "fadd.d %0, %0, %5\n fadd.d %0, %0, %5\n"
                 : "+f"(r)
                 : "r"(1), "r"(1), "r"(1), "r"(2), "f"(one)
                 : "memory");
    snitch_fpu_fence();
    CHECK(1, r == 2 * (2 + 2 * (2 + 2 * (2 + 3 * 2))));
    return 0;
}
