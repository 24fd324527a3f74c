/* Seed 002's matmul: C[MT x NT tiles] = A[MT x KT] @ B[KT x NT], BF16 tiles in L1 (or BFP8/BFP4
 * with -DIN_FMT=FMT_BFP8/FMT_BFP4 and -DIN_TILE_BYTES), 32-bit Dst, FP32 result tiles. One source, compiled three times (-DTRISC=0 unpack, 1 math, 2 pack), as the
 * seed's `UNPACK((...))`/`MATH((...))`/`PACK((...))` split does.
 *
 * Parameters (-D): MT, KT, NT, A_ADDR, B_ADDR, C_ADDR, and FIDELITY for TRISC1 (0 LoFi, 2 HiFi2,
 * 3 HiFi3, 4 HiFi4: tt-llk's MathFidelity values = number of phases, 0 meaning one). */
#include "llk.h"

#ifndef IN_FMT
#define IN_FMT FMT_BF16
#define IN_TILE_BYTES (TILE_DATUMS * 2u)
#endif
#define OUT_TILE_BYTES (TILE_DATUMS * 4u)

#if TRISC == 0
/* Unpack AB (llk_unpack_AB_matmul): in0 (A) goes to SrcB through unpacker 1, in1 (B) to SrcA
 * through unpacker 0, a whole tile (4 faces, 1024 datums) per UNPACR; each UNPACR waits for its
 * bank to be free and hands it to the FPU. */
int main(void)
{
    unpack_ab_init(IN_FMT, FMT_FP32, 1, TILE_DATUMS);
    for (uint32_t m = 0; m < MT; m++) {
        for (uint32_t n = 0; n < NT; n++) {
            for (uint32_t k = 0; k < KT; k++) {
                unpacker_base(0, cb_tile_addr(B_ADDR, IN_TILE_BYTES, k * NT + n));
                unpacker_base(1, cb_tile_addr(A_ADDR, IN_TILE_BYTES, m * KT + k));
                unpacr(0, 0, 1);
                unpacr(1, 0, 1);
            }
        }
    }
    done(0, DONE_OK);
}
#elif TRISC == 1
#define PHASES (FIDELITY ? FIDELITY : 1)
#define HIGH_FIDELITY (FIDELITY > 0)

/* mm_init's math part (llk_math_matmul.h matmul_configure_addrmod / matmul_configure_mop, 32x32
 * tiles, no transpose; notes/tensix.md §3.3 TV1): ADDR_MOD 0..5, 16 MVMULs recorded into replay
 * slots 16..31, MOP template 1 looping REPLAY(16, 16) once per fidelity phase. */
static void mm_init(void)
{
    /* slot: SrcA (incr, cr, clr), SrcB (incr, cr, clr); Dst (incr, cr, clr, c_to_cr), fidelity; bias */
    addr_mod_set(0, AM_AB(0, 0, 0, 8, 0, 0), AM_DST(8, 0, 0, 0, 0, 0), 0);
    addr_mod_set(1, AM_AB(16, 0, 0, 0, 1, 0), AM_DST(8, 0, 0, 0, 0, 0), 0);
    addr_mod_set(2, AM_AB(0, 1, 0, 32, 1, 0), AM_DST(8, 0, 0, 0, 0, 0), 0);
    addr_mod_set(3, AM_AB(0, 0, 0, 8, 0, 0), AM_DST(8, 0, 0, 0, 0, 0), 1);
    addr_mod_set(4, AM_AB(32, 1, 0, 48, 1, 0), AM_DST(0, 1, 0, 0, 0, 0), 1);
    addr_mod_set(5, AM_AB(0, 1, 1, 0, 1, 1), AM_DST(0, 1, 1, 0, HIGH_FIDELITY, 0), 1);

    /* B0A0 B0A1 B2A0 B2A1 B1A2 B1A3 B3A2 B3A3, two MVMULs (8 rows each) per face pair. While the
     * bias bit is set, AddrMod 0/1 mean slots 4/5. */
    static const uint8_t am[16] = {0, 1, 0, 2, 0, 1, 3, 0, 0, 1, 0, 2, 0, 1, 3, 1};
    replay_record(16, 16);
    for (uint32_t i = 0; i < 16; i++) {
        /* LoFi with one tile per run frees SrcA with the last MVMUL; HiFi does it in EndOp0. */
        const uint32_t clr = (i == 15 && !HIGH_FIDELITY) ? CLR_A : CLR_NONE;
        push(TT_OP_MVMUL(clr, 0, am[i], 0));
    }
    const uint32_t end0 =
        HIGH_FIDELITY ? TT_OP_SETRWC(CLR_A, 0, 0, 0, 0, SET_ABD_F) : TT_OP_NOP();
    mop_program(1, PHASES, TT_OP_NOP(), end0, TT_OP_NOP(), REPLAY_INSN(16, 16), TT_OP_NOP(),
                REPLAY_INSN(16, 16), REPLAY_INSN(16, 16));
    push(TT_OP_SETRWC(CLR_NONE, 0, 0, 0, 0, SET_ABD_F));
}

int main(void)
{
    mm_init();
    math_pack_sync_init();
    uint32_t dst_base = 0;
    for (uint32_t t = 0; t < MT * NT; t++) {
        math_wait_for_dest_available();
        for (uint32_t k = 0; k < KT; k++) {
            /* set_dst_write_addr, run the MOP, free SrcB and reset the counters (seed 002). */
            push(TT_OP_SETC16(DEST_TARGET_REG_CFG_MATH_Offset_ADDR32, dst_base));
            mop_run();
            push(TT_OP_SETRWC(CLR_B, 0, 0, 0, 0, SET_ABD_F));
        }
        dst_base = math_dest_section_done(dst_base);
    }
    done(1, DONE_OK);
}
#elif TRISC == 2
int main(void)
{
    pack_config(FMT_FP32, 1);
    uint32_t dst_base = 0;
    for (uint32_t t = 0; t < MT * NT; t++) {
        packer_wait_for_math_done();
        pack_tile(dst_base, cb_tile_addr(C_ADDR, OUT_TILE_BYTES, t));
        dst_base = pack_dest_section_done(dst_base, 1);
    }
    done(2, DONE_OK);
}
#endif
