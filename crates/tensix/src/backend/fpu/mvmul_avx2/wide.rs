//! [`super::block`] with the Dst accumulation on AVX-512 (F and CD): a whole Dst row of 16
//! datums per vector instead of two halves of 8, the same steps as [`super::accumulate`] with
//! mask registers for its compare-and-select pairs and `vplzcntd` for the leading zeros. The
//! products stay on AVX2. An extra for hosts that have AVX-512; bit-identical to the AVX2
//! path (tests in `lanes.rs` run both).

use std::arch::x86_64::*;

use super::super::arith::{AccMode, product_exp_adj};
use super::{Pair, bytemuck_row, group, widen};

/// [`super::block`], the accumulation 16 columns at a time.
#[target_feature(enable = "avx2,avx512f,avx512cd")]
pub(super) fn block<const FP32: bool, const EXP8: bool>(
    p: &Pair,
    dst: &mut [[u32; 16]],
    phase: u32,
) {
    let mode = AccMode {
        fp32: FP32,
        exp8: EXP8,
    };
    let adj = product_exp_adj(mode, phase);
    let u = &p.u[(phase & 1) as usize];
    let v = &p.v[((phase >> 1) & 1) as usize];
    for (i, row) in dst.iter_mut().enumerate() {
        let sums = [group(p, u, v, i, 0), group(p, u, v, i, 1)];
        let d: &mut [i32; 16] = bytemuck_row(row);
        let term = |g: usize| Term {
            top: load(&p.top[i][g]),
            // The two halves of `widen` side by side: the sum · 2^16 in column order.
            sum: _mm512_inserti64x4::<1>(
                _mm512_castsi256_si512(widen(sums[g], 0)),
                widen(sums[g], 1),
            ),
        };
        let out = accumulate::<FP32, EXP8>(term(0), term(1), load(d), adj);
        // SAFETY: 16 i32s are 64 bytes; storeu has no alignment need.
        unsafe { _mm512_storeu_si512(d.as_mut_ptr().cast(), out) }
    }
}

/// The 16 i32s of `v`.
#[target_feature(enable = "avx512f")]
#[inline]
fn load(v: &[i32; 16]) -> __m512i {
    // SAFETY: 16 i32s are 64 bytes; loadu has no alignment need.
    unsafe { _mm512_loadu_si512(v.as_ptr().cast()) }
}

/// [`super::Term`] on 16 columns.
#[derive(Clone, Copy)]
struct Term {
    top: __m512i,
    sum: __m512i,
}

/// [`super::align`] on 16 columns.
#[target_feature(enable = "avx512f")]
#[inline]
fn align(x2: __m512i, from: __m512i, to: __m512i) -> __m512i {
    let t = _mm512_srav_epi32(x2, _mm512_sub_epi32(to, from));
    _mm512_sub_epi32(t, _mm512_srai_epi32::<1>(t))
}

/// [`super::align_unsigned`] on 16 columns.
#[target_feature(enable = "avx512f")]
#[inline]
fn align_unsigned(x2: __m512i, from: __m512i, to: __m512i) -> __m512i {
    let t = _mm512_srlv_epi32(x2, _mm512_sub_epi32(to, from));
    _mm512_sub_epi32(t, _mm512_srli_epi32::<1>(t))
}

/// [`super::round13`] on 16 columns.
#[target_feature(enable = "avx512f")]
#[inline]
fn round13(x: __m512i) -> __m512i {
    let up = _mm512_add_epi32(x, _mm512_set1_epi32(1 << 12));
    _mm512_andnot_si512(_mm512_set1_epi32(0x1fff), up)
}

/// [`super::accumulate`] on 16 columns; its comments give the reasons.
#[target_feature(enable = "avx512f,avx512cd")]
#[inline]
fn accumulate<const FP32: bool, const EXP8: bool>(
    t0: Term,
    t1: Term,
    d: __m512i,
    adj: i32,
) -> __m512i {
    let zero = _mm512_setzero_si512();
    let dexp = _mm512_and_si512(_mm512_srli_epi32::<23>(d), _mm512_set1_epi32(0xff));
    let dman2 = _mm512_or_si512(
        _mm512_and_si512(_mm512_slli_epi32::<1>(d), _mm512_set1_epi32(0xff_fffe)),
        _mm512_set1_epi32(0x100_0000),
    );
    let drel = _mm512_sub_epi32(dexp, _mm512_set1_epi32(adj));
    let top = _mm512_max_epi32(_mm512_max_epi32(t0.top, t1.top), drel);
    // A term's doubled value, 0 for a dropped group (exponent top + adj ≤ 0).
    let value = |t: Term| {
        let live = _mm512_cmpgt_epi32_mask(t.top, _mm512_set1_epi32(-adj));
        _mm512_maskz_srai_epi32(live, t.sum, 2)
    };
    let mut v0 = align(value(t0), t0.top, top);
    let mut v1 = align(value(t1), t1.top, top);
    let mut dm = align_unsigned(dman2, drel, top);
    if !FP32 {
        v0 = round13(v0);
        v1 = round13(v1);
        dm = round13(dm);
    }
    // Dst's signed value: negated when its sign is set, 0 for a zero exponent field.
    let dneg = _mm512_cmplt_epi32_mask(d, zero);
    let dlive = _mm512_test_epi32_mask(d, _mm512_set1_epi32(0x7f80_0000));
    let dval = _mm512_maskz_mov_epi32(dlive, _mm512_mask_sub_epi32(dm, dneg, zero, dm));
    let total = _mm512_add_epi32(dval, _mm512_add_epi32(v0, v1));
    let man = _mm512_abs_epi32(total);
    // lz − 1 (31 for man = 0, whose shift below gives 0 all the same); the −1 quirk: 27 less.
    let mut lz1 = _mm512_sub_epi32(_mm512_lzcnt_epi32(man), _mm512_set1_epi32(1));
    let minus_one = _mm512_cmpeq_epi32_mask(total, _mm512_set1_epi32(-1));
    lz1 = _mm512_mask_sub_epi32(lz1, minus_one, lz1, _mm512_set1_epi32(27));
    let e = _mm512_sub_epi32(_mm512_add_epi32(top, _mm512_set1_epi32(adj + 7)), lz1);
    let y = _mm512_sllv_epi32(man, lz1);
    let man = if FP32 {
        _mm512_srli_epi32::<7>(_mm512_add_epi32(y, _mm512_set1_epi32(1 << 6)))
    } else if EXP8 {
        let r = _mm512_srli_epi32::<23>(_mm512_add_epi32(y, _mm512_set1_epi32(1 << 22)));
        _mm512_slli_epi32::<16>(r)
    } else {
        let r = _mm512_srli_epi32::<20>(_mm512_add_epi32(y, _mm512_set1_epi32(1 << 19)));
        _mm512_slli_epi32::<13>(r)
    };
    let e = _mm512_add_epi32(e, _mm512_srli_epi32::<24>(man));
    let normal = _mm512_or_si512(
        _mm512_slli_epi32::<23>(e),
        _mm512_and_si512(man, _mm512_set1_epi32(0x7f_ffff)),
    );
    let magnitude = if FP32 && !EXP8 {
        let over = _mm512_cmpgt_epi32_mask(e, _mm512_set1_epi32(254));
        _mm512_mask_mov_epi32(normal, over, _mm512_set1_epi32(255 << 23))
    } else {
        let sat = if EXP8 {
            255 << 23
        } else {
            (31 << 23) | (0x3ff << 13)
        };
        _mm512_min_epu32(normal, _mm512_set1_epi32(sat))
    };
    // Kept where total ≠ 0 and e ≥ 1: total's sign bit over the magnitude
    // (`vpternlogd` 0xea: (a & b) | c).
    let nonzero = _mm512_test_epi32_mask(total, total);
    let kept = _mm512_mask_cmpgt_epi32_mask(nonzero, e, zero);
    _mm512_maskz_ternarylogic_epi32::<0xea>(kept, total, _mm512_set1_epi32(i32::MIN), magnitude)
}
