// ssr_regs: every configuration register of every SSR written and read back, through both
// addressing forms: SCFGWI/SCFGRI (immediate dm | reg << 5) and SCFGW/SCFGR (address in a
// register) — repeat, bound[0..3], stride[0..3], idx_cfg, idx_base (notes/snitch.md §2.2).
// Values are 8-byte aligned strides and 4-bit repeats, which the hardware keeps as written.
// expect: exit=0
#include "snitch.h"

static uint32_t val(uint32_t dm, uint32_t reg) { return 0x100u * (dm + 1) + 8u * reg; }

int main(uint32_t hartid) {
    if (hartid != 0) return 0;
    // Register-addressed writes for every SSR and register word, then immediate reads.
    for (uint32_t dm = 0; dm < 3; dm++) {
        scfgw((dm + 3) & 0xF, SSR_ADDR(SSR_REG_REPEAT, dm));
        for (uint32_t d = 0; d < 4; d++) {
            scfgw(val(dm, SSR_REG_BOUNDS + d), SSR_ADDR(SSR_REG_BOUNDS + d, dm));
            scfgw(val(dm, SSR_REG_STRIDES + d), SSR_ADDR(SSR_REG_STRIDES + d, dm));
        }
    }
    CHECK(1, scfgri(SSR_REG_REPEAT, SSR_DM0) == 3);
    CHECK(2, scfgri(SSR_REG_REPEAT, SSR_DM1) == 4);
    CHECK(3, scfgri(SSR_REG_REPEAT, SSR_DM2) == 5);
#define CHECK_LOOP_REGS(dm, n)                                                  \
    CHECK(n + 0, scfgri(SSR_REG_BOUNDS + 0, dm) == val(dm, SSR_REG_BOUNDS + 0));   \
    CHECK(n + 1, scfgri(SSR_REG_BOUNDS + 1, dm) == val(dm, SSR_REG_BOUNDS + 1));   \
    CHECK(n + 2, scfgri(SSR_REG_BOUNDS + 2, dm) == val(dm, SSR_REG_BOUNDS + 2));   \
    CHECK(n + 3, scfgri(SSR_REG_BOUNDS + 3, dm) == val(dm, SSR_REG_BOUNDS + 3));   \
    CHECK(n + 4, scfgri(SSR_REG_STRIDES + 0, dm) == val(dm, SSR_REG_STRIDES + 0)); \
    CHECK(n + 5, scfgri(SSR_REG_STRIDES + 1, dm) == val(dm, SSR_REG_STRIDES + 1)); \
    CHECK(n + 6, scfgri(SSR_REG_STRIDES + 2, dm) == val(dm, SSR_REG_STRIDES + 2)); \
    CHECK(n + 7, scfgri(SSR_REG_STRIDES + 3, dm) == val(dm, SSR_REG_STRIDES + 3))
    CHECK_LOOP_REGS(SSR_DM0, 10);
    CHECK_LOOP_REGS(SSR_DM1, 20);
    CHECK_LOOP_REGS(SSR_DM2, 30);

    // Immediate writes, register-addressed reads.
    scfgwi(0x1008, SSR_REG_STRIDES + 2, SSR_DM1);
    scfgwi(77, SSR_REG_BOUNDS + 3, SSR_DM2);
    scfgwi(9, SSR_REG_REPEAT, SSR_DM0);
    CHECK(40, scfgr(SSR_ADDR(SSR_REG_STRIDES + 2, SSR_DM1)) == 0x1008);
    CHECK(41, scfgr(SSR_ADDR(SSR_REG_BOUNDS + 3, SSR_DM2)) == 77);
    CHECK(42, scfgr(SSR_ADDR(SSR_REG_REPEAT, SSR_DM0)) == 9);
    // Neighbouring SSRs kept their values.
    CHECK(43, scfgr(SSR_ADDR(SSR_REG_STRIDES + 2, SSR_DM0)) == val(0, SSR_REG_STRIDES + 2));
    CHECK(44, scfgr(SSR_ADDR(SSR_REG_STRIDES + 2, SSR_DM2)) == val(2, SSR_REG_STRIDES + 2));

    // ISSR registers of SSR0 and SSR1 (the two with indirection, §2.5).
    scfgwi(SSR_IDXSIZE_U16 | (2 << 8), SSR_REG_IDX_CFG, SSR_DM0);
    scfgwi(0x10001000, SSR_REG_IDX_BASE, SSR_DM0);
    scfgw(SSR_IDXSIZE_U32, SSR_ADDR(SSR_REG_IDX_CFG, SSR_DM1));
    scfgw(0x10002000, SSR_ADDR(SSR_REG_IDX_BASE, SSR_DM1));
    CHECK(50, scfgri(SSR_REG_IDX_CFG, SSR_DM0) == (SSR_IDXSIZE_U16 | (2 << 8)));
    CHECK(51, (scfgri(SSR_REG_IDX_BASE, SSR_DM0) & 0x1ffff) == 0x1000);
    CHECK(52, scfgr(SSR_ADDR(SSR_REG_IDX_CFG, SSR_DM1)) == SSR_IDXSIZE_U32);
    CHECK(53, (scfgr(SSR_ADDR(SSR_REG_IDX_BASE, SSR_DM1)) & 0x1ffff) == 0x2000);
    return 0;
}
