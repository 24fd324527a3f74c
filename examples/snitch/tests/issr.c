// issr: indirect read streams (notes/snitch.md §2.5): n indices of 1, 2 or 4 bytes at the launch
// pointer select elements idx_base + (index << 3); launched through rptr_indir (word 16) after
// idx_cfg, bound[0] and idx_base, on SSR0 and SSR1 (the two with indirection); the gathered
// elements are written back through SSR2 under FREP (as snitch_cluster's issr test does); and an
// indirect write (wptr_indir, word 20) on SSR1 scatters pushed values to idx_base + (index << 3).
// Shift 0 keeps the address the same in Banshee's reading (idx_base + index * stride0 with
// stride0 = 8, BUILD_BANSHEE.md), so stride0 is set to 8. Expected: data[idcs[i]] in plain C.
// expect: exit=0
#include "snitch.h"

#define LEN 64
#define N 40
SNITCH_TCDM static double data[LEN], res[N];
SNITCH_TCDM static uint8_t i8[N];
SNITCH_TCDM static uint16_t i16[N];
SNITCH_TCDM static uint32_t i32[N];

int main(uint32_t hartid) {
    if (hartid != 0) return 0;
    for (int i = 0; i < LEN; i++) data[i] = 0.5 * i - 7;
    for (int i = 0; i < N; i++) {
        i8[i] = (i * 13 + 5) % LEN;
        i16[i] = (i * 7) % LEN;
        i32[i] = LEN - 1 - (i * 3) % LEN;
    }
    ssr_loop_1d(SSR_DM2, N, 8);
    scfgwi(8, SSR_REG_STRIDES, SSR_DM0);
    scfgwi(8, SSR_REG_STRIDES, SSR_DM1);

    // u16 indices on SSR0, gathered into res through SSR2.
    for (int i = 0; i < N; i++) res[i] = 0;
    issr_read(SSR_DM0, data, i16, N, SSR_IDXSIZE_U16, 0);
    ssr_write(SSR_DM2, 1, res);
    snitch_ssr_enable();
    asm volatile(FREP_O("%0", 1, 0, 0) "fmv.d ft2, ft0\n" ::"r"(N - 1) : "memory");
    snitch_ssr_disable();
    snitch_fpu_fence();
    for (int i = 0; i < N; i++) CHECK(1, res[i] == data[i16[i]]);

    // u8 indices on SSR1, popped directly.
    issr_read(SSR_DM1, data, i8, N, SSR_IDXSIZE_U8, 0);
    snitch_ssr_enable();
    for (int i = 0; i < N; i++) CHECK(2, ssr_pop(ft1) == data[i8[i]]);
    snitch_ssr_disable();

    // u32 indices on SSR0, summed against a direct stream of the same data on SSR1.
    issr_read(SSR_DM0, data, i32, N, SSR_IDXSIZE_U32, 0);
    ssr_loop_1d(SSR_DM1, N, 8);
    ssr_read(SSR_DM1, 1, data);
    snitch_ssr_enable();
    for (int i = 0; i < N; i++) {
        double s;
        asm volatile("fadd.d %0, ft0, ft1" : "=f"(s)::"memory");
        CHECK(3, s == data[i32[i]] + data[i]);
    }
    snitch_ssr_disable();

    // Indirect write on SSR1: value 1000 + i goes to res[perm[i]], perm a permutation of 0..N-1
    // (i * 7 mod 40, 7 and 40 coprime) held as u16 indices.
    for (int i = 0; i < N; i++) {
        res[i] = -1;
        i16[i] = (i * 7) % N;
    }
    scfgwi(SSR_IDXSIZE_U16, SSR_REG_IDX_CFG, SSR_DM1);
    scfgwi(N - 1, SSR_REG_BOUNDS, SSR_DM1);
    scfgwi((uint32_t)res, SSR_REG_IDX_BASE, SSR_DM1);
    scfgwi((uint32_t)i16, SSR_REG_WPTR_INDIR, SSR_DM1);
    snitch_ssr_enable();
    for (int i = 0; i < N; i++) ssr_push(ft1, 1000 + i);
    snitch_ssr_disable();
    snitch_fpu_fence();
    for (int i = 0; i < N; i++) CHECK(4, res[i16[i]] == 1000 + i);
    return 0;
}
