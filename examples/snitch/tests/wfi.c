// wfi: wfi and wakeup through the cluster-local CLINT (snitch_cluster's runtime:
// snrt_int_cluster_set / _clr write cl_clint_set / cl_clint_clear of the cluster peripherals,
// whose bit h raises hart h's cluster interrupt, mip bit 19 = IRQ_M_CLUSTER). A wake chain:
// hart 0 sets go[1] and wakes hart 1; hart h sleeps in wfi until go[h] is set, clears its own
// interrupt, records its turn, sets go[h+1] and wakes hart h+1. mstatus.MIE stays 0, so no trap
// is taken: wfi only waits for (mip & mie) != 0. After the barrier hart 0 checks that the harts
// ran in chain order.
// Addresses: snitch_cluster puts the cluster peripherals at the TCDM end (snitch_cluster.sv:
// cluster_periph_start_address = tcdm_end_address without boot ROM) = 0x1002_0000; in
// snitch_cluster_peripheral_reg.rdl (64-bit registers) 16 x {perf_cnt_en, perf_cnt_sel, perf_cnt}
// take 0x180 bytes and 4 scratch registers 0x20, so cl_clint_set = +0x1A0, cl_clint_clear =
// +0x1A8. Banshee: cl_clint = 0x4000_0060, clear = +8 (src/configuration.rs, src/engine.rs).
// expect: exit=0
#include "snitch.h"

#ifdef SNITCH_BANSHEE
#define CL_CLINT_SET ((volatile uint32_t *)0x40000060u)
#define CL_CLINT_CLEAR ((volatile uint32_t *)0x40000068u)
#else
#define CL_CLINT_SET ((volatile uint32_t *)0x100201A0u)
#define CL_CLINT_CLEAR ((volatile uint32_t *)0x100201A8u)
#endif
#define IRQ_M_CLUSTER 19

SNITCH_TCDM static volatile uint32_t go[SNITCH_NR_HARTS + 1], order[SNITCH_NR_HARTS], turn;

int main(uint32_t hartid) {
    asm volatile("csrs mie, %0" ::"r"(1u << IRQ_M_CLUSTER));
    if (hartid == 0) {
        for (uint32_t h = 0; h <= SNITCH_NR_HARTS; h++) go[h] = 0;
        turn = 0;
    }
    snitch_barrier();
    if (hartid == 0) {
        order[turn++] = 0;
        go[1] = 1;
        *CL_CLINT_SET = 1u << 1;
    } else {
        while (!go[hartid]) asm volatile("wfi" ::: "memory");
        *CL_CLINT_CLEAR = 1u << hartid;
        order[turn++] = hartid;
        if (hartid + 1 < SNITCH_NR_HARTS) {
            go[hartid + 1] = 1;
            *CL_CLINT_SET = 1u << (hartid + 1);
        }
    }
    snitch_barrier();
    asm volatile("csrc mie, %0" ::"r"(1u << IRQ_M_CLUSTER));
    if (hartid != 0) return 0;
    CHECK(1, turn == SNITCH_NR_HARTS);
    for (uint32_t h = 0; h < SNITCH_NR_HARTS; h++) CHECK(2 + h, order[h] == h);
    return 0;
}
