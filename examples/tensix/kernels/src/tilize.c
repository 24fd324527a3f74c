/* Tilize via the unpacker (Unpackers pages, tileize mode; tt-llk llk_unpack_tilize.h): a 32x32
 * FP32 matrix stored row-major in L1 is unpacked face by face into Dst (unpacker 0 in tileize
 * mode reads 16 rows of 16 datums with the row pitch given in Shift_amount), then packed as one
 * FP32 tile (four 16x16 faces, f0 f1 / f2 f3).
 *
 * Parameters (-D): A_ADDR, C_ADDR, TRISC. */
#include "llk.h"

#define ROW_BYTES (32u * 4u)
#define TILE_BYTES (TILE_DATUMS * 4u)

#if TRISC == 0
int main(void)
{
    t6_sem_init(SEM_UNPACK_TO_DEST, 1, 0);
    alu_config(FMT_FP32, FMT_FP32, 1);
    unpacker_config(0, FMT_FP32, FMT_FP32, 1);
    /* Tileize mode; the L1 row pitch in bytes is Shift_amount_cntx0..2 as bits 4..15. */
    cfg_write(THCON_SEC0_REG2_Out_data_format_ADDR32,
              CFG_FIELD(THCON_SEC0_REG2_Out_data_format, FMT_FP32) |
                  CFG_FIELD(THCON_SEC0_REG2_Tileize_mode, 1) |
                  CFG_FIELD(THCON_SEC0_REG2_Shift_amount_cntx0, (ROW_BYTES >> 4) & 15) |
                  CFG_FIELD(THCON_SEC0_REG2_Shift_amount_cntx1, (ROW_BYTES >> 8) & 15));
    stallwait(STALL_UNPACK | STALL_CFG | STALL_THCON, WAIT_TRISC_CFG);
    unpack_srca_mode(0);
    unpacker_counters(ADC_UNP_A, FACE_DATUMS);
    for (uint32_t face = 0; face < 4; face++) {
        const uint32_t row = (face >> 1) * 16u, col = (face & 1u) * 16u;
        unpack_to_dest(A_ADDR + row * ROW_BYTES + col * 4u, face * FACE_DATUMS);
    }
    unpack_to_dest_done();
    done(0, DONE_OK);
}
#elif TRISC == 1
/* Math only hands the Dst half to the packer once the unpacker has filled it. */
int main(void)
{
    math_pack_sync_init();
    math_wait_unpack_to_dest();
    math_wait_for_dest_available();
    math_dest_section_done(0);
    done(1, DONE_OK);
}
#elif TRISC == 2
int main(void)
{
    pack_single_tile(FMT_FP32, 1, C_ADDR);
    done(2, DONE_OK);
}
#endif
