// atomics: RV32A on TCDM by all 9 harts at once (snitch_cluster's atomics test's kind): every
// hart does 50 rounds of amoadd (+hartid+1), amoxor (1 << hartid), amoor / amoand on its own
// bit, amomax / amomin / amomaxu / amominu with hart-specific values, amoswap, and an lr/sc
// increment loop; after the barrier hart 0 checks the totals, derived by hand:
//   add: 50 * (1 + 2 + ... + 9) = 50 * 45 = 2250;
//   xor: each bit toggled 50 times (even) -> 0;
//   or: bits 0..8 -> 0x1FF; and: starts 0xFFFFFFFF, each hart clears bit 16 + hartid -> 0xFE00FFFF;
//   max (signed) of hartid - 4 -> 4; min (signed) -> -4; maxu of hartid * 3 -> 24; minu of
//   100 + hartid -> 100 (min with start 0xFFFFFFFF);
//   swap: the last value is one of 1000 + hartid; lr/sc: 9 * 50 = 450.
// expect: exit=0
#include "snitch.h"

#define ROUNDS 50
SNITCH_TCDM static volatile int32_t v_add, v_xor, v_or, v_and, v_max, v_min, v_maxu, v_minu,
    v_swap, v_lrsc;

#define AMO(op, addr, val)                                                      \
    ({                                                                          \
        int32_t o_;                                                             \
        asm volatile(op " %0, %2, (%1)" : "=r"(o_) : "r"(addr), "r"(val) : "memory"); \
        o_;                                                                     \
    })

int main(uint32_t hartid) {
    if (hartid == 0) {
        v_add = v_xor = v_or = v_swap = v_lrsc = 0;
        v_and = -1;
        v_max = -100;
        v_min = 100;
        v_maxu = 0;
        v_minu = -1;
    }
    snitch_barrier();
    for (int r = 0; r < ROUNDS; r++) {
        AMO("amoadd.w", &v_add, hartid + 1);
        AMO("amoxor.w", &v_xor, 1 << hartid);
        AMO("amoor.w", &v_or, 1 << hartid);
        AMO("amoand.w", &v_and, ~(1 << (16 + hartid)));
        AMO("amomax.w", &v_max, (int32_t)hartid - 4);
        AMO("amomin.w", &v_min, (int32_t)hartid - 4);
        AMO("amomaxu.w", &v_maxu, hartid * 3);
        AMO("amominu.w", &v_minu, 100 + hartid);
        AMO("amoswap.w", &v_swap, 1000 + hartid);
        int32_t tmp, fail;
        do {
            asm volatile("lr.w %0, (%2)\n addi %0, %0, 1\n sc.w %1, %0, (%2)"
                         : "=&r"(tmp), "=&r"(fail)
                         : "r"(&v_lrsc)
                         : "memory");
        } while (fail);
    }
    snitch_barrier();
    if (hartid != 0) return 0;
    CHECK(1, v_add == 2250);
    CHECK(2, v_xor == 0);
    CHECK(3, v_or == 0x1FF);
    CHECK(4, (uint32_t)v_and == 0xFE00FFFFu);
    CHECK(5, v_max == 4);
    CHECK(6, v_min == -4);
    CHECK(7, v_maxu == 24);
    CHECK(8, v_minu == 100);
    CHECK(9, v_swap >= 1000 && v_swap <= 1008);
    CHECK(10, v_lrsc == 9 * ROUNDS);
    return 0;
}
