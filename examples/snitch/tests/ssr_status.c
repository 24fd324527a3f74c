// ssr_status: the status word (notes/snitch.md §2.2, §2.4): done after reset (the RTL resets
// done = 1), the write and dims fields of a running read / write job, done again once the last
// element was consumed; a launch through the status word itself (write the pointer with the
// flags: 4-D read encoded as dims = 3) streams like rptr[3].
// expect: exit=0
// expect-banshee: exit=1 (Banshee's status reads done = 0 after reset, BUILD_BANSHEE.md)
#include "snitch.h"

SNITCH_TCDM static double a[8];

int main(uint32_t hartid) {
    if (hartid != 0) return 0;
    for (int i = 0; i < 8; i++) a[i] = i * 1.5;
    CHECK(1, scfgri(SSR_REG_STATUS, SSR_DM0) & SSR_STATUS_DONE);
    CHECK(2, scfgri(SSR_REG_STATUS, SSR_DM2) & SSR_STATUS_DONE);

    ssr_loop_2d(SSR_DM0, 4, 2, 8, 32);
    ssr_read(SSR_DM0, 2, a);
    uint32_t s = scfgri(SSR_REG_STATUS, SSR_DM0);
    CHECK(3, !(s & SSR_STATUS_DONE) && !(s & SSR_STATUS_WRITE) && SSR_STATUS_DIMS(s) == 1);
    snitch_ssr_enable();
    double sum = 0;
    for (int i = 0; i < 8; i++) sum += ssr_pop(ft0);
    snitch_ssr_disable();
    CHECK(4, sum == 1.5 * 28);
    CHECK(5, scfgri(SSR_REG_STATUS, SSR_DM0) & SSR_STATUS_DONE);

    ssr_loop_3d(SSR_DM1, 2, 2, 2, 8, 16, 32);
    ssr_write(SSR_DM1, 3, a);
    s = scfgri(SSR_REG_STATUS, SSR_DM1);
    CHECK(6, !(s & SSR_STATUS_DONE) && (s & SSR_STATUS_WRITE) && SSR_STATUS_DIMS(s) == 2);
    snitch_ssr_enable();
    for (int i = 0; i < 8; i++) ssr_push(ft1, -i);
    snitch_ssr_disable();
    snitch_fpu_fence();
    CHECK(7, scfgri(SSR_REG_STATUS, SSR_DM1) & SSR_STATUS_DONE);
    for (int i = 0; i < 8; i++) CHECK(8, a[i] == -i);

    // Launch through the status word: pointer | dims 3 (4-D read), bounds 1 each -> 16 elements
    // over a 2x2x2x2 walk with strides 8, 16, 32 and -56 (back to the start: repeats the first 8).
    ssr_loop_4d(SSR_DM2, 2, 2, 2, 2, 8, 16, 32, 0);
    scfgwi((uint32_t)a | (3u << 28), SSR_REG_STATUS, SSR_DM2);
    snitch_ssr_enable();
    for (int i = 0; i < 16; i++) CHECK(9, ssr_pop(ft2) == a[i % 8]);
    snitch_ssr_disable();
    CHECK(10, scfgri(SSR_REG_STATUS, SSR_DM2) & SSR_STATUS_DONE);
    return 0;
}
