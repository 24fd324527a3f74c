//! GSTATE, the first-layer architectural state shared by every block type (seed 003 Check 2,
//! manual `03_programming_model.adoc` §LXCPU): 24 GPRs, the system status registers (SSRs) and
//! FCSR. The 32 tile registers are in [`crate::state::tile`]; the block-local second layer (BSTATE:
//! hands, BARG, loop bounds) is in [`crate::state::block`].
//!
//! The 5-bit register code space (`registers.reg5`, notes §2.4) is resolved here:
//!
//! | code | as a source | as a destination |
//! |---|---|---|
//! | 0 | `zero`, reads 0 | no output (dropped) |
//! | 1..=23 | `sp a0..a7 ra s0..s8 x0..x3` | the GPR |
//! | 24..=27 | `t#1..t#4` | no output (dropped) |
//! | 28..=31 | `u#1..u#4` | 30 = `->u` push, 31 = `->t` push, 28/29 dropped |
//!
//! The destination column is `semantics_conventions.json` `regdst_writeback` (v0.4, normative):
//! codes 24..29 as destinations are a silent drop. (QEMU writes them into the hand slots instead;
//! no compiler output relies on that.)

use crate::state::hands::Hand;

/// Number of architectural GPRs (R0..R23), seed 003 Check 2.
pub const NUM_GPRS: usize = 24;

/// Register code of `sp`.
pub const REG_SP: u8 = 1;
/// Register code of `a0` (first argument / return value; a0..a5 are system-call arguments).
pub const REG_A0: u8 = 2;
/// Register code of `a7` (system-call number).
pub const REG_A7: u8 = 9;
/// Register code of `ra`.
pub const REG_RA: u8 = 10;
/// Destination code that pushes onto the U hand (`->u`).
pub const DST_U: u8 = 30;
/// Destination code that pushes onto the T hand (`->t`).
pub const DST_T: u8 = 31;

/// The assembler names of the 24 GPR codes (`registers.reg5`).
pub const GPR_NAMES: [&str; NUM_GPRS] = [
    "zero", "sp", "a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "ra", "s0", "s1", "s2", "s3",
    "s4", "s5", "s6", "s7", "s8", "x0", "x1", "x2", "x3",
];

/// The GPRs and the two scalar hands, addressed by 5-bit register codes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RegFile {
    gpr: [u64; NUM_GPRS],
    /// The T hand (block-local).
    pub t: Hand,
    /// The U hand (block-local).
    pub u: Hand,
}

impl RegFile {
    /// Read a source operand by its 5-bit code.
    #[inline]
    pub fn read(&self, code: u8) -> u64 {
        match code {
            0..=23 => self.gpr[usize::from(code)],
            24..=27 => self.t.get(usize::from(code) - 23),
            _ => self.u.get(usize::from(code & 31) - 27),
        }
    }

    /// Write a destination by its 5-bit code (see the module table).
    #[inline]
    pub fn write(&mut self, code: u8, value: u64) {
        match code {
            1..=23 => self.gpr[usize::from(code)] = value,
            DST_T => self.t.push(value),
            DST_U => self.u.push(value),
            _ => {}
        }
    }

    /// A GPR by index (0..24); `gpr(0)` is always 0.
    #[inline]
    pub fn gpr(&self, index: usize) -> u64 {
        self.gpr[index]
    }

    /// Set a GPR by index; writes to `zero` are dropped.
    #[inline]
    pub fn set_gpr(&mut self, index: usize, value: u64) {
        if index != 0 {
            self.gpr[index] = value;
        }
    }

    /// Empty both hands (block start, manual §ClockHands).
    #[inline]
    pub fn reset_hands(&mut self) {
        self.t.reset();
        self.u.reset();
    }
}

/// The name of a register code as a source operand (`a0`, `t#2`, ...).
pub fn src_name(code: u8) -> String {
    match code {
        0..=23 => GPR_NAMES[usize::from(code)].to_string(),
        24..=27 => format!("t#{}", code - 23),
        _ => format!("u#{}", (code & 31) - 27),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_resolve_to_gprs_and_hands() {
        let mut r = RegFile::default();
        r.write(REG_A0, 5);
        r.write(DST_T, 1);
        r.write(DST_T, 2);
        r.write(DST_U, 9);
        assert_eq!(r.read(REG_A0), 5);
        assert_eq!((r.read(24), r.read(25)), (2, 1), "t#1 is the newest");
        assert_eq!(r.read(28), 9, "u#1");
        assert_eq!(r.read(0), 0);
    }

    #[test]
    fn zero_and_codes_24_to_29_are_dropped_as_destinations() {
        let mut r = RegFile::default();
        for code in [0u8, 24, 25, 26, 27, 28, 29] {
            r.write(code, 0xdead);
        }
        assert_eq!(r, RegFile::default());
    }

    #[test]
    fn names_follow_reg5() {
        assert_eq!(src_name(10), "ra");
        assert_eq!(src_name(24), "t#1");
        assert_eq!(src_name(31), "u#4");
    }
}
