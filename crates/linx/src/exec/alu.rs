//! Integer semantics shared by the scalar instruction forms.
//!
//! Sources: `semantics_conventions.json` (v0.4; SrcRType, shifts, division, multiplication,
//! bitfields) and the Sail model's `execute.sail` where the conventions are silent. Written in
//! our own words; every rule names where it comes from.

/// How `SrcRType` modifies the right operand before any shift (`semantics_conventions.json`
/// `srcrtype`): 0 none, 1 `.sw` (sign-extend the low 32 bits), 2 `.uw` (zero-extend them),
/// 3 `.neg` (arithmetic families) or `.not` (logical families).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RType {
    None,
    Sw,
    Uw,
    /// Negate (add/sub) or complement (and/or/xor); see [`modify`].
    Invert,
}

impl RType {
    pub fn from_code(code: u8) -> Self {
        match code & 3 {
            0 => Self::None,
            1 => Self::Sw,
            2 => Self::Uw,
            _ => Self::Invert,
        }
    }
}

/// The family an operand modifier is applied in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// `.neg` negates (ADD/SUB, load/store indices).
    Arith,
    /// `.not` complements (AND/OR/XOR, CMP.AND/OR, SETC.AND/OR).
    Logic,
    /// Compares allow only `.sw/.uw`; code 3 is treated as no modifier ("11_as_00").
    Compare,
}

/// Apply `SrcRType` then the left shift (`order`: modifier first, then shift).
#[inline]
pub fn modify(value: u64, rtype: RType, family: Family, shamt: u32) -> u64 {
    let v = match (rtype, family) {
        (RType::None, _) | (RType::Invert, Family::Compare) => value,
        (RType::Sw, _) => value as i32 as i64 as u64,
        (RType::Uw, _) => value as u32 as u64,
        (RType::Invert, Family::Arith) => value.wrapping_neg(),
        (RType::Invert, Family::Logic) => !value,
    };
    v.wrapping_shl(shamt)
}

/// Sign-extend the low 32 bits (every `*W` result is written this way).
#[inline]
pub fn sext32(v: u64) -> u64 {
    v as i32 as i64 as u64
}

/// Sign-extend the low `bits` bits.
#[inline]
pub fn sext(v: u64, bits: u32) -> u64 {
    if bits >= 64 {
        v
    } else {
        let sh = 64 - bits;
        (((v << sh) as i64) >> sh) as u64
    }
}

/// The low `n` bits set (`n` in 0..=64).
#[inline]
pub fn mask(n: u32) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// Signed division, ARM-like (`division`): x/0 = 0, MIN/-1 = MIN, rounding toward zero.
#[inline]
pub fn div_s(a: i64, b: i64) -> i64 {
    if b == 0 { 0 } else { a.wrapping_div(b) }
}

/// Signed remainder: x%0 = x, MIN%-1 = 0.
#[inline]
pub fn rem_s(a: i64, b: i64) -> i64 {
    if b == 0 { a } else { a.wrapping_rem(b) }
}

/// Unsigned division: x/0 = 0.
#[inline]
pub fn div_u(a: u64, b: u64) -> u64 {
    a.checked_div(b).unwrap_or(0)
}

/// Unsigned remainder: x%0 = x.
#[inline]
pub fn rem_u(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { a % b }
}

/// The n-bit field of `x` starting at bit `m` on the 64-bit ring (`bitfields`: field[i] =
/// x[(m + i) mod 64], i.e. `ror(x, m) & mask(n)`).
#[inline]
pub fn field(x: u64, m: u32, n: u32) -> u64 {
    x.rotate_right(m) & mask(n)
}

/// REV: the byte order of the field reversed; 0 when `n` is not a multiple of 8.
pub fn rev(x: u64, m: u32, n: u32) -> u64 {
    if !n.is_multiple_of(8) {
        return 0;
    }
    let f = field(x, m, n);
    f.swap_bytes() >> (64 - n)
}

/// Leading zeros within an n-bit field.
pub fn clz_n(f: u64, n: u32) -> u64 {
    u64::from(f.leading_zeros() - (64 - n))
}

/// Trailing zeros within an n-bit field (n when it is zero).
pub fn ctz_n(f: u64, n: u32) -> u64 {
    u64::from(f.trailing_zeros().min(n))
}

/// BIS / BIC: set or clear the n-bit field at `m` (ring positions).
pub fn set_field(x: u64, m: u32, n: u32, set: bool) -> u64 {
    let r = x.rotate_right(m);
    let r = if set { r | mask(n) } else { r & !mask(n) };
    r.rotate_left(m)
}

/// HL.BFI: insert the low bits of `src` into `base` at ring position `immr`, the width coming
/// from `immr`/`imms` as in the Sail model (`exec_hl_bfi`).
pub fn bfi(base: u64, src: u64, immr: u32, imms: u32) -> u64 {
    let n = if imms >= immr {
        imms - immr + 1
    } else {
        imms + 64 - immr + 1
    };
    let r = base.rotate_right(immr);
    ((r & !mask(n)) | (src & mask(n))).rotate_left(immr)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn srcrtype_applies_before_the_shift() {
        let v = 0xffff_ffff_8000_0001;
        assert_eq!(
            modify(v, RType::Sw, Family::Arith, 1),
            0xffff_ffff_0000_0002
        );
        assert_eq!(modify(v, RType::Uw, Family::Arith, 0), 0x8000_0001);
        assert_eq!(modify(5, RType::Invert, Family::Arith, 2), (-20i64) as u64);
        assert_eq!(modify(5, RType::Invert, Family::Logic, 0), !5);
        assert_eq!(modify(5, RType::Invert, Family::Compare, 0), 5);
    }

    #[test]
    fn division_never_traps() {
        assert_eq!(div_s(7, 0), 0);
        assert_eq!(rem_s(7, 0), 7);
        assert_eq!(div_s(i64::MIN, -1), i64::MIN);
        assert_eq!(rem_s(i64::MIN, -1), 0);
        assert_eq!(div_u(7, 0), 0);
        assert_eq!(rem_u(7, 0), 7);
        assert_eq!(div_s(-7, 2), -3, "rounds toward zero");
    }

    #[test]
    fn bitfields_wrap_around_the_ring() {
        assert_eq!(field(0xabcd, 4, 8), 0xbc);
        assert_eq!(field(0x8000_0000_0000_0001, 63, 2), 0b11);
        assert_eq!(rev(0x1122_3344, 0, 32), 0x4433_2211);
        assert_eq!(rev(0x1122, 0, 12), 0);
        assert_eq!(clz_n(1, 8), 7);
        assert_eq!(ctz_n(0, 8), 8);
        assert_eq!(set_field(0, 62, 4, true), 0xc000_0000_0000_0003);
        assert_eq!(set_field(u64::MAX, 0, 8, false), !0xff);
        assert_eq!(bfi(0xffff_ffff, 0, 8, 15), 0xffff_00ff);
    }
}
