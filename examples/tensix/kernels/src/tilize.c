/* Tilize and untilize via the unpacker, FP32 through a 32-bit Dst.
 * Tilize (default; Unpackers pages, tileize mode; tt-llk llk_unpack_tilize.h): a 32x32 matrix
 * stored row-major in L1 is unpacked face by face into Dst (unpacker 0 in tileize mode reads 16
 * rows of 16 datums with the row pitch given in Shift_amount), then packed as one tile (four
 * 16x16 faces, f0 f1 / f2 f3).
 * Untilize (-DUNTILIZE): a tile is unpacked one face row (16 datums) per UNPACR into Dst rows
 * interleaved so that Dst holds the matrix row-major (face f row r goes to Dst row
 * 32*(f/2) + 2r + f%2: the destination counter steps two rows per UNPACR), then packed.
 *
 * TRISC2 is pack_tile.c. Parameters (-D): A_ADDR, TRISC (0 or 1), UNTILIZE. */
#include "llk.h"

#define ROW_BYTES (32u * 4u)
#define TILE_BYTES (TILE_DATUMS * 4u)

#if TRISC == 0 && !defined(UNTILIZE)
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
#elif TRISC == 0
#define UNPACR_CH0_Y_INC (1u << 2)
#define UNPACR_CH1_Y_INC (1u << 6)
int main(void)
{
    t6_sem_init(SEM_UNPACK_TO_DEST, 1, 0);
    alu_config(FMT_FP32, FMT_FP32, 1);
    unpacker_config(0, FMT_FP32, FMT_FP32, 1);
    /* Source: one face row (16 datums) per ch0 Y step. Destination: the Y counter of channel 1
     * (Ystride in bytes of the 32-bit output, 2 rows) is added to the context address. */
    cfg_write(THCON_SEC0_REG5_Tile_x_dim_cntx0_ADDR32, CFG_FIELD(THCON_SEC0_REG5_Tile_x_dim_cntx0, 16));
    cfg_write(UNP0_ADD_DEST_ADDR_CNTR_add_dest_addr_cntr_ADDR32,
              CFG_FIELD(UNP0_ADD_DEST_ADDR_CNTR_add_dest_addr_cntr, 1));
    cfg_write(UNP0_ADDR_CTRL_XY_REG_1_Ystride_ADDR32,
              CFG_FIELD(UNP0_ADDR_CTRL_XY_REG_1_Ystride, 2u * 16u * 4u));
    stallwait(STALL_UNPACK | STALL_CFG | STALL_THCON, WAIT_TRISC_CFG);
    unpack_srca_mode(0);
    unpacker_counters(ADC_UNP_A, 16);
    for (uint32_t face = 0; face < 4; face++) {
        push(TT_OP_SETADCXY(ADC_UNP_A, 0, 0, 0, 0, 0xA)); /* ch0 Y and ch1 Y back to 0 */
        unpacker_base(0, A_ADDR + face * FACE_DATUMS * 4u);
        const uint32_t first_row = (face >> 1) * 32u + (face & 1u);
        cfg_write_ordered(GPR_TMP, THCON_SEC0_REG5_Dest_cntx0_address_ADDR32, 64u + first_row * 16u);
        for (uint32_t r = 0; r < 16; r++) {
            unpacr(0, UNPACR_CH0_Y_INC | UNPACR_CH1_Y_INC, 0);
        }
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
#endif
