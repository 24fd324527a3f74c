//! MVMUL's and ELWADD/ELWSUB's datapaths on whole Dst rows: the same arithmetic as
//! [`super::arith::dot16_decoded`] and [`super::arith::add1`] (the per-datum models, MVMUL.md and
//! ELWADD.md with ttsim's rounding rules), laid out with the 16 output columns side by side so
//! that the compiler turns each step into vector instructions. Every product
//! of a 5-bit SrcA slice and a 7-bit SrcB slice is exact in 32-bit integers, so the group
//! alignment and rounding are integer shifts per column; only the final accumulation into
//! Dst (renormalisation) stays per datum.

// The lane loops index several arrays by the same column or k, the form the vectorizer takes.
#![allow(clippy::needless_range_loop)]

use super::arith::{AccMode, Operand};

/// An exponent that marks a zero operand: the sum of two stays negative.
const ZERO_EXP: i32 = -(1 << 20);

/// SrcA decoded once for one MVMUL: per SrcA row k (the dot product's index) and column j.
pub struct SrcALanes {
    exp: [[i32; 16]; 16],
    slice: [[i32; 16]; 16],
    /// 0 or -1 (a sign mask).
    sign: [[i32; 16]; 16],
}

/// One SrcB row decoded: per k.
#[derive(Clone, Copy)]
pub struct SrcBRow {
    exp: [i32; 16],
    slice: [i32; 16],
    sign: [i32; 16],
}

fn lane(o: Operand) -> (i32, i32, i32) {
    if o.zero {
        (ZERO_EXP, 0, 0)
    } else {
        (o.exp, o.slice as i32, -(o.sign as i32))
    }
}

impl SrcALanes {
    /// `rows[k][j]`: SrcA row k, already masked to the Src format.
    pub fn new(rows: &[[u32; 16]; 16], phase: u32) -> SrcALanes {
        let mut a = SrcALanes {
            exp: [[0; 16]; 16],
            slice: [[0; 16]; 16],
            sign: [[0; 16]; 16],
        };
        for k in 0..16 {
            for j in 0..16 {
                let (e, s, g) = lane(Operand::srca(rows[k][j], phase));
                a.exp[k][j] = e;
                a.slice[k][j] = s;
                a.sign[k][j] = g;
            }
        }
        a
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
        let hit = matches!(&self.0, Some(c) if c.phase == phase && c.rows == *rows);
        if !hit {
            self.0 = Some(Box::new(CachedSrcA {
                phase,
                rows: *rows,
                lanes: SrcALanes::new(rows, phase),
            }));
        }
        &self.0.as_ref().expect("filled above").lanes
    }
}

impl SrcBRow {
    /// One SrcB row, already masked to the Src format.
    pub fn new(row: &[u32; 16], phase: u32) -> SrcBRow {
        let mut b = SrcBRow {
            exp: [0; 16],
            slice: [0; 16],
            sign: [0; 16],
        };
        for k in 0..16 {
            (b.exp[k], b.slice[k], b.sign[k]) = lane(Operand::srcb(row[k], phase));
        }
        b
    }
}

/// One group of 8 products (k = 8g .. 8g+8) for all 16 columns: the group's exponent (the
/// largest product exponent; a zero product counts with `zero_exp`) and the sum of the
/// products aligned to it, each rounded half away from zero one bit below the group's unit
/// (as [`super::arith::dot16_decoded`]).
#[inline(always)]
fn group(a: &SrcALanes, b: &SrcBRow, g: usize, zero_exp: i32) -> ([i32; 16], [i32; 16]) {
    let mut e = [[0i32; 16]; 8];
    let mut m = [[0u32; 16]; 8];
    let mut s = [[0i32; 16]; 8];
    let mut top = [i32::MIN; 16];
    for kk in 0..8 {
        let k = 8 * g + kk;
        let (be, bm, bs) = (b.exp[k], b.slice[k], b.sign[k]);
        for j in 0..16 {
            let x = a.exp[k][j] + be;
            let x = if x < 0 { zero_exp } else { x };
            e[kk][j] = x;
            m[kk][j] = (a.slice[k][j] * bm) as u32;
            s[kk][j] = a.sign[k][j] ^ bs;
            top[j] = top[j].max(x);
        }
    }
    let mut sum = [0i32; 16];
    for kk in 0..8 {
        for j in 0..16 {
            let d = ((top[j] - e[kk][j]) as u32).min(30);
            let r = (((m[kk][j] << 1) + (1 << d)) >> (d + 1)) as i32;
            sum[j] += (r ^ s[kk][j]) - s[kk][j];
        }
    }
    (top, sum)
}

/// The 16 columns' group terms: [`Term`]s side by side (a group whose exponent is not
/// positive is the zero term, as in [`super::arith::dot16_decoded`]).
struct Terms {
    sign: [u32; 16],
    exp: [i32; 16],
    man: [u32; 16],
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
fn accumulate(t0: &Terms, t1: &Terms, dst: &mut [u32; 16], mode: AccMode) {
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

/// One Dst row of MVMUL: `dst[j] += Σ_k b[k]·a[k][j]` (FP32 patterns in, FP32 patterns out,
/// as [`super::arith::accumulate`] keeps them).
#[inline(always)]
fn row_generic(a: &SrcALanes, b: &SrcBRow, dst: &mut [u32; 16], mode: AccMode, adj: i32) {
    // A zero product's exponent is `adj` clamped at 0 (arith::dot16_decoded), here without adj.
    let zero_exp = adj.max(0) - adj;
    let (t0, s0) = group(a, b, 0, zero_exp);
    let (t1, s1) = group(a, b, 1, zero_exp);
    accumulate(&terms(t0, s0, adj), &terms(t1, s1, adj), dst, mode);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn row_avx2(a: &SrcALanes, b: &SrcBRow, dst: &mut [u32; 16], mode: AccMode, adj: i32) {
    row_generic(a, b, dst, mode, adj)
}

/// One Dst row of MVMUL on this host's widest vectors.
pub fn row(a: &SrcALanes, b: &SrcBRow, dst: &mut [u32; 16], mode: AccMode, adj: i32) {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: row_avx2 only needs AVX2, which the host has (checked just above).
        #[allow(unsafe_code)]
        unsafe {
            return row_avx2(a, b, dst, mode, adj);
        }
    }
    row_generic(a, b, dst, mode, adj)
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

    /// A small deterministic generator (xorshift) for Src datums of every kind: zeros,
    /// small and large exponents, both signs.
    fn next(x: &mut u64) -> u32 {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        let v = *x as u32;
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
        for mode in [(true, true), (false, true), (false, false), (true, false)] {
            let mode = AccMode {
                fp32: mode.0,
                exp8: mode.1,
            };
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

    // The row kernel must give exactly the per-datum model's bits for every accumulation mode
    // and fidelity phase, including zero operands and far-apart exponents.
    #[test]
    fn rows_match_the_per_datum_model() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for mode in [(true, true), (false, true), (false, false), (true, false)] {
            let mode = AccMode {
                fp32: mode.0,
                exp8: mode.1,
            };
            for phase in 0..4 {
                for _ in 0..40 {
                    let mut srca = [[0u32; 16]; 16];
                    let mut srcb = [0u32; 16];
                    srca.iter_mut().flatten().for_each(|v| *v = next(&mut seed));
                    srcb.iter_mut().for_each(|v| *v = next(&mut seed));
                    let mut dst = [0u32; 16];
                    for (j, d) in dst.iter_mut().enumerate() {
                        *d = if j % 3 == 0 { 0 } else { next(&mut seed) << 13 };
                    }
                    let adj = arith::product_exp_adj(mode, phase);
                    let mut got = dst;
                    row(
                        &SrcALanes::new(&srca, phase),
                        &SrcBRow::new(&srcb, phase),
                        &mut got,
                        mode,
                        adj,
                    );
                    for j in 0..16 {
                        let col: [u32; 16] = std::array::from_fn(|k| srca[k][j]);
                        let want = arith::dot16(&col, &srcb, dst[j], mode, phase);
                        assert_eq!(got[j], want, "mode {mode:?} phase {phase} column {j}");
                    }
                }
            }
        }
    }
}
