//! MVMUL on AVX2 with explicit intrinsics: the steps of [`super::lanes::mvmul_generic`] (and
//! of the per-datum model [`super::arith::dot16`]), reorganised around what a matmul repeats.
//!
//! A matmul multiplies the same (SrcA face, SrcB 8-row block) pairs once per fidelity phase
//! (seed 002's HiFi4 MOP replays the same 16 MVMULs four times), and the phases differ only
//! in which mantissa slices are multiplied: the exponents, the signs and so every product's
//! distance to its group's exponent are the same. So a [`Pair`] keeps, per pair of Src
//! contents, everything that does not depend on the phase — the group exponents and, per
//! product, its rounding multiplier — plus both slice variants of each operand, and each
//! MVMUL only multiplies, rounds, sums and accumulates:
//! - per 16 products (16 columns): one `vpmaddubsw` of the operands' byte pairs, giving
//!   z = sb·(4·|a|·|b| + 1) (see [`Pair`]), one `vpmulhrsw` by the stored q = sa·2^(13−d)
//!   (0 for d ≥ 14), which is the product rounded half away from zero at the group's unit
//!   ([`round_by_mulhrs`] proves it), and one 16-bit add;
//! - per Dst datum: [`super::lanes`]'s branch-free accumulation, the leading-zero count taken
//!   from the exponent of an exact `i32 → f32` conversion.
//!
//! Pairs are found by the first rows' addresses, the Src banks' write stamps
//! (`MvmulSrc::stamps`) and the format masks: a pair is used again only while its rows have not
//! been written. Rows without stamps are decoded anew on every use.
//!
//! Bit-identical to the generic path and to [`super::arith::dot16`] (tests in `lanes.rs`).

// Every function below but the entry points needs AVX2 (`#[target_feature]`); the entry
// points call them only after `is_x86_feature_detected!("avx2")`. The other `unsafe` blocks
// load or store 8 i32s at offset 8·h (h < 2) of a 16-element array, or 16 i16s of a
// 16-element array, in bounds.
#![allow(unsafe_code)]

mod wide;

use std::arch::x86_64::*;

use super::arith::{AccMode, product_exp_adj};
use super::lanes::{MvmulSrc, ZERO_EXP};

/// Pairs kept: a 32×32 matmul multiplies 16 (SrcA face, SrcB block) pairs in each phase.
const PAIRS: usize = 16;

/// What a [`Pair`] was decoded from: where its first rows were (SrcA's, SrcB's), under which
/// Src stamps (`MvmulSrc::stamps`: with them, the first rows decide the others), and the Src
/// format masks.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key {
    first: (usize, usize),
    stamps: (u64, u64),
    masks: (u32, u32),
}

impl Key {
    /// The key of `src`'s rows, if they have stamps.
    fn of(src: &MvmulSrc) -> Option<Key> {
        Some(Key {
            first: (src.a[0].as_ptr() as usize, src.b[0].as_ptr() as usize),
            stamps: src.stamps?,
            masks: (src.mask_a, src.mask_b),
        })
    }
}

/// One (SrcA 16 rows, SrcB 8 rows) pair, decoded for every fidelity phase.
///
/// With a, b the fidelity slices (MVMUL.md's SrcAFidelityBits, SrcBFidelityBits: |a| < 32,
/// |b| < 128), sa, sb the operands' signs as ±1 and d the product's distance to its group's
/// exponent, `arith::dot16_decoded` adds r = sa·sb·round_half_up(|a|·|b| / 2^d). Here
/// `vpmaddubsw` (unsigned bytes × signed bytes, adjacent pairs summed) of SrcA's bytes
/// (4·|a|, 1) and SrcB's (sb·|b|, sb) gives z = sb·(4·|a|·|b| + 1) (|z| < 2^14, no
/// saturation), and `vpmulhrsw` of z by q = sa·2^(13−d) gives r ([`round_by_mulhrs`]).
pub(super) struct Pair {
    /// Per Dst row i and group g (k = 8g .. 8g+8), per column: the group's exponent as
    /// `lanes::group` has it (the exponent sums' maximum from 0 up, without the phase's
    /// adjustment).
    top: [[[i32; 16]; 2]; 8],
    /// Per Dst row i and k, per column (in [`pack16_interleaved`]'s order, as `u`): sa ·
    /// 2^(13 − d), 0 when d ≥ 14.
    q: [[[i16; 16]; 16]; 8],
    /// Per phase bit 0 and SrcA row k, per column (in [`pack16_interleaved`]'s order, so that
    /// the product sums come out in it): bytes (4·|a|, 1), 0 for a zero operand.
    u: [[[i16; 16]; 16]; 2],
    /// Per phase bit 1, Dst row i and k: bytes (sb·|b|, sb), 0 for a zero operand.
    v: [[[i16; 16]; 8]; 2],
}

/// The [`Pair`]s of the last MVMULs (at most [`PAIRS`], replaced in turn).
pub struct PairCache {
    pairs: Vec<Box<Pair>>,
    /// Per pair, what it was decoded from (`None`: rows without stamps, never found again),
    /// kept apart from the pairs so that a lookup reads one small array.
    keys: Vec<Option<Key>>,
    next: usize,
}

impl Default for PairCache {
    /// Room for every pair from the start (no allocation while an MVMUL runs).
    fn default() -> Self {
        PairCache {
            pairs: Vec::with_capacity(PAIRS),
            keys: Vec::with_capacity(PAIRS),
            next: 0,
        }
    }
}

thread_local! {
    /// Allocations of dropped caches (a tile restored for the next `--repeat` run starts with
    /// a new backend): taken again by new caches, which build every field of a pair before
    /// its first use, so a spare's old contents never show.
    static SPARE: std::cell::RefCell<Vec<Box<Pair>>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Drop for PairCache {
    fn drop(&mut self) {
        let pairs = std::mem::take(&mut self.pairs);
        // Some other thread-local being torn down first is no reason to panic.
        let _ = SPARE.try_with(|s| {
            let mut s = s.borrow_mut();
            let room = (4 * PAIRS).saturating_sub(s.len());
            s.extend(pairs.into_iter().take(room));
        });
    }
}

/// Whether the host has what [`wide`] needs (AVX-512 F and CD).
pub(super) fn has_wide() -> bool {
    std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512cd")
}

/// MVMUL.md on `dst.len()` (≤ 8) Dst rows: `dst[i][j] += Σ_k b[i][k]·a[k][j]` over the masked
/// Src rows (FP32 patterns in and out), the accumulation on AVX-512 when `wide` (only when
/// [`has_wide`]). Only called when the host has AVX2.
pub(super) fn mvmul(
    cache: &mut PairCache,
    src: &MvmulSrc,
    dst: &mut [[u32; 16]],
    mode: AccMode,
    phase: u32,
    wide: bool,
) {
    assert!(std::is_x86_feature_detected!("avx2") && dst.len() <= 8);
    assert!(!wide || has_wide());
    // SAFETY: the host has AVX2, and AVX-512 F and CD when `wide` (asserted just above).
    unsafe {
        let p = cache.get(src);
        match (mode.fp32, mode.exp8, wide) {
            (true, true, false) => block::<true, true>(p, dst, phase),
            (true, false, false) => block::<true, false>(p, dst, phase),
            (false, true, false) => block::<false, true>(p, dst, phase),
            (false, false, false) => block::<false, false>(p, dst, phase),
            (true, true, true) => wide::block::<true, true>(p, dst, phase),
            (true, false, true) => wide::block::<true, false>(p, dst, phase),
            (false, true, true) => wide::block::<false, true>(p, dst, phase),
            (false, false, true) => wide::block::<false, false>(p, dst, phase),
        }
    }
}

impl PairCache {
    /// The pair of these rows, decoded when they were last written or not found.
    #[target_feature(enable = "avx2")]
    fn get(&mut self, src: &MvmulSrc) -> &Pair {
        let key = Key::of(src);
        // (No `Option` combinators here: their closures would not be compiled into this
        // function.)
        let mut stale = None;
        if let Some(key) = key {
            if let Some(s) = find(&self.keys, |k| k == key) {
                return &self.pairs[s];
            }
            // A pair of the same first rows decoded before they were written (or of other
            // masks) makes room.
            stale = find(&self.keys, |k| k.first == key.first);
        }
        let slot = if let Some(s) = stale {
            s
        } else if self.pairs.len() < PAIRS {
            let spare = SPARE.with(|s| s.borrow_mut().pop());
            self.pairs.push(spare.unwrap_or_else(|| {
                Box::new(Pair {
                    top: [[[0; 16]; 2]; 8],
                    q: [[[0; 16]; 16]; 8],
                    u: [[[0; 16]; 16]; 2],
                    v: [[[0; 16]; 8]; 2],
                })
            }));
            self.keys.push(None);
            self.pairs.len() - 1
        } else {
            let s = self.next;
            self.next = (s + 1) % PAIRS;
            s
        };
        self.keys[slot] = key;
        let p = &mut self.pairs[slot];
        build(p, src);
        p
    }
}

/// The first of `keys` that is some key for which `f` holds (with the caller's target
/// features, so that the caller's closure and this loop are compiled into it).
#[target_feature(enable = "avx2")]
#[inline]
fn find(keys: &[Option<Key>], f: impl Fn(Key) -> bool) -> Option<usize> {
    for (s, k) in keys.iter().enumerate() {
        if let Some(k) = *k
            && f(k)
        {
            return Some(s);
        }
    }
    None
}

/// Eight u32s of `v` from lane `8·h`.
#[target_feature(enable = "avx2")]
#[inline]
fn load(v: &[u32; 16], h: usize) -> __m256i {
    assert!(h < 2);
    // SAFETY: h < 2, so the 8 u32s at 8·h are inside `v`; loadu has no alignment need.
    unsafe { _mm256_loadu_si256(v.as_ptr().add(8 * h).cast()) }
}

/// Eight i32s of `v` from lane `8·h`.
#[target_feature(enable = "avx2")]
#[inline]
fn load_i32(v: &[i32; 16], h: usize) -> __m256i {
    assert!(h < 2);
    // SAFETY: h < 2, so the 8 i32s at 8·h are inside `v`; loadu has no alignment need.
    unsafe { _mm256_loadu_si256(v.as_ptr().add(8 * h).cast()) }
}

/// Stores `x` into lanes `8·h` .. `8·h + 8` of `v`.
#[target_feature(enable = "avx2")]
#[inline]
fn store_i32(v: &mut [i32; 16], h: usize, x: __m256i) {
    assert!(h < 2);
    // SAFETY: h < 2, so the 8 i32s at 8·h are inside `v`; storeu has no alignment need.
    unsafe { _mm256_storeu_si256(v.as_mut_ptr().add(8 * h).cast(), x) }
}

/// The 16 i16s of `v`.
#[target_feature(enable = "avx2")]
#[inline]
fn load16(v: &[i16; 16]) -> __m256i {
    // SAFETY: 16 i16s are 32 bytes; loadu has no alignment need.
    unsafe { _mm256_loadu_si256(v.as_ptr().cast()) }
}

#[target_feature(enable = "avx2")]
#[inline]
fn store16(v: &mut [i16; 16], x: __m256i) {
    // SAFETY: 16 i16s are 32 bytes; storeu has no alignment need.
    unsafe { _mm256_storeu_si256(v.as_mut_ptr().cast(), x) }
}

/// Two vectors of 8 i32s (columns 0..8 and 8..16, each value within i16) as one of 16 i16s in
/// the interleaved column order 0–3, 8–11, 4–7, 12–15 (`vpackssdw` packs each 128-bit half
/// apart), the order [`widen`] takes apart again without crossing halves.
#[target_feature(enable = "avx2")]
#[inline]
fn pack16_interleaved(lo: __m256i, hi: __m256i) -> __m256i {
    _mm256_packs_epi32(lo, hi)
}

/// [`pack16_interleaved`] in column order (`vpermq` puts the 64-bit quarters back).
#[target_feature(enable = "avx2")]
#[inline]
fn pack16(lo: __m256i, hi: __m256i) -> __m256i {
    _mm256_permute4x64_epi64::<0b11_01_10_00>(pack16_interleaved(lo, hi))
}

/// Columns 8h .. 8h+8 of 16 i16s in [`pack16_interleaved`]'s order, as i32s times 2^16 (each
/// i16 in the high half of its i32: `vpunpcklwd` / `vpunpckhwd` with zeros take the words
/// 0–3 and 8–11, or 4–7 and 12–15, of the two 128-bit halves).
#[target_feature(enable = "avx2")]
#[inline]
fn widen(x: __m256i, h: usize) -> __m256i {
    if h == 0 {
        _mm256_unpacklo_epi16(_mm256_setzero_si256(), x)
    } else {
        _mm256_unpackhi_epi16(_mm256_setzero_si256(), x)
    }
}

/// A masked Src datum's fields, 8 at a time (`arith::Operand`): the exponent ([`ZERO_EXP`]
/// for a zero operand), the mantissa with its implicit 1, the sign as 0 / −1, and −1 where
/// the operand is not zero (its exponent field is not 0; denormals are flushed, MVMUL.md).
#[target_feature(enable = "avx2")]
#[inline]
fn fields(x: __m256i) -> (__m256i, __m256i, __m256i, __m256i) {
    let exp = _mm256_and_si256(_mm256_srli_epi32::<10>(x), _mm256_set1_epi32(0xff));
    let live = _mm256_xor_si256(
        _mm256_cmpeq_epi32(exp, _mm256_setzero_si256()),
        _mm256_set1_epi32(-1),
    );
    let man = _mm256_or_si256(
        _mm256_and_si256(x, _mm256_set1_epi32(0x3ff)),
        _mm256_set1_epi32(0x400),
    );
    let neg = _mm256_sub_epi32(
        _mm256_setzero_si256(),
        _mm256_and_si256(_mm256_srli_epi32::<18>(x), _mm256_set1_epi32(1)),
    );
    (
        _mm256_blendv_epi8(_mm256_set1_epi32(ZERO_EXP), exp, live),
        man,
        neg,
        live,
    )
}

/// Decodes the rows into `p` (MVMUL.md's fidelity slices as `arith::Operand::srca` /
/// `srcb` take them) and works out the phase-independent group exponents and multipliers.
#[target_feature(enable = "avx2")]
fn build(p: &mut Pair, src: &MvmulSrc) {
    let MvmulSrc {
        a,
        b,
        mask_a,
        mask_b,
        ..
    } = *src;
    let one = _mm256_set1_epi32(1);
    // SrcA: exponents, signs as ±1, and per phase bit 0 the bytes (4·|a|, 1) with a the
    // implicit 1 + top 4 mantissa bits (bit clear) or the next 5 (bit set).
    let mut ea = [[0i16; 16]; 16];
    let mut sa = [[0i16; 16]; 16];
    for k in 0..16 {
        let mut exps = [_mm256_setzero_si256(); 2];
        let mut sign = [_mm256_setzero_si256(); 2];
        let mut u = [[_mm256_setzero_si256(); 2]; 2];
        for h in 0..2 {
            let x = _mm256_and_si256(load(a[k], h), _mm256_set1_epi32(mask_a as i32));
            let (exp, man, neg, live) = fields(x);
            exps[h] = exp;
            sign[h] = _mm256_or_si256(neg, one);
            let slices = [
                _mm256_srli_epi32::<6>(man),
                _mm256_and_si256(_mm256_srli_epi32::<1>(man), _mm256_set1_epi32(31)),
            ];
            for (uh, slice) in u.iter_mut().zip(slices) {
                let bytes =
                    _mm256_or_si256(_mm256_slli_epi32::<2>(slice), _mm256_set1_epi32(1 << 8));
                uh[h] = _mm256_and_si256(bytes, live);
            }
        }
        // Exponents as i16 (ZERO_EXP saturates to i16::MIN, still below any sum that counts).
        store16(&mut ea[k], pack16_interleaved(exps[0], exps[1]));
        store16(&mut sa[k], pack16_interleaved(sign[0], sign[1]));
        for (pu, uh) in p.u.iter_mut().zip(u) {
            store16(&mut pu[k], pack16_interleaved(uh[0], uh[1]));
        }
    }
    // SrcB: exponents and per phase bit 1 the bytes (sb·|b|, sb) with b the implicit 1 + top
    // 6 mantissa bits (bit clear) or the next 4 times 8 (bit set).
    let mut eb = [[0i16; 16]; 8];
    for i in 0..8 {
        let mut exps = [_mm256_setzero_si256(); 2];
        let mut v = [[_mm256_setzero_si256(); 2]; 2];
        for h in 0..2 {
            let x = _mm256_and_si256(load(b[i], h), _mm256_set1_epi32(mask_b as i32));
            let (exp, man, neg, live) = fields(x);
            exps[h] = exp;
            let slices = [
                _mm256_srli_epi32::<4>(man),
                _mm256_slli_epi32::<3>(_mm256_and_si256(man, _mm256_set1_epi32(15))),
            ];
            // The sign byte as ±1 · 2^8: the word sign-extended, as `vpackssdw` keeps it.
            let sign_byte = _mm256_slli_epi32::<8>(_mm256_or_si256(neg, one));
            for (vh, slice) in v.iter_mut().zip(slices) {
                let signed = _mm256_sub_epi32(_mm256_xor_si256(slice, neg), neg);
                let bytes =
                    _mm256_or_si256(_mm256_and_si256(signed, _mm256_set1_epi32(0xff)), sign_byte);
                vh[h] = _mm256_and_si256(bytes, live);
            }
        }
        store16(&mut eb[i], pack16(exps[0], exps[1]));
        for (pv, vh) in p.v.iter_mut().zip(v) {
            store16(&mut pv[i], pack16(vh[0], vh[1]));
        }
    }
    // Per Dst row and group, on 16 columns of i16s: the product exponents ea + eb (≤ 2·255;
    // with a zero operand, saturated far below 0), the group's exponent (lanes::group says
    // why it starts at 0 and why zero products need no exponent of their own), then each
    // product's multiplier 2^(13 − d), d = the group's exponent − the product's, looked up by
    // `vpshufb` on min(d, 15) (d ≥ 0; d ≥ 14 gives 0, as 2^(13−d) rounds to then; a zero
    // operand's d wraps to ≥ 2^15 as u16, which gives 0 too).
    let zero = _mm256_setzero_si256();
    // The low and high bytes of 2^(13 − d) for d = 0..16, in both 128-bit halves.
    let [lo_bytes, hi_bytes] = [0, 8].map(|at| {
        let t: [i8; 16] = std::array::from_fn(|d| ((8192u32 >> d) >> at) as u8 as i8);
        // SAFETY: `t` is 16 bytes; loadu has no alignment need.
        _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(t.as_ptr().cast()) })
    });
    for (i, ebi) in eb.iter().enumerate() {
        for g in 0..2 {
            let e: [__m256i; 8] = std::array::from_fn(|kk| {
                let k = 8 * g + kk;
                _mm256_adds_epi16(load16(&ea[k]), _mm256_set1_epi16(ebi[k]))
            });
            let top = e.iter().fold(zero, |t, &x| _mm256_max_epi16(t, x));
            // As i32s in column order (`vpunpck*wd` undo the interleaving; top ≥ 0).
            store_i32(&mut p.top[i][g], 0, _mm256_unpacklo_epi16(top, zero));
            store_i32(&mut p.top[i][g], 1, _mm256_unpackhi_epi16(top, zero));
            for (kk, &ek) in e.iter().enumerate() {
                let k = 8 * g + kk;
                let d = _mm256_min_epu16(_mm256_sub_epi16(top, ek), _mm256_set1_epi16(15));
                let q = _mm256_or_si256(
                    _mm256_shuffle_epi8(lo_bytes, d),
                    _mm256_slli_epi16::<8>(_mm256_shuffle_epi8(hi_bytes, d)),
                );
                store16(&mut p.q[i][k], _mm256_sign_epi16(q, load16(&sa[k])));
            }
        }
    }
}

/// Why `vpmulhrsw(z, q)` with z = sb·(4·|a|·|b| + 1) and q = sa·2^(13−d) is
/// r = sa·sb·round_half_up(|a|·|b| / 2^d), the term `arith::dot16_decoded` adds (and 0 for a
/// zero operand, whose z is 0).
///
/// `vpmulhrsw` gives ⌊z·q / 2^15 + 1/2⌋. For q ≥ 0 that is ⌊z / 2^(d+2) + 1/2⌋, the rounding
/// half up of z / 2^(d+2) = sb·(|a|·|b| / 2^d + 2^−(d+2)). With x = |a|·|b| an integer and
/// ε = 2^−(d+2) ≤ 1/4: x / 2^d is a multiple of 2^−d, so rounding x / 2^d + ε half up gives
/// round_half_up(x / 2^d) (ε only decides an exact half, upwards), and rounding
/// −(x / 2^d + ε) half up gives −round_half_up(x / 2^d) (the exact half now goes down, away
/// from zero). The sign of q: z / 2^(d+2) is never a multiple of 1/2 plus 1/2 (z is odd,
/// so z / 2^(d+2) = n + 1/2 would need z = (2n + 1)·2^(d+1)), so rounding it half up is odd
/// in z·q and `vpmulhrsw(z, −q)` = −`vpmulhrsw(z, q)`. For d ≥ 14, |z / 2^(d+2)| < 1/4 and r is
/// 0, as `vpmulhrsw(z, 0)` is. When a slice is 0 but the operand is not, z = ±1 and r = 0.
#[target_feature(enable = "avx2")]
#[inline]
fn round_by_mulhrs(z: __m256i, q: __m256i) -> __m256i {
    _mm256_mulhrs_epi16(z, q)
}

/// Group g's rounded product sums of Dst row i, 16 columns as i16 (|sum| ≤ 8·31·127 < 2^15).
#[target_feature(enable = "avx2")]
#[inline]
fn group(p: &Pair, u: &[[i16; 16]; 16], v: &[[i16; 16]; 8], i: usize, g: usize) -> __m256i {
    let mut sum = _mm256_setzero_si256();
    for k in 8 * g..8 * g + 8 {
        let z = _mm256_maddubs_epi16(load16(&u[k]), _mm256_set1_epi16(v[i][k]));
        sum = _mm256_add_epi16(sum, round_by_mulhrs(z, load16(&p.q[i][k])));
    }
    sum
}

#[target_feature(enable = "avx2")]
fn block<const FP32: bool, const EXP8: bool>(p: &Pair, dst: &mut [[u32; 16]], phase: u32) {
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
        for h in 0..2 {
            let t0 = Term {
                top: load_i32(&p.top[i][0], h),
                sum: widen(sums[0], h),
            };
            let t1 = Term {
                top: load_i32(&p.top[i][1], h),
                sum: widen(sums[1], h),
            };
            let out = accumulate::<FP32, EXP8>(t0, t1, load_i32(d, h), adj);
            store_i32(d, h, out);
        }
    }
}

/// A Dst row of FP32 patterns seen as i32 lanes.
#[inline]
fn bytemuck_row(row: &mut [u32; 16]) -> &mut [i32; 16] {
    // SAFETY: u32 and i32 have the same size, alignment and valid bit patterns.
    unsafe { &mut *(row as *mut [u32; 16]).cast::<[i32; 16]>() }
}

/// A group's term on 8 columns: its exponent before the phase's adjustment (`Pair::top`) and
/// its rounded product sum times 2^16 ([`widen`]).
#[derive(Clone, Copy)]
struct Term {
    top: __m256i,
    sum: __m256i,
}

/// `lanes::align` on signed values, taking and giving them doubled: `x2` = 2x (|x| < 2^28
/// for a term: |sum| < 2^15; 0 ≤ x < 2^24 for Dst) aligned by `d` = to − from ≥ 0,
/// ⌊(x + 2^(d−1)) / 2^d⌋ (x itself for d = 0), as ⌊(t + 1) / 2⌋ = t − ⌊t / 2⌋ with
/// t = ⌊2x / 2^d⌋ (arithmetic shifts): for d = 0 that is ⌊x + 1/2⌋ = x, and for d ≥ 1
/// t = ⌊x / 2^(d−1)⌋ and ⌊(⌊y⌋ + 1) / 2⌋ = ⌊(y + 1) / 2⌋. From d = 31 on, t is 0 or −1
/// (|2x| < 2^30; and `vpsravd` fills with the sign from 32 on), so the result is 0, as
/// `lanes::align`'s.
///
/// For x = −m (m > 0) and d ≥ 1 this is −⌊(m + 2^(d−1) − 1) / 2^d⌋, `lanes::align`'s
/// magnitude rounding "half up minus the sign" with the sign put back: with N = 2^(d−1) − m,
/// −⌊(m + 2^(d−1) − 1)/2^d⌋ = ⌈(N + 1)/2^d − 1⌉ = ⌊N/2^d⌋ for integers. The same identity
/// with d = 13 makes [`round13`] on signed values `lanes::accumulate`'s 13-bit rounding.
#[target_feature(enable = "avx2")]
#[inline]
fn align(x2: __m256i, from: __m256i, to: __m256i) -> __m256i {
    let t = _mm256_srav_epi32(x2, _mm256_sub_epi32(to, from));
    _mm256_sub_epi32(t, _mm256_srai_epi32::<1>(t))
}

/// [`align`] of a non-negative `x2` (logical shifts: the same results, and no count for
/// the compiler to clamp).
#[target_feature(enable = "avx2")]
#[inline]
fn align_unsigned(x2: __m256i, from: __m256i, to: __m256i) -> __m256i {
    let t = _mm256_srlv_epi32(x2, _mm256_sub_epi32(to, from));
    _mm256_sub_epi32(t, _mm256_srli_epi32::<1>(t))
}

/// `lanes::terms` and `lanes::accumulate` on 8 columns: the two group terms and Dst aligned to
/// the largest exponent, summed, renormalised, rounded and saturated to the Dst format.
///
/// Exponents are taken relative to the phase's adjustment `adj` (a term's is its group's
/// top, Dst's dexp − adj), which moves none of the differences. `lanes::terms` drops a group
/// whose exponent top + adj is not positive (its value becomes 0 here; its exponent is left
/// as it is: Dst's exponent field is never negative, so a dropped group's never raises the
/// largest one, and a zero value aligns to zero from any distance).
///
/// `lanes::accumulate` sums Dst's magnitude and the terms' magnitudes signed relative to
/// Dst's sign: total = dm ± m0 ± m1. That is (−1)^dsign · T with T = ±dm + v0 + v1 the sum of
/// signed values ([`align`]), so its magnitude is |T| and its sign T's (a zero T gives the
/// zero result either way).
#[target_feature(enable = "avx2")]
#[inline]
fn accumulate<const FP32: bool, const EXP8: bool>(
    t0: Term,
    t1: Term,
    d: __m256i,
    adj: i32,
) -> __m256i {
    let zero = _mm256_setzero_si256();
    let dexp = _mm256_and_si256(_mm256_srli_epi32::<23>(d), _mm256_set1_epi32(0xff));
    // Twice Dst's mantissa with its implicit 1 (a zero exponent field and the sign are
    // applied after the alignment).
    let dman2 = _mm256_or_si256(
        _mm256_and_si256(_mm256_slli_epi32::<1>(d), _mm256_set1_epi32(0xff_fffe)),
        _mm256_set1_epi32(0x100_0000),
    );
    let drel = _mm256_sub_epi32(dexp, _mm256_set1_epi32(adj));
    let top = _mm256_max_epi32(_mm256_max_epi32(t0.top, t1.top), drel);
    // A term's value, doubled (unit at bit 24: the sum << 14), or 0 for a dropped group.
    let value = |t: Term| {
        let live = _mm256_cmpgt_epi32(t.top, _mm256_set1_epi32(-adj));
        _mm256_and_si256(_mm256_srai_epi32::<2>(t.sum), live)
    };
    let mut v0 = align(value(t0), t0.top, top);
    let mut v1 = align(value(t1), t1.top, top);
    let mut dm = align_unsigned(dman2, drel, top);
    if !FP32 {
        v0 = round13(v0);
        v1 = round13(v1);
        dm = round13(dm);
    }
    // Dst's signed value: `vpsignd` by dexp signed as Dst (d < 0 exactly when its sign is
    // set) gives −dm, dm, or 0 for a zero exponent field.
    let dval = _mm256_sign_epi32(dm, _mm256_sign_epi32(dexp, d));
    let total = _mm256_add_epi32(dval, _mm256_add_epi32(v0, v1));
    let man = _mm256_abs_epi32(total);
    // Leading zeros of man (< 2^30): keep its top bit and clear the one below it, so that
    // the conversion to f32 cannot round up to the next power of two; the f32's biased
    // exponent is then 127 + floor(log2 man), and lz = 158 − that (158 for man = 0). Kept as
    // lz − 1, the shift that takes man's top bit to bit 30.
    let top_bits = _mm256_andnot_si256(_mm256_srli_epi32::<1>(man), man);
    let f = _mm256_castps_si256(_mm256_cvtepi32_ps(top_bits));
    let mut lz1 = _mm256_sub_epi32(_mm256_set1_epi32(157), _mm256_srli_epi32::<23>(f));
    // Wormhole's leading-sign counter mis-normalises −1 (arith::accumulate): lz 31 − 27.
    let minus_one = _mm256_cmpeq_epi32(total, _mm256_set1_epi32(-1));
    lz1 = _mm256_add_epi32(lz1, _mm256_and_si256(minus_one, _mm256_set1_epi32(-27)));
    // The exponent: the largest one less the normalising left shift lz − 8.
    let e = _mm256_sub_epi32(_mm256_add_epi32(top, _mm256_set1_epi32(adj + 7)), lz1);
    // man's top bit to bit 30 (lz − 1 ≥ 1; from 32 on, 0), y = ⌊x / 2⌋ for x = man · 2^lz,
    // then rounded half up to 24 bits (bit 8 of x up, or bit 8 + keep for a 16-bit Dst,
    // which keeps 16 − keep mantissa bits) as ⌊(x + 2^(7+k)) / 2^(8+k)⌋ =
    // ⌊(y + 2^(6+k)) / 2^(7+k)⌋ (no carry out of 32 bits). For lz ≤ 8 + k that is
    // `lanes::accumulate`'s rounding right shift by 8 + k − lz; beyond, the low bits are
    // zeros and it is its left shift. The −1 quirk's lz = 4 rounds man = 1 to 0, as there.
    // (lz − 1 taken mod 32, which leaves 1..=30 as they are and shifts man = 0 to 0 anyway,
    // so that the compiler sees no out-of-range count to guard.)
    let y = _mm256_sllv_epi32(man, _mm256_and_si256(lz1, _mm256_set1_epi32(31)));
    let man = if FP32 {
        _mm256_srli_epi32::<7>(_mm256_add_epi32(y, _mm256_set1_epi32(1 << 6)))
    } else if EXP8 {
        let r = _mm256_srli_epi32::<23>(_mm256_add_epi32(y, _mm256_set1_epi32(1 << 22)));
        _mm256_slli_epi32::<16>(r)
    } else {
        let r = _mm256_srli_epi32::<20>(_mm256_add_epi32(y, _mm256_set1_epi32(1 << 19)));
        _mm256_slli_epi32::<13>(r)
    };
    // A rounding carry (man = 2^24, the only value with bit 24) raises the exponent.
    let e = _mm256_add_epi32(e, _mm256_srli_epi32::<24>(man));
    let normal = _mm256_or_si256(
        _mm256_slli_epi32::<23>(e),
        _mm256_and_si256(man, _mm256_set1_epi32(0x7f_ffff)),
    );
    // Overflow saturates: FP32/BF16 to infinity, FP16 to its largest finite value. Lanes with
    // e ≤ 0 (whose shifted exponent spills into the sign) are cleared below.
    let magnitude = if FP32 && !EXP8 {
        let over = _mm256_cmpgt_epi32(e, _mm256_set1_epi32(254));
        _mm256_blendv_epi8(normal, _mm256_set1_epi32(255 << 23), over)
    } else {
        // Here e < 512: the exponents are at most 2·255 + adj with adj ≤ −15, or Dst's
        // 255, and e at most 6 above the largest. So `normal` holds e and the mantissa
        // unwrapped, and its minimum with the saturation value is that value exactly when
        // e ≥ the limit (at FP16's e = 31 the mantissa keeps 10 bits: normal ≤ sat).
        let sat = if EXP8 {
            255 << 23
        } else {
            (31 << 23) | (0x3ff << 13)
        };
        _mm256_min_epu32(normal, _mm256_set1_epi32(sat))
    };
    let bits = _mm256_or_si256(
        _mm256_and_si256(total, _mm256_set1_epi32(i32::MIN)),
        magnitude,
    );
    // Dst's exponent is never negative, so exp ≤ 0 means every part is zero and so is total.
    let dead = _mm256_or_si256(
        _mm256_cmpeq_epi32(total, zero),
        _mm256_cmpgt_epi32(_mm256_set1_epi32(1), e),
    );
    _mm256_andnot_si256(dead, bits)
}

/// 16-bit Dst: the 13 low bits of a signed value rounded away, half up (the magnitude's
/// rounding half up minus the sign of `lanes::accumulate`, by [`align`]'s identity).
#[target_feature(enable = "avx2")]
#[inline]
fn round13(x: __m256i) -> __m256i {
    let up = _mm256_add_epi32(x, _mm256_set1_epi32(1 << 12));
    _mm256_andnot_si256(_mm256_set1_epi32(0x1fff), up)
}
