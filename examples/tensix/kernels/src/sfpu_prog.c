/* A generic SFPU driver for random per-instruction comparisons (scripts/tensix/ttsim-sfpu.sh):
 * TRISC1 pushes the instruction words stored in L1 at PROG_ADDR (a count, then the words) on Dst
 * tiles 0 (A) and 1 (B) as unpacked by sfpu_add_unpack.elf; TRISC2 (pack_fp32_tile.elf) packs
 * Dst tile 0. Parameters (-D): PROG_ADDR. */
#include "llk.h"

int main(void)
{
    const volatile uint32_t *prog = (const volatile uint32_t *)PROG_ADDR;
    math_pack_sync_init();
    addr_mod_set(7, AM_AB(0, 0, 0, 0, 0, 0), AM_DST(0, 0, 0, 0, 0, 0), 0);
    push(TT_OP_SETC16(ADDR_MOD_SET_Base_ADDR32, 1));
    push(TT_OP_SETRWC(CLR_NONE, 0, 0, 0, 0, SET_ABD_F));
    math_wait_unpack_to_dest();
    math_wait_for_dest_available();
    const uint32_t n = prog[0];
    for (uint32_t i = 0; i < n; i++) {
        push(prog[1 + i]);
    }
    push(TT_OP_SETC16(ADDR_MOD_SET_Base_ADDR32, 0));
    math_dest_section_done(0);
    done(1, DONE_OK);
}
