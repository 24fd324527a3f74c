// ssr_shadow: the shadow set (notes/snitch.md §2.4): while job A runs, the next job's bound and
// stride writes and its launch go to the shadow registers and start only when A is done. Job A
// reads 6 elements of a; before any pop, job B (4 elements of b, stride 16) is configured and
// launched on the same SSR. Popping 10 elements must give a[0..5] then b[0], b[2], b[4], b[6].
// expect: exit=0
// expect-banshee: exit=1 (Banshee has no shadow set: the second launch restarts the stream)
#include "snitch.h"

SNITCH_TCDM static double a[6], b[8];

int main(uint32_t hartid) {
    if (hartid != 0) return 0;
    for (int i = 0; i < 6; i++) a[i] = 1 + i;
    for (int i = 0; i < 8; i++) b[i] = 50 + i;
    ssr_loop_1d(SSR_DM0, 6, 8);
    ssr_read(SSR_DM0, 1, a);
    ssr_loop_1d(SSR_DM0, 4, 16);
    ssr_read(SSR_DM0, 1, b);
    snitch_ssr_enable();
    for (int i = 0; i < 6; i++) CHECK(1, ssr_pop(ft0) == a[i]);
    for (int i = 0; i < 4; i++) CHECK(2, ssr_pop(ft0) == b[2 * i]);
    snitch_ssr_disable();
    CHECK(3, scfgri(SSR_REG_STATUS, SSR_DM0) & SSR_STATUS_DONE);
    return 0;
}
