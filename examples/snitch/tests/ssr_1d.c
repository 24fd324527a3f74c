// ssr_1d: SSR0 and SSR1 read two 1-D arrays, SSR2 writes their sum (rptr[0], wptr[0], bound[0],
// stride[0]; notes/snitch.md §2.2-2.3), once with a plain C loop of fadd.d and once under FREP.O.
// Expected values: a[i] + b[i] computed by C on the same arrays, SSRs off.
// expect: exit=0
#include "snitch.h"

#define N 24
SNITCH_TCDM static double a[N], b[N], c[N], d[N];

int main(uint32_t hartid) {
    if (hartid != 0) return 0;
    for (int i = 0; i < N; i++) {
        a[i] = i + 1;
        b[i] = 0.25 * i;
        c[i] = -1;
        d[i] = -1;
    }
    ssr_loop_1d(SSR_DM0, N, 8);
    ssr_loop_1d(SSR_DM1, N, 8);
    ssr_loop_1d(SSR_DM2, N, 8);
    ssr_read(SSR_DM0, 1, a);
    ssr_read(SSR_DM1, 1, b);
    ssr_write(SSR_DM2, 1, c);
    snitch_ssr_enable();
    for (int i = 0; i < N; i++) asm volatile("fadd.d ft2, ft0, ft1" ::: "memory");
    snitch_ssr_disable();
    snitch_fpu_fence();
    for (int i = 0; i < N; i++) CHECK(1, c[i] == a[i] + b[i]);

    // The same with FREP.O: one fadd.d repeated N times (rs1 = N - 1).
    ssr_read(SSR_DM0, 1, a);
    ssr_read(SSR_DM1, 1, b);
    ssr_write(SSR_DM2, 1, d);
    snitch_ssr_enable();
    asm volatile(FREP_O("%0", 1, 0, 0) "fadd.d ft2, ft0, ft1\n" ::"r"(N - 1) : "memory");
    snitch_ssr_disable();
    snitch_fpu_fence();
    for (int i = 0; i < N; i++) CHECK(2, d[i] == a[i] + b[i]);
    return 0;
}
