// err_ssr_overread: a 1-D read stream of 4 elements popped 5 times — silicon stalls forever
// (notes/snitch.md §2.4); the simulator must stop with an error naming hart 0, the pc and
// instruction of the fifth pop, SSR 0 and element index 4.
// expect: error=SSR 0 read past the end of its stream (element 4)
// expect-banshee: exit=100 (Banshee does not check, notes/snitch.md §2.4)
#include "snitch.h"

SNITCH_TCDM static double a[4];

int main(uint32_t hartid) {
    if (hartid != 0) return 0;
    for (int i = 0; i < 4; i++) a[i] = i;
    ssr_loop_1d(SSR_DM0, 4, 8);
    ssr_read(SSR_DM0, 1, a);
    snitch_ssr_enable();
    double s = 0;
    for (int i = 0; i < 5; i++) s += ssr_pop(ft0);
    snitch_ssr_disable();
    return s == 6 ? 100 : 101;
}
