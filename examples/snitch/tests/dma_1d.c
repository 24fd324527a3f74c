// dma_1d: the DMA core copies DRAM -> TCDM, TCDM -> TCDM and TCDM -> DRAM with 1-D transfers of
// odd sizes and offsets (snitch_cluster's dma_1d pattern), waiting with the snitch_cluster runtime's
// idiom (completed id >= txid, iDMA ids, notes/snitch.md §4.2) and with DMSTAT busy. The bytes
// around each destination must be untouched. Expected: the pattern function p(i) in C.
// expect: exit=0
#include "snitch.h"

#define SIZE 1000
static uint8_t dram_src[SIZE + 16], dram_dst[SIZE + 16];
SNITCH_TCDM static uint8_t tcdm_a[SIZE + 16], tcdm_b[SIZE + 16];

static uint8_t p(int i) { return (uint8_t)(i * 37 + 11); }

static void wait_id(uint32_t txid) {
    // snrt_dma_wait (iDMA): spin while completed_id < txid; with ids from 0 (older Snitch) a
    // transfer is complete once completed_id > txid — dma_wait_idle covers both.
    while (dmstati(DMA_STAT_COMPLETED_ID) < txid) {
    }
    dma_wait_idle();
}

static int check(const uint8_t *dst, int off, int n, int code) {
    for (int i = 0; i < SIZE + 16; i++) {
        uint8_t want = (i >= off && i < off + n) ? p(i - off + 3) : 0xEE;
        if (dst[i] != want) return code;
    }
    return 0;
}

int main(uint32_t hartid) {
    if (hartid != SNITCH_DMA_HART) return 0;
    for (int i = 0; i < SIZE + 16; i++) {
        dram_src[i] = p(i);
        dram_dst[i] = 0xEE;
        tcdm_a[i] = 0xEE;
        tcdm_b[i] = 0xEE;
    }
    int r;
    uint32_t id = dma_1d(&tcdm_a[5], &dram_src[3], SIZE - 1);
    wait_id(id);
    if ((r = check(tcdm_a, 5, SIZE - 1, 1))) return r;

    // TCDM -> TCDM, odd size, then TCDM -> DRAM, both launched before one wait.
    uint32_t id1 = dma_1d(&tcdm_b[1], &tcdm_a[5], 333);
    wait_id(id1);
    uint32_t id2 = dma_1d(&dram_dst[7], &tcdm_b[1], 333);
    CHECK(2, id2 != id1);
    wait_id(id2);
    if ((r = check(tcdm_b, 1, 333, 3))) return r;
    if ((r = check(dram_dst, 7, 333, 4))) return r;

    // Sizes 1..8 through DMCPY (register config).
    for (int n = 1; n <= 8; n++) {
        for (int i = 0; i < SIZE + 16; i++) tcdm_b[i] = 0xEE;
        dmsrc((uint32_t)&dram_src[3], 0);
        dmdst((uint32_t)&tcdm_b[n], 0);
        wait_id(dmcpy(n, 0));
        if ((r = check(tcdm_b, n, n, 5))) return r;
    }
    return 0;
}
