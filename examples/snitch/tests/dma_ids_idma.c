// dma_ids_idma: transfer ids of snitch_cluster's iDMA frontend (notes/snitch.md §4.2: per channel
// next_id resets to 2 and completed_id to 1; DMCPY returns next_id and increments it). Before any
// transfer: DMSTAT 0 (completed) = 1, 1 (next) = 2, 2 (busy) = 0. Three transfers get ids 2, 3,
// 4; after waiting, completed = 4 and next = 5, busy = 0. Also DMSTAT with the selector in a
// register agrees with DMSTATI.
// expect: exit=0
// expect-banshee: exit=1 (ids from 0, see dma_ids_old)
#include "snitch.h"

static uint8_t src[256];
SNITCH_TCDM static uint8_t dst[256];

int main(uint32_t hartid) {
    if (hartid != SNITCH_DMA_HART) return 0;
    CHECK(1, dmstati(DMA_STAT_COMPLETED_ID) == 1);
    CHECK(2, dmstati(DMA_STAT_NEXT_ID) == 2);
    CHECK(3, dmstati(DMA_STAT_BUSY) == 0);
    CHECK(4, dmstat(DMA_STAT_NEXT_ID) == 2);
    uint32_t a = dma_1d(dst, src, 64);
    uint32_t b = dma_1d(dst + 64, src, 64);
    uint32_t c = dma_1d(dst + 128, src, 128);
    CHECK(5, a == 2 && b == 3 && c == 4);
    CHECK(6, dmstati(DMA_STAT_NEXT_ID) == 5);
    while (dmstati(DMA_STAT_COMPLETED_ID) < c) {
    }
    CHECK(7, dmstati(DMA_STAT_COMPLETED_ID) == 4);
    CHECK(8, dmstat(DMA_STAT_BUSY) == 0);
    CHECK(9, dmstat(DMA_STAT_COMPLETED_ID) == 4);
    return 0;
}
