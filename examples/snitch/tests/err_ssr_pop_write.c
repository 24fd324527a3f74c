// err_ssr_pop_write: reading ft2 while SSR 2 holds a write stream (notes/snitch.md §2.4: a
// program bug that hangs silicon) must stop with an error naming hart 0, pc, SSR 2.
// expect: error=SSR 2 is a write stream, read
// expect-banshee: exit=100 (Banshee does not check)
#include "snitch.h"

SNITCH_TCDM static double c[4];

int main(uint32_t hartid) {
    if (hartid != 0) return 0;
    ssr_loop_1d(SSR_DM2, 4, 8);
    ssr_write(SSR_DM2, 1, c);
    snitch_ssr_enable();
    double x = ssr_pop(ft2);
    snitch_ssr_disable();
    return x == 0 ? 100 : 101;
}
