/* SFPU instruction mixes over Dst tile 0 (the math TRISC of the sfpu_* manifests; TRISC0 is
 * sfpu_add_unpack.elf, TRISC2 pack_fp32_tile.elf). Each 4-row x 8-column slice goes through a
 * replayed body (MOP of 32 iterations, as sfpu_add.c), chosen by -DOPS:
 *   OPS_RELU: SFPLOAD; SFPSETCC LT0; SFPMOV LReg9 (0) where negative; SFPENCC; SFPSTORE
 *             (lane predication, SFPSETCC.md / SFPENCC.md / SFPMOV.md)
 *   OPS_MIX:  x*x + x (SFPMAD), times LReg8 = 0.8373 (SFPMUL), SFPABS, SFPEXEXP, SFPSETEXP,
 *             SFPCAST of the exponent, SFPADD of the two: y = 1.m + (float)(e − 127)
 * Instructions ttsim implements, so the results can be compared bit for bit. */
#include "llk.h"

#define SFP_FP32 3u
#define L0 0u
#define L1 1u
#define L2 2u
#define L3 3u
#define L4 4u
#define L5 5u
#define L6 6u
#define L7 7u
#define LCONST_08373 8u
#define LCONST_0 9u
#define LCONST_1 10u

#if defined(OPS_RELU)
#define BODY 6u
static void body(void)
{
    push(TT_OP_SFPLOAD(L0, SFP_FP32, 3, 0));
    push(TT_OP_SFPSETCC(0, L0, 0, 0));          /* flags = x < 0 */
    push(TT_OP_SFPMOV(0, LCONST_0, L0, 0));     /* x = 0 where flagged */
    push(TT_OP_SFPENCC(0, 0, 0, 0));            /* flags = true (predication stays on) */
    push(TT_OP_SFPSTORE(L0, SFP_FP32, 3, 0));
    push(TT_OP_INCRWC(0, 2, 0, 0));
}
#elif defined(OPS_MIX)
#define BODY 14u
static void body(void)
{
    push(TT_OP_SFPLOAD(L0, SFP_FP32, 3, 0));
    push(TT_OP_SFPMAD(L0, L0, L0, L1, 0));            /* x*x + x */
    push(TT_OP_SFPNOP());
    push(TT_OP_SFPMUL(L1, LCONST_08373, LCONST_0, L2, 0));
    push(TT_OP_SFPNOP());
    push(TT_OP_SFPABS(0, L2, L3, 1));
    push(TT_OP_SFPEXEXP(0, L3, L4, 0));               /* e − 127 (two's complement) */
    push(TT_OP_SFPSETEXP(127, L3, L5, 1));            /* 1.m */
    push(TT_OP_SFPABS(0, L4, L6, 0));                 /* |e − 127| */
    push(TT_OP_SFPCAST(L6, L7, 0));
    push(TT_OP_SFPADD(LCONST_1, L5, L7, L7, 0));
    push(TT_OP_SFPNOP());
    push(TT_OP_SFPSTORE(L7, SFP_FP32, 3, 0));
    push(TT_OP_INCRWC(0, 2, 0, 0));
}
#else
#error "define OPS_RELU or OPS_MIX"
#endif

int main(void)
{
    math_pack_sync_init();
    addr_mod_set(7, AM_AB(0, 0, 0, 0, 0, 0), AM_DST(0, 0, 0, 0, 0, 0), 0);
    push(TT_OP_SETC16(ADDR_MOD_SET_Base_ADDR32, 1));
    push(TT_OP_SFPENCC(3, 0, 0, 10)); /* UseLaneFlagsForLaneEnable = 1, flags = true */
    replay_record(0, BODY);
    body();
    mop_program(1, 32, TT_OP_NOP(), TT_OP_NOP(), TT_OP_NOP(), REPLAY_INSN(0, BODY), TT_OP_NOP(),
                REPLAY_INSN(0, BODY), REPLAY_INSN(0, BODY));
    push(TT_OP_SETRWC(CLR_NONE, 0, 0, 0, 0, SET_ABD_F));

    math_wait_unpack_to_dest();
    math_wait_for_dest_available();
    mop_run();
    push(TT_OP_SETC16(ADDR_MOD_SET_Base_ADDR32, 0));
    math_dest_section_done(0);
    done(1, DONE_OK);
}
