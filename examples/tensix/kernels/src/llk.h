/* Low-level kernel steps shared by the kernels here, in the order and shape of tt-llk's
 * (cunpack_common.h configure_unpack_AB, cpack_common.h configure_pack, cmath_common.h,
 * llk_math_common.h, llk_pack_common.h), reduced to 32x32 tiles of four 16x16 faces.
 *
 * Each kernel is compiled per core with -DTRISC=0/1/2 and its parameters as -D macros (see
 * scripts/tensix/build-kernels.sh). Formats: IN_FMT (L1 and Src), DST_FP32 (1: 32-bit Dst),
 * PACK_FMT (the packer's input = output format; must equal the Dst accumulation format). */
#ifndef LLK_H
#define LLK_H

#include "tensix.h"

#define FACE_DATUMS 256u
#define TILE_DATUMS 1024u

/* GPRs of each thread this code uses as scratch (GPR 0 is left at zero, as tt-llk does). */
#define GPR_TMP 4u

static inline uint32_t fmt_bytes(uint32_t fmt)
{
    return (fmt == FMT_FP32 || fmt == FMT_TF32) ? 4u : fmt == FMT_INT8 ? 1u : 2u;
}

/* ---- TRISC0: unpackers ------------------------------------------------------------------------ */

/* The ALU formats (Config word of ALU_FORMAT_SPEC_REG0_SrcA): SrcA/SrcB format, the Dst
 * accumulation format and whether Dst is 32-bit (MVMUL.md "format selection"); INT8 Src data
 * selects the FPU's integer mode (ALU_ACC_CTRL_INT8_math_enabled, integer "32" Dst). tt-llk's
 * unpacker thread writes these too (configure_unpack_AB). */
static inline void alu_config(uint32_t src_fmt, uint32_t dstacc_fmt, uint32_t dst_fp32)
{
    cfg_write(ALU_FORMAT_SPEC_REG0_SrcA_ADDR32,
              CFG_FIELD(ALU_FORMAT_SPEC_REG0_SrcA, src_fmt) |
                  CFG_FIELD(ALU_FORMAT_SPEC_REG1_SrcB, src_fmt) |
                  CFG_FIELD(ALU_FORMAT_SPEC_REG2_Dstacc, dstacc_fmt) |
                  CFG_FIELD(ALU_ACC_CTRL_Fp32_enabled, dst_fp32) |
                  CFG_FIELD(ALU_ACC_CTRL_INT8_math_enabled, src_fmt == FMT_INT8) |
                  CFG_FIELD(ALU_ACC_CTRL_SFPU_Fp32_enabled, dst_fp32));
}

/* One unpacker (0 feeds SrcA or Dst, 1 feeds SrcB): the tile descriptor (format, uncompressed,
 * x = one face, z = 4 faces), the output format and whether unpacker 0 writes Dst
 * (Unpackers/README.md, UNPACR_Regular.md). `sec` is 0 or 1 (THCON_SEC0/SEC1 registers are
 * `THCON_SEC1_* - THCON_SEC0_*` = 40 words apart). */
#define THCON_SEC_STRIDE (THCON_SEC1_REG0_TileDescriptor_ADDR32 - THCON_SEC0_REG0_TileDescriptor_ADDR32)
static inline void unpacker_config(uint32_t sec, uint32_t in_fmt, uint32_t out_fmt, uint32_t to_dst)
{
    const uint32_t o = sec * THCON_SEC_STRIDE;
    cfg_write(THCON_SEC0_REG0_TileDescriptor_ADDR32 + o, in_fmt | (1u << 4) | (FACE_DATUMS << 16));
    cfg_write(THCON_SEC0_REG0_TileDescriptor_ADDR32 + o + 1, 1u | (4u << 16));
    cfg_write(THCON_SEC0_REG2_Out_data_format_ADDR32 + o,
              CFG_FIELD(THCON_SEC0_REG2_Out_data_format, out_fmt));
    cfg_write(THCON_SEC0_REG2_Disable_zero_compress_cntx0_ADDR32 + o,
              CFG_FIELD(THCON_SEC0_REG2_Disable_zero_compress_cntx0, 1) |
                  CFG_FIELD(THCON_SEC0_REG2_Unpack_if_sel_cntx0, to_dst));
    if (sec == 0) {
        cfg_write(THCON_SEC0_REG5_Tile_x_dim_cntx0_ADDR32,
                  CFG_FIELD(THCON_SEC0_REG5_Tile_x_dim_cntx0, FACE_DATUMS));
    }
}

/* Unpacker 0's destination row: SrcA rows start after 4 hidden rows (64 datums; ttsim requires
 * it, notes/ttsim.md), Dst rows start at 64 datums too (the same offset is subtracted). */
static inline void unpacker0_dest(uint32_t datum)
{
    cfg_write(THCON_SEC0_REG5_Dest_cntx0_address_ADDR32,
              CFG_FIELD(THCON_SEC0_REG5_Dest_cntx0_address, 64u + datum));
}

/* Address counters: x from 0 to `datums - 1` per UNPACR, all y/z/w at 0 (SETADCXX/SETADCZW). */
static inline void unpacker_counters(uint32_t which, uint32_t datums)
{
    push(TT_OP_SETADCXY(which, 0, 0, 0, 0, 0xF));
    push(TT_OP_SETADCZW(which, 0, 0, 0, 0, 0xF));
    push(TT_OP_SETADCXX(which, datums - 1u, 0));
}

/* SrcA unpacks go to the row given with the address (SRCA_SET_SetOvrdWithAddr, ThreadConfig),
 * which every tt-llk SrcA unpack sets. */
static inline void unpack_srca_mode(uint32_t on)
{
    push(TT_OP_SETC16(SRCA_SET_Base_ADDR32, on ? SRCA_SET_SetOvrdWithAddr_MASK : 0u));
}

/* Point unpacker `sec` at an L1 address, ordered after earlier unpacks of this thread. */
static inline void unpacker_base(uint32_t sec, uint32_t byte_addr)
{
    cfg_write_ordered(GPR_TMP, THCON_SEC0_REG3_Base_address_ADDR32 + sec * THCON_SEC_STRIDE,
                      l1_addr16(byte_addr));
}

/* UNPACR with the fields every tt-llk unpack sets: OvrdThreadId (MultiContextMode), SetDatValid
 * (hand the bank to the FPU) and Last (ttsim requires it, notes/ttsim.md). `addr_mode` is the
 * counter increment field (UNPACR_Regular.md: [7:6] Ch1 Y, [5:4] Ch1 Z, [3:2] Ch0 Y, [1:0] Ch0 Z). */
#define UNPACR_CH0_Z_INC 1u
static inline void unpacr(uint32_t which_unpacker, uint32_t addr_mode, uint32_t set_dvalid)
{
    push(TT_OP_UNPACR(which_unpacker, addr_mode, 0, 0, 0, 1, set_dvalid, 0, 0, 0, 0, 0, 1));
}

/* The common start of an A/B unpack into SrcA/SrcB (configure_unpack_AB): ALU formats, both
 * unpackers from L1 `fmt` to Src, SrcA rows after the hidden rows, `datums` per UNPACR. */
static inline void unpack_ab_init(uint32_t fmt, uint32_t dstacc_fmt, uint32_t dst_fp32, uint32_t datums)
{
    alu_config(fmt, dstacc_fmt, dst_fp32);
    unpacker_config(0, fmt, fmt, 0);
    unpacker_config(1, fmt, fmt, 0);
    unpacker0_dest(0);
    stallwait(STALL_UNPACK | STALL_CFG | STALL_THCON, WAIT_TRISC_CFG);
    unpack_srca_mode(1);
    unpacker_counters(ADC_UNP_AB, datums);
}

/* Unpacker 0 from L1 `byte_addr` straight into Dst at datum `dst_datum` (unpack-to-Dst). */
static inline void unpack_to_dest(uint32_t byte_addr, uint32_t dst_datum)
{
    unpacker_base(0, byte_addr);
    cfg_write_ordered(GPR_TMP, THCON_SEC0_REG5_Dest_cntx0_address_ADDR32, 64u + dst_datum);
    unpacr(0, 0, 0);
}

/* Tell math the data is in Dst once unpacker 0 is idle (tt-llk's UNPACK_TO_DEST handshake). */
static inline void unpack_to_dest_done(void)
{
    stallwait(STALL_SYNC, WAIT_UNPACK0);
    t6_sem_post(SEM_UNPACK_TO_DEST);
}

/* ---- TRISC1: math ----------------------------------------------------------------------------- */

/* llk_math_pack_sync_init: two Dst halves between math and pack. */
static inline void math_pack_sync_init(void)
{
    t6_sem_init(SEM_MATH_PACK, 2, 0);
    push(TT_OP_SETC16(DEST_TARGET_REG_CFG_MATH_Offset_ADDR32, 0));
}

/* Math side of the handshake: wait for the unpacker's post and consume it. */
static inline void math_wait_unpack_to_dest(void)
{
    t6_sem_wait(STALL_SFPU | STALL_MATH | STALL_SYNC, SEM_UNPACK_TO_DEST, SEM_STALL_ON_ZERO);
    t6_sem_get(SEM_UNPACK_TO_DEST);
}

/* tile_regs_acquire: wait until pack has freed a Dst half (SEMWAIT on MATH_PACK's maximum). */
static inline void math_wait_for_dest_available(void)
{
    t6_sem_wait(STALL_MATH | STALL_SFPU | STALL_SYNC, SEM_MATH_PACK, SEM_STALL_ON_MAX);
}

/* tile_regs_commit: when the FPU/SFPU are done, post MATH_PACK and flip to the other half. */
static inline uint32_t math_dest_section_done(uint32_t dst_base)
{
    stallwait(STALL_SYNC, WAIT_MATH | WAIT_SFPU);
    t6_sem_post(SEM_MATH_PACK);
    dst_base ^= DST_HALF;
    stallwait(STALL_CFG, WAIT_MATH | WAIT_SFPU);
    push(TT_OP_SETC16(DEST_TARGET_REG_CFG_MATH_Offset_ADDR32, dst_base));
    return dst_base;
}

/* ---- TRISC2: packer --------------------------------------------------------------------------- */

/* Packer configuration (Packers/README.md; what ttsim checks, notes/ttsim.md): the same In/Out
 * formats in all four packer configurations, In = the Dst accumulation format, 32-bit Dst reads
 * when Dst is 32-bit, every column enabled, and a face (256 datums) per PACR; the packer's
 * z counter steps one face (Zstride bytes) per PACR (ADDR_MOD_PACK_SEC0) and is cleared by the
 * last (ADDR_MOD_PACK_SEC1). A BFP output puts a tile's 64 shared exponents (4 x 16 bytes,
 * Exp_section_size) before its datums. */
static inline void pack_config_formats(uint32_t fmt, uint32_t out_fmt, uint32_t dst_fp32)
{
    static const uint32_t fmt_words[4] = {
        THCON_SEC0_REG1_Out_data_format_ADDR32, THCON_SEC0_REG8_Out_data_format_ADDR32,
        THCON_SEC1_REG1_Out_data_format_ADDR32, THCON_SEC1_REG8_Out_data_format_ADDR32};
    for (uint32_t p = 0; p < 4; p++) {
        /* Uncompressed output, as tt-llk's configure_pack sets (`uncompress = 1`). */
        cfg_write(fmt_words[p], CFG_FIELD(THCON_SEC0_REG1_Disable_zero_compress, 1) |
                                    CFG_FIELD(THCON_SEC0_REG1_Out_data_format, out_fmt) |
                                    CFG_FIELD(THCON_SEC0_REG1_In_data_format, fmt));
        cfg_write(PACK_COUNTERS_SEC0_pack_reads_per_xy_plane_ADDR32 + p,
                  CFG_FIELD(PACK_COUNTERS_SEC0_pack_reads_per_xy_plane, 16));
    }
    if (out_fmt == FMT_BFP8 || out_fmt == FMT_BFP4) {
        cfg_write(THCON_SEC0_REG1_Exp_section_size_ADDR32,
                  CFG_FIELD(THCON_SEC0_REG1_Exp_section_size, 64u / 16u));
    }
    cfg_write(PCK_DEST_RD_CTRL_Read_32b_data_ADDR32, CFG_FIELD(PCK_DEST_RD_CTRL_Read_32b_data, dst_fp32));
    cfg_write(PCK_EDGE_OFFSET_SEC0_mask_ADDR32, CFG_FIELD(PCK_EDGE_OFFSET_SEC0_mask, 0xFFFF));
    /* The strides count bytes of the packer's input format (In_data_format), whatever the Dst
     * width: ttsim divides the counter address by that format's datum size. With a 32-bit Dst
     * read as BF16 a face is therefore 512 "bytes" (ttsim tensix.cpp PACR `src_element_align`). */
    const uint32_t in_bytes = fmt_bytes(fmt);
    cfg_write(PCK0_ADDR_CTRL_XY_REG_0_Xstride_ADDR32,
              CFG_FIELD(PCK0_ADDR_CTRL_XY_REG_0_Xstride, in_bytes) |
                  CFG_FIELD(PCK0_ADDR_CTRL_XY_REG_0_Ystride, 16u * in_bytes));
    cfg_write(PCK0_ADDR_CTRL_ZW_REG_0_Zstride_ADDR32,
              CFG_FIELD(PCK0_ADDR_CTRL_ZW_REG_0_Zstride, FACE_DATUMS * in_bytes));
    stallwait(STALL_PACK | STALL_THCON | STALL_CFG, WAIT_TRISC_CFG);
    push(TT_OP_SETC16(ADDR_MOD_PACK_SEC0_YsrcIncr_ADDR32,
                      CFG_FIELD(ADDR_MOD_PACK_SEC0_ZsrcIncr, 1)));
    push(TT_OP_SETC16(ADDR_MOD_PACK_SEC0_YsrcIncr_ADDR32 + 1,
                      CFG_FIELD(ADDR_MOD_PACK_SEC0_ZsrcClear, 1)));
    push(TT_OP_SETADCXY(ADC_PAC, 0, 0, 0, 0, 0xF));
    push(TT_OP_SETADCZW(ADC_PAC, 0, 0, 0, 0, 0xF));
    push(TT_OP_SETADCXX(ADC_PAC, FACE_DATUMS - 1u, 0));
}

static inline void pack_config(uint32_t fmt, uint32_t dst_fp32)
{
    pack_config_formats(fmt, fmt, dst_fp32);
}

/* pack_tile: the Dst half at `dst_base` (packer 0's Dst offset) to L1 `byte_addr`, one face per
 * PACR, the last closing the tile. */
static inline void pack_tile(uint32_t dst_base, uint32_t byte_addr)
{
    cfg_write_ordered(GPR_TMP, DEST_TARGET_REG_CFG_PACK_SEC0_Offset_ADDR32, dst_base);
    cfg_write_ordered(GPR_TMP, THCON_SEC0_REG1_L1_Dest_addr_ADDR32, l1_addr16(byte_addr));
    for (uint32_t face = 0; face < 4; face++) {
        const uint32_t last = face == 3;
        push(TT_OP_PACR(last, 0, 1, 0, 0, 0, last));
    }
}

/* tile_regs_wait: wait until math has filled a half. */
static inline void packer_wait_for_math_done(void)
{
    t6_sem_wait(STALL_TDMA | STALL_THCON | STALL_CFG, SEM_MATH_PACK, SEM_STALL_ON_ZERO);
}

/* tile_regs_release: when the packer is done, clear the half (ZEROACC, "clear half"), give it
 * back to math and flip. */
static inline uint32_t pack_dest_section_done(uint32_t dst_base, uint32_t dst_fp32)
{
    stallwait(STALL_MATH, WAIT_PACK);
    push(TT_OP_ZEROACC(dst_fp32 ? 6u : 2u, 0, dst_base / DST_HALF));
    t6_sem_get(SEM_MATH_PACK);
    return dst_base ^ DST_HALF;
}

/* A whole one-tile pack thread: configure (Dst format `fmt` to L1 `out_fmt`), wait for math, pack
 * Dst half 0, release it. */
static inline void pack_single_tile(uint32_t fmt, uint32_t out_fmt, uint32_t dst_fp32, uint32_t byte_addr)
{
    pack_config_formats(fmt, out_fmt, dst_fp32);
    packer_wait_for_math_done();
    pack_tile(0, byte_addr);
    pack_dest_section_done(0, dst_fp32);
}

#endif
