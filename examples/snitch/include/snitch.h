// snitch.h — a small freestanding header for Snitch cluster programs built with stock
// riscv64-unknown-elf-gcc (-march=rv32imafd -mabi=ilp32d): the custom instructions as `.insn`
// lines, SSR / FREP / DMA helpers, barrier, hart id and the exit convention.
//
// Encodings: notes/snitch.md §1 (master table, taken from snitch_cluster's riscv_instr.sv) and §1.1
// (`.insn` forms verified there against the RTL patterns and Banshee's dumps):
//
//   insn     opcode funct3 funct7 rs2            rs1             rd
//   FREP.O   0x0B   smax   imm12 = max_inst      rs1=iters-1     (stagger_mask<<1)|1
//   FREP.I   0x0B   smax   imm12 = max_inst      rs1=iters-1     (stagger_mask<<1)|0
//   SCFGRI   0x2B   001    imm12 = dm|reg<<5     x0              rd
//   SCFGWI   0x2B   010    imm12 = dm|reg<<5     value           x0
//   SCFGR    0x2B   001    0000000 addr reg      x1              rd
//   SCFGW    0x2B   010    0000000 addr reg      value           x1
//   DMSRC    0x2B   000    0000000 ptr_hi        ptr_lo          x0
//   DMDST    0x2B   000    0000001 ptr_hi        ptr_lo          x0
//   DMCPYI   0x2B   000    0000010 imm5=cfg      size            txid
//   DMCPY    0x2B   000    0000011 cfg reg       size            txid
//   DMSTATI  0x2B   000    0000100 imm5=sel      x0              rd
//   DMSTAT   0x2B   000    0000101 sel reg       x0              rd
//   DMSTR    0x2B   000    0000110 dst stride    src stride      x0
//   DMREP    0x2B   000    0000111 x0            reps            x0
//
// Immediates that sit in a register field (FREP's rd field, DMCPYI/DMSTATI's imm5) are written
// `x%[name]` with an "i" operand: GCC prints the constant, so `x%[cfg]` becomes e.g. `x2`.
//
// Memory map (the `snitch_cluster` preset, notes/snitch.md §5, SNITCH_CONTRACT.md): TCDM at
// 0x1000_0000 (128 KiB), DRAM at 0x8000_0000 holding code and data. Built with -DSNITCH_BANSHEE the
// same sources follow Banshee's default configuration (src/configuration.rs: TCDM 0x10_0000,
// exit through scratch_reg 0x4000_0020, notes/snitch.md §10) instead.
#ifndef SNITCH_H
#define SNITCH_H

#include <stdint.h>

// ---- the cluster (notes/snitch.md §5: 8 compute cores + 1 DMA core, hart 8) ----
#define SNITCH_NR_HARTS 9u
#define SNITCH_NR_COMPUTE 8u
#define SNITCH_DMA_HART 8u
#ifdef SNITCH_BANSHEE
#define SNITCH_TCDM_BASE 0x00100000u
#else
#define SNITCH_TCDM_BASE 0x10000000u
#endif
#define SNITCH_TCDM_SIZE 0x20000u
// crt0 gives every hart 1 KiB of stack at the top of TCDM: hart h's stack top is
// TCDM end - h * 1 KiB, so the top 9 KiB of TCDM are stacks; programs use the rest (`SNITCH_TCDM`).
#define SNITCH_STACK_BYTES 1024u

// Put a buffer into TCDM (a NOLOAD section of the linker script: contents start undefined, so
// programs initialise what they read).
#define SNITCH_TCDM __attribute__((section(".tcdm"), aligned(8)))

static inline uint32_t snitch_hartid(void) {
    uint32_t id;
    asm volatile("csrr %0, mhartid" : "=r"(id));
    return id;
}
static inline int snitch_is_dma_core(void) { return snitch_hartid() == SNITCH_DMA_HART; }

static inline uint32_t snitch_mcycle(void) {
    uint32_t c;
    asm volatile("csrr %0, mcycle" : "=r"(c));
    return c;
}

// Hardware barrier: a read of CSR 0x7C2 stalls until every hart of the cluster has arrived
// (notes/snitch.md §5, `snrt_cluster_hw_barrier`).
static inline void snitch_barrier(void) { asm volatile("csrr x0, 0x7c2" ::: "memory"); }

// Wait for all FP-subsystem work to finish (snitch_cluster's snrt_fpu_fence: an fmv.x.w needs the
// FPU's result, so the integer core waits for the offloaded instructions before it).
static inline void snitch_fpu_fence(void) {
    uint32_t t;
    asm volatile("fmv.x.w %0, fa0\n mv %0, %0" : "=r"(t)::"memory");
}

// ---- Xssr (notes/snitch.md §2) ----
#define SSR_DM0 0
#define SSR_DM1 1
#define SSR_DM2 2
#define SSR_DM_ALL 31  // a write to SSR index 31 goes to every SSR (§2.2)
// Register words of one SSR's configuration space (§2.2).
#define SSR_REG_STATUS 0
#define SSR_REG_REPEAT 1
#define SSR_REG_BOUNDS 2    // bound[d] = 2 + d, loop d's trip count - 1
#define SSR_REG_STRIDES 6   // stride[d] = 6 + d, relative byte increment (§2.3)
#define SSR_REG_IDX_CFG 10  // ISSR: [7:0] log2 index bytes, [15:8] shift
#define SSR_REG_IDX_BASE 11
#define SSR_REG_IDX_ISECT 12
#define SSR_REG_RPTR_INDIR 16
#define SSR_REG_WPTR_INDIR 20
#define SSR_REG_RPTR 24  // rptr[d] = 24 + d: launch a read job with d + 1 dimensions
#define SSR_REG_WPTR 28  // wptr[d] = 28 + d: launch a write job with d + 1 dimensions
#define SSR_STATUS_DONE (1u << 31)
#define SSR_STATUS_WRITE (1u << 30)
#define SSR_STATUS_DIMS(s) (((s) >> 28) & 3u)
#define SSR_STATUS_INDIR (1u << 27)
#define SSR_IDXSIZE_U8 0
#define SSR_IDXSIZE_U16 1
#define SSR_IDXSIZE_U32 2
#define SSR_IDXSIZE_U64 3

// SCFGWI value, imm = dm | reg << 5 (dm and reg must be constants).
#define scfgwi(val, reg, dm)                                                    \
    asm volatile(".insn i 0x2b, 2, x0, %0, %1" ::"r"((uint32_t)(val)),        \
                 "i"((dm) | ((reg) << 5))                                       \
                 : "memory")
// SCFGRI: returns the configuration word.
#define scfgri(reg, dm)                                                         \
    ({                                                                          \
        uint32_t v_;                                                            \
        asm volatile(".insn i 0x2b, 1, %0, x0, %1"                              \
                     : "=r"(v_)                                                 \
                     : "i"((dm) | ((reg) << 5))                                 \
                     : "memory");                                               \
        v_;                                                                     \
    })
// SCFGW / SCFGR: the address dm | reg << 5 comes from a register.
static inline void scfgw(uint32_t val, uint32_t addr) {
    asm volatile(".insn r 0x2b, 2, 0, x1, %0, %1" ::"r"(val), "r"(addr) : "memory");
}
static inline uint32_t scfgr(uint32_t addr) {
    uint32_t v;
    asm volatile(".insn r 0x2b, 1, 0, %0, x1, %1" : "=r"(v) : "r"(addr) : "memory");
    return v;
}
#define SSR_ADDR(reg, dm) ((uint32_t)(dm) | ((uint32_t)(reg) << 5))

// Enable / disable streaming on ft0..ft2: only csrsi/csrci on CSR 0x7C0 do it (§2.1).
static inline void snitch_ssr_enable(void) { asm volatile("csrsi 0x7c0, 1" ::: "memory"); }
static inline void snitch_ssr_disable(void) { asm volatile("csrci 0x7c0, 1" ::: "memory"); }

// Pop one element of SSR 0/1/2 (fmv.d reads the stream register) / push one into it.
#define ssr_pop(ftk)                                                            \
    ({                                                                          \
        double v_;                                                              \
        asm volatile("fmv.d %0, " #ftk : "=f"(v_)::"memory");                  \
        v_;                                                                     \
    })
#define ssr_push(ftk, v) asm volatile("fmv.d " #ftk ", %0" ::"f"((double)(v)) : "memory")

// Loop helpers in the runtime's way (snrt_ssr_loop_Nd): bounds are counts - 1, and stride[d] is
// relative to where loops 0..d-1 left the pointer: s_d - sum_{j<d} s_j * (b_j - 1) (§2.3).
#define ssr_loop_1d(dm, b0, s0)                                                 \
    do {                                                                        \
        scfgwi((b0) - 1, SSR_REG_BOUNDS + 0, dm);                               \
        scfgwi((s0), SSR_REG_STRIDES + 0, dm);                                  \
    } while (0)
#define ssr_loop_2d(dm, b0, b1, s0, s1)                                         \
    do {                                                                        \
        ssr_loop_1d(dm, b0, s0);                                                \
        scfgwi((b1) - 1, SSR_REG_BOUNDS + 1, dm);                               \
        scfgwi((s1) - (s0) * ((b0) - 1), SSR_REG_STRIDES + 1, dm);              \
    } while (0)
#define ssr_loop_3d(dm, b0, b1, b2, s0, s1, s2)                                 \
    do {                                                                        \
        ssr_loop_2d(dm, b0, b1, s0, s1);                                        \
        scfgwi((b2) - 1, SSR_REG_BOUNDS + 2, dm);                               \
        scfgwi((s2) - (s0) * ((b0) - 1) - (s1) * ((b1) - 1), SSR_REG_STRIDES + 2, dm); \
    } while (0)
#define ssr_loop_4d(dm, b0, b1, b2, b3, s0, s1, s2, s3)                         \
    do {                                                                        \
        ssr_loop_3d(dm, b0, b1, b2, s0, s1, s2);                                \
        scfgwi((b3) - 1, SSR_REG_BOUNDS + 3, dm);                               \
        scfgwi((s3) - (s0) * ((b0) - 1) - (s1) * ((b1) - 1) - (s2) * ((b2) - 1), \
               SSR_REG_STRIDES + 3, dm);                                        \
    } while (0)
// Each read element is delivered `count` times (register holds count - 1).
#define ssr_repeat(dm, count) scfgwi((count) - 1, SSR_REG_REPEAT, dm)
// Launch a read / write job of `dims` (1..4) dimensions at `ptr`.
#define ssr_read(dm, dims, ptr) scfgwi((uint32_t)(ptr), SSR_REG_RPTR + (dims) - 1, dm)
#define ssr_write(dm, dims, ptr) scfgwi((uint32_t)(ptr), SSR_REG_WPTR + (dims) - 1, dm)
// Indirect read (ISSR, §2.5): n indices of 2^idxsize bytes at idcs select elements
// base + (idx << 3 << shift).
#define issr_read(dm, base, idcs, n, idxsize, shift)                            \
    do {                                                                        \
        scfgwi((idxsize) | ((shift) << 8), SSR_REG_IDX_CFG, dm);                \
        scfgwi((n) - 1, SSR_REG_BOUNDS + 0, dm);                                \
        scfgwi((uint32_t)(base), SSR_REG_IDX_BASE, dm);                         \
        scfgwi((uint32_t)(idcs), SSR_REG_RPTR_INDIR, dm);                       \
    } while (0)

// ---- Xfrep (notes/snitch.md §3) ----
// FREP_O(rs1, N, SMAX, MASK) is an assembler line: repeat the next N FP instructions
// (rs1's value + 1) times, staggering the register fields selected by MASK (bit0 rd, bit1 rs1,
// bit2 rs2, bit3 rs3) over SMAX + 1 offsets (notes/snitch.md §3.1, §3.3). rs1 is an asm operand
// string such as "%[n]" holding iterations - 1; MASK is a decimal literal 0..15, from which the
// preprocessor picks the rd-field register name.
// The rd field is (mask << 1) | is_outer; FREP_O_RD_m / FREP_I_RD_m name it for mask m.
#define FREP_O_RD_0 "x1"
#define FREP_O_RD_1 "x3"
#define FREP_O_RD_2 "x5"
#define FREP_O_RD_3 "x7"
#define FREP_O_RD_4 "x9"
#define FREP_O_RD_5 "x11"
#define FREP_O_RD_6 "x13"
#define FREP_O_RD_7 "x15"
#define FREP_O_RD_8 "x17"
#define FREP_O_RD_9 "x19"
#define FREP_O_RD_10 "x21"
#define FREP_O_RD_11 "x23"
#define FREP_O_RD_12 "x25"
#define FREP_O_RD_13 "x27"
#define FREP_O_RD_14 "x29"
#define FREP_O_RD_15 "x31"
#define FREP_I_RD_0 "x0"
#define FREP_I_RD_1 "x2"
#define FREP_I_RD_2 "x4"
#define FREP_I_RD_3 "x6"
#define FREP_I_RD_4 "x8"
#define FREP_I_RD_5 "x10"
#define FREP_I_RD_6 "x12"
#define FREP_I_RD_7 "x14"
#define FREP_I_RD_8 "x16"
#define FREP_I_RD_9 "x18"
#define FREP_I_RD_10 "x20"
#define FREP_I_RD_11 "x22"
#define FREP_I_RD_12 "x24"
#define FREP_I_RD_13 "x26"
#define FREP_I_RD_14 "x28"
#define FREP_I_RD_15 "x30"
// imm12 = max_inst = N - 1 (the Snitch assembler's `frep.o rs1, N, smax, mask` stores N - 1, §1).
#define FREP_O(rs1, n, smax, mask)                                              \
    ".insn i 0x0b, " #smax ", " FREP_O_RD_##mask ", " rs1 ", " #n " - 1\n"
#define FREP_I(rs1, n, smax, mask)                                              \
    ".insn i 0x0b, " #smax ", " FREP_I_RD_##mask ", " rs1 ", " #n " - 1\n"

// ---- Xdma (notes/snitch.md §4) ----
#define DMA_CFG_2D 2  // DMCPY(I) config bit 1 = 2-D (both frontends)
#define DMA_STAT_COMPLETED_ID 0
#define DMA_STAT_NEXT_ID 1
#define DMA_STAT_BUSY 2
#define DMA_STAT_WOULD_BLOCK 3

static inline void dmsrc(uint32_t lo, uint32_t hi) {
    asm volatile(".insn r 0x2b, 0, 0, x0, %0, %1" ::"r"(lo), "r"(hi) : "memory");
}
static inline void dmdst(uint32_t lo, uint32_t hi) {
    asm volatile(".insn r 0x2b, 0, 1, x0, %0, %1" ::"r"(lo), "r"(hi) : "memory");
}
// DMSTR rs1 = source stride, rs2 = destination stride (§4.1).
static inline void dmstr(uint32_t src_stride, uint32_t dst_stride) {
    asm volatile(".insn r 0x2b, 0, 6, x0, %0, %1" ::"r"(src_stride), "r"(dst_stride) : "memory");
}
static inline void dmrep(uint32_t reps) {
    asm volatile(".insn r 0x2b, 0, 7, x0, %0, x0" ::"r"(reps) : "memory");
}
// DMCPYI with a constant config (imm5 in the rs2 field).
#define dmcpyi(size, cfg)                                                       \
    ({                                                                          \
        uint32_t id_;                                                           \
        asm volatile(".insn r 0x2b, 0, 2, %0, %1, x%2"                          \
                     : "=r"(id_)                                                \
                     : "r"((uint32_t)(size)), "i"(cfg)                          \
                     : "memory");                                               \
        id_;                                                                    \
    })
static inline uint32_t dmcpy(uint32_t size, uint32_t cfg) {
    uint32_t id;
    asm volatile(".insn r 0x2b, 0, 3, %0, %1, %2" : "=r"(id) : "r"(size), "r"(cfg) : "memory");
    return id;
}
#define dmstati(sel)                                                            \
    ({                                                                          \
        uint32_t v_;                                                            \
        asm volatile(".insn r 0x2b, 0, 4, %0, x0, x%1" : "=r"(v_) : "i"(sel) : "memory"); \
        v_;                                                                     \
    })
static inline uint32_t dmstat(uint32_t sel) {
    uint32_t v;
    asm volatile(".insn r 0x2b, 0, 5, %0, x0, %1" : "=r"(v) : "r"(sel) : "memory");
    return v;
}
// Wait until no transfer is in flight (DMSTAT 2 = busy; works with both id schemes).
static inline void dma_wait_idle(void) {
    while (dmstati(DMA_STAT_BUSY)) {
    }
}
static inline uint32_t dma_1d(void *dst, const void *src, uint32_t size) {
    dmsrc((uint32_t)src, 0);
    dmdst((uint32_t)dst, 0);
    return dmcpyi(size, 0);
}
static inline uint32_t dma_2d(void *dst, const void *src, uint32_t size, uint32_t dst_stride,
                              uint32_t src_stride, uint32_t reps) {
    dmsrc((uint32_t)src, 0);
    dmdst((uint32_t)dst, 0);
    dmstr(src_stride, dst_stride);
    dmrep(reps);
    return dmcpyi(size, DMA_CFG_2D);
}

// ---- checks ----
// CHECK(n, cond): return n from the function (the hart's result, crt0 turns the first non-zero
// result in hart order into the exit code) when cond is false.
#define CHECK(n, cond)                                                          \
    do {                                                                        \
        if (!(cond)) return (n);                                                \
    } while (0)

// crt0.S calls `int main(uint32_t hartid)` on every hart, then combines the results.
int main(uint32_t hartid);

#endif
