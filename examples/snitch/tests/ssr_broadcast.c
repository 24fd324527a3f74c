// ssr_broadcast: SSR index 31 writes the same configuration word into all three SSRs
// (notes/snitch.md §2.2, SNRT_SSR_DM_ALL): bounds/strides/repeat broadcast, read back from each
// SSR, then used by three separate launches; and a broadcast launch (rptr[0] to index 31) that
// starts all three on the same array.
// expect: exit=0
// expect-banshee: exit=1 (Banshee has no SSR index 31, BUILD_BANSHEE.md)
#include "snitch.h"

#define N 10
SNITCH_TCDM static double a[N], b[N], c[N];

int main(uint32_t hartid) {
    if (hartid != 0) return 0;
    for (int i = 0; i < N; i++) {
        a[i] = i;
        b[i] = 100 + i;
        c[i] = 0;
    }
    ssr_loop_1d(SSR_DM_ALL, N, 8);
    scfgwi(0, SSR_REG_REPEAT, SSR_DM_ALL);
    CHECK(1, scfgri(SSR_REG_BOUNDS, SSR_DM0) == N - 1);
    CHECK(2, scfgri(SSR_REG_BOUNDS, SSR_DM1) == N - 1);
    CHECK(3, scfgri(SSR_REG_BOUNDS, SSR_DM2) == N - 1);
    CHECK(4, scfgri(SSR_REG_STRIDES, SSR_DM2) == 8);
    ssr_read(SSR_DM0, 1, a);
    ssr_read(SSR_DM1, 1, b);
    ssr_write(SSR_DM2, 1, c);
    snitch_ssr_enable();
    asm volatile(FREP_O("%0", 1, 0, 0) "fsub.d ft2, ft1, ft0\n" ::"r"(N - 1) : "memory");
    snitch_ssr_disable();
    snitch_fpu_fence();
    for (int i = 0; i < N; i++) CHECK(5, c[i] == 100);

    // One broadcast launch: all three SSRs read b.
    ssr_read(SSR_DM_ALL, 1, b);
    snitch_ssr_enable();
    for (int i = 0; i < N; i++) {
        double x = ssr_pop(ft0), y = ssr_pop(ft1), z = ssr_pop(ft2);
        CHECK(6, x == b[i] && y == b[i] && z == b[i]);
    }
    snitch_ssr_disable();
    return 0;
}
