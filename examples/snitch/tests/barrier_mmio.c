// barrier_mmio: the memory-mapped hardware barrier — a load from the barrier register returns
// only when every hart of the cluster has loaded it (Banshee: barrier_reg 0x4000_0038,
// src/configuration.rs; the snitch_cluster preset keeps the register of Banshee's
// config/snitch_cluster.yaml, 0x1002_0190, notes/snitch.md §10). Same rounds as barrier.c, with
// the CSR barrier and the memory-mapped one alternating.
// expect: exit=0
#include "snitch.h"

#ifdef SNITCH_BANSHEE
#define BARRIER_REG ((volatile uint32_t *)0x40000038u)
#else
#define BARRIER_REG ((volatile uint32_t *)0x10020190u)
#endif
#define ROUNDS 10
SNITCH_TCDM static volatile uint32_t slot[SNITCH_NR_HARTS];

int main(uint32_t hartid) {
    int err = 0;  // the first failure; every hart keeps meeting the others
    for (uint32_t r = 0; r < ROUNDS; r++) {
        slot[hartid] = r * 16 + hartid;
        (void)*BARRIER_REG;
        for (uint32_t h = 0; h < SNITCH_NR_HARTS; h++)
            if (!err && slot[h] != r * 16 + h) err = 1 + h;
        if (r & 1)
            snitch_barrier();
        else
            (void)*BARRIER_REG;
    }
    return err;
}
