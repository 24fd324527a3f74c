//! Blackhole's SFPARECIP (BlackholeA0/TensixTile/TensixCoprocessor/SFPARECIP.md, new in
//! Blackhole): approximate reciprocal or exponential by table lookup, the page's
//! `ApproxRecip` and `ApproxExp` with their tables (the hardware's, transcribed from the page).

use super::{Insn, LANES, Sfpu};
use crate::backend::ExecResult;

/// SFPARECIP.md `ApproxRecip`'s table: the top 8 mantissa bits of 1/x by x's top 7.
const RECIP_LUT: [u8; 128] = [
    127, 125, 123, 121, 119, 117, 116, 114, 112, 110, 109, 107, 105, 104, 102, 100, 99, 97, 96, 94,
    93, 91, 90, 88, 87, 85, 84, 83, 81, 80, 79, 77, 76, 75, 74, 72, 71, 70, 69, 68, 66, 65, 64, 63,
    62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43, 42, 41, 40, 40,
    39, 38, 37, 36, 35, 35, 34, 33, 32, 31, 31, 30, 29, 28, 28, 27, 26, 25, 25, 24, 23, 23, 22, 21,
    21, 20, 19, 19, 18, 17, 17, 16, 15, 15, 14, 14, 13, 12, 12, 11, 11, 10, 9, 9, 8, 8, 7, 7, 6, 5,
    5, 4, 4, 3, 3, 2, 2, 1, 1, 0,
];

/// SFPARECIP.md `ApproxExp`'s table, indexed by `(x >> 16) - 0x3c80` for 2^-6 ≤ x < 2.
const EXP_LUT: [u8; 896] = [
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4,
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5,
    5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 6, 6, 6, 6,
    6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7,
    7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 8, 8, 8, 8, 8, 8, 8,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 10, 10, 10,
    10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11,
    11, 11, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 13, 13, 13, 13, 13, 13, 13,
    13, 13, 13, 13, 13, 13, 13, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 15, 15, 15,
    15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 17, 17, 17, 17, 17, 17, 17, 18, 18, 18, 18, 18, 18, 18, 19, 19, 19, 19, 19, 19, 19, 20,
    20, 20, 20, 20, 20, 20, 21, 21, 21, 21, 21, 21, 21, 22, 22, 22, 22, 22, 22, 22, 23, 23, 23, 23,
    23, 23, 24, 24, 24, 24, 24, 24, 24, 25, 25, 25, 25, 25, 25, 25, 26, 26, 26, 26, 26, 26, 27, 27,
    27, 27, 27, 27, 27, 28, 28, 28, 28, 28, 28, 28, 29, 29, 29, 29, 29, 29, 30, 30, 30, 30, 30, 30,
    30, 31, 31, 31, 31, 31, 31, 32, 32, 32, 32, 32, 32, 33, 33, 33, 33, 33, 33, 33, 34, 34, 34, 34,
    34, 34, 35, 35, 35, 35, 35, 35, 36, 36, 36, 36, 36, 37, 37, 37, 38, 38, 38, 39, 39, 39, 40, 40,
    40, 41, 41, 41, 42, 42, 42, 43, 43, 43, 44, 44, 44, 45, 45, 45, 46, 46, 46, 47, 47, 47, 48, 48,
    49, 49, 49, 50, 50, 50, 51, 51, 51, 52, 52, 52, 53, 53, 53, 54, 54, 54, 55, 55, 56, 56, 56, 57,
    57, 57, 58, 58, 58, 59, 59, 60, 60, 60, 61, 61, 61, 62, 62, 63, 63, 63, 64, 64, 64, 65, 65, 66,
    66, 66, 67, 67, 67, 68, 68, 69, 69, 69, 70, 70, 71, 71, 71, 72, 72, 72, 73, 73, 74, 74, 74, 75,
    75, 76, 76, 76, 77, 77, 78, 78, 78, 79, 79, 80, 80, 80, 81, 81, 82, 82, 83, 83, 84, 85, 86, 87,
    88, 88, 89, 90, 91, 92, 93, 94, 94, 95, 96, 97, 98, 99, 100, 101, 101, 102, 103, 104, 105, 106,
    107, 108, 109, 110, 111, 112, 113, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124,
    125, 126, 127, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12,
    13, 13, 14, 15, 15, 16, 16, 17, 17, 18, 19, 19, 20, 20, 21, 21, 22, 23, 23, 24, 24, 25, 26, 26,
    27, 27, 28, 29, 29, 30, 31, 31, 32, 32, 33, 34, 34, 35, 36, 36, 37, 38, 38, 39, 39, 40, 41, 41,
    42, 43, 43, 44, 45, 45, 47, 48, 50, 51, 52, 54, 55, 57, 58, 60, 61, 63, 64, 66, 67, 69, 70, 72,
    73, 75, 76, 78, 80, 81, 83, 85, 86, 88, 90, 91, 93, 95, 97, 98, 100, 102, 104, 106, 107, 109,
    111, 113, 115, 117, 119, 121, 123, 125, 127, 128, 129, 130, 131, 132, 133, 134, 135, 136, 137,
    139, 140, 141, 142, 143, 144, 145, 146, 147, 149, 150, 151, 152, 153, 155, 156, 157, 158, 159,
    161, 162, 163, 165, 166, 167, 168, 170, 171, 172, 174, 175, 177, 178, 179, 181, 182, 184, 185,
    187, 188, 189, 191, 192, 194, 196, 197, 199, 200, 202, 203, 205, 207, 208, 210, 211, 213, 215,
    216, 218, 220, 222, 223, 225, 227, 229, 230, 232, 234,
];

/// SFPARECIP.md `ApproxRecip` of a non-negative FP32 pattern.
pub fn approx_recip(x: u32) -> u32 {
    if x < 0x0080_0000 {
        0x7f80_0000
    } else if x < 0x7e80_0000 {
        ((253 - (x >> 23)) << 23) | u32::from(RECIP_LUT[((x >> 16) & 0x7f) as usize]) << 16
    } else {
        0
    }
}

/// SFPARECIP.md `ApproxExp` of a non-negative FP32 pattern.
pub fn approx_exp(x: u32) -> u32 {
    let lut = |x: u32| u32::from(EXP_LUT[((x >> 16) - 0x3c80) as usize]) << 16;
    if x < 0x0080_0000 {
        0x3f80_0000
    } else if x < 0x3c80_0000 {
        0x3f81_0000 | (x & 0xffff)
    } else if x < 0x3f32_0000 {
        0x3f80_0000 | lut(x) | (x & 0xffff)
    } else if x < 0x4000_0000 {
        0x4000_0000 | lut(x) | (x & 0xffff)
    } else {
        0x4080_0000 | (x & 0xffff)
    }
}

/// SFPARECIP: Mod1 0 RECIP (sign kept), 1 COND_RECIP (1/|VC| where LReg[VB] < 0, else VC
/// unchanged), 2 and above EXP (sign kept).
pub fn arecip(s: &mut Sfpu, i: &Insn) -> ExecResult {
    let (vb, vc, vd) = (i.vb_or_vd(), i.vc_or_vd(), i.vd);
    if !(vd < 8 || vd == 16) {
        return Ok(());
    }
    for lane in 0..LANES {
        if !s.lane_enabled(lane) {
            continue;
        }
        let x = s.lregs[vc][lane];
        let sign = x & 0x8000_0000;
        s.lregs[vd][lane] = match i.mode {
            0 => sign + approx_recip(x - sign),
            1 if (s.lregs[vb][lane] as i32) < 0 => approx_recip(x - sign),
            1 => x,
            _ => sign + approx_exp(x - sign),
        };
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    // SFPARECIP.md "Approximation accuracy": for 2^-126 ≤ x < 2^126, 0.9944/x < ApproxRecip(x)
    // < 1.0054/x, 0 or Inf outside; ApproxRecip(1.0) = 0.99609375; for 0 ≤ x < 2,
    // 0.9922·e^x < ApproxExp(x) < 1.016·e^x; ApproxExp(1.0) = 2.703125.
    #[test]
    fn accuracy_stated_by_the_page() {
        assert_eq!(f32::from_bits(approx_recip(1.0f32.to_bits())), 0.996_093_75);
        assert_eq!(f32::from_bits(approx_exp(1.0f32.to_bits())), 2.703_125);
        // Every table entry: the first and last mantissa of each of its 2^16-wide buckets.
        for e in [1u32, 100, 127, 128, 200, 252] {
            for m in (0..1u32 << 23)
                .step_by(1 << 15)
                .flat_map(|m| [m, m | 0xffff])
            {
                let x = e << 23 | m;
                let r = f64::from(f32::from_bits(approx_recip(x))) * f64::from(f32::from_bits(x));
                assert!(0.9944 < r && r < 1.0054, "ApproxRecip({x:#x}) · x = {r}");
            }
        }
        assert_eq!(approx_recip(0x0070_0000), 0x7f80_0000);
        assert_eq!(approx_recip(0x7e80_0000), 0);
        for x in (0..0x4000_0000u32)
            .step_by(0x1_0000)
            .flat_map(|x| [x, x | 0xffff])
        {
            let v = f64::from(f32::from_bits(x));
            let r = f64::from(f32::from_bits(approx_exp(x))) / v.exp();
            assert!(0.9922 < r && r < 1.016, "ApproxExp({x:#x}) / e^x = {r}");
        }
    }

    // SFPARECIP.md functional model: the three modes, signs, LReg[VB]'s sign for COND_RECIP.
    #[test]
    fn modes() {
        let mut s = Sfpu {
            blackhole: true,
            ..Sfpu::default()
        };
        set(&mut s, 1, |l| {
            if l % 2 == 0 { 4.0f32 } else { -4.0 }.to_bits()
        });
        set(&mut s, 3, |l| if l < 16 { 0x8000_0000 } else { 1 });
        ok(&mut s, "SFPARECIP 0, 1, 2, 0");
        assert_eq!(f32::from_bits(s.lregs[2][0]), 0.249_023_44);
        assert_eq!(f32::from_bits(s.lregs[2][1]), -0.249_023_44);
        ok(&mut s, "SFPARECIP 3, 1, 2, 1");
        assert_eq!(f32::from_bits(s.lregs[2][1]), 0.249_023_44, "sign dropped");
        assert_eq!(f32::from_bits(s.lregs[2][17]), -4.0, "VB ≥ 0: unchanged");
        set(&mut s, 1, |l| {
            if l % 2 == 0 { 1.0f32 } else { -1.0 }.to_bits()
        });
        ok(&mut s, "SFPARECIP 0, 1, 2, 2");
        assert_eq!(f32::from_bits(s.lregs[2][0]), 2.703_125);
        assert_eq!(f32::from_bits(s.lregs[2][1]), -2.703_125);
    }
}
