/* The project's own TRISC firmware helpers for a Wormhole B0 Tensix tile (macrosim issue 8).
 *
 * Addresses are the ISA pages' (tt-isa-documentation WormholeB0/TensixTile/BabyRISCV pages) as
 * summarised in notes/tensix.md §1.7; the instruction words come from the generated tt_ops.h and
 * the configuration field addresses from the generated tt_cfg.h. Written in the style of
 * Tenstorrent's tt-llk (ckernel.h, ckernel_template.h, cmath_common.h) so the same ELF runs on
 * ttsim, but no tt-llk code is used. */
#ifndef TENSIX_H
#define TENSIX_H

#include <stdint.h>

#include "tt_cfg.h"
#include "tt_ops.h"

typedef volatile uint32_t *reg_t;

/* PushTensixInstruction.md: a store to INSTRN_BUF_BASE pushes one instruction into the pushing
 * T core's own thread (it blocks while that thread's first FIFO is full). */
#define INSTRN_BUF_BASE 0xFFE40000u
/* MOPExpander.md / MOP_CFG: 9 write-only words per T core. */
#define TENSIX_MOP_CFG_BASE 0xFFB80000u
/* TTSync.md / PCBufs.md: PC_BUF_BASE; word 1 = CoprocessorDoneCheck, word 2 = MOPExpanderDoneCheck. */
#define PC_BUF_BASE 0xFFE80000u
/* SyncUnit.md: the RISC-V view of the 8 semaphores at PC_BUF_BASE + 4 * PC_BUF_SEMAPHORE_BASE (8). */
#define SEMAPHORE_BASE (PC_BUF_BASE + 4u * 8u)
/* BabyRISCV/README.md memory map: the Tensix GPRs (64 x 32 bits per thread) and backend config. */
#define REGFILE_BASE 0xFFE00000u
#define TENSIX_CFG_BASE 0xFFEF0000u

/* The contract between firmware and simulator (coord/TILE_CONTRACT.md): one done word per core. */
#define DONE_BASE 0x1F000u
#define DONE_OK 1u

/* Semaphore indices, tt-llk's numbering (ckernel_structs.h `semaphore`): MATH_PACK for the Dst
 * halves between math and pack, UNPACK_TO_DEST for data the unpacker put in Dst. */
#define SEM_MATH_PACK 1u
#define SEM_UNPACK_TO_DEST 2u
#define SEM_MASK(i) (1u << (i))

/* STALLWAIT block bits (the "stall_res" side, STALLWAIT.md) and wait conditions. */
#define STALL_TDMA 0x001u
#define STALL_SYNC 0x002u
#define STALL_PACK 0x004u
#define STALL_UNPACK 0x008u
#define STALL_THCON 0x020u
#define STALL_MATH 0x040u
#define STALL_CFG 0x080u
#define STALL_SFPU 0x100u
#define WAIT_THCON 0x0001u
#define WAIT_UNPACK0 0x0002u
#define WAIT_UNPACK1 0x0004u
#define WAIT_PACK0 0x0008u
#define WAIT_PACK 0x0078u
#define WAIT_MATH 0x0080u
#define WAIT_TRISC_CFG 0x2000u
#define WAIT_SFPU 0x4000u
/* SEMWAIT.md conditions. */
#define SEM_STALL_ON_ZERO 1u
#define SEM_STALL_ON_MAX 2u

/* SETRWC (SETRWC.md): clear-dvalid bits and which counters to set. */
#define CLR_NONE 0u
#define CLR_A 1u
#define CLR_B 2u
#define CLR_AB 3u
#define SET_A 1u
#define SET_B 2u
#define SET_D 4u
#define SET_F 8u
#define SET_AB 3u
#define SET_ABD 7u
#define SET_ABD_F 15u
/* Address-counter selection of SETADC* (unpacker 0, unpacker 1, packers). */
#define ADC_UNP_A 1u
#define ADC_UNP_B 2u
#define ADC_UNP_AB 3u
#define ADC_PAC 4u

/* Data format codes of the unpacker/packer/ALU format fields (Unpackers/FormatConversion.md). */
#define FMT_FP32 0u
#define FMT_FP16 1u
#define FMT_TF32 4u
#define FMT_BF16 5u
#define FMT_BFP8 6u /* BFP8 with an 8-bit shared exponent (tt-llk Bfp8_b) */
#define FMT_BFP4 7u /* BFP4, likewise (tt-llk Bfp4_b) */
#define FMT_INT8 14u /* sign-magnitude INT8; in Src "integer 8" overlaid on FP16 (SrcASrcB.md) */

/* Dst halves for double buffering (Dst.md): row 0 and row 512 in the 16-bit row space, which the
 * 32-bit view's row mapping (AdjRow keeps bit 9) also splits in half. */
#define DST_HALF 512u

static inline void push(uint32_t insn) { *(reg_t)INSTRN_BUF_BASE = insn; }

/* Write a Config word from RISC-V (BackendConfiguration.md; the write lands in bank 0). */
static inline void cfg_write(uint32_t addr32, uint32_t value)
{
    ((reg_t)TENSIX_CFG_BASE)[addr32] = value;
}

/* Field helpers over the generated _ADDR32/_SHAMT/_MASK triples. */
#define CFG_FIELD(name, v) ((((uint32_t)(v)) << name##_SHAMT) & name##_MASK)

/* TTSync.md: a store then a load of MOPExpanderDoneCheck returns once no MOP of this thread is
 * queued or expanding; the same with CoprocessorDoneCheck once the thread has nothing in flight. */
static inline void mop_sync(void)
{
    reg_t pc_buf = (reg_t)PC_BUF_BASE;
    pc_buf[2] = 0;
    (void)pc_buf[2];
}

static inline void tensix_sync(void)
{
    reg_t pc_buf = (reg_t)PC_BUF_BASE;
    pc_buf[1] = 0;
    (void)pc_buf[1];
}

/* MOP template 1 (MOPExpander.md): outer and inner counts, start, end0, end1, loop op, loop op 1,
 * last op of the last outer iteration, last op of the other outer iterations. tt-llk's
 * ckernel_template::program() order; mop_sync() first because the expander reads MopCfg lazily. */
static inline void mop_program(uint32_t outer, uint32_t inner, uint32_t start, uint32_t end0,
                               uint32_t end1, uint32_t loop0, uint32_t loop1, uint32_t loop0_last,
                               uint32_t loop1_last)
{
    reg_t cfg = (reg_t)TENSIX_MOP_CFG_BASE;
    mop_sync();
    cfg[0] = outer;
    cfg[1] = inner;
    cfg[2] = start;
    cfg[3] = end0;
    cfg[4] = end1;
    cfg[5] = loop0;
    cfg[6] = loop1;
    cfg[7] = loop0_last;
    cfg[8] = loop1_last;
}

static inline void mop_run(void) { push(TT_OP_MOP(1, 0, 0)); }

/* REPLAY.md: Load=1 stores the next `len` pushed instructions at slots start.. (Exec=0: they do not
 * also execute); Load=0 plays them back. */
static inline void replay_record(uint32_t start, uint32_t len) { push(TT_OP_REPLAY(start, len, 0, 1)); }
#define REPLAY_INSN(start, len) TT_OP_REPLAY(start, len, 0, 0)

/* SETDMAREG.md: writes 16 bits into half register `half` (GPR half/2); the 16-bit value spans the
 * SigSelSize:SigSel fields (bits 23:8). */
static inline uint32_t setdmareg(uint32_t value16, uint32_t half)
{
    return TT_OP_SETDMAREG((value16 >> 14) & 3u, value16 & 0x3FFFu, 0, half);
}

/* Load a 32-bit value into GPR `gpr` of this thread through two SETDMAREG pushes. */
static inline void gpr_set(uint32_t gpr, uint32_t value)
{
    push(setdmareg(value & 0xFFFFu, 2u * gpr));
    push(setdmareg(value >> 16, 2u * gpr + 1u));
}

/* Write a Config word from the instruction stream (WRCFG.md): ordered with this thread's other
 * Tensix instructions, so no RISC-V/Tensix race. WRCFG needs one instruction before its consumer. */
static inline void cfg_write_ordered(uint32_t gpr, uint32_t addr32, uint32_t value)
{
    gpr_set(gpr, value);
    push(TT_OP_WRCFG(gpr, 0, addr32));
    push(TT_OP_NOP());
}

/* ADDR_MOD slot `n` (RWCs.md; 3 SETC16 writes: AB, DST, BIAS sections). Arguments as tt-llk's
 * addr_mod_t: per counter increment, carry-reset (cr) and clear. */
#define AM_AB(a_inc, a_cr, a_clr, b_inc, b_cr, b_clr)                                                    \
    ((a_inc) | ((a_cr) << 6) | ((a_clr) << 7) | ((b_inc) << 8) | ((b_cr) << 14) | ((b_clr) << 15))
#define AM_DST(d_inc, d_cr, d_clr, d_c_to_cr, f_inc, f_clr)                                              \
    ((d_inc) | ((d_cr) << 10) | ((d_clr) << 11) | ((d_c_to_cr) << 12) | ((f_inc) << 13) | ((f_clr) << 15))
static inline void addr_mod_set(uint32_t n, uint32_t ab, uint32_t dst, uint32_t bias_incr)
{
    /* The AB sections are two ThreadConfig words apart, the DST and BIAS sections one. */
    const uint32_t ab_stride = ADDR_MOD_AB_SEC1_SrcAIncr_ADDR32 - ADDR_MOD_AB_SEC0_SrcAIncr_ADDR32;
    const uint32_t ab_reg = ADDR_MOD_AB_SEC0_SrcAIncr_ADDR32 + ab_stride * n;
    const uint32_t dst_reg = ADDR_MOD_DST_SEC0_DestIncr_ADDR32 + n;
    const uint32_t bias_reg = ADDR_MOD_BIAS_SEC0_BiasIncr_ADDR32 + n;
    push(TT_OP_SETC16(ab_reg, ab));
    push(TT_OP_SETC16(dst_reg, dst));
    push(TT_OP_SETC16(bias_reg, bias_incr));
}

/* Semaphores from the Tensix side (SEMINIT/SEMPOST/SEMGET/SEMWAIT pages). */
static inline void t6_sem_init(uint32_t sem, uint32_t max, uint32_t value)
{
    push(TT_OP_SEMINIT(max, value, SEM_MASK(sem)));
}
static inline void t6_sem_post(uint32_t sem) { push(TT_OP_SEMPOST(SEM_MASK(sem))); }
static inline void t6_sem_get(uint32_t sem) { push(TT_OP_SEMGET(SEM_MASK(sem))); }
static inline void t6_sem_wait(uint32_t block, uint32_t sem, uint32_t cond)
{
    push(TT_OP_SEMWAIT(block, SEM_MASK(sem), cond));
}
static inline void stallwait(uint32_t block, uint32_t cond) { push(TT_OP_STALLWAIT(block, cond)); }

/* Semaphores from RISC-V (SyncUnit.md): a load returns Value; storing an even value posts, an
 * odd value gets. */
static inline uint32_t semaphore_read(uint32_t sem) { return ((reg_t)SEMAPHORE_BASE)[sem] & 0xFu; }
static inline void semaphore_post(uint32_t sem) { ((reg_t)SEMAPHORE_BASE)[sem] = 0; }
static inline void semaphore_get(uint32_t sem) { ((reg_t)SEMAPHORE_BASE)[sem] = 1; }

/* Circular-buffer style L1 use: tiles of `tile_bytes` at `base`, index i. */
static inline uint32_t cb_tile_addr(uint32_t base, uint32_t tile_bytes, uint32_t i)
{
    return base + tile_bytes * i;
}

/* The unpacker's and packer's L1 address registers count 16-byte units minus one
 * (THCON_SEC*_REG3_Base_address, THCON_SEC0_REG1_L1_Dest_addr). */
static inline uint32_t l1_addr16(uint32_t byte_addr) { return (byte_addr >> 4) - 1u; }

/* Report the end of this core's program and spin (cores never halt on silicon or ttsim). The
 * CoprocessorDoneCheck first makes sure every instruction this thread pushed has finished, so the
 * results are in L1 when the word is set. */
static inline void __attribute__((noreturn)) done(uint32_t core, uint32_t code)
{
    tensix_sync();
    ((reg_t)DONE_BASE)[core] = code;
    for (;;) {
    }
}

#endif
