// dma_empty: a transfer of size 0 (snitch_cluster's dma_empty_transfer): it gets an id, completes
// and writes nothing, 1-D and 2-D; a normal transfer after it still works.
// expect: exit=0
#include "snitch.h"

static uint8_t src[64];
SNITCH_TCDM static uint8_t dst[64];

int main(uint32_t hartid) {
    if (hartid != SNITCH_DMA_HART) return 0;
    for (int i = 0; i < 64; i++) {
        src[i] = i + 1;
        dst[i] = 0x55;
    }
    uint32_t id0 = dma_1d(dst, src, 0);
    dma_wait_idle();
    uint32_t id1 = dma_2d(dst, src, 0, 16, 16, 4);
    dma_wait_idle();
    CHECK(1, id1 != id0);
    for (int i = 0; i < 64; i++) CHECK(2, dst[i] == 0x55);
    uint32_t id2 = dma_1d(dst, src, 64);
    CHECK(3, id2 != id1);
    dma_wait_idle();
    for (int i = 0; i < 64; i++) CHECK(4, dst[i] == i + 1);
    return 0;
}
