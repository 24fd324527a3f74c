// barrier: the hardware barrier (CSR 0x7C2, notes/snitch.md §5) across all 9 harts, 20 rounds:
// in round r every hart writes r * 16 + hartid into its slot, meets the others, checks every
// other hart's slot for round r, and meets them again before the next round overwrites it.
// A hart that passed the barrier early would see an old value.
// expect: exit=0
#include "snitch.h"

#define ROUNDS 20
SNITCH_TCDM static volatile uint32_t slot[SNITCH_NR_HARTS];

int main(uint32_t hartid) {
    int err = 0;  // the first failure; every hart keeps meeting the others
    for (uint32_t r = 0; r < ROUNDS; r++) {
        slot[hartid] = r * 16 + hartid;
        snitch_barrier();
        for (uint32_t h = 0; h < SNITCH_NR_HARTS; h++)
            if (!err && slot[h] != r * 16 + h) err = 1 + h;
        snitch_barrier();
    }
    return err;
}
