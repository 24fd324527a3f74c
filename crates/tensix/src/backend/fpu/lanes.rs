//! MVMUL's and ELWADD/ELWSUB's datapaths on whole Dst blocks: the same arithmetic as
//! [`super::arith::dot16_decoded`] and [`super::arith::add1`] (the per-datum models, MVMUL.md and
//! ELWADD.md with ttsim's rounding rules), laid out with the 16 output columns side by side.
//! MVMUL works on a whole instruction (8 Dst rows × 16 columns × 16 products): SrcA and SrcB
//! are decoded once into structure-of-arrays (exponents and signed fidelity slices as i32),
//! then each (row, group of 8 k) is two passes over the columns — the group's exponent, then
//! the products aligned to it — and one accumulation into Dst per row. Every product of a
//! 5-bit SrcA slice and a 7-bit SrcB slice is exact in 16 bits, so the group alignment and
//! rounding are integer shifts. [`mvmul`] runs the explicit AVX2 version
//! (`super::mvmul_avx2`) when the host has AVX2 and [`mvmul_generic`] (portable Rust, the
//! same steps) otherwise.

// The lane loops index several arrays by the same column or k, the form the vectorizer takes.
#![allow(clippy::needless_range_loop)]

use super::arith::{AccMode, Operand};

/// An exponent that marks a zero operand: a product with it stays far below any group's
/// exponent, so its (zero) magnitude is shifted out whatever it is.
pub(super) const ZERO_EXP: i32 = -(1 << 20);

/// SrcA decoded once for one MVMUL: per SrcA row k (the dot product's index) and column j.
pub struct SrcALanes {
    /// The biased exponent, or [`ZERO_EXP`] for a zero operand.
    pub(super) exp: [[i32; 16]; 16],
    /// A [`pair`]: 4 × the signed fidelity slice and the sign as ±1; 0 for a zero operand.
    pub(super) slice: [[i32; 16]; 16],
}

/// The SrcB rows of one MVMUL decoded: per row i and k.
pub(super) struct SrcBLanes {
    /// The biased exponent, or [`ZERO_EXP`] for a zero operand.
    pub(super) exp: [[i32; 16]; 8],
    /// A [`pair`]: the signed fidelity slice and the sign as ±1; 0 for a zero operand.
    pub(super) slice: [[i32; 16]; 8],
}

/// Two i16s in one i32 lane, `lo` in the low half: the form `vpmaddwd` multiplies, so that a
/// SrcA pair (4·a, sa) times a SrcB pair (b, sb), with a, b the signed slices and sa, sb their
/// signs as ±1, is z = 4·a·b + sa·sb in one instruction (see [`group`]).
#[inline(always)]
pub(super) fn pair(lo: i32, hi: i32) -> i32 {
    i32::from(lo as u16) | (hi << 16)
}

/// The i16 halves of a [`pair`] (lo, hi).
#[inline(always)]
fn unpair(x: i32) -> (i32, i32) {
    (i32::from(x as u16 as i16), x >> 16)
}

/// (exponent, [`pair`] of `scale` × the signed slice and the sign) of one decoded operand, zero
/// operands as ([`ZERO_EXP`], 0).
#[inline(always)]
fn lane(o: Operand, scale: i32) -> (i32, i32) {
    if o.zero {
        (ZERO_EXP, 0)
    } else {
        let s = if o.sign != 0 { -1 } else { 1 };
        (o.exp, pair(scale * s * o.slice as i32, s))
    }
}

impl SrcALanes {
    /// `rows[k][j]`: SrcA row k, already masked to the Src format, one datum at a time
    /// through [`Operand::srca`].
    pub(super) fn new(rows: &[[u32; 16]; 16], phase: u32) -> SrcALanes {
        let mut a = SrcALanes {
            exp: [[0; 16]; 16],
            slice: [[0; 16]; 16],
        };
        for k in 0..16 {
            for j in 0..16 {
                let (e, s) = lane(Operand::srca(rows[k][j], phase), 4);
                a.exp[k][j] = e;
                a.slice[k][j] = s;
            }
        }
        a
    }
}

impl SrcBLanes {
    /// `rows[i]`: SrcB row i (at most 8), already masked to the Src format.
    #[inline(always)]
    pub(super) fn new(rows: &[[u32; 16]], phase: u32) -> SrcBLanes {
        let mut b = SrcBLanes {
            exp: [[0; 16]; 8],
            slice: [[0; 16]; 8],
        };
        for (i, row) in rows.iter().enumerate() {
            for k in 0..16 {
                let (e, s) = lane(Operand::srcb(row[k], phase), 1);
                b.exp[i][k] = e;
                b.slice[i][k] = s;
            }
        }
        b
    }
}

/// The last decoded SrcA block, kept because a matmul multiplies each SrcA face by several
/// SrcB row blocks (and HiFi phases repeat the same faces): decoding again is skipped when the
/// masked SrcA rows and the phase are the same as last time.
#[derive(Default)]
pub struct SrcACache(Option<Box<CachedSrcA>>);

/// One cache entry: the phase and masked SrcA rows it was decoded from, and the result.
struct CachedSrcA {
    phase: u32,
    rows: [[u32; 16]; 16],
    lanes: SrcALanes,
}

impl SrcACache {
    /// SrcALanes of `rows` in `phase`, from the cache when they match.
    pub fn get(&mut self, rows: &[[u32; 16]; 16], phase: u32) -> &SrcALanes {
        match &mut self.0 {
            Some(c) if c.phase == phase && c.rows == *rows => {}
            Some(c) => {
                c.phase = phase;
                c.rows = *rows;
                c.lanes = SrcALanes::new(rows, phase);
            }
            None => {
                self.0 = Some(Box::new(CachedSrcA {
                    phase,
                    rows: *rows,
                    lanes: SrcALanes::new(rows, phase),
                }));
            }
        }
        &self.0.as_ref().expect("filled above").lanes
    }
}

/// One group of 8 products (k = 8g .. 8g+8) of Dst row i for all 16 columns: the group's
/// exponent and the sum
/// of the products aligned to it, each rounded half away from zero one bit below the group's
/// unit (as [`super::arith::dot16_decoded`]).
///
/// The rounding, exactly: with x = a·b the signed product (|x| < 2^12) and d ≥ 0 the distance
/// to the group's exponent, arith rounds |x|/2^d half up and puts the sign back, i.e.
/// r = ⌊(2x + 2^d)/2^(d+1)⌋ for x ≥ 0 and ⌊(2x + 2^d − 1)/2^(d+1)⌋ for x < 0 (⌈y − 1/2⌉ with
/// y = x/2^d). Times 2 over 2: r = ⌊(w + 2^(d+1))/2^(d+2)⌋ with w = 4x − 2·[x < 0]
/// = z − 1, z = 4x + sign(x) (sign ±1; for x = 0 either sign gives r = 0). Since
/// ⌊(⌊w/2^(d+1)⌋ + 1)/2⌋ = ⌊(w + 2^(d+1))/2^(d+2)⌋, r = ((w >> (d+1)) + 1) >> 1 with
/// arithmetic shifts; and as z is odd, no multiple of 2^(d+1) lies between w = z − 1 and z, so
/// w >> (d+1) = z >> (d+1): **r = ((z >> (d+1)) + 1) >> 1**, z the [`pair`] product. For
/// d + 1 ≥ 31 (arith clamps d at 30; |z| < 2^14) z >> 31 is 0 or −1 and r is 0 either way,
/// as it is for a zero operand's z = 0.
#[inline(always)]
fn group(a: &SrcALanes, b: &SrcBLanes, i: usize, g: usize) -> ([i32; 16], [i32; 16]) {
    // The group's exponent starts at 0 and zero products (ZERO_EXP) never raise it. arith
    // gives a zero product the exponent max(adj, 0) (unadjusted: z0 = max(adj, 0) − adj ≥ 0)
    // and drops the group when its exponent + adj ≤ 0; this gives the same term: with adj ≥ 0,
    // z0 = 0 and non-zero products have exponents ≥ 2; with adj < 0, z0 = −adj and a group
    // whose non-zero products all stay ≤ z0 is dropped both ways, while above z0 the maxima
    // agree.
    let mut top = [0i32; 16];
    for kk in 0..8 {
        let k = 8 * g + kk;
        for j in 0..16 {
            top[j] = top[j].max(a.exp[k][j] + b.exp[i][k]);
        }
    }
    let mut sum = [0i32; 16];
    for kk in 0..8 {
        let k = 8 * g + kk;
        let (b_lo, b_hi) = unpair(b.slice[i][k]);
        for j in 0..16 {
            let d1 = top[j] - (a.exp[k][j] + b.exp[i][k]) + 1;
            let (a_lo, a_hi) = unpair(a.slice[k][j]);
            let z = a_lo * b_lo + a_hi * b_hi;
            sum[j] += ((z >> d1.min(31)) + 1) >> 1;
        }
    }
    (top, sum)
}

/// The 16 columns' group terms: [`Term`]s side by side (a group whose exponent is not
/// positive is the zero term, as in [`super::arith::dot16_decoded`]).
pub(super) struct Terms {
    pub(super) sign: [u32; 16],
    pub(super) exp: [i32; 16],
    pub(super) man: [u32; 16],
}

#[inline(always)]
fn terms(top: [i32; 16], sum: [i32; 16], adj: i32) -> Terms {
    let mut t = Terms {
        sign: [0; 16],
        exp: [0; 16],
        man: [0; 16],
    };
    for j in 0..16 {
        let exp = top[j] + adj;
        let live = exp > 0;
        t.sign[j] = u32::from(live && sum[j] < 0);
        t.exp[j] = if live { exp } else { 0 };
        t.man[j] = if live { sum[j].unsigned_abs() << 13 } else { 0 };
    }
    t
}

/// `arith::align` without branches: `man` aligned from exponent `from` to `to` (≥ from),
/// rounding half up minus the sign bit. Shift amounts ≥ 31 give 0.
#[inline(always)]
fn align(man: u32, from: i32, to: i32, sign: u32) -> u32 {
    let d = (to - from) as u32;
    let half = if d == 0 { 0 } else { 1u32.wrapping_shl(d - 1) };
    let r = (man + half - if d == 0 { 0 } else { sign }).wrapping_shr(d);
    if d >= 31 { 0 } else { r }
}

/// [`super::arith::accumulate`] on 16 columns at once, written without branches so that it
/// vectorizes; the same integer steps (the sum fits in 31 bits: two terms below 2^28 and a
/// Dst mantissa below 2^24).
#[inline(always)]
pub(super) fn accumulate(t0: &Terms, t1: &Terms, dst: &mut [u32; 16], mode: AccMode) {
    let keep: i32 = if mode.exp8 { 16 } else { 13 };
    for j in 0..16 {
        let d = dst[j];
        let dsign = d >> 31;
        let dexp = ((d >> 23) & 0xff) as i32;
        let dman = if dexp == 0 {
            0
        } else {
            (d & 0x7f_ffff) | 0x80_0000
        };
        let exp = t0.exp[j].max(t1.exp[j]).max(dexp);
        let mut m0 = align(t0.man[j], t0.exp[j], exp, t0.sign[j]);
        let mut m1 = align(t1.man[j], t1.exp[j], exp, t1.sign[j]);
        let mut dm = align(dman, dexp, exp, 0);
        if !mode.fp32 {
            m0 = (m0 + (1 << 12) - t0.sign[j]) & !0x1fff;
            m1 = (m1 + (1 << 12) - t1.sign[j]) & !0x1fff;
            dm = (dm + (1 << 12)) & !0x1fff;
        }
        let signed = |m: u32, s: u32| if s == dsign { m as i32 } else { -(m as i32) };
        let total = dm as i32 + signed(m0, t0.sign[j]) + signed(m1, t1.sign[j]);
        let sign = dsign ^ u32::from(total < 0);
        let mut man = total.unsigned_abs();
        let mut shift = man.leading_zeros() as i32 - 8;
        // Wormhole's leading-sign counter mis-normalises −1 (arith::accumulate).
        if sign != 0 && man == 1 {
            shift -= 27;
        }
        let mut e = exp - shift;
        if !mode.fp32 {
            shift -= keep;
        }
        let s = (-shift).max(1) as u32;
        man = if shift < 0 {
            (man + (1 << (s - 1))) >> s
        } else {
            man << shift.clamp(0, 31)
        };
        if !mode.fp32 {
            man <<= keep;
        }
        e += i32::from(man & 0x100_0000 != 0);
        man &= 0x7f_ffff;
        // Overflow saturates: FP32/BF16 to infinity, FP16 to its largest finite value.
        let (limit, sat) = if mode.fp32 || mode.exp8 {
            (255, 255 << 23)
        } else {
            (32, (31 << 23) | (0x3ff << 13))
        };
        let bits = (sign << 31)
            | if e >= limit {
                sat
            } else {
                ((e.max(0) as u32) << 23) | man
            };
        dst[j] = if exp <= 0 || total == 0 || e <= 0 {
            0
        } else {
            bits
        };
    }
}

/// An MVMUL's Src operands: SrcA rows `a` (the dot products' k) and SrcB rows `b` (the Dst
/// rows' i), not yet masked to the Src formats, and the format masks.
pub struct MvmulSrc<'a> {
    pub a: [&'a [u32; 16]; 16],
    pub b: [&'a [u32; 16]; 8],
    pub mask_a: u32,
    pub mask_b: u32,
    /// The stamps of the banks the rows are in (`regs::SrcFile::stamp`), when they are in
    /// Src banks and each row follows from the first (`a[k]` is row `(r + k) mod 64` of the
    /// bank whose row r `a[0]` is; likewise `b`): rows whose first rows are at the same
    /// addresses under the same stamps are the same rows (a stamp names one bank in the
    /// process, regs.rs), so a cache may skip comparing them. `None`: compare them.
    pub stamps: Option<(u64, u64)>,
}

/// MVMUL.md on `dst.len()` (≤ 8) Dst rows: `dst[i][j] += Σ_k b[i][k]·a[k][j]` over the masked
/// Src rows (FP32 patterns in and out, as [`super::arith::accumulate`] keeps them), portable
/// Rust.
pub(super) fn mvmul_generic(
    cache: &mut SrcACache,
    src: &MvmulSrc,
    dst: &mut [[u32; 16]],
    mode: AccMode,
    phase: u32,
) {
    let adj = super::arith::product_exp_adj(mode, phase);
    let a = cache.get(&src.a.map(|row| row.map(|v| v & src.mask_a)), phase);
    let brows = src.b.map(|row| row.map(|v| v & src.mask_b));
    let b = SrcBLanes::new(&brows[..dst.len()], phase);
    for (i, d) in dst.iter_mut().enumerate() {
        let (t0, s0) = group(a, &b, i, 0);
        let (t1, s1) = group(a, &b, i, 1);
        accumulate(&terms(t0, s0, adj), &terms(t1, s1, adj), d, mode);
    }
}

/// What MVMUL keeps between instructions: decoded operands, found again while Src holds the
/// same data ([`SrcACache`] for the portable path, `mvmul_avx2`'s pairs for AVX2).
#[derive(Default)]
pub struct MvmulCache {
    generic: SrcACache,
    #[cfg(target_arch = "x86_64")]
    avx2: super::mvmul_avx2::PairCache,
}

/// MVMUL.md on `dst.len()` (≤ 8) Dst rows ([`mvmul_generic`]) on this host's widest vectors.
pub fn mvmul(
    cache: &mut MvmulCache,
    src: &MvmulSrc,
    dst: &mut [[u32; 16]],
    mode: AccMode,
    phase: u32,
) {
    assert!(dst.len() <= 8, "MVMUL works on at most 8 rows");
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        let wide = super::mvmul_avx2::has_wide();
        return super::mvmul_avx2::mvmul(&mut cache.avx2, src, dst, mode, phase, wide);
    }
    mvmul_generic(&mut cache.generic, src, dst, mode, phase)
}

/// One Dst row of ELWADD: `dst[j] = a[j] + b[j] (+ dst[j])`, the operands already masked to
/// the Src format with zeros (`arith::src_is_zero`) as 0; the same steps as
/// [`super::arith::add1`] (the larger magnitude first, the smaller rounded while aligned, one
/// term accumulated) without branches.
#[inline(always)]
fn add_row_generic(a: &[u32; 16], b: &[u32; 16], dst: &mut [u32; 16], mode: AccMode) {
    let mut t = Terms {
        sign: [0; 16],
        exp: [0; 16],
        man: [0; 16],
    };
    for j in 0..16 {
        let swap = a[j] & 0x3ffff < b[j] & 0x3ffff;
        let (x, y) = if swap { (b[j], a[j]) } else { (a[j], b[j]) };
        let (sx, sy) = (x >> 18 & 1, y >> 18 & 1);
        let ex = ((x >> 10) & 0xff) as i32;
        let ey = ((y >> 10) & 0xff) as i32;
        let mx = if x != 0 { (x & 0x3ff) | 0x400 } else { 0 };
        let my = if y != 0 { (y & 0x3ff) | 0x400 } else { 0 };
        // The larger magnitude has the larger (or equal) exponent: d ≥ 0.
        let d = (ex - ey) as u32;
        let half = if d == 0 { 0 } else { 1u32.wrapping_shl(d - 1) };
        let my = if d >= 12 { 0 } else { (my + half) >> d };
        let man = if sx == sy { mx + my } else { mx - my } << 13;
        let exp = if mode.fp32 && !mode.exp8 {
            if ex != 0 { ex + 127 - 15 } else { 127 - 30 }
        } else {
            ex
        };
        t.sign[j] = sx;
        t.exp[j] = exp;
        t.man[j] = man;
    }
    let zero = Terms {
        sign: [0; 16],
        exp: [0; 16],
        man: [0; 16],
    };
    accumulate(&t, &zero, dst, mode);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn add_row_avx2(a: &[u32; 16], b: &[u32; 16], dst: &mut [u32; 16], mode: AccMode) {
    add_row_generic(a, b, dst, mode)
}

/// One Dst row of ELWADD on this host's widest vectors ([`add_row_generic`]).
pub fn add_row(a: &[u32; 16], b: &[u32; 16], dst: &mut [u32; 16], mode: AccMode) {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: add_row_avx2 only needs AVX2, which the host has (checked just above).
        #[allow(unsafe_code)]
        unsafe {
            return add_row_avx2(a, b, dst, mode);
        }
    }
    add_row_generic(a, b, dst, mode)
}

#[cfg(test)]
mod tests {
    use super::super::arith;
    use super::*;

    /// The four Dst accumulation modes (FP32 or not × 8-bit exponent or not).
    const ALL_MODES: [AccMode; 4] = [
        AccMode {
            fp32: true,
            exp8: true,
        },
        AccMode {
            fp32: false,
            exp8: true,
        },
        AccMode {
            fp32: false,
            exp8: false,
        },
        AccMode {
            fp32: true,
            exp8: false,
        },
    ];

    /// A small deterministic generator (xorshift) for Src datums of every kind: zeros,
    /// small and large exponents, both signs.
    fn next(x: &mut u64) -> u32 {
        let v = crate::test_rng::step(x) as u32;
        match v & 7 {
            0 => 0,
            1 => v & (1 << 18),
            2 => (v & 0x4_03ff) | (((v >> 20) & 0xf) << 10),
            3 => (v & 0x4_03ff) | ((250 + (v >> 28) % 6) << 10),
            _ => (v & 0x4_03ff) | ((110 + ((v >> 20) & 31)) << 10),
        }
    }

    // The ELWADD row kernel must give exactly the per-datum model's bits in every mode,
    // with zero operands, equal magnitudes of both signs and far-apart exponents.
    #[test]
    fn add_rows_match_the_per_datum_model() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for mode in ALL_MODES {
            for _ in 0..400 {
                let mut a = [0u32; 16];
                let mut b = [0u32; 16];
                a.iter_mut().for_each(|v| *v = next(&mut seed));
                b.iter_mut().for_each(|v| *v = next(&mut seed));
                b[5] = a[5] ^ (1 << 18);
                b[6] = a[6];
                let zero = |x: u32| if arith::src_is_zero(x) { 0 } else { x };
                let (a, b) = (a.map(zero), b.map(zero));
                let mut dst = [0u32; 16];
                for (j, d) in dst.iter_mut().enumerate() {
                    *d = if j % 3 == 0 { 0 } else { next(&mut seed) << 13 };
                }
                let mut got = dst;
                add_row(&a, &b, &mut got, mode);
                for j in 0..16 {
                    let want = arith::add1(a[j], b[j], dst[j], mode);
                    assert_eq!(
                        got[j], want,
                        "mode {mode:?} column {j}: {:#x} + {:#x}",
                        a[j], b[j]
                    );
                }
            }
        }
    }

    /// Src datums of the edge classes: zeros of both signs, denormals (flushed to zero), the
    /// smallest and largest exponents, all-ones mantissas (rounding carries), both signs; one
    /// block in four is mostly zeros (groups with one or no non-zero product).
    fn edge(x: &mut u64, sparse: bool) -> u32 {
        let v = next(x);
        let r = (*x >> 32) as u32;
        let sign = r & (1 << 18);
        match r % if sparse { 3 } else { 12 } {
            0 | 1 => sign | ((r >> 8 & 0x3ff) * u32::from(r & 2 != 0)),
            2 => v,
            3 => sign | 0x3ff | ((1 + (r >> 8) % 3) << 10),
            4 => sign | (r >> 8 & 0x3ff) | ((1 + (r >> 8) % 3) << 10),
            5 => sign | 0x3ff | ((253 + (r >> 8) % 3) << 10),
            6 => sign | (r >> 8 & 0x3ff) | (255 << 10),
            7 => sign | 0x3ff | ((120 + (r >> 8) % 16) << 10),
            _ => v,
        }
    }

    /// Dst values (FP32 patterns): zeros, any bits, near overflow and underflow, both signs.
    fn dst_value(x: &mut u64) -> u32 {
        let v = next(x);
        let r = (*x >> 32) as u32;
        match r % 6 {
            0 => 0,
            1 => r,
            2 => (r & 0x807f_ffff) | ((250 + (r >> 8) % 6) << 23),
            3 => (r & 0x807f_ffff) | ((1 + (r >> 8) % 4) << 23),
            4 => (r & 0x807f_ffff) | ((28 + (r >> 8) % 6) << 23),
            _ => v << 13,
        }
    }

    // The whole-MVMUL kernel (AVX2 on this host when it has it) and the portable one must give
    // exactly the per-datum model's bits for every accumulation mode and fidelity phase: zero
    // and denormal operands, the smallest and largest exponents, saturation, both signs,
    // 8-row MVMUL and 4-row GAPOOL blocks. Each block of data runs through all four phases on
    // the same caches (the later phases find the decoded pair again, as a HiFi matmul does;
    // the next block at the same addresses must not), with the SrcA mask of the TF32, BF16
    // and FP16 formats, and with two SrcB blocks at two addresses (two pairs of one SrcA
    // face cached at once, as a matmul's SrcB blocks share a SrcA face). Two blocks in three
    // come with Src stamps, new ones for each block of data (a pair found by its stamps
    // must not outlive its data), every third without (decoded anew). On a host with AVX-512
    // the AVX2 kernel's own accumulation is checked as well.
    #[test]
    fn mvmul_matches_the_per_datum_model() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut stamp = 0;
        let mut fast_cache = MvmulCache::default();
        let mut generic_cache = SrcACache::default();
        // The AVX2 kernel with its own accumulation too, when the host kernel is the
        // AVX-512 one.
        #[cfg(target_arch = "x86_64")]
        let mut narrow_cache = super::super::mvmul_avx2::PairCache::default();
        #[cfg(target_arch = "x86_64")]
        let narrow = std::is_x86_feature_detected!("avx2") && super::super::mvmul_avx2::has_wide();
        for mode in ALL_MODES {
            for n in 0..60 {
                let sparse = n % 4 == 3;
                let rows = if n % 5 == 4 { 4 } else { 8 };
                let mask_a = [0x7_ffff, 0x7_fff8, 0x4_7fff][n % 3];
                let mut srca = [[0u32; 16]; 16];
                let mut srcb = [[[0u32; 16]; 8]; 2];
                srca.iter_mut()
                    .flatten()
                    .for_each(|v| *v = edge(&mut seed, sparse));
                srcb.iter_mut()
                    .flatten()
                    .flatten()
                    .for_each(|v| *v = edge(&mut seed, sparse));
                let mut dst = [[0u32; 16]; 8];
                dst.iter_mut()
                    .flatten()
                    .for_each(|v| *v = dst_value(&mut seed));
                if n == 0 {
                    // A sum of exactly −1 unit (Dst −(1 + 2^-23) plus the product 1 × 1 in
                    // phase 0): Wormhole's leading-sign counter mis-normalises it.
                    srca = [[0; 16]; 16];
                    srcb[0] = [[0; 16]; 8];
                    srca[0] = [127 << 10; 16];
                    srcb[0][0][0] = 127 << 10;
                    dst[0] = [0xbf80_0001; 16];
                }
                // The four phases, then phase 0 again with another SrcA format on the same
                // rows (a cached pair must not be taken for another mask).
                let other_mask = [0x7_fff8, 0x4_7fff, 0x7_ffff][n % 3];
                stamp += 1;
                let stamps = (n % 3 != 2).then_some((stamp, stamp));
                for (phase, mask_a, srcb) in [
                    (0, mask_a, &srcb[0]),
                    (0, mask_a, &srcb[1]),
                    (1, mask_a, &srcb[0]),
                    (2, mask_a, &srcb[1]),
                    (3, mask_a, &srcb[0]),
                    (0, other_mask, &srcb[0]),
                    (0, other_mask, &srcb[1]),
                ] {
                    let src = MvmulSrc {
                        a: std::array::from_fn(|k| &srca[k]),
                        b: std::array::from_fn(|i| &srcb[i]),
                        mask_a,
                        mask_b: !0,
                        stamps,
                    };
                    let mut fast = dst;
                    mvmul(&mut fast_cache, &src, &mut fast[..rows], mode, phase);
                    let mut generic = dst;
                    mvmul_generic(&mut generic_cache, &src, &mut generic[..rows], mode, phase);
                    #[cfg(target_arch = "x86_64")]
                    if narrow {
                        let mut avx2 = dst;
                        let (out, cache) = (&mut avx2[..rows], &mut narrow_cache);
                        super::super::mvmul_avx2::mvmul(cache, &src, out, mode, phase, false);
                        assert_eq!(avx2, fast, "mode {mode:?} phase {phase}: AVX2 kernel");
                    }
                    for i in 0..rows {
                        for j in 0..16 {
                            let col: [u32; 16] = std::array::from_fn(|k| srca[k][j] & mask_a);
                            let want = arith::dot16(&col, &srcb[i], dst[i][j], mode, phase);
                            let at = format!("mode {mode:?} phase {phase} row {i} column {j}");
                            assert_eq!(fast[i][j], want, "{at}: host kernel");
                            assert_eq!(generic[i][j], want, "{at}: portable kernel");
                        }
                    }
                }
            }
        }
    }
}
