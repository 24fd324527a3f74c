// dma_2d: 2-D transfers (DMSTR source/destination strides, DMREP rows, DMCPYI config bit 1;
// notes/snitch.md §4.1) with the (size, src stride, dst stride, rows) sets of snitch_cluster's
// dma_2d test's kind — odd sizes, strides larger and smaller than the row — plus a negative
// source and destination stride, DRAM -> TCDM and TCDM -> DRAM; and a 1-D transfer after them
// (DMREP is sticky, but 1-D ignores it). Expected: row-by-row byte copy in C; bytes between rows
// stay untouched.
// expect: exit=0
#include "snitch.h"

#define BUF 4096
static uint8_t src[BUF], dram_dst[BUF];
SNITCH_TCDM static uint8_t dst[BUF];

typedef struct {
    uint32_t size;
    int32_t sstr, dstr;
    uint32_t reps;
} params_t;
static const params_t sets[] = {{3, 3, 7, 19},     {8, 9, 11, 15},  {16, 18, 17, 6},
                                {32, 36, 49, 8},   {63, 79, 81, 2}, {123, 144, 185, 4},
                                {256, 100, 300, 2}, {10, -24, -40, 5}};

static uint8_t p(int i) { return (uint8_t)(i * 13 + 1); }

static int run(uint8_t *d, const params_t *t, int code) {
    // Negative strides start from the last row so that every row lies inside the buffers.
    int sbase = t->sstr < 0 ? -t->sstr * (int)(t->reps - 1) : 0;
    int dbase = t->dstr < 0 ? -t->dstr * (int)(t->reps - 1) : 0;
    for (int i = 0; i < BUF; i++) d[i] = 0xAA;
    dma_2d(d + dbase, src + sbase, t->size, t->dstr, t->sstr, t->reps);
    dma_wait_idle();
    for (int i = 0; i < BUF; i++) {
        int want = 0xAA;
        for (uint32_t r = 0; r < t->reps; r++) {
            int start = dbase + (int)r * t->dstr;
            if (i >= start && i < start + (int)t->size)
                want = p(sbase + (int)r * t->sstr + (i - start));
        }
        if (d[i] != want) return code;
    }
    return 0;
}

int main(uint32_t hartid) {
    if (hartid != SNITCH_DMA_HART) return 0;
    for (int i = 0; i < BUF; i++) src[i] = p(i);
    int r;
    for (unsigned k = 0; k < sizeof sets / sizeof sets[0]; k++) {
        if ((r = run(dst, &sets[k], 1 + k))) return r;
        if ((r = run(dram_dst, &sets[k], 20 + k))) return r;
    }
    for (int i = 0; i < 64; i++) dst[i] = 0xAA;
    dma_1d(dst, src, 40);
    dma_wait_idle();
    for (int i = 0; i < 64; i++) CHECK(40, dst[i] == (i < 40 ? p(i) : 0xAA));
    return 0;
}
