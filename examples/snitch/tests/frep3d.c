// frep3d: three nested FREP.O levels (snitch_cluster's frep3d_1 pattern, notes/snitch.md §3.4):
// outer 4 x {fadd; fadd; middle 2 x {fadd; fadd; inner 3 x {fadd; fadd}}}, every fadd adding 1:
// 4 * (2 + 2 * (2 + 3 * 2)) = 72. Needs num_sequencer_loops >= 3 (snitch_cluster cfg/frep_xl.json
// has 4; the default has 2).
// expect: error=FREP nesting deeper than the 2 sequencer loops
// expect-config([frep] nest = 4, snitch_cluster cfg/frep_xl.json): exit=0
// expect-banshee: error (Banshee rejects nested FREP and then hangs; run under timeout)
#include "snitch.h"

int main(uint32_t hartid) {
    if (hartid != 0) return 0;
    double r = 0, one = 1.0;
    asm volatile(FREP_O("%1", 6, 0, 0) "fadd.d %0, %0, %4\n fadd.d %0, %0, %4\n"
                 FREP_O("%2", 4, 0, 0) "fadd.d %0, %0, %4\n fadd.d %0, %0, %4\n"
                 FREP_O("%3", 2, 0, 0) "fadd.d %0, %0, %4\n fadd.d %0, %0, %4\n"
                 : "+f"(r)
                 : "r"(3), "r"(1), "r"(2), "f"(one)
                 : "memory");
    snitch_fpu_fence();
    CHECK(1, r == 4 * (2 + 2 * (2 + 3 * 2)));
    return 0;
}
