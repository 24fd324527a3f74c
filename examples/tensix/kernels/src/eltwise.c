/* Eltwise binary on the FPU (tt-llk llk_math_eltwise_binary.h, standard, no broadcast; notes
 * tensix.md §3.3 TV2/TV3): C = A + B (-DOP_ADD: 16-bit BF16 Dst, BF16 result) or C = A * B
 * (-DOP_MUL: HiFi4, 32-bit Dst, packed to BF16), one 32x32 BF16 tile, face by face: each face of A
 * goes to SrcA, of B to SrcB, the math MOP consumes them and frees both banks. With -DINT8
 * (OP_MUL only) the tiles are INT8: the FPU's integer mode multiplies into an integer "32" Dst and
 * the packer saturates it back to INT8 (MVMUL.md/ELWMUL.md, Packers/FormatConversion.md).
 *
 * Parameters (-D): A_ADDR, B_ADDR, C_ADDR, TRISC, OP_ADD or OP_MUL, OUT_FMT, INT8. */
#include "llk.h"

#define TILE_BYTES (TILE_DATUMS * 2u)

/* The tiles' format: BF16, or INT8 with -DINT8. */
#ifdef INT8
#define DATA_FMT FMT_INT8
#else
#define DATA_FMT FMT_BF16
#endif

/* The result's L1 format: the data format, or BFP8 with -DOUT_FMT=FMT_BFP8 (the packer's BFP
 * assembly). */
#ifndef OUT_FMT
#define OUT_FMT DATA_FMT
#endif

#if defined(OP_ADD)
#define DST_FP32 0u
#elif defined(OP_MUL)
#define DST_FP32 1u
#endif

#if TRISC == 0
int main(void)
{
    /* The Dst accumulation format is the data format either way (the packer reads it as that;
     * with a 32-bit Dst it reads 32 bits and rounds or saturates, Packers/FormatConversion.md). */
    unpack_ab_init(DATA_FMT, DATA_FMT, DST_FP32, FACE_DATUMS);
    unpacker_base(0, A_ADDR);
    unpacker_base(1, B_ADDR);
    for (uint32_t face = 0; face < 4; face++) {
        unpacr(0, UNPACR_CH0_Z_INC, 1);
        unpacr(1, UNPACR_CH0_Z_INC, 1);
    }
    done(0, DONE_OK);
}
#elif TRISC == 1
int main(void)
{
    math_pack_sync_init();
    /* ADDR_MOD_0: every counter +8 rows. */
    addr_mod_set(0, AM_AB(8, 0, 0, 8, 0, 0), AM_DST(8, 0, 0, 0, 0, 0), 0);
#if defined(OP_ADD)
    /* Per face: ELWADD rows 0 and 8, then SETRWC frees both Src banks and resets their counters;
     * Dst keeps counting (0, 8 | 16, 24 | ...). */
    const uint32_t op = TT_OP_ELWADD(CLR_NONE, 0, 0, 0, 0);
    mop_program(4, 2, TT_OP_NOP(), TT_OP_SETRWC(CLR_AB, 3, 0, 0, 0, SET_AB), TT_OP_NOP(), op,
                TT_OP_NOP(), op, op);
    const uint32_t runs = 1;
#else
    /* HiFi4: the MOP runs once per face; its outer loop is the 4 fidelity phases. ADDR_MOD_2 ends
     * a phase (Src rows back to 0, Dst back to the face start, next phase), ADDR_MOD_3 ends the
     * face (free both banks, Dst to the next face, phase back to 0). */
    addr_mod_set(2, AM_AB(0, 0, 1, 0, 0, 1), AM_DST(0, 1, 0, 0, 1, 0), 0);
    addr_mod_set(3, AM_AB(0, 0, 1, 0, 0, 1), AM_DST(8, 0, 0, 1, 0, 1), 0);
    mop_program(4, 2, TT_OP_NOP(), TT_OP_NOP(), TT_OP_NOP(), TT_OP_ELWMUL(CLR_NONE, 0, 0, 0, 0),
                TT_OP_NOP(), TT_OP_ELWMUL(CLR_AB, 0, 0, 3, 0), TT_OP_ELWMUL(CLR_NONE, 0, 0, 2, 0));
    const uint32_t runs = 4;
#endif
    push(TT_OP_SETRWC(CLR_NONE, 0, 0, 0, 0, SET_ABD_F));
    math_wait_for_dest_available();
    for (uint32_t r = 0; r < runs; r++) {
        mop_run();
    }
    push(TT_OP_SETRWC(CLR_NONE, 0, 0, 0, 0, SET_ABD_F));
    math_dest_section_done(0);
    done(1, DONE_OK);
}
#elif TRISC == 2
int main(void)
{
    pack_single_tile(DATA_FMT, OUT_FMT, DST_FP32, C_ADDR);
    done(2, DONE_OK);
}
#endif
