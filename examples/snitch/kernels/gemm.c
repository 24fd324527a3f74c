// gemm: whole-cluster fp64 C = A B like snitch_cluster's sw/kernels/blas/gemm (here M = 64,
// N = K = 32): B is copied into TCDM once; the DMA core double-buffers 8-row tiles of A and writes
// finished 8-row tiles of C back to DRAM while compute core c computes row c of the tile:
// SSR0 streams A's row with repeat 8 (each A[i][k] used for 8 columns) over a 2-D walk
// (k, column block), SSR1 streams B over a 3-D walk (column u in the block, k, column block), and
// per column block one FREP'd fmadd.d, staggered over fa0..fa7 (mask rd|rs3, stagger_max 7),
// accumulates C[i][8*jb + u] in fa<u>. Core 0 checks C against the plain triple loop (integer data,
// exact).
// expect: exit=0
#include "snitch.h"

#define M 64
#define N 32
#define K 32
#define U 8
#define ROWS 8  // one row per compute core
#define NT (M / ROWS)
static double A[M * K], B[K * N], C[M * N];
SNITCH_TCDM static double ab[2][ROWS * K], cb[2][ROWS * N], bb[K * N];

static void row(const double *arow, double *crow) {
    ssr_read(SSR_DM0, 2, arow);
    ssr_read(SSR_DM1, 3, bb);
    for (int jb = 0; jb < N / U; jb++) {
        asm volatile("fcvt.d.w fa0, x0\n fcvt.d.w fa1, x0\n fcvt.d.w fa2, x0\n fcvt.d.w fa3, x0\n"
                     "fcvt.d.w fa4, x0\n fcvt.d.w fa5, x0\n fcvt.d.w fa6, x0\n fcvt.d.w fa7, x0\n"
                     FREP_O("%1", 1, 7, 9) "fmadd.d fa0, ft0, ft1, fa0\n"
                     "fsd fa0, 0(%0)\n fsd fa1, 8(%0)\n fsd fa2, 16(%0)\n fsd fa3, 24(%0)\n"
                     "fsd fa4, 32(%0)\n fsd fa5, 40(%0)\n fsd fa6, 48(%0)\n fsd fa7, 56(%0)\n"
                     :
                     : "r"(&crow[jb * U]), "r"(K * U - 1)
                     : "fa0", "fa1", "fa2", "fa3", "fa4", "fa5", "fa6", "fa7", "memory");
    }
}

int main(uint32_t hartid) {
    if (hartid == SNITCH_DMA_HART) {
        for (int i = 0; i < M * K; i++) A[i] = (i % 7) - 3;
        for (int i = 0; i < K * N; i++) B[i] = (i % 5) - 2 + (i % 3);
        for (int i = 0; i < M * N; i++) C[i] = -1;
        dma_1d(bb, B, sizeof B);
        dma_1d(ab[0], A, ROWS * K * 8);
        dma_wait_idle();
    } else {
        ssr_repeat(SSR_DM0, U);
        ssr_loop_2d(SSR_DM0, K, N / U, 8, 0);
        ssr_loop_3d(SSR_DM1, U, K, N / U, 8, N * 8, U * 8);
    }
    snitch_barrier();
    for (int t = 0; t < NT; t++) {
        if (hartid == SNITCH_DMA_HART) {
            if (t > 0) dma_1d(&C[(t - 1) * ROWS * N], cb[(t - 1) & 1], ROWS * N * 8);
            if (t + 1 < NT) dma_1d(ab[(t + 1) & 1], &A[(t + 1) * ROWS * K], ROWS * K * 8);
            dma_wait_idle();
        } else {
            snitch_ssr_enable();
            row(&ab[t & 1][hartid * K], &cb[t & 1][hartid * N]);
            snitch_ssr_disable();
            snitch_fpu_fence();
        }
        snitch_barrier();
    }
    if (hartid == SNITCH_DMA_HART) {
        dma_1d(&C[(NT - 1) * ROWS * N], cb[(NT - 1) & 1], ROWS * N * 8);
        dma_wait_idle();
    }
    snitch_barrier();
    if (hartid != 0) return 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            double ref = 0;
            for (int k = 0; k < K; k++) ref += A[i * K + k] * B[k * N + j];
            CHECK(1, C[i * N + j] == ref);
        }
    return 0;
}
