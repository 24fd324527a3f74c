//! MVMUL on AVX2 with explicit intrinsics: [`super::lanes::mvmul_generic`]'s steps, 8 columns
//! per vector. The compiler does not vectorise the generic form well (it gathers recomputed
//! exponents lane by lane and counts leading zeros one lane at a time), so the steps are
//! written out here:
//! - per product: exponent sum and group maximum (pass 1), then the distance to the group's
//!   exponent, z = 4·a·b + sa·sb in one `vpmaddwd` of the operands' [`super::lanes::pair`]s,
//!   and the rounding `((z >> (d+1)) + 1) >> 1` (`lanes::group` proves it exact) — 8 vector
//!   operations per 8 multiply-adds;
//! - per Dst datum: [`super::lanes`]'s branch-free accumulation, the leading-zero count taken
//!   from the exponent of an exact `i32 → f32` conversion.
//!
//! Bit-identical to the generic path and to [`super::arith::dot16`] (tests in `lanes.rs`).

// Every function below but `mvmul` needs AVX2 (`#[target_feature]`); `mvmul` calls them only
// after `is_x86_feature_detected!("avx2")`. The other `unsafe` blocks load or store 8 i32s at
// offset 8·h (h < 2) of a 16-element array, in bounds.
#![allow(unsafe_code)]

use std::arch::x86_64::*;

use super::arith::{AccMode, product_exp_adj};
use super::lanes::{SrcALanes, SrcBLanes, ZERO_EXP};

/// MVMUL.md on `brows.len()` (≤ 8) Dst rows; the caller checked the lengths. Only called
/// when the host has AVX2.
pub(super) fn mvmul(
    a: &SrcALanes,
    brows: &[[u32; 16]],
    dst: &mut [[u32; 16]],
    mode: AccMode,
    phase: u32,
) {
    assert!(std::is_x86_feature_detected!("avx2"));
    // SAFETY: the host has AVX2 (asserted just above).
    unsafe {
        match (mode.fp32, mode.exp8) {
            (true, true) => block::<true, true>(a, brows, dst, phase),
            (true, false) => block::<true, false>(a, brows, dst, phase),
            (false, true) => block::<false, true>(a, brows, dst, phase),
            (false, false) => block::<false, false>(a, brows, dst, phase),
        }
    }
}

/// Eight i32s of `v` from lane `8·h`.
#[target_feature(enable = "avx2")]
#[inline]
fn load(v: &[i32; 16], h: usize) -> __m256i {
    assert!(h < 2);
    // SAFETY: h < 2, so the 8 i32s at 8·h are inside `v`; loadu has no alignment need.
    unsafe { _mm256_loadu_si256(v.as_ptr().add(8 * h).cast()) }
}

#[target_feature(enable = "avx2")]
fn block<const FP32: bool, const EXP8: bool>(
    a: &SrcALanes,
    brows: &[[u32; 16]],
    dst: &mut [[u32; 16]],
    phase: u32,
) {
    let mode = AccMode {
        fp32: FP32,
        exp8: EXP8,
    };
    let adj = product_exp_adj(mode, phase);
    let b = srcb_lanes(brows, phase);
    for (i, row) in dst.iter_mut().enumerate() {
        let d: &mut [i32; 16] = bytemuck_row(row);
        for h in 0..2 {
            let (top0, sum0) = group(a, &b, i, 0, h);
            let (top1, sum1) = group(a, &b, i, 1, h);
            let t0 = terms(top0, sum0, adj);
            let t1 = terms(top1, sum1, adj);
            let out = accumulate::<FP32, EXP8>(t0, t1, load(d, h));
            store(d, h, out);
        }
    }
}

/// A Dst row of FP32 patterns seen as i32 lanes.
#[inline]
fn bytemuck_row(row: &mut [u32; 16]) -> &mut [i32; 16] {
    // SAFETY: u32 and i32 have the same size, alignment and valid bit patterns.
    unsafe { &mut *(row as *mut [u32; 16]).cast::<[i32; 16]>() }
}

/// Stores `x` into lanes `8·h` .. `8·h + 8` of `v`.
#[target_feature(enable = "avx2")]
#[inline]
fn store(v: &mut [i32; 16], h: usize, x: __m256i) {
    assert!(h < 2);
    // SAFETY: h < 2, so the 8 i32s at 8·h are inside `v`; storeu has no alignment need.
    unsafe { _mm256_storeu_si256(v.as_mut_ptr().add(8 * h).cast(), x) }
}

/// [`SrcALanes::new`] 8 datums at a time (the same decoding as `arith::Operand::srca`:
/// MVMUL.md's SrcAFidelityBits, phase bit 0 picking the implicit 1 + top 4 mantissa bits or
/// the next 5; a zero exponent field is a zero operand).
pub(super) fn srca_lanes(rows: &[[u32; 16]; 16], phase: u32) -> SrcALanes {
    assert!(std::is_x86_feature_detected!("avx2"));
    // SAFETY: the host has AVX2 (asserted just above).
    unsafe { srca_lanes_avx2(rows, phase) }
}

#[target_feature(enable = "avx2")]
fn srca_lanes_avx2(rows: &[[u32; 16]; 16], phase: u32) -> SrcALanes {
    let mut a = SrcALanes {
        exp: [[0; 16]; 16],
        slice: [[0; 16]; 16],
    };
    let down = if phase & 1 != 0 { 1 } else { 6 };
    for (k, row) in rows.iter().enumerate() {
        for h in 0..2 {
            let (exp, pair) = decode(row, h, down, 31, 0, 4);
            store(&mut a.exp[k], h, exp);
            store(&mut a.slice[k], h, pair);
        }
    }
    a
}

/// Datums 8h .. 8h+8 of a Src row decoded: the exponent ([`ZERO_EXP`] for a zero operand),
/// the [`super::lanes::pair`] of `scale` × the signed slice `((m >> down) & mask) << up` (m the
/// mantissa with its implicit 1) and the sign as ±1 (0 for a zero operand).
#[target_feature(enable = "avx2")]
#[inline]
fn decode(
    row: &[u32; 16],
    h: usize,
    down: i32,
    mask: i32,
    up: i32,
    scale: i32,
) -> (__m256i, __m256i) {
    let mut row = *row;
    let x = load(bytemuck_row(&mut row), h);
    let zero = _mm256_setzero_si256();
    let exp = _mm256_and_si256(_mm256_srli_epi32::<10>(x), _mm256_set1_epi32(0xff));
    let is_zero = _mm256_cmpeq_epi32(exp, zero);
    let m = _mm256_or_si256(
        _mm256_and_si256(x, _mm256_set1_epi32(0x3ff)),
        _mm256_set1_epi32(0x400),
    );
    let slice = _mm256_and_si256(
        _mm256_srlv_epi32(m, _mm256_set1_epi32(down)),
        _mm256_set1_epi32(mask),
    );
    let slice = _mm256_mullo_epi32(
        _mm256_sllv_epi32(slice, _mm256_set1_epi32(up)),
        _mm256_set1_epi32(scale),
    );
    let neg = _mm256_sub_epi32(
        zero,
        _mm256_and_si256(_mm256_srli_epi32::<18>(x), _mm256_set1_epi32(1)),
    );
    // lanes::pair(±slice, ±1): the low half ±slice, the high half 1 or 0xffff.
    let slice = _mm256_sub_epi32(_mm256_xor_si256(slice, neg), neg);
    let hi = _mm256_or_si256(_mm256_slli_epi32::<16>(neg), _mm256_set1_epi32(1 << 16));
    let pair = _mm256_or_si256(_mm256_and_si256(slice, _mm256_set1_epi32(0xffff)), hi);
    (
        _mm256_blendv_epi8(exp, _mm256_set1_epi32(ZERO_EXP), is_zero),
        _mm256_andnot_si256(is_zero, pair),
    )
}

/// [`SrcBLanes::new`] 8 datums at a time (the same decoding as `arith::Operand::srcb`:
/// MVMUL.md's SrcBFidelityBits, phase bit 1 picking the implicit 1 + top 6 mantissa bits or
/// the next 4 (scaled by 8); a zero exponent field is a zero operand).
#[target_feature(enable = "avx2")]
#[inline]
fn srcb_lanes(rows: &[[u32; 16]], phase: u32) -> SrcBLanes {
    let mut b = SrcBLanes {
        exp: [[0; 16]; 8],
        slice: [[0; 16]; 8],
    };
    let (down, mask, up) = if phase & 2 != 0 {
        (0, 15, 3)
    } else {
        (4, 127, 0)
    };
    for (i, row) in rows.iter().enumerate() {
        for h in 0..2 {
            let (exp, pair) = decode(row, h, down, mask, up, 1);
            store(&mut b.exp[i], h, exp);
            store(&mut b.slice[i], h, pair);
        }
    }
    b
}

/// [`super::lanes`]' `group` on columns 8h .. 8h+8: the group's exponent and its aligned,
/// rounded product sum.
#[target_feature(enable = "avx2")]
#[inline]
fn group(a: &SrcALanes, b: &SrcBLanes, i: usize, g: usize, h: usize) -> (__m256i, __m256i) {
    {
        // Starting at 0: lanes::group says why zero products need no exponent of their own.
        let mut top = _mm256_setzero_si256();
        let mut e = [_mm256_setzero_si256(); 8];
        for (kk, ek) in e.iter_mut().enumerate() {
            let k = 8 * g + kk;
            *ek = _mm256_add_epi32(load(&a.exp[k], h), _mm256_set1_epi32(b.exp[i][k]));
            top = _mm256_max_epi32(top, *ek);
        }
        let one = _mm256_set1_epi32(1);
        let top1 = _mm256_add_epi32(top, one);
        let mut sum = _mm256_setzero_si256();
        for (kk, ek) in e.iter().enumerate() {
            let k = 8 * g + kk;
            // vpsravd shifts by 32 or more as by 31: the clamp of lanes::group.
            let d1 = _mm256_sub_epi32(top1, *ek);
            let z = _mm256_madd_epi16(load(&a.slice[k], h), _mm256_set1_epi32(b.slice[i][k]));
            let r = _mm256_srai_epi32::<1>(_mm256_add_epi32(_mm256_srav_epi32(z, d1), one));
            sum = _mm256_add_epi32(sum, r);
        }
        (top, sum)
    }
}

/// A group's term on 8 columns (`lanes::Terms`): sign 0/1, exponent, magnitude (unit at 23).
#[derive(Clone, Copy)]
struct Terms {
    sign: __m256i,
    exp: __m256i,
    man: __m256i,
}

/// `lanes::terms`: a group whose exponent (with `adj`) is not positive is the zero term.
#[target_feature(enable = "avx2")]
#[inline]
fn terms(top: __m256i, sum: __m256i, adj: i32) -> Terms {
    {
        let exp = _mm256_add_epi32(top, _mm256_set1_epi32(adj));
        let live = _mm256_cmpgt_epi32(exp, _mm256_setzero_si256());
        Terms {
            sign: _mm256_and_si256(_mm256_srli_epi32::<31>(sum), live),
            exp: _mm256_and_si256(exp, live),
            man: _mm256_and_si256(_mm256_slli_epi32::<13>(_mm256_abs_epi32(sum)), live),
        }
    }
}

/// `lanes::align`: `man` aligned from `from` to `to` (≥ from), rounding half up minus `sign`
/// (when the distance is not 0); distances ≥ 31 give 0 since `man` < 2^30.
#[target_feature(enable = "avx2")]
#[inline]
fn align(man: __m256i, from: __m256i, to: __m256i, sign: __m256i) -> __m256i {
    {
        // Clamped at 31 (the result is 0 from there on), which also spares LLVM's own
        // range checks around the variable shifts.
        let d = _mm256_min_epu32(_mm256_sub_epi32(to, from), _mm256_set1_epi32(31));
        let half = _mm256_srli_epi32::<1>(_mm256_sllv_epi32(_mm256_set1_epi32(1), d));
        // The sign only counts when d ≥ 1, i.e. half ≥ 1 (or d ≥ 33, where all is shifted out).
        let sign = _mm256_min_epu32(sign, half);
        _mm256_srlv_epi32(_mm256_sub_epi32(_mm256_add_epi32(man, half), sign), d)
    }
}

/// `lanes::accumulate` on 8 columns: the two group terms and Dst aligned to the largest
/// exponent, summed, renormalised, rounded and saturated to the Dst format.
#[target_feature(enable = "avx2")]
#[inline]
fn accumulate<const FP32: bool, const EXP8: bool>(t0: Terms, t1: Terms, d: __m256i) -> __m256i {
    {
        let zero = _mm256_setzero_si256();
        let one = _mm256_set1_epi32(1);
        let dsign = _mm256_srli_epi32::<31>(d);
        let dexp = _mm256_and_si256(_mm256_srli_epi32::<23>(d), _mm256_set1_epi32(0xff));
        let dman = _mm256_andnot_si256(
            _mm256_cmpeq_epi32(dexp, zero),
            _mm256_or_si256(
                _mm256_and_si256(d, _mm256_set1_epi32(0x7f_ffff)),
                _mm256_set1_epi32(0x80_0000),
            ),
        );
        let exp = _mm256_max_epi32(_mm256_max_epi32(t0.exp, t1.exp), dexp);
        let mut m0 = align(t0.man, t0.exp, exp, t0.sign);
        let mut m1 = align(t1.man, t1.exp, exp, t1.sign);
        let mut dm = align(dman, dexp, exp, zero);
        if !FP32 {
            m0 = round13(m0, t0.sign);
            m1 = round13(m1, t1.sign);
            dm = round13(dm, zero);
        }
        let total = _mm256_add_epi32(
            dm,
            _mm256_add_epi32(signed(m0, t0.sign, dsign), signed(m1, t1.sign, dsign)),
        );
        let sign = _mm256_xor_si256(dsign, _mm256_srli_epi32::<31>(total));
        let man = _mm256_abs_epi32(total);
        // Leading zeros of man (< 2^31): keep its top bit and clear the one below it, so that
        // the conversion to f32 cannot round up to the next power of two; the f32's biased
        // exponent is then 127 + floor(log2 man), and lz − 8 = 150 − that.
        let top_bits = _mm256_andnot_si256(_mm256_srli_epi32::<1>(man), man);
        let f = _mm256_castps_si256(_mm256_cvtepi32_ps(top_bits));
        let mut shift = _mm256_sub_epi32(_mm256_set1_epi32(150), _mm256_srli_epi32::<23>(f));
        // Wormhole's leading-sign counter mis-normalises −1 (arith::accumulate).
        let minus_one =
            _mm256_and_si256(_mm256_cmpeq_epi32(man, one), _mm256_cmpeq_epi32(sign, one));
        shift = _mm256_add_epi32(shift, _mm256_and_si256(minus_one, _mm256_set1_epi32(-27)));
        let mut e = _mm256_sub_epi32(exp, shift);
        let keep = if EXP8 { 16 } else { 13 };
        if !FP32 {
            shift = _mm256_sub_epi32(shift, _mm256_set1_epi32(keep));
        }
        // s ≤ 23 for every non-zero man (lz ≥ 1, so shift ≥ −7 − 16); the clamp at 31 only
        // tells LLVM that the variable shifts below stay in range.
        let s = _mm256_min_epi32(
            _mm256_max_epi32(_mm256_sub_epi32(zero, shift), one),
            _mm256_set1_epi32(31),
        );
        let right = _mm256_srlv_epi32(
            _mm256_add_epi32(man, _mm256_sllv_epi32(one, _mm256_sub_epi32(s, one))),
            s,
        );
        // shift ≤ 23 for every non-zero man; a negative one selects `right`.
        let left = _mm256_sllv_epi32(man, shift);
        let mut man = _mm256_blendv_epi8(left, right, _mm256_cmpgt_epi32(zero, shift));
        if !FP32 {
            man = _mm256_sllv_epi32(man, _mm256_set1_epi32(keep));
        }
        e = _mm256_add_epi32(
            e,
            _mm256_srli_epi32::<24>(_mm256_and_si256(man, _mm256_set1_epi32(0x100_0000))),
        );
        let man = _mm256_and_si256(man, _mm256_set1_epi32(0x7f_ffff));
        // Overflow saturates: FP32/BF16 to infinity, FP16 to its largest finite value.
        let (limit, sat) = if FP32 || EXP8 {
            (255, 255 << 23)
        } else {
            (32, (31 << 23) | (0x3ff << 13))
        };
        let over = _mm256_cmpgt_epi32(e, _mm256_set1_epi32(limit - 1));
        let normal = _mm256_or_si256(_mm256_slli_epi32::<23>(_mm256_max_epi32(e, zero)), man);
        let bits = _mm256_or_si256(
            _mm256_slli_epi32::<31>(sign),
            _mm256_blendv_epi8(normal, _mm256_set1_epi32(sat), over),
        );
        let dead = _mm256_or_si256(
            _mm256_or_si256(
                _mm256_cmpgt_epi32(one, exp),
                _mm256_cmpeq_epi32(total, zero),
            ),
            _mm256_cmpgt_epi32(one, e),
        );
        _mm256_andnot_si256(dead, bits)
    }
}

/// 16-bit Dst: the 13 low bits rounded away, half up minus the term's sign (arith::accumulate).
#[target_feature(enable = "avx2")]
#[inline]
fn round13(m: __m256i, sign: __m256i) -> __m256i {
    let up = _mm256_sub_epi32(_mm256_add_epi32(m, _mm256_set1_epi32(1 << 12)), sign);
    _mm256_andnot_si256(_mm256_set1_epi32(0x1fff), up)
}

/// +m when the term's sign is Dst's, −m otherwise.
#[target_feature(enable = "avx2")]
#[inline]
fn signed(m: __m256i, sign: __m256i, dsign: __m256i) -> __m256i {
    let neg = _mm256_sub_epi32(_mm256_setzero_si256(), _mm256_xor_si256(sign, dsign));
    _mm256_sub_epi32(_mm256_xor_si256(m, neg), neg)
}
