// ssr_operands: which operands stream (notes/snitch.md §2.1): an instruction naming the same SSR
// twice pops once (fmul.d ft3, ft0, ft0 squares each element), rs3 streams (fmadd.d with ft2 as
// addend), and the store-data operand of fsd pops (fsd ft1 copies a stream to memory). With the
// SSRs disabled ft0..ft2 are plain registers again.
// expect: exit=0
#include "snitch.h"

#define N 8
SNITCH_TCDM static double a[N], b[N], c[N], out[N];

int main(uint32_t hartid) {
    if (hartid != 0) return 0;
    for (int i = 0; i < N; i++) {
        a[i] = i - 3;
        b[i] = 2 * i + 0.5;
        c[i] = 1000 * i;
        out[i] = 0;
    }
    ssr_loop_1d(SSR_DM0, N, 8);
    ssr_read(SSR_DM0, 1, a);
    snitch_ssr_enable();
    for (int i = 0; i < N; i++) {
        double sq;
        asm volatile("fmul.d %0, ft0, ft0" : "=f"(sq)::"memory");
        CHECK(1, sq == a[i] * a[i]);
    }
    snitch_ssr_disable();

    // fmadd.d r, ft0, ft1, ft2: a*b + c with all three sources streamed.
    ssr_loop_1d(SSR_DM1, N, 8);
    ssr_loop_1d(SSR_DM2, N, 8);
    ssr_read(SSR_DM0, 1, a);
    ssr_read(SSR_DM1, 1, b);
    ssr_read(SSR_DM2, 1, c);
    snitch_ssr_enable();
    for (int i = 0; i < N; i++) {
        double r;
        asm volatile("fmadd.d %0, ft0, ft1, ft2" : "=f"(r)::"memory");
        CHECK(2, r == a[i] * b[i] + c[i]);
    }
    snitch_ssr_disable();

    // fsd's data operand pops: copy b to out through SSR1.
    ssr_read(SSR_DM1, 1, b);
    snitch_ssr_enable();
    for (int i = 0; i < N; i++) asm volatile("fsd ft1, 0(%0)" ::"r"(&out[i]) : "memory");
    snitch_ssr_disable();
    for (int i = 0; i < N; i++) CHECK(3, out[i] == b[i]);

    // Disabled: ft0 holds what we move into it.
    double back;
    asm volatile("fmv.d ft0, %1\n fadd.d %0, ft0, ft0" : "=f"(back) : "f"(21.0) : "memory");
    CHECK(4, back == 42.0);
    return 0;
}
