// issr_shift: the ISSR index shift of the hardware (notes/snitch.md §2.5: idx_cfg[15:8] = shift,
// address = idx_base + (index << 3 << shift)): with shift 1 every index selects element 2*index,
// with shift 2 element 4*index; each read from a 16-bit index array. Expected: data[idx << s].
// expect: exit=0
// expect-banshee: exit=1 (Banshee takes the shift from register 12, BUILD_BANSHEE.md)
#include "snitch.h"

#define LEN 128
#define N 24
SNITCH_TCDM static double data[LEN];
SNITCH_TCDM static uint16_t idx[N];

int main(uint32_t hartid) {
    if (hartid != 0) return 0;
    for (int i = 0; i < LEN; i++) data[i] = i * i;
    for (int i = 0; i < N; i++) idx[i] = (i * 5) % 32;
    for (uint32_t shift = 1; shift <= 2; shift++) {
        issr_read(SSR_DM0, data, idx, N, SSR_IDXSIZE_U16, shift);
        snitch_ssr_enable();
        for (int i = 0; i < N; i++) CHECK(shift, ssr_pop(ft0) == data[idx[i] << shift]);
        snitch_ssr_disable();
    }
    return 0;
}
