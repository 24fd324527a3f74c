// err_ssr_unconfigured: popping SSR 1, which was never configured (reset state: done, notes/
// snitch.md §2.4), must stop with an error naming hart 3, pc and SSR 1 — here on hart 3 to show
// the hart is named.
// expect: error=SSR 1 popped but never configured (hart 3)
// expect-banshee: exit=100 (Banshee does not check)
#include "snitch.h"

int main(uint32_t hartid) {
    if (hartid != 3) return 0;
    snitch_ssr_enable();
    double x = ssr_pop(ft1);
    snitch_ssr_disable();
    return x == 0 ? 100 : 101;
}
