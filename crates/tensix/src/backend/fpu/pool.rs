//! GMPOOL.md: a `max` reduction along SrcA's columns, scaled by SrcB's exponents, merged with a
//! Dst row (with the partial `argmax` of the page). Layouts are this model's (regs.rs): Src
//! sign[18] exp[17:10] man[9:0] and Dst in IEEE order, so the page's ReadDst / WriteDst become
//! the field moves below (a 16-bit FP16 datum is an IEEE half; with ArgMax the value sits in
//! Dst32's high 16 bits, the index in its low bits, as the page places them).

use super::{Backend, ExecResult, flip, math_cfg};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Bf16,
    Tf32,
    Fp16,
    Int32,
}

/// The page's Datum: sign, 9-bit exponent, 10-bit magnitude or mantissa.
#[derive(Clone, Copy)]
struct Datum {
    sign: u32,
    exp: u32,
    man: u32,
}

impl Datum {
    /// GMPOOL.md AsComparable.
    fn comparable(self) -> i32 {
        let v = ((self.exp << 10) + self.man) as i32;
        if self.sign != 0 { -v } else { v }
    }
}

/// GMPOOL.md ReadDst on a 32-bit Dst value (16-bit Dst shifted to the high half).
fn read_dst(v: u32, style: Style) -> Datum {
    let sign = v >> 31;
    match style {
        Style::Int32 => Datum {
            sign,
            exp: ((v >> 10) & 0x3f) + (((v >> 24) & 7) << 6),
            man: v & 0x3ff,
        },
        Style::Fp16 => Datum {
            sign,
            exp: ((v >> 26) & 0x1f) + 15,
            man: (v >> 16) & 0x3ff,
        },
        Style::Bf16 | Style::Tf32 => Datum {
            sign,
            exp: ((v >> 23) & 0xff) + 127,
            man: (((v >> 16) & 0x7f) << 3)
                + if style == Style::Tf32 {
                    (v >> 13) & 7
                } else {
                    0
                },
        },
    }
}

/// GMPOOL.md WriteDst (the exponent wraps when SrcB's scale was not 1.0, as the page says).
fn write_dst(d: Datum, style: Style) -> u32 {
    match style {
        Style::Int32 => (d.sign << 31) | ((d.exp & 7) << 10) | d.man,
        Style::Fp16 if d.exp & 0x3f == 0 => 0,
        Style::Fp16 => {
            let e = d.exp.wrapping_sub(15) & 0x1f;
            (d.sign << 31) | (e << 26) | (d.man << 16)
        }
        _ if d.exp & 0x1ff == 0 => 0,
        _ => {
            let e = d.exp.wrapping_sub(127) & 0xff;
            let x = (d.sign << 31) | (e << 23) | (((d.man & 0x3f8) >> 3) << 16);
            if style == Style::Tf32 {
                x + ((d.man & 7) << 13)
            } else {
                x
            }
        }
    }
}

/// GMPOOL.md ReadAndScaleSrc.
fn read_and_scale(a: u32, style: Style, b: u32) -> Datum {
    let (ea, eb) = ((a >> 10) & 0xff, (b >> 10) & 0xff);
    if eb == 0 {
        return Datum {
            sign: 1,
            exp: 0x1ff,
            man: 0x3ff,
        };
    }
    if ea == 0 {
        return Datum {
            sign: 0,
            exp: 0,
            man: 0,
        };
    }
    let man = a & 0x3ff;
    let (exp, man) = match style {
        Style::Fp16 => ((ea & 0x1f) + (eb & 0x1f), man),
        Style::Bf16 => (ea + eb, man & 0x3f8),
        _ => (ea + eb, man),
    };
    Datum {
        sign: (a >> 18) & 1,
        exp: exp & 0x1ff,
        man,
    }
}

/// GMPOOL.md's visitation order (ties in ArgMax) and index transform.
const NONLINEAR_I_TRANSFORM: [u32; 8] = [0, 3, 6, 1, 4, 7, 2, 5];

/// GMPOOL: clear_dvalid[23:22] (Flip bits), AddrMod[18:15], ArgMax[14], DstRow[13:0].
pub(super) fn gmpool(b: &mut Backend, t: usize, w: u32) -> ExecResult {
    let m = math_cfg(b, t);
    if m.int8 {
        return Err("INT8 math is not modelled".into());
    }
    let argmax = (w >> 14) & 1 != 0;
    let dst32 = m.mode.fp32;
    // GMPOOL.md "Determine the data formats" (tt DataFormat: FP16 1, BFP8a 2, BFP4a 3, TF32 4,
    // FP8 10, BFP2a 11, INT8 14 are the 5-bit-exponent group).
    let (src_style, dst_style) = match m.srca_fmt {
        4 if argmax => (Style::Tf32, Style::Int32),
        4 => (Style::Tf32, if dst32 { Style::Tf32 } else { Style::Bf16 }),
        1 | 2 | 3 | 10 | 11 | 14 => (
            Style::Fp16,
            if dst32 && !argmax {
                Style::Tf32
            } else {
                Style::Fp16
            },
        ),
        _ => (
            Style::Bf16,
            if dst32 && !argmax {
                Style::Tf32
            } else {
                Style::Bf16
            },
        ),
    };
    let srca_row = (b.rwc[t].srca & 0x30) as usize;
    let srcb_row = (b.rwc[t].srcb & 0x38) as usize;
    let dst_row = ((w & 0x3fff) + m.dst_base + b.rwc[t].dst) as usize & 0x3fc;
    let (ba, bb) = (b.srca.fpu_bank, b.srcb.fpu_bank);
    for j in 0..16 {
        let dst_val = if dst32 {
            b.dst.read32(dst_row, j)
        } else {
            u32::from(b.dst.read16(dst_row, j)) << 16
        };
        let mut max = read_dst(dst_val, dst_style);
        let mut max_index = dst_val & 0xff;
        let phase = dst_val.wrapping_add(0x100) & 0xf00;
        for i_ in 0..16 {
            let i = if i_ < 8 { i_ ^ 4 } else { i_ };
            let a = b.srca.bank(ba)[srca_row + i][j];
            let s = b.srcb.bank(bb)[srcb_row][i];
            let x = read_and_scale(a, src_style, s);
            if x.comparable() >= max.comparable() {
                max = x;
                if i < 8 {
                    max_index = ((phase >> 4) + NONLINEAR_I_TRANSFORM[i]) & 0xff;
                }
            }
        }
        let out = if argmax && dst_style == Style::Int32 {
            phase | max_index
        } else if argmax {
            write_dst(max, dst_style) | phase | max_index
        } else {
            write_dst(max, dst_style)
        };
        if dst32 {
            b.dst.write32(dst_row, j, out);
            for r in dst_row + 1..dst_row + 4 {
                let v = if argmax {
                    b.dst.read32(r, j).wrapping_add(0x100) & 0xf00
                } else {
                    0
                };
                b.dst.write32(r, j, v);
            }
        } else {
            b.dst.write16(dst_row, j, (out >> 16) as u16);
            for r in dst_row + 1..dst_row + 4 {
                b.dst.write16(r, j, 0);
            }
        }
    }
    flip(b, t, (w >> 22) & 3);
    b.apply_addr_mod(t, (w >> 15) & 0xf, true);
    Ok(())
}
