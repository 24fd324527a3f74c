// ssr_repeat: the repeat register (word 1) delivers each read element repeat + 1 times
// (notes/snitch.md §2.2), for counts 1, 2, 3 and 16 (the 4-bit maximum), on a 2-D stream; then
// repeat 0 again. Expected: plain C loops that emit every element `count` times.
// expect: exit=0
#include "snitch.h"

#define N 6
SNITCH_TCDM static double a[2 * N];

static int check_repeat(uint32_t count, int code) {
    ssr_repeat(SSR_DM0, count);
    ssr_loop_2d(SSR_DM0, N, 2, 8, 8 * N);
    ssr_read(SSR_DM0, 2, a);
    snitch_ssr_enable();
    for (int i = 0; i < 2 * N; i++)
        for (uint32_t r = 0; r < count; r++) {
            double v = ssr_pop(ft0);
            if (v != a[i]) {
                snitch_ssr_disable();
                return code;
            }
        }
    snitch_ssr_disable();
    return 0;
}

int main(uint32_t hartid) {
    if (hartid != 0) return 0;
    for (int i = 0; i < 2 * N; i++) a[i] = 10 + i;
    int r;
    if ((r = check_repeat(2, 1))) return r;
    if ((r = check_repeat(3, 2))) return r;
    if ((r = check_repeat(16, 3))) return r;
    if ((r = check_repeat(1, 4))) return r;
    CHECK(5, scfgri(SSR_REG_REPEAT, SSR_DM0) == 0);
    return 0;
}
