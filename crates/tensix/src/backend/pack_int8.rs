//! The packers' early format conversion to INT8 / UINT8 from a 32-bit Dst
//! (Packers/FormatConversion.md, "To INT8 (e0m7)" / "To UINT8" from INT32 or FP32, and
//! "Configuring the conversions"): Read_32b_data with IntermediateFormat INT8, then the late
//! conversion INT8 → INT8 is the identity, one byte per datum in L1.
//!
//! Dst INT32 and L1 INT8 are sign-magnitude (FormatConversion.md "Final L1 output format").
//! The conversion is either raw (`Read_raw`, PCK_DEST_RD_CTRL_Read_int8: the sign bit and the
//! low 7 magnitude bits, or for UINT8 the low 8 bits) or shift, round, saturate: the
//! magnitude shifts right by ShiftAmount (INT_DESCALE), the shifted-out bits round it to
//! nearest with ties away from zero (the page's deterministic rounding), then it saturates to
//! 127 keeping the sign, or for UINT8 to 0..=255 with negative values becoming 0 (the page's
//! "saturate (0 to 255)"; ttsim tensix.cpp:2306 clamps negatives to 0 too). The FP32 raw case
//! ("sign bit and low 7 bits of mantissa") takes the same bits.

use super::config::{CfgField, cfg};
use std::sync::OnceLock;

struct Fields {
    read_raw: CfgField,
    read_unsigned: CfgField,
    descale_enable: CfgField,
    descale_mode: CfgField,
    descale_value: CfgField,
}

fn fields() -> &'static Fields {
    static F: OnceLock<Fields> = OnceLock::new();
    F.get_or_init(|| Fields {
        read_raw: cfg("PCK_DEST_RD_CTRL_Read_int8"),
        read_unsigned: cfg("PCK_DEST_RD_CTRL_Read_unsigned"),
        descale_enable: cfg("INT_DESCALE_Enable"),
        descale_mode: cfg("INT_DESCALE_Mode"),
        descale_value: cfg("INT_DESCALE_VALUES_SEC0_Value"),
    })
}

/// The INT8 early conversion's configuration, read once per PACR.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Int8Read {
    raw: bool,
    unsigned: bool,
    shift: u32,
}

impl Int8Read {
    /// From the thread's config bank; `read32` is PCK_DEST_RD_CTRL_Read_32b_data.
    pub(super) fn from_config(bank: &[u32], read32: bool) -> Result<Int8Read, String> {
        let f = fields();
        if !read32 {
            return Err("INT8 from a 16-bit Dst (sign bit only) is not modelled".into());
        }
        let shift = if f.descale_enable.get(bank) == 0 {
            0
        } else if f.descale_mode.get(bank) != 0 {
            return Err("INT_DESCALE_Mode 1 (a shift per Z) is not modelled".into());
        } else {
            f.descale_value.get(bank) & 0x1f
        };
        Ok(Int8Read {
            raw: f.read_raw.get(bank) != 0,
            unsigned: f.read_unsigned.get(bank) != 0,
            shift,
        })
    }

    /// One 32-bit Dst datum as the INT8 / UINT8 byte.
    pub(super) fn convert(self, v: u32) -> u32 {
        let (sign, mag) = (v >> 31, v & 0x7fff_ffff);
        match (self.raw, self.unsigned) {
            (true, false) => (sign << 7) | (mag & 0x7f),
            (true, true) => mag & 0xff,
            (false, unsigned) => {
                let rounded = if self.shift == 0 {
                    mag
                } else {
                    (mag >> self.shift) + ((mag >> (self.shift - 1)) & 1)
                };
                match (unsigned, sign) {
                    (false, _) => (sign << 7) | rounded.min(127),
                    (true, 1) => 0,
                    (true, _) => rounded.min(255),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIGNED: Int8Read = Int8Read {
        raw: false,
        unsigned: false,
        shift: 0,
    };

    // FormatConversion.md: INT32 → INT8 saturates the magnitude to 127 and keeps the sign;
    // raw keeps the sign and the low 7 bits; UINT8 saturates to 0..=255, negatives to 0.
    #[test]
    fn int32_to_int8_saturates_or_takes_low_bits() {
        assert_eq!(SIGNED.convert(100), 100);
        assert_eq!(SIGNED.convert(0x8000_0005), 0x85, "−5");
        assert_eq!(SIGNED.convert(1000), 127);
        assert_eq!(SIGNED.convert(0x8000_03e8), 0xff, "−1000 → −127");
        let raw = Int8Read {
            raw: true,
            ..SIGNED
        };
        assert_eq!(raw.convert(0x8000_0185), 0x85, "sign | 0x185 & 0x7f");
        let unsigned = Int8Read {
            unsigned: true,
            ..SIGNED
        };
        assert_eq!(unsigned.convert(200), 200);
        assert_eq!(unsigned.convert(300), 255);
        assert_eq!(unsigned.convert(0x8000_0003), 0);
        let unsigned_raw = Int8Read {
            raw: true,
            ..unsigned
        };
        assert_eq!(unsigned_raw.convert(0x1ab), 0xab);
    }

    // "Shift then round": the shifted-out bits round to nearest, ties away from zero, on the
    // magnitude (sign-magnitude data), before saturation.
    #[test]
    fn shift_rounds_ties_away_then_saturates() {
        let s = |shift| Int8Read { shift, ..SIGNED };
        assert_eq!(s(2).convert(10), 3, "2.5 → 3");
        assert_eq!(s(2).convert(9), 2, "2.25 → 2");
        assert_eq!(s(2).convert(0x8000_000a), 0x83, "−2.5 → −3");
        assert_eq!(s(4).convert(16 * 127 + 8), 127, "127.5 → 128 → saturates");
        assert_eq!(s(31).convert(0x4000_0000), 1, "2^30 / 2^31 = 0.5 → 1");
    }
}
