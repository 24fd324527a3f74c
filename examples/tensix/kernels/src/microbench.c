/* TRISC1 microbenchmarks for the cycle model (issue 10), written from the descriptions of the
 * Blackhole silicon ones (boopdotpng/blackhole-py docs/tensix-instr-microbench.md and
 * docs/math-backend-microbench.md; notes/tensix.md §5). No code of theirs is used.
 *
 * The host measures the whole run's cycles and subtracts a baseline run, as those documents
 * subtract their "empty" rows. The parameters are words in L1 at PARAMS (0x20000):
 *   [0] test: 0 push loop, 1 math init, 2 MOP programming, 3 one tile K-step, 4 K-loop, 5 none
 *   [1] push loop: iterations;              K-loop: outer MOP iterations
 *   [2] push loop: pushes per iteration (0, 4 or 8)
 *   [3] push loop: 1 = PC_BUF sync (CoprocessorDoneCheck) after each iteration's pushes
 *   [4] push loop: the instruction word pushed
 *   [5] K-loop: throttle level 0..5 (MVMULs per NOPs in the replayed sequence, see below)
 *   [6] K-loop: fidelity phases (1, 2 or 4: the inner MOP loop replays the MVMULs per phase)
 * Tests 1..4 need SrcA/SrcB valid for the FPU: run matmul_unpack.elf on TRISC0 alongside. */
#include "llk.h"

#define PARAMS 0x20000u

static inline uint32_t param(uint32_t i) { return ((reg_t)PARAMS)[i]; }

/* tt-llk's throttled matmul sequences keep 8 MVMULs per this many NOPs (llk_math_matmul.h
 * comment: levels 1..5 throttle to 73, 67, 50, 40, 33 %): 8/11, 8/12, 8/16, 8/20, 8/24. */
static const uint8_t throttle_nops[6] = {0, 3, 4, 8, 12, 16};

/* The math init of seed 002 / matmul.c (ADDR_MOD 0..5, 16 MVMULs recorded in replay slots 16..31,
 * MOP template 1): what the silicon "math init" row times. The last MVMUL keeps SrcA/SrcB valid
 * so that K-steps can repeat on the same sources. */
static void mm_init(void)
{
    addr_mod_set(0, AM_AB(0, 0, 0, 8, 0, 0), AM_DST(8, 0, 0, 0, 0, 0), 0);
    addr_mod_set(1, AM_AB(16, 0, 0, 0, 1, 0), AM_DST(8, 0, 0, 0, 0, 0), 0);
    addr_mod_set(2, AM_AB(0, 1, 0, 32, 1, 0), AM_DST(8, 0, 0, 0, 0, 0), 0);
    addr_mod_set(3, AM_AB(0, 0, 0, 8, 0, 0), AM_DST(8, 0, 0, 0, 0, 0), 1);
    addr_mod_set(4, AM_AB(32, 1, 0, 48, 1, 0), AM_DST(0, 1, 0, 0, 0, 0), 1);
    addr_mod_set(5, AM_AB(0, 1, 1, 0, 1, 1), AM_DST(0, 1, 1, 0, 0, 0), 1);
    static const uint8_t am[16] = {0, 1, 0, 2, 0, 1, 3, 0, 0, 1, 0, 2, 0, 1, 3, 1};
    replay_record(16, 16);
    for (uint32_t i = 0; i < 16; i++) {
        push(TT_OP_MVMUL(CLR_NONE, 0, am[i], 0));
    }
    mop_program(1, 1, TT_OP_NOP(), TT_OP_NOP(), TT_OP_NOP(), REPLAY_INSN(16, 16), TT_OP_NOP(),
                REPLAY_INSN(16, 16), REPLAY_INSN(16, 16));
    push(TT_OP_SETRWC(CLR_NONE, 0, 0, 0, 0, SET_ABD_F));
}

/* Wait for the FPU and for the thread to drain (the silicon rows' drain marker). */
static inline void drain(void)
{
    stallwait(STALL_SYNC, WAIT_MATH | WAIT_SFPU);
    tensix_sync();
}

/* The K-loop: 8 MVMULs with the level's NOPs spread between them, recorded in replay slots
 * 0.., replayed twice per K-step (16 MVMULs, one 32x32 tile K-step), `phases` times per outer
 * iteration, the fidelity phase reset by EndOp0 when there are several. */
static void k_loop(uint32_t outer, uint32_t level, uint32_t phases)
{
    addr_mod_set(0, AM_AB(0, 0, 0, 8, 0, 0), AM_DST(8, 0, 0, 0, 0, 0), 0);
    const uint32_t nops = throttle_nops[level];
    const uint32_t len = 8u + nops;
    replay_record(0, len);
    uint32_t spread = 0;
    for (uint32_t m = 0; m < 8; m++) {
        push(TT_OP_MVMUL(CLR_NONE, 0, 0, 0));
        for (spread += nops; spread >= 8; spread -= 8) {
            push(TT_OP_NOP());
        }
    }
    const uint32_t end0 = phases > 1 ? TT_OP_SETRWC(CLR_NONE, 0, 0, 0, 0, SET_F) : TT_OP_NOP();
    mop_program(outer, 2u * phases, TT_OP_NOP(), end0, TT_OP_NOP(), REPLAY_INSN(0, len),
                TT_OP_NOP(), REPLAY_INSN(0, len), REPLAY_INSN(0, len));
    mop_run();
    drain();
}

/* The push loops: the same loop around 0, 4 or 8 stores of a preloaded word to
 * INSTRN_BUF_BASE, each iteration optionally followed by a PC_BUF sync. */
#define PUSH_LOOP(name, body)                                                                      \
    static void __attribute__((noinline)) name(uint32_t iters, uint32_t sync, uint32_t word)      \
    {                                                                                              \
        volatile uint32_t *const buf = (reg_t)INSTRN_BUF_BASE;                                     \
        (void)buf;                                                                                 \
        (void)word;                                                                                \
        for (uint32_t i = 0; i < iters; i++) {                                                     \
            body;                                                                                  \
            if (sync) {                                                                            \
                tensix_sync();                                                                     \
            }                                                                                      \
        }                                                                                          \
    }
PUSH_LOOP(push_loop0, )
PUSH_LOOP(push_loop4, *buf = word; *buf = word; *buf = word; *buf = word)
PUSH_LOOP(push_loop8, *buf = word; *buf = word; *buf = word; *buf = word;
          *buf = word; *buf = word; *buf = word; *buf = word)

static void push_loop(uint32_t iters, uint32_t pushes, uint32_t sync, uint32_t word)
{
    if (pushes == 8) {
        push_loop8(iters, sync, word);
    } else if (pushes == 4) {
        push_loop4(iters, sync, word);
    } else {
        push_loop0(iters, sync, word);
    }
}

int main(void)
{
    const uint32_t test = param(0);
    const uint32_t n = param(1);
    if (test == 0) {
        push_loop(n, param(2), param(3), param(4));
    } else if (test == 1) {
        mm_init();
    } else if (test == 2) {
        mop_program(1, 1, TT_OP_NOP(), TT_OP_NOP(), TT_OP_NOP(), REPLAY_INSN(16, 16), TT_OP_NOP(),
                    REPLAY_INSN(16, 16), REPLAY_INSN(16, 16));
    } else if (test == 3) {
        mm_init();
        drain();
        if (n) {
            mop_run();
            drain();
        }
    } else if (test == 4) {
        k_loop(n, param(5), param(6));
    }
    tensix_sync();
    done(1, DONE_OK);
}
