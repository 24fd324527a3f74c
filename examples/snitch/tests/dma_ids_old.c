// dma_ids_old: transfer ids of the older Snitch frontend (notes/snitch.md §4.2,
// axi_dma_tc_snitch_fe: next_id and completed_id reset to 0; DMCPY returns next_id then
// increments; completed_id counts finished transfers), which Banshee also uses. Before any
// transfer completed = 0 and next = 0; three transfers get 0, 1, 2; after the old runtime's wait
// (while completed <= txid) completed = 3, next = 3, busy = 0.
// expect: exit=1 (snitch_cluster's iDMA ids: completed_id starts at 1, see dma_ids_idma)
// expect-config([dma] ids = "zero", the older Snitch): exit=0
// expect-banshee: exit=0
#include "snitch.h"

static uint8_t src[256];
SNITCH_TCDM static uint8_t dst[256];

int main(uint32_t hartid) {
    if (hartid != SNITCH_DMA_HART) return 0;
    CHECK(1, dmstati(DMA_STAT_COMPLETED_ID) == 0);
    // next_id: the old frontend reads 0 here; Banshee returns completed + 1 = 1 (src/engine.rs's
    // DMSTAT 1, BUILD_BANSHEE.md); both are accepted.
    CHECK(2, dmstati(DMA_STAT_NEXT_ID) <= 1);
    uint32_t a = dma_1d(dst, src, 64);
    uint32_t b = dma_1d(dst + 64, src, 64);
    uint32_t c = dma_1d(dst + 128, src, 128);
    CHECK(3, a == 0 && b == 1 && c == 2);
    while (dmstati(DMA_STAT_COMPLETED_ID) <= c) {
    }
    CHECK(4, dmstati(DMA_STAT_COMPLETED_ID) == 3);
    CHECK(5, dmstat(DMA_STAT_BUSY) == 0);
    return 0;
}
