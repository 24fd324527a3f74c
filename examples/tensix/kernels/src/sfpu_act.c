/* SFPU activation kernels over Dst tile 0 (FP32, 32-bit Dst), computed the way tt-llk's SFPU
 * kernels compute them (tt_llk_wormhole_b0/common/inc/sfpu/, read for the algorithm; written
 * here as plain SFPU instructions). TRISC0 is sfpu_add_unpack.elf (the input to Dst tile 0),
 * TRISC2 pack_fp32_tile.elf. Chosen by -D:
 *   ACT_RECIP   ckernel_sfpu_recip.h _sfpu_reciprocal_<2>: quadratic first guess of 1/m on
 *               [1, 2), two Newton-Raphson steps, exponent from ~x (SFPNOT), sign from x
 *   ACT_SQRT    ckernel_sfpu_sqrt.h _calculate_sqrt_body_<false,false,false> (SQRT_23-bits):
 *               integer first guess 0x5f1110a0 - (x >> 1), a polynomial correction and one
 *               Newton step; x = inf keeps the estimate, x < 0 gives NaN
 *   ACT_EXP     ckernel_sfpu_exp.h _sfpu_exp_fp32_accurate_: k = round(x / ln 2) by the
 *               1.5 * 2^23 trick, Cody-Waite r = x - k ln2_hi - k ln2_lo, degree-7 Taylor in
 *               Horner form, 2^k added to the exponent; z >= 128 gives +inf, z <= -127 gives 0
 *   ACT_SIGMOID ckernel_sfpu_sigmoid.h _calculate_sigmoid_: SFPLUTFP32 six-piece FP16 table
 *               (table 2, sign of x kept) plus 0.5
 *   ACT_GELU    ckernel_sfpu_gelu.h _calculate_gelu_appx_: 0.5 x plus SFPLUTFP32 six-piece FP16
 *               table (table 1) of |x|
 *   ACT_EXP_FAST ckernel_sfpu_exp.h's fast approximate exp (Schraudolph): i = A x + (B - C) rounded
 *               to UINT16 (SFP_STOCH_RND), shifted left 15 into the exponent; inputs in
 *               [-88, 88] (tt-llk first clamps to -88.5; left out here). With -DUSE_LOADMACRO
 *               the same instructions run as tt-llk schedules them: one SFPLOADMACRO per 32
 *               datums with the MAD, round, simple (shift) and store sub-units overlapped
 *               (SFPLOADMACRO.md); without, as tt-llk's DISABLE_SFPLOADMACRO loop.
 * (relu is sfpu_ops.c -DOPS_RELU.) Each body handles one LReg of 32 datums (SFPLOAD.md) and is
 * pushed 32 times; every SFPMAD-class result is followed by an SFPNOP before it is read
 * (SFPMAD.md "Instruction scheduling"). */
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
#define LCONST_0 9u
#define LCONST_1 10u
#define LCONST_NEG1 11u
#define LPRGM0 12u
#define LPRGM1 13u
#define LPRGM2 14u

/* SFPLOADI.md modes and other Mod1 values used below. */
#define LOADI_BF16 0u
#define LOADI_UPPER 8u
#define LOADI_LOWER 10u
#define SETCC_LT0 0u
#define SETCC_GTE0 4u
#define IADD_SUB_CC_NONE 6u  /* VD = VC - VD, flags unchanged (SFPIADD.md) */
#define IADD_ADD_CC_NONE 4u  /* VD = VC + VD, flags unchanged */
#define IADD_SUB_CC_LT0 2u   /* VD = VC - VD, flags = VD < 0 */
#define SHFT_IMM 1u
#define MOV_NEGATE 1u
#define SETMAN_IMM 1u
#define EXEXP_NODEBIAS 1u
#define LUTFP32_TABLE1 2u
#define LUTFP32_TABLE2 3u
#define LUTFP32_SGN 4u
#define BF16_HALF 0x3F00u

/* A full 32-bit constant into LReg `r` (SFPLOADI upper then lower half). */
static inline void lreg_imm32(uint32_t r, uint32_t bits)
{
    push(TT_OP_SFPLOADI(r, LOADI_UPPER, bits >> 16));
    push(TT_OP_SFPLOADI(r, LOADI_LOWER, bits & 0xFFFFu));
}

/* LReg 11..14 through LReg 0 and SFPCONFIG (LReg.md: only SFPCONFIG writes them). */
static inline void lreg_config(uint32_t r, uint32_t bits)
{
    lreg_imm32(L0, bits);
    push(TT_OP_SFPCONFIG(0, r, 0));
}

/* VD = VA * VB + VC, then one SFPNOP (the result is read by the next instruction). */
static inline void mad(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    push(TT_OP_SFPMAD(a, b, c, d, 0));
    push(TT_OP_SFPNOP());
}

#if defined(ACT_RECIP)
static void init(void)
{
    lreg_config(LPRGM0, 0x3EA57EBBu); /* k0 = 0.3232325017452239990234375 */
    lreg_config(LPRGM1, 0x3FBA2E90u); /* k1 = 1.4545459747314453125 */
    lreg_config(LPRGM2, 0x4007C1F2u); /* k2 = 2.121212482452392578125 */
}

static void body(void)
{
    push(TT_OP_SFPLOAD(L0, SFP_FP32, 3, 0));
    push(TT_OP_SFPMOV(0, L0, L1, 0));
    push(TT_OP_SFPSETMAN(0, LCONST_NEG1, L1, 0)); /* L1 = -m in [-2, -1): -1's sign and exponent */
    mad(LPRGM0, L1, LPRGM1, L2);                  /* y = k1 - k0 m */
    push(TT_OP_SFPNOT(0, L0, L3, 0));             /* scale bits = ~x: exponent 255 - e */
    mad(L2, L1, LPRGM2, L2);                      /* y = k2 - m (k1 - k0 m) */
    push(TT_OP_SFPSETMAN(0, L3, L3, SETMAN_IMM)); /* scale: mantissa 0 */
    mad(L1, L2, LCONST_1, L4);                    /* t = 1 - m y */
    push(TT_OP_SFPMULI(BF16_HALF, L3, 0));        /* scale *= 0.5: exponent 254 - e */
    push(TT_OP_SFPNOP());
    mad(L2, L4, L2, L2);                          /* y = y + y t */
    mad(L1, L2, LCONST_1, L4);                    /* second Newton-Raphson step */
    mad(L2, L4, L2, L2);
    mad(L2, L3, LCONST_0, L2);                    /* y * scale */
    push(TT_OP_SFPSETSGN(0, L2, L0, 0));          /* |y| with the sign of x */
    push(TT_OP_SFPSTORE(L0, SFP_FP32, 3, 0));
}
#elif defined(ACT_SQRT)
static void init(void)
{
    lreg_config(LPRGM0, 0x5F1110A0u); /* the integer first-guess constant */
    lreg_config(LPRGM1, 0x401214C9u); /* 2.2825186 */
    lreg_config(LPRGM2, 0x40103626u); /* 2.2533049 */
}

static void body(void)
{
    push(TT_OP_SFPLOAD(L0, SFP_FP32, 3, 0));
    push(TT_OP_SFPMOV(0, L0, L1, 0));
    push(TT_OP_SFPSHFT(0xFFF, 0, L1, SHFT_IMM));        /* x >> 1 (logical) */
    push(TT_OP_SFPIADD(0, LPRGM0, L1, IADD_SUB_CC_NONE)); /* y = 0x5f1110a0 - (x >> 1) */
    mad(L0, L1, LCONST_0, L2);                           /* xy */
    push(TT_OP_SFPMOV(0, L1, L3, MOV_NEGATE));
    mad(L3, L2, LCONST_0, L4);                           /* c = -y xy */
    mad(L4, LCONST_1, LPRGM2, L5);                       /* c + 2.2533049 */
    mad(L4, L5, LPRGM1, L5);                             /* 2.2825186 + c (2.2533049 + c) */
    mad(L1, L5, LCONST_0, L1);                           /* y *= that */
    mad(L0, L1, LCONST_0, L2);                           /* xy */
    push(TT_OP_SFPMOV(0, L1, L3, MOV_NEGATE));
    mad(L3, L2, LCONST_1, L4);                           /* 1 - y xy */
    push(TT_OP_SFPMOV(0, L2, L5, 0));
    push(TT_OP_SFPMULI(BF16_HALF, L5, 0));               /* xy / 2 */
    push(TT_OP_SFPNOP());
    push(TT_OP_SFPLOADI(L6, LOADI_BF16, 0x7F80));        /* +inf's bits */
    push(TT_OP_SFPIADD(0, L0, L6, IADD_SUB_CC_LT0));     /* flags: x_bits - inf_bits < 0 */
    mad(L4, L5, L2, L1);                                 /* y = (1 - y xy) xy / 2 + xy */
    push(TT_OP_SFPENCC(0, 0, 0, 0));
    push(TT_OP_SFPSETCC(0, L0, 0, SETCC_LT0));           /* x < 0 (sign bit) */
    push(TT_OP_SFPLOADI(L1, LOADI_BF16, 0x7FC0));        /* quiet NaN */
    push(TT_OP_SFPENCC(0, 0, 0, 0));
    push(TT_OP_SFPSTORE(L1, SFP_FP32, 3, 0));
}
#elif defined(ACT_EXP)
static void init(void)
{
    lreg_config(LPRGM0, 0x3FB8AA3Bu); /* 1 / ln 2 */
    lreg_config(LPRGM1, 0xBF317000u); /* -ln2_hi = -0.693115234375 */
    lreg_config(LPRGM2, 0xB805FDF4u); /* -ln2_lo = -3.19461832987e-05 */
}

/* p = r p + c, with the coefficient c (FP32 bits) loaded into L7 first. */
static void horner(uint32_t c_bits)
{
    lreg_imm32(L7, c_bits);
    mad(L5, L6, L7, L6);
}

static void body(void)
{
    push(TT_OP_SFPLOAD(L0, SFP_FP32, 3, 0));
    mad(L0, LPRGM0, LCONST_0, L1);                    /* z = x / ln 2 */
    push(TT_OP_SFPLOADI(L3, LOADI_BF16, 0x4B40));     /* c = 1.5 * 2^23 */
    mad(L1, LCONST_1, L3, L2);                        /* z + c: rounds z to an integer */
    mad(LCONST_NEG1, L3, L2, L4);                     /* k = (z + c) - c */
    push(TT_OP_SFPIADD(0, L2, L3, IADD_SUB_CC_NONE)); /* k as an integer: bits(z + c) - bits(c) */
    mad(L4, LPRGM1, L0, L5);                          /* r = x - k ln2_hi */
    mad(L4, LPRGM2, L5, L5);                          /*     - k ln2_lo */
    lreg_imm32(L6, 0x39500D01u);                      /* 1/7! */
    horner(0x3AB60B61u);                              /* 1/6! */
    horner(0x3C088889u);                              /* 1/5! */
    horner(0x3D2AAAABu);                              /* 1/4! */
    horner(0x3E2AAAABu);                              /* 1/3! */
    horner(0x3F000000u);                              /* 1/2! */
    mad(L5, L6, LCONST_1, L6);                        /* 1/1! */
    mad(L5, L6, LCONST_1, L6);                        /* 1/0! */
    push(TT_OP_SFPEXEXP(0, L6, L4, EXEXP_NODEBIAS));
    push(TT_OP_SFPIADD(0, L3, L4, IADD_ADD_CC_NONE)); /* exponent of p plus k */
    push(TT_OP_SFPSETEXP(0, L6, L4, 0));              /* p * 2^k */
    push(TT_OP_SFPLOADI(L7, LOADI_BF16, 0xC300));     /* -128 */
    mad(L1, LCONST_1, L7, L7);
    push(TT_OP_SFPSETCC(0, L7, 0, SETCC_GTE0));       /* z >= 128: +inf */
    push(TT_OP_SFPLOADI(L4, LOADI_BF16, 0x7F80));
    push(TT_OP_SFPENCC(0, 0, 0, 0));
    push(TT_OP_SFPLOADI(L7, LOADI_BF16, 0xC2FE));     /* -127 */
    mad(L1, LCONST_NEG1, L7, L7);
    push(TT_OP_SFPSETCC(0, L7, 0, SETCC_GTE0));       /* -z - 127 >= 0, z <= -127: 0 */
    push(TT_OP_SFPMOV(0, LCONST_0, L4, 0));
    push(TT_OP_SFPENCC(0, 0, 0, 0));
    push(TT_OP_SFPSTORE(L4, SFP_FP32, 3, 0));
}
#elif defined(ACT_SIGMOID) || defined(ACT_GELU)
/* The six-piece tables: LReg 0..2 hold the slopes, LReg 4..6 the offsets, two FP16 halves
 * each (low half for the lower sub-range; SFPLUTFP32.md). */
static void init(void)
{
#if defined(ACT_SIGMOID)
    lreg_imm32(L0, 0x32F433D9u); /* 0.2452, 0.2173 */
    lreg_imm32(L4, 0x23C89018u); /* -0.0004997, 0.0152 */
    lreg_imm32(L1, 0x300A318Au); /* 0.1731, 0.1262 */
    lreg_imm32(L5, 0x30272BAAu); /* 0.05988, 0.1298 */
    lreg_imm32(L2, 0x7C002A35u); /* 0.0485, 0 */
    lreg_imm32(L6, 0x37FF34CCu); /* 0.2998, 0.4998 */
#else
    lreg_imm32(L0, 0x37E7322Bu);
    lreg_imm32(L4, 0xB12286D8u);
    lreg_imm32(L1, 0x38E138F3u);
    lreg_imm32(L5, 0xB437B479u);
    lreg_imm32(L2, 0x38003852u);
    lreg_imm32(L6, 0x7C00AFA4u);
#endif
}

static void body(void)
{
    push(TT_OP_SFPLOAD(L3, SFP_FP32, 3, 0));
#if defined(ACT_SIGMOID)
    push(TT_OP_SFPLUTFP32(L3, LUTFP32_TABLE2 | LUTFP32_SGN)); /* sign(x) f(|x|) */
    push(TT_OP_SFPNOP());
    push(TT_OP_SFPADDI(BF16_HALF, L3, 0));                   /* + 0.5 */
    push(TT_OP_SFPNOP());
    push(TT_OP_SFPSTORE(L3, SFP_FP32, 3, 0));
#else
    push(TT_OP_SFPLUTFP32(L7, LUTFP32_TABLE1)); /* f(|x|) */
    push(TT_OP_SFPNOP());
    push(TT_OP_SFPMULI(BF16_HALF, L3, 0));      /* x / 2 */
    push(TT_OP_SFPNOP());
    mad(LCONST_1, L3, L7, L3);                  /* x / 2 + f(|x|) */
    push(TT_OP_SFPSTORE(L3, SFP_FP32, 3, 0));
#endif
}
#elif defined(ACT_EXP_FAST)
#define SFPLOADMACRO_FAST_EXP
#define STOCHRND_FP32_TO_UINT16 6u
static void init(void)
{
    lreg_config(LPRGM0, 0x43B8AA3Bu); /* A = 256 / ln 2 */
    lreg_config(LPRGM1, 0x46FDE9A3u); /* B - C = 32500.818359375 */
#if defined(USE_LOADMACRO)
    /* InstructionTemplate[1..3] through the backdoor (VD = 12 + i, SFPCONFIG.md): the MAD, the
     * rounding and the shift. */
    push(TT_OP_SFPMAD(LPRGM0, 0, LPRGM1, 13, 0));
    push(TT_OP_SFP_STOCH_RND(0, 0, 0, 0, 14, STOCHRND_FP32_TO_UINT16));
    push(TT_OP_SFPSHFT(15, 0, 15, SHFT_IMM));
    /* Sequence[0], tt-llk's: simple 0xDF (template 3, delay 3, VB = the loaded LReg, VD =
     * LReg16), MAD 0x85 (template 1, delay 0, VB = the loaded LReg), round 0x16 (template 2,
     * delay 2), store 0x63 (delay 4, from LReg16). */
    push(TT_OP_SFPLOADI(L0, LOADI_LOWER, 0x85DF));
    push(TT_OP_SFPLOADI(L0, LOADI_UPPER, 0x6316));
    push(TT_OP_SFPCONFIG(0, 4, 0));
    push(TT_OP_SFPCONFIG(0x10, 8, 1)); /* Misc: macro 0 stores with the load's Mod0, delays in cycles */
#endif
}

/* The 32 datums at Dst address `addr` (0, 2, .., 62 over the tile). */
static void body_at(uint32_t addr)
{
#if defined(USE_LOADMACRO)
    push(TT_OP_SFPLOADMACRO((addr >> 1) & 3u, SFP_FP32, 3, addr)); /* macro 0, LReg 0..3 */
    push(TT_OP_SFPNOP());
#else
    push(TT_OP_SFPLOAD(L0, SFP_FP32, 3, addr));
    mad(LPRGM0, L0, LPRGM1, L0);
    push(TT_OP_SFP_STOCH_RND(0, 0, 0, L0, L0, STOCHRND_FP32_TO_UINT16));
    push(TT_OP_SFPSHFT(15, 0, L0, SHFT_IMM));
    push(TT_OP_SFPSTORE(L0, SFP_FP32, 3, addr));
#endif
}
#else
#error "define ACT_RECIP, ACT_SQRT, ACT_EXP, ACT_SIGMOID, ACT_GELU or ACT_EXP_FAST"
#endif

int main(void)
{
    math_pack_sync_init();
    addr_mod_set(7, AM_AB(0, 0, 0, 0, 0, 0), AM_DST(0, 0, 0, 0, 0, 0), 0);
    push(TT_OP_SETC16(ADDR_MOD_SET_Base_ADDR32, 1));
    push(TT_OP_SFPENCC(3, 0, 0, 10)); /* UseLaneFlagsForLaneEnable = 1, flags = true */
    push(TT_OP_SETRWC(CLR_NONE, 0, 0, 0, 0, SET_ABD_F));
    lreg_config(LCONST_NEG1, 0xBF800000u); /* -1.0, as the SFPI compiler keeps it (LReg.md) */
    init();

    math_wait_unpack_to_dest();
    math_wait_for_dest_available();
#if defined(SFPLOADMACRO_FAST_EXP)
    for (uint32_t i = 0; i < 32u; i++) {
        body_at(2u * i);
    }
    for (uint32_t i = 0; i < 6u; i++) {
        push(TT_OP_SFPNOP()); /* the last macro's scheduled instructions */
    }
#else
    for (uint32_t i = 0; i < 32u; i++) {
        body();
        push(TT_OP_INCRWC(0, 2, 0, 0)); /* the next 32 datums */
    }
#endif
    push(TT_OP_SETC16(ADDR_MOD_SET_Base_ADDR32, 0));
    math_dest_section_done(0);
    done(1, DONE_OK);
}
