// axpy: whole-cluster fp64 z = a*x + y like snitch_cluster's sw/kernels/blas/axpy (n = 2560): the
// DMA core double-buffers tiles of x and y into TCDM and writes finished z tiles back to DRAM
// while the 8 compute cores stream their slice with SSR0 (x), SSR1 (y), SSR2 (z, write) under one
// FREP'd fmadd.d. After the last tile core 0 checks z in DRAM against a plain C loop (integer data
// and a = 3, so every result is exact).
// expect: exit=0
#include "snitch.h"

#define N 2560
#define TILE 320
#define NT (N / TILE)
#define PER_CORE (TILE / SNITCH_NR_COMPUTE)
static double x[N], y[N], z[N];
SNITCH_TCDM static double xb[2][TILE], yb[2][TILE], zb[2][TILE];
static const double a = 3.0;

static void load_tile(int t) {
    dma_1d(xb[t & 1], &x[t * TILE], TILE * 8);
    dma_1d(yb[t & 1], &y[t * TILE], TILE * 8);
}

int main(uint32_t hartid) {
    if (hartid == SNITCH_DMA_HART) {
        for (int i = 0; i < N; i++) {
            x[i] = (i % 29) - 14;
            y[i] = (i % 11) * 5;
            z[i] = -1;
        }
        load_tile(0);
        dma_wait_idle();
    } else {
        ssr_loop_1d(SSR_DM0, PER_CORE, 8);
        ssr_loop_1d(SSR_DM1, PER_CORE, 8);
        ssr_loop_1d(SSR_DM2, PER_CORE, 8);
    }
    snitch_barrier();
    for (int t = 0; t < NT; t++) {
        if (hartid == SNITCH_DMA_HART) {
            if (t > 0) dma_1d(&z[(t - 1) * TILE], zb[(t - 1) & 1], TILE * 8);
            if (t + 1 < NT) load_tile(t + 1);
            dma_wait_idle();
        } else {
            uint32_t off = hartid * PER_CORE;
            ssr_read(SSR_DM0, 1, &xb[t & 1][off]);
            ssr_read(SSR_DM1, 1, &yb[t & 1][off]);
            ssr_write(SSR_DM2, 1, &zb[t & 1][off]);
            snitch_ssr_enable();
            asm volatile(FREP_O("%0", 1, 0, 0) "fmadd.d ft2, %1, ft0, ft1\n" ::"r"(PER_CORE - 1),
                         "f"(a)
                         : "memory");
            snitch_ssr_disable();
            snitch_fpu_fence();
        }
        snitch_barrier();
    }
    if (hartid == SNITCH_DMA_HART) {
        dma_1d(&z[(NT - 1) * TILE], zb[(NT - 1) & 1], TILE * 8);
        dma_wait_idle();
    }
    snitch_barrier();
    if (hartid != 0) return 0;
    for (int i = 0; i < N; i++) CHECK(1, z[i] == a * x[i] + y[i]);
    return 0;
}
