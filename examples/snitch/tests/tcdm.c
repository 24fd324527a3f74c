// tcdm: byte, half, word and double accesses to TCDM from all 8 compute cores, each in its own
// interleaved lanes across the 32 banks (snitch_cluster's tcdm test's kind): every core writes
// its pattern with one access width and reads it back with others (little endian), then after
// the barrier core 0 checks every core's words. Expected: the pattern in C.
// expect: exit=0
#include "snitch.h"

#define WORDS 512
SNITCH_TCDM static volatile uint32_t mem[WORDS];

static uint32_t pat(uint32_t i) { return i * 0x01010101u ^ 0xA5C3u ^ (i << 20); }

int main(uint32_t hartid) {
    int err = 0;
    if (hartid < SNITCH_NR_COMPUTE) {
        for (uint32_t i = hartid; i < WORDS; i += SNITCH_NR_COMPUTE) {
            uint32_t w = pat(i);
            volatile uint8_t *b = (volatile uint8_t *)&mem[i];
            volatile uint16_t *h = (volatile uint16_t *)&mem[i];
            switch (i % 3) {
            case 0:
                for (int k = 0; k < 4; k++) b[k] = w >> (8 * k);
                break;
            case 1:
                h[0] = w;
                h[1] = w >> 16;
                break;
            default:
                mem[i] = w;
            }
            // Record the first failure but keep going: every hart must reach the barrier.
            if (!err && mem[i] != w) err = 1;
            if (!err && !(h[1] == (uint16_t)(w >> 16) && b[2] == (uint8_t)(w >> 16))) err = 2;
            if (!err && (int8_t)b[3] != (int8_t)(w >> 24)) err = 3;
        }
    }
    snitch_barrier();
    if (err) return err;
    if (hartid != 0) return 0;
    for (uint32_t i = 0; i < WORDS; i++) CHECK(5, mem[i] == pat(i));
    // 64-bit FP loads see two words (little endian).
    double d;
    uint64_t bits;
    asm volatile("fld %0, 0(%1)" : "=f"(d) : "r"(&mem[2]) : "memory");
    asm volatile("fsd %1, 0(%0)" ::"r"(&bits), "f"(d) : "memory");
    CHECK(4, bits == ((uint64_t)pat(3) << 32 | pat(2)));
    return 0;
}
