//! SFPCONFIG (SFPCONFIG.md): LaneConfig, LoadMacroConfig, the LReg[11..=14] constants, and the
//! "backdoor load" of instruction templates by instructions with VD ≥ 12.

use super::{Insn, LANES, Sfpu};
use crate::backend::ExecResult;

/// SFPCONFIG.md `LaneConfig` (18 bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaneConfig(pub u32);

impl LaneConfig {
    #[inline]
    fn bit(self, n: u32) -> bool {
        self.0 >> n & 1 != 0
    }
    pub fn enable_fp16a_inf(self) -> bool {
        self.bit(0)
    }
    pub fn disable_backdoor_load(self) -> bool {
        self.bit(1)
    }
    pub fn enable_dest_index(self) -> bool {
        self.bit(2)
    }
    pub fn capture_default_dest_index(self) -> bool {
        self.bit(3)
    }
    pub fn block_dest_wr_from_sfpu(self) -> bool {
        self.bit(4)
    }
    pub fn block_sfpu_rd_from_dest(self) -> bool {
        self.bit(5)
    }
    pub fn dest_rd_col_exchange(self) -> bool {
        self.bit(6)
    }
    pub fn dest_wr_col_exchange(self) -> bool {
        self.bit(7)
    }
    pub fn exchange_srcb_srcc(self) -> bool {
        self.bit(8)
    }
    #[inline]
    pub fn row_mask(self) -> u32 {
        (self.0 >> 12) & 15
    }
}

/// SFPLOADMACRO.md `LoadMacroConfig` of one lane.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LoadMacroConfig {
    /// StoreMod0[3:0], UsesLoadMod0ForStore[7:4] (one bit per macro), UnitDelayKind[11:8].
    pub misc: u32,
    pub sequence: [u32; 4],
    pub instruction_template: [u32; 4],
}

const IMM16_IS_VALUE: u32 = 1;
const IMM16_IS_LANE_MASK: u32 = 8;

/// SFPCONFIG.md's `switch (Mod1 & 6)` on Misc and LaneConfig.
fn combine(mod1: u32, old: u32, value: u32) -> u32 {
    match mod1 & 6 {
        0 => value,
        2 => old | value,
        4 => old & value,
        _ => old ^ value,
    }
}

/// SFPCONFIG.md functional model.
pub fn sfpconfig(s: &mut Sfpu, i: &Insn) -> ExecResult {
    let (vd, mod1, imm16) = (i.vd, i.mode, i.imm);
    let by_imm = mod1 & IMM16_IS_VALUE != 0;
    for lane in 0..LANES {
        if mod1 & IMM16_IS_LANE_MASK != 0 && imm16 >> ((lane & 7) * 2) & 1 == 0 {
            continue;
        }
        if (s.use_lane_flags & !s.lane_flags) >> (lane & 7) & 1 != 0 {
            continue;
        }
        let l0 = s.lregs[0][lane & 7];
        let value = if by_imm { imm16 } else { l0 };
        let m = &mut s.macro_config[lane];
        match vd {
            0..=3 => m.instruction_template[vd] = l0,
            4..=7 => m.sequence[vd - 4] = value,
            8 => m.misc = combine(mod1, m.misc, value) & 0xfff,
            9 | 10 => {}
            11..=14 => {
                s.lregs[vd][lane] = if by_imm {
                    [-1.0f32, 1.0 / 65536.0, -0.674_877_6, -0.344_848_43][vd - 11].to_bits()
                } else {
                    l0
                };
            }
            _ => {
                let original = s.lane_config[lane];
                let mut v = combine(mod1, original, value) & 0x3ffff;
                if by_imm {
                    v |= original & !0xffff;
                }
                s.lane_config[lane] = v;
            }
        }
    }
    Ok(())
}

/// SFPCONFIG.md `DISABLE_BACKDOOR_LOAD`: while it is false in a lane, an instruction with
/// VD ≥ 12 writes its own bits to that lane's `InstructionTemplate[VD − 12]` (and the pages'
/// `VD < 12 || DISABLE_BACKDOOR_LOAD` guards skip its normal effect there). Not for the load
/// sub-unit's instructions, SFPCONFIG (whose VD names a configuration register) or SFPNOP.
pub fn backdoor_load(s: &mut Sfpu, i: &Insn) {
    if i.via_macro || i.vd < 12 || matches!(i.opcode, 0x70 | 0x71 | 0x93 | 0x8f | 0x91) {
        return;
    }
    for lane in 0..LANES {
        if !LaneConfig(s.lane_config[lane]).disable_backdoor_load() {
            s.macro_config[lane].instruction_template[i.vd - 12] = i.word;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    // SFPCONFIG.md: VD 11..14 take LReg[0]'s first 8 lanes broadcast, or the fixed defaults
    // with MOD1_IMM16_IS_VALUE.
    #[test]
    fn constants() {
        let mut s = Sfpu::default();
        set(&mut s, 0, |l| 100 + l as u32);
        ok(&mut s, "SFPCONFIG 0, 12, 0");
        for lane in 0..LANES {
            assert_eq!(s.lregs[12][lane], 100 + (lane & 7) as u32);
        }
        ok(&mut s, "SFPCONFIG 0, 11, 1");
        ok(&mut s, "SFPCONFIG 0, 13, 1");
        ok(&mut s, "SFPCONFIG 0, 14, 1");
        ok(&mut s, "SFPCONFIG 0, 12, 1");
        assert_eq!(s.lregs[11][9], 0xbf80_0000);
        assert_eq!(s.lregs[12][9], 0x3780_0000, "1/65536");
        assert_eq!(f32::from_bits(s.lregs[13][31]), -0.674_877_6);
        assert_eq!(f32::from_bits(s.lregs[14][0]), -0.344_848_43);
    }

    // SFPCONFIG.md: LaneConfig (VD 15) and Misc (VD 8) with set/OR/AND/XOR; the Imm16 form
    // keeps LaneConfig's bits 16..17; the lane-mask form writes only the lanes whose Imm16 bit
    // (Lane & 7) * 2 is set.
    #[test]
    fn lane_config_and_misc() {
        let mut s = Sfpu::default();
        set(&mut s, 0, |_| 0x3_0003);
        ok(&mut s, "SFPCONFIG 0, 15, 0");
        assert_eq!(s.lane_config[4], 0x3_0003);
        ok(&mut s, "SFPCONFIG 0x0104, 15, 3"); // OR with imm
        assert_eq!(s.lane_config[4], 0x3_0107);
        ok(&mut s, "SFPCONFIG 0x00f0, 15, 5"); // AND with imm: high bits restored
        assert_eq!(s.lane_config[4], 0x3_0000);
        ok(&mut s, "SFPCONFIG 0x0001, 15, 7"); // XOR with imm
        assert_eq!(s.lane_config[4], 0x3_0001);
        ok(&mut s, "SFPCONFIG 0x0abc, 8, 1");
        assert_eq!(s.macro_config[0].misc, 0xabc);
        ok(&mut s, "SFPCONFIG 0x0f0f, 8, 7");
        assert_eq!(s.macro_config[0].misc, 0x5b3);
        // Lane mask 0b0100 = lanes with (Lane & 7) == 1 only.
        set(&mut s, 0, |_| 0x1234);
        ok(&mut s, "SFPCONFIG 0x0004, 5, 8");
        for lane in 0..LANES {
            let want = if lane & 7 == 1 { 0x1234 } else { 0 };
            assert_eq!(s.macro_config[lane].sequence[1], want, "lane {lane}");
        }
        // Templates come from LReg[0] even with IMM16_IS_VALUE.
        ok(&mut s, "SFPCONFIG 0x7777, 2, 1");
        assert_eq!(s.macro_config[31].instruction_template[2], 0x1234);
        // VD 9 and 10 do nothing.
        ok(&mut s, "SFPCONFIG 0x7777, 9, 1");
    }

    // SFPCONFIG.md: lanes whose UseLaneFlagsForLaneEnable[Lane & 7] is set and
    // LaneFlags[Lane & 7] clear are skipped.
    #[test]
    fn predicated_by_first_eight_lanes() {
        let mut s = Sfpu {
            use_lane_flags: u32::MAX,
            lane_flags: 0x5555_5555,
            ..Default::default()
        };
        ok(&mut s, "SFPCONFIG 0x0055, 7, 1");
        for lane in 0..LANES {
            let want = if lane % 2 == 0 { 0x55 } else { 0 };
            assert_eq!(s.macro_config[lane].sequence[3], want);
        }
    }

    // SFPCONFIG.md DISABLE_BACKDOOR_LOAD: VD ≥ 12 writes the instruction to
    // InstructionTemplate[VD − 12] instead of executing it; with the bit set it executes.
    #[test]
    fn backdoor_template_load() {
        let mut s = Sfpu::default();
        set(&mut s, 1, |_| 5);
        ok(&mut s, "SFPMOV 0, 1, 13, 0");
        let w = crate::isa::asm::assemble(crate::Arch::WormholeB0, "SFPMOV 0, 1, 13, 0").unwrap();
        assert_eq!(s.macro_config[7].instruction_template[1], w);
        s.lane_config = [2; LANES];
        ok(&mut s, "SFPMOV 0, 1, 14, 0");
        assert_eq!(
            s.macro_config[7].instruction_template[2], 0,
            "backdoor disabled"
        );
    }
}
