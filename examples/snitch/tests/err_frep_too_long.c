// err_frep_too_long: an FREP.O body of 33 FP instructions, longer than snitch_cluster's
// sequencer buffer of 32 (num_sequencer_instructions, cfg/default.json; notes/snitch.md §3.4):
// clear error, not a guess.
// expect: error=FREP body of 33 instructions exceeds the sequencer buffer (32)
// expect-banshee: error (Banshee panics in translation)
#include "snitch.h"

int main(uint32_t hartid) {
    if (hartid != 0) return 0;
    double x = 1.0;
    asm volatile(FREP_O("%1", 33, 0, 0)
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 "fadd.d %0, %0, %0\n"
                 : "+f"(x)
                 : "r"(1)
                 : "memory");
    return 100;
}
