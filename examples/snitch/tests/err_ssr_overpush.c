// err_ssr_overpush: a 2-D write stream of 2 x 3 elements pushed 7 times (notes/snitch.md §2.4:
// the data FIFO fills and silicon stalls) must stop with an error naming SSR 2 and element 6.
// expect: error=SSR 2 pushed past the end of its write stream (element 6)
// expect-banshee: exit=100 (Banshee does not check)
#include "snitch.h"

SNITCH_TCDM static double c[16];

int main(uint32_t hartid) {
    if (hartid != 0) return 0;
    ssr_loop_2d(SSR_DM2, 2, 3, 8, 32);
    ssr_write(SSR_DM2, 2, c);
    snitch_ssr_enable();
    for (int i = 0; i < 7; i++) ssr_push(ft2, i);
    snitch_ssr_disable();
    snitch_fpu_fence();
    return 100;
}
