//! SFPMAD / SFPADD / SFPMUL (SFPMAD.md, SFPADD.md, SFPMUL.md).
//!
//! SFPMAD.md: denormal inputs act as zero, one rounding (to nearest, ties to even) of a
//! product kept "in higher precision than FP32", a denormal or −0 result becomes +0. We compute
//! the product and sum fused (`f32::mul_add`, correctly rounded). notes/ttsim.md: ttsim keeps
//! the product to 24–25 bits plus a sticky bit (fma.cpp:213-214), which differs from a full
//! fused result only when the low product bits decide a rounding tie; and ttsim drops products
//! below the normal range and turns overflowing products into infinities before the add
//! (fma.cpp:220-240), where we follow the page.

use super::{LANES, Sfpu};
use crate::backend::ExecResult;

#[inline]
fn flush_in(x: u32) -> f32 {
    if x & 0x7f80_0000 == 0 {
        f32::from_bits(x & 0x8000_0000)
    } else {
        f32::from_bits(x)
    }
}

/// One lane of SFPMAD.
pub fn mad1(a: u32, b: u32, c: u32) -> u32 {
    let d = flush_in(a).mul_add(flush_in(b), flush_in(c));
    let bits = d.to_bits();
    if bits & 0x7f80_0000 == 0 && !d.is_nan() {
        0
    } else {
        bits
    }
}

/// lreg_src_a[23:16] (VA in its low 4 bits), lreg_src_b[15:12], lreg_src_c[11:8],
/// lreg_dest[7:4], instr_mod1[3:0]. SFPADD.md and SFPMUL.md: "as per SFPMAD" (software names
/// LReg 10 = 1.0 as a factor for an add, LReg 9 = 0 as the addend for a multiply).
pub fn mad(s: &mut Sfpu, w: u32) -> ExecResult {
    let va = ((w >> 16) & 15) as usize;
    let vb = ((w >> 12) & 15) as usize;
    let vc = ((w >> 8) & 15) as usize;
    let vd = ((w >> 4) & 15) as usize;
    let mod1 = w & 15;
    if mod1 & 3 != 0 {
        return Err(format!(
            "Mod1 {mod1:#x} (sign/rounding modes) is not modelled yet"
        ));
    }
    for lane in 0..LANES {
        if !s.lane_enabled(lane) {
            continue;
        }
        let a_idx = if mod1 & 4 != 0 {
            (s.lregs[7][lane] & 15) as usize
        } else {
            va
        };
        let (a, b, c) = (s.lregs[a_idx][lane], s.lregs[vb][lane], s.lregs[vc][lane]);
        let d = mad1(a, b, c);
        let d_idx = if mod1 & 8 != 0 && vd != 16 {
            (s.lregs[7][lane] & 15) as usize
        } else {
            vd
        };
        if d_idx < 8 || d_idx == 16 {
            s.lregs[d_idx][lane] = d;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    // SFPMAD.md: a·b + c rounded once; denormal inputs as zero; −0 and denormal results +0.
    #[test]
    fn mad_rounding_and_flushing() {
        let f = |x: f32| x.to_bits();
        assert_eq!(mad1(f(1.5), f(2.0), f(0.25)), f(3.25));
        // Fused: (1 + 2^-23)·(1 − 2^-23) + (−1) = −2^-46 exactly, not 0.
        let one_up = f32::from_bits(0x3f80_0001);
        let one_down = f32::from_bits(0x3f7f_fffe);
        assert_eq!(mad1(f(one_up), f(one_down), f(-1.0)), f(-(2f32.powi(-46))));
        assert_eq!(
            mad1(0x0000_0001, f(1.0), f(2.0)),
            f(2.0),
            "denormal input is zero"
        );
        assert_eq!(mad1(f(-1.0), f(0.0), f(0.0)), 0, "−0 becomes +0");
        assert_eq!(mad1(f(1e-30), f(1e-10), 0), 0, "denormal result becomes +0");
    }
}
