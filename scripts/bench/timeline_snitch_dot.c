// scripts/bench/timeline-cost.sh's Snitch workload: examples/snitch/kernels/dot.c (the whole
// cluster: 8 compute cores with SSR + FREP, the DMA core double-buffering) REPS times over, so
// that the run is long enough to time and every timeline track (integer issue, FPU issue, SSRs,
// DMA transfers) has events. dot.c is compiled with -Dmain=dot_main.
#include <stdint.h>

int dot_main(uint32_t hartid);

int main(uint32_t hartid) {
    for (int i = 0; i < REPS; i++)
        if (dot_main(hartid))
            return 1;
    return 0;
}
