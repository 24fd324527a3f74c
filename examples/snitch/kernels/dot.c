// dot: whole-cluster fp64 dot product like snitch_cluster's sw/kernels/blas/dot (n = 4096): the
// DMA core (hart 8) double-buffers tiles of x and y from DRAM into TCDM while the 8 compute cores
// each reduce their 64-element slice of the current tile with SSR0/SSR1 and one FREP'd fmadd.d
// staggered over 4 accumulators (mask rd|rs3, stagger_max 3). Core 0 adds the 8 partial sums and
// checks against a plain C loop over the DRAM arrays. Data are small integers so every sum is exact
// in any order.
// expect: exit=0
#include "snitch.h"

#define N 4096
#define TILE 512
#define NT (N / TILE)
#define PER_CORE (TILE / SNITCH_NR_COMPUTE)
static double x[N], y[N];
SNITCH_TCDM static double xb[2][TILE], yb[2][TILE];
SNITCH_TCDM static double partial[SNITCH_NR_COMPUTE];

static void load_tile(int t) {
    dma_1d(xb[t & 1], &x[t * TILE], TILE * 8);
    dma_1d(yb[t & 1], &y[t * TILE], TILE * 8);
    dma_wait_idle();
}

static double tile_dot(const double *a, const double *b) {
    ssr_read(SSR_DM0, 1, a);
    ssr_read(SSR_DM1, 1, b);
    double s;
    asm volatile("fcvt.d.w fa0, x0\n fcvt.d.w fa1, x0\n fcvt.d.w fa2, x0\n fcvt.d.w fa3, x0\n"
                 FREP_O("%1", 1, 3, 9) "fmadd.d fa0, ft0, ft1, fa0\n"
                 "fadd.d fa0, fa0, fa1\n fadd.d fa2, fa2, fa3\n fadd.d %0, fa0, fa2\n"
                 : "=f"(s)
                 : "r"(PER_CORE - 1)
                 : "fa0", "fa1", "fa2", "fa3", "memory");
    return s;
}

int main(uint32_t hartid) {
    double acc = 0;
    if (hartid == SNITCH_DMA_HART) {
        for (int i = 0; i < N; i++) {
            x[i] = (i % 17) - 8;
            y[i] = (i % 13) - 6;
        }
        load_tile(0);
    } else {
        ssr_loop_1d(SSR_DM0, PER_CORE, 8);
        ssr_loop_1d(SSR_DM1, PER_CORE, 8);
    }
    snitch_barrier();
    for (int t = 0; t < NT; t++) {
        if (hartid == SNITCH_DMA_HART) {
            if (t + 1 < NT) load_tile(t + 1);
        } else {
            snitch_ssr_enable();
            acc += tile_dot(&xb[t & 1][hartid * PER_CORE], &yb[t & 1][hartid * PER_CORE]);
            snitch_ssr_disable();
            snitch_fpu_fence();
        }
        snitch_barrier();
    }
    if (hartid < SNITCH_NR_COMPUTE) partial[hartid] = acc;
    snitch_barrier();
    if (hartid != 0) return 0;
    double sum = 0, ref = 0;
    for (uint32_t c = 0; c < SNITCH_NR_COMPUTE; c++) sum += partial[c];
    for (int i = 0; i < N; i++) ref += x[i] * y[i];
    CHECK(1, ref != 0);
    CHECK(2, sum == ref);
    return 0;
}
