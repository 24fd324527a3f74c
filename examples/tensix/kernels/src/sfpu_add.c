/* Seed 001's SFPU tile add through MOP + replay: C = A + B on FP32 32x32 tiles in the SFPU.
 * TRISC0 unpacks A to Dst tile 0 and B to Dst tile 1 (32-bit Dst, unpack-to-Dst) and posts the
 * UNPACK_TO_DEST semaphore; TRISC1 records 6 SFPU instructions into replay slots 0..5 and runs a
 * MOP of 32 iterations of REPLAY(0, 6), each adding 4 rows x 8 columns (SFPLOAD.md: one LReg is
 * 32 datums of Dst); TRISC2 (pack_tile.c) packs Dst tile 0 as FP32.
 *
 * Parameters (-D): A_ADDR, B_ADDR, TRISC (0 or 1). */
#include "llk.h"

#define TILE_BYTES (TILE_DATUMS * 4u)
#define LREG0 0u
#define LREG1 1u
#define LREG2 2u
#define LCONST_1 10u /* LReg 10 is 1.0 (LReg.md) */
#define SFP_FP32 3u  /* SFPLOAD/SFPSTORE Mod0: FP32 */

#if TRISC == 0
int main(void)
{
    t6_sem_init(SEM_UNPACK_TO_DEST, 1, 0);
    alu_config(FMT_FP32, FMT_FP32, 1);
    unpacker_config(0, FMT_FP32, FMT_FP32, 1);
    stallwait(STALL_UNPACK | STALL_CFG | STALL_THCON, WAIT_TRISC_CFG);
    unpack_srca_mode(0); /* unpack-to-Dst must not use the SrcA row override */
    unpacker_counters(ADC_UNP_A, TILE_DATUMS);
    unpack_to_dest(A_ADDR, 0);
    unpack_to_dest(B_ADDR, TILE_DATUMS);
    unpack_to_dest_done();
    done(0, DONE_OK);
}
#elif TRISC == 1
int main(void)
{
    math_pack_sync_init();
    /* SFPU code uses ADDR_MOD 7 through ADDR_MOD_SET_Base (AddrMod 3 means slot 7); all zero. */
    addr_mod_set(7, AM_AB(0, 0, 0, 0, 0, 0), AM_DST(0, 0, 0, 0, 0, 0), 0);
    push(TT_OP_SETC16(ADDR_MOD_SET_Base_ADDR32, 1));
    replay_record(0, 6);
    push(TT_OP_SFPLOAD(LREG0, SFP_FP32, 3, 0));
    push(TT_OP_SFPLOAD(LREG1, SFP_FP32, 3, 64)); /* Dst tile 1 is 64 rows further */
    push(TT_OP_SFPADD(LCONST_1, LREG1, LREG0, LREG2, 0));
    push(TT_OP_SFPNOP()); /* SFPMAD-class latency 2 (VectorUnit.md) */
    push(TT_OP_SFPSTORE(LREG2, SFP_FP32, 3, 0));
    push(TT_OP_INCRWC(0, 2, 0, 0)); /* next 4 rows x 8 columns: Dst counter + 2 */
    mop_program(1, 32, TT_OP_NOP(), TT_OP_NOP(), TT_OP_NOP(), REPLAY_INSN(0, 6), TT_OP_NOP(),
                REPLAY_INSN(0, 6), REPLAY_INSN(0, 6));
    push(TT_OP_SETRWC(CLR_NONE, 0, 0, 0, 0, SET_ABD_F));

    math_wait_unpack_to_dest();
    math_wait_for_dest_available();
    mop_run();
    push(TT_OP_SETC16(ADDR_MOD_SET_Base_ADDR32, 0));
    math_dest_section_done(0);
    done(1, DONE_OK);
}
#endif
