//! The Vector Unit (SFPU, VectorUnit.md): 32 lanes, the LRegs (LReg.md), the lane predication
//! masks and flag stack, LaneConfig and LoadMacroConfig (SFPCONFIG.md), the PRNG, and every
//! SFP* instruction of the Wormhole B0 pages, SFPLOADMACRO included.
//!
//! Each instruction word is decoded once into an [`Insn`] (operand indices, Mod, immediate);
//! the per-page functional models execute an `Insn`, so that SFPLOADMACRO can run its
//! templates with the operand overrides of SFPLOADMACRO.md.

mod arecip;
mod arith;
mod compare;
mod cond;
#[cfg(test)]
mod cond_model;
mod config;
mod dst_io;
mod flags;
mod insn;
mod lanes;
mod loadmacro;
mod mad_lanes;
mod round;
mod simple;

use super::{Backend, ExecResult};
pub use config::{LaneConfig, LoadMacroConfig};
pub use flags::FlagStack;
pub use insn::Insn;

pub const LANES: usize = 32;

/// VectorUnit.md: the flag stack holds at most 8 entries per lane.
pub const FLAG_STACK_DEPTH: usize = 8;

/// VectorUnit.md `FlagStackEntry`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FlagStackEntry {
    pub lane_flags: bool,
    pub use_lane_flags: bool,
}

/// The state of one Vector Unit.
#[derive(Clone, Debug)]
pub struct Sfpu {
    /// LReg.md: 17 registers × 32 lanes × 32 bits.
    pub lregs: [[u32; LANES]; 17],
    /// VectorUnit.md `LaneFlags`, `UseLaneFlagsForLaneEnable` (bit `lane` is that lane's)
    /// and `FlagStack` ([`FlagStack`]'s bit planes).
    pub lane_flags: u32,
    pub use_lane_flags: u32,
    pub flag_stack: FlagStack,
    /// SFPCONFIG.md `LaneConfig` (18 bits per lane) and `LoadMacroConfig`.
    pub lane_config: [u32; LANES],
    pub macro_config: [LoadMacroConfig; LANES],
    /// VectorUnit.md `AdvancePRNG`'s `State`.
    pub prng: [u32; LANES],
    /// SFPSHFT2.md `vc0`: the last `LReg[VC]` seen by a ROR1 mode (its SHFLSHR1 hardware bug).
    pub shfl_vc0: [u32; LANES],
    /// SFPLOADMACRO.md: instructions scheduled on the simple, MAD, round and store sub-units.
    pub scheduled: loadmacro::Scheduled,
    /// Whether an SFPU instruction issued in the current backend cycle.
    issued_this_cycle: bool,
    /// Blackhole's SFPU (`--arch bh`): the deltas of BlackholeA0's VectorUnit.md (SFPMAD,
    /// SFPAND/SFPOR, SFPSHFT, SFPCAST, SFP_STOCH_RND, SFPPUSHC/SFPPOPC, SFPSHFT2) and its new
    /// SFPGT/SFPLE, SFPMUL24, SFPARECIP.
    pub blackhole: bool,
}

impl Default for Sfpu {
    fn default() -> Self {
        let mut lregs = [[0u32; LANES]; 17];
        // LReg.md: LReg[8] = 0.8373, LReg[9] = 0, LReg[10] = 1.0, LReg[15][i] = 2i.
        lregs[8] = [0.8373f32.to_bits(); LANES];
        lregs[10] = [1.0f32.to_bits(); LANES];
        lregs[15] = std::array::from_fn(|i| 2 * i as u32);
        // LReg.md: 11..=14 are written only by SFPCONFIG; they start at zero here (the pages
        // give no reset value; notes/ttsim.md item 6: ttsim starts LReg[12] at 1/512).
        Sfpu {
            lregs,
            lane_flags: 0,
            use_lane_flags: 0,
            flag_stack: FlagStack::default(),
            lane_config: [0; LANES],
            macro_config: [LoadMacroConfig::default(); LANES],
            prng: [0; LANES],
            shfl_vc0: [0; LANES],
            scheduled: loadmacro::Scheduled::default(),
            issued_this_cycle: false,
            blackhole: false,
        }
    }
}

impl Sfpu {
    /// The Vector Unit of the architecture whose instruction table is `table`.
    pub fn for_table(table: &'static crate::isa::IsaTable) -> Sfpu {
        Sfpu {
            blackhole: std::ptr::eq(table, crate::Arch::Blackhole.table()),
            ..Sfpu::default()
        }
    }

    /// VectorUnit.md `IsLaneEnabled`.
    #[inline]
    pub fn lane_enabled(&self, lane: usize) -> bool {
        if LaneConfig(self.lane_config[lane & 7]).row_mask() >> (lane / 8) & 1 != 0 {
            false
        } else if flags::bit(self.use_lane_flags, lane) {
            flags::bit(self.lane_flags, lane)
        } else {
            true
        }
    }

    /// [`Sfpu::lane_enabled`] of all 32 lanes as a mask (bit `lane`). An instruction reads it
    /// once: within one instruction a lane changes only its own flags, after reading them.
    pub fn enabled_lanes(&self) -> u32 {
        // Lane `8r + k` is off when bit r of LaneConfig[k].ROW_MASK is set ...
        let mut off = 0;
        for k in 0..8 {
            let rows = LaneConfig(self.lane_config[k]).row_mask();
            // bit r of `rows` to bit 8r
            let spread = (rows & 1) | (rows & 2) << 7 | (rows & 4) << 14 | (rows & 8) << 21;
            off |= spread << k;
        }
        // ... or when it uses its flag and the flag is clear.
        !(off | (self.use_lane_flags & !self.lane_flags))
    }

    /// The lanes that pass the pages' backdoor guard ([`Sfpu::guard`]) as a mask.
    fn guarded_lanes(&self, i: &Insn) -> u32 {
        if i.vd < 12 || i.via_macro {
            return u32::MAX;
        }
        let mut mask = 0;
        for lane in 0..LANES {
            mask |= u32::from(self.guard(i, lane)) << lane;
        }
        mask
    }

    /// The lanes that pass the backdoor guard and are enabled.
    fn active_lanes(&self, i: &Insn) -> u32 {
        self.guarded_lanes(i) & self.enabled_lanes()
    }

    /// VectorUnit.md `AdvancePRNG(Lane)`.
    pub fn advance_prng(&mut self, lane: usize) -> u32 {
        let result = self.prng[lane];
        let taps = (result & 0x8020_0003).count_ones();
        self.prng[lane] = (!taps << 31) | (result >> 1);
        result
    }

    /// The `VD < 12 || LaneConfig.DISABLE_BACKDOOR_LOAD` guard of the pages (always true for
    /// an instruction scheduled by SFPLOADMACRO, SFPLOADMACRO.md).
    #[inline]
    fn guard(&self, i: &Insn, lane: usize) -> bool {
        i.vd < 12 || i.via_macro || LaneConfig(self.lane_config[lane]).disable_backdoor_load()
    }

    /// `lane`'s `LaneFlags`.
    #[inline]
    pub fn flag(&self, lane: usize) -> bool {
        flags::bit(self.lane_flags, lane)
    }

    /// Sets `lane`'s `LaneFlags`.
    #[inline]
    pub fn set_flag(&mut self, lane: usize, f: bool) {
        flags::put(&mut self.lane_flags, 1 << lane, u32::from(f) << lane);
    }

    /// The result write of most pages: `if (VD < 8 || VD == 16) LReg[VD] = x`.
    #[inline]
    fn write(&mut self, vd: usize, lane: usize, x: u32) {
        if vd < 8 || vd == 16 {
            self.lregs[vd][lane] = x;
        }
    }
}

/// Executes one SFPU instruction word issued by thread `t`: first whatever SFPLOADMACRO
/// scheduled for this step (which wins its sub-unit, SFPLOADMACRO.md), then the instruction.
pub(super) fn execute(b: &mut Backend, t: usize, opcode: u8, w: u32) -> ExecResult {
    if b.table.by_opcode(opcode).is_none() {
        // e.g. Blackhole's SFPGT / SFPLE issued on Wormhole B0
        return Err(format!(
            "opcode {opcode:#04x} is not an SFPU instruction of this architecture"
        ));
    }
    let i = Insn::decode(opcode, w)?;
    b.sfpu.issued_this_cycle = true;
    let busy = loadmacro::step(b).map_err(|(_, w, e)| format!("scheduled {w:#010x}: {e}"))?;
    if busy & loadmacro::bit(i.sub_unit()) != 0 {
        return Ok(()); // SFPLOADMACRO.md: the regular instruction is silently discarded.
    }
    config::backdoor_load(&mut b.sfpu, &i);
    match opcode {
        0x93 => loadmacro::loadmacro(b, t, &i),
        _ => exec(b, t, &i),
    }
}

/// The end of a backend cycle: if no SFPU instruction issued in it, SFPLOADMACRO's
/// cycle-counted delays still elapse (SFPLOADMACRO.md `WaitForElapsedCycles`). A failing
/// scheduled instruction reports (thread, word, what).
pub(super) fn end_cycle(b: &mut Backend) -> Result<(), (usize, u32, String)> {
    if !std::mem::take(&mut b.sfpu.issued_this_cycle) && b.sfpu.scheduled.counts_cycles() {
        loadmacro::step(b)?;
    }
    Ok(())
}

/// Runs one decoded instruction (issued, or scheduled by SFPLOADMACRO).
fn exec(b: &mut Backend, t: usize, i: &Insn) -> ExecResult {
    let s = &mut b.sfpu;
    match i.opcode {
        0x70 | 0x72 => dst_io::load_store(b, t, i),
        0x71 => simple::loadi(s, i),
        0x73 => arith::lut(s, i),
        0x74..=0x75 | 0x84..=0x86 => arith::mad(s, i),
        0x95 => arith::lutfp32(s, i),
        0x76..=0x78 | 0x7a | 0x7c..=0x83 | 0x89 | 0x8d => simple::execute(s, i),
        0x79 => simple::iadd(s, i),
        0x7b | 0x87 | 0x88 | 0x8a | 0x8b => cond::execute(s, i),
        0x8c => lanes::transp(s, i),
        0x8e => round::stoch_rnd(s, i),
        0x8f => Ok(()), // SFPNOP.md
        0x90 => round::cast(s, i),
        0x91 => config::sfpconfig(s, i),
        0x92 => lanes::swap(s, i),
        0x94 => lanes::shft2(s, i),
        0x96 | 0x97 => compare::gt_le(s, i),
        0x98 => arith::mul24(s, i),
        0x99 => arecip::arecip(s, i),
        op => Err(format!("opcode {op:#04x} is not an SFPU instruction")),
    }
}

#[cfg(test)]
pub(crate) mod test_util {
    use super::*;
    use crate::Arch;
    use crate::isa::asm::assemble;

    /// Runs one assembled instruction on a bare Vector Unit (no Dst access), of Blackhole when
    /// `s.blackhole`, else of Wormhole B0.
    pub fn run(s: &mut Sfpu, text: &str) -> ExecResult {
        let arch = if s.blackhole {
            Arch::Blackhole
        } else {
            Arch::WormholeB0
        };
        let w = assemble(arch, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let i = Insn::decode((w >> 24) as u8, w)?;
        config::backdoor_load(s, &i);
        let mut b = Backend::new(arch.table());
        std::mem::swap(&mut b.sfpu, s);
        let r = exec(&mut b, 0, &i);
        std::mem::swap(&mut b.sfpu, s);
        r
    }

    pub fn ok(s: &mut Sfpu, text: &str) {
        run(s, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    }

    /// Sets every lane of LReg `r` from a function of the lane.
    pub fn set(s: &mut Sfpu, r: usize, f: impl Fn(usize) -> u32) {
        s.lregs[r] = std::array::from_fn(f);
    }
}

#[cfg(test)]
mod tests {
    use super::test_util::*;
    use super::*;

    // VectorUnit.md PRNG: Taps = popcount(State & 0x80200003), State = (~Taps << 31) | State >> 1.
    #[test]
    fn prng_sequence() {
        let mut s = Sfpu::default();
        s.prng[3] = 0x8020_0003; // four taps: even → bit 31 set.
        assert_eq!(s.advance_prng(3), 0x8020_0003);
        assert_eq!(s.prng[3], 0xc010_0001);
        s.prng[3] = 0x0000_0001; // one tap: odd → bit 31 clear.
        s.advance_prng(3);
        assert_eq!(s.prng[3], 0);
    }

    // LReg.md: the read-only constants, LReg[15] = 2·lane; writes to them are dropped.
    #[test]
    fn constant_lregs() {
        let mut s = Sfpu::default();
        assert_eq!(s.lregs[8][5], 0.8373f32.to_bits());
        assert_eq!(s.lregs[10][31], 1.0f32.to_bits());
        assert_eq!(s.lregs[15][31], 62);
        ok(&mut s, "SFPMOV 0, 15, 3, 0");
        assert_eq!(s.lregs[3][17], 34);
        ok(&mut s, "SFPMOV 0, 3, 10, 0");
        ok(&mut s, "SFPMOV 0, 3, 9, 0");
        assert_eq!(s.lregs[10][17], 1.0f32.to_bits(), "LReg[10] is read-only");
        assert_eq!(s.lregs[9][17], 0, "LReg[9] is read-only");
    }

    // The 32-lane mask is IsLaneEnabled of every lane, for ROW_MASKs, flags and their uses
    // in every combination the generator reaches.
    #[test]
    fn enabled_lanes_is_is_lane_enabled() {
        let mut rnd = crate::test_rng::xorshift(0x2545_f491_4f6c_dd1d);
        for _ in 0..2000 {
            let mut s = Sfpu::default();
            for lane in 0..LANES {
                let x = rnd();
                s.lane_config[lane] = x & (15 << 12);
                flags::put(&mut s.use_lane_flags, 1 << lane, (x >> 20 & 1) << lane);
                s.set_flag(lane, x >> 21 & 1 != 0);
            }
            let mask = s.enabled_lanes();
            for lane in 0..LANES {
                assert_eq!(mask >> lane & 1 != 0, s.lane_enabled(lane), "lane {lane}");
            }
        }
    }

    // VectorUnit.md IsLaneEnabled: LaneConfig[Lane & 7].ROW_MASK bit Lane/8 disables a lane
    // whatever the flags.
    #[test]
    fn row_mask_disables_lanes() {
        let mut s = Sfpu {
            lane_config: [0b0101 << 12; LANES],
            ..Default::default()
        };
        ok(&mut s, "SFPLOADI 2, 2, 7");
        for lane in 0..LANES {
            let want = if (lane / 8) % 2 == 0 { 0 } else { 7 };
            assert_eq!(s.lregs[2][lane], want, "lane {lane}");
        }
    }
}
