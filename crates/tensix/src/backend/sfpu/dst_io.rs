//! SFPLOAD / SFPSTORE (SFPLOAD.md, SFPSTORE.md): 32 lanes ↔ a 4-row × 8-column slice of Dst,
//! in all sixteen Mod0 formats.
//!
//! Dst storage (regs.rs): macrosim keeps Dst data in IEEE field order, where the hardware
//! keeps the pages' "shuffled" order (Sign,Man,Exp). The float formats and the integer formats
//! the pages define through the FP16 layout (INT8, INT8_COMP) are therefore converted in IEEE
//! order — the bits a later packer or FPU sees are the same as on silicon. The raw 16-bit modes
//! (UINT16, INT16, LO16, HI16, LO16_ONLY, HI16_ONLY) move bits verbatim: they round-trip
//! exactly, but reading a float Dst datum through them shows IEEE-ordered bits where silicon
//! would show shuffled ones (a reading the pages cannot decide for a model that does not keep
//! the shuffle).

use super::{Insn, LANES, LaneConfig};
use crate::backend::config::{Fields, cfg};
use crate::backend::{Backend, ExecResult};
use std::sync::OnceLock;

pub const SRCB: u32 = 0;
pub const FP16: u32 = 1;
pub const BF16: u32 = 2;
pub const FP32: u32 = 3;
pub const INT32: u32 = 4;
pub const INT8: u32 = 5;
pub const UINT16: u32 = 6;
pub const HI16: u32 = 7;
pub const INT16: u32 = 8;
pub const LO16: u32 = 9;
pub const INT32_ALL: u32 = 10;
pub const ZERO: u32 = 11;
pub const INT32_SM: u32 = 12;
pub const INT8_COMP: u32 = 13;
pub const LO16_ONLY: u32 = 14;
pub const HI16_ONLY: u32 = 15;

/// MOD0_FMT_SRCB resolved from the configuration (SFPLOAD.md).
fn resolve(b: &Backend, t: usize, mod0: u32) -> u32 {
    static F: OnceLock<[crate::backend::config::CfgField; 3]> = OnceLock::new();
    let [sfpu_fp32, srcb_override, srcb_val] = *F.get_or_init(|| {
        [
            cfg("ALU_ACC_CTRL_SFPU_Fp32_enabled"),
            cfg("ALU_FORMAT_SPEC_REG_SrcB_override"),
            cfg("ALU_FORMAT_SPEC_REG_SrcB_val"),
        ]
    });
    if mod0 != SRCB {
        return mod0;
    }
    if b.cfg.cfg(t, sfpu_fp32) != 0 {
        return FP32;
    }
    let fmt = if b.cfg.cfg(t, srcb_override) != 0 {
        b.cfg.cfg(t, srcb_val)
    } else {
        b.cfg.cfg(t, Fields::get().alu_srcb_fmt)
    };
    // {FP32, TF32, BF16, BFP8, BFP4, BFP2, INT32, INT16} → BF16, the rest FP16.
    if matches!(fmt, 0 | 4 | 5 | 6 | 7 | 15 | 8 | 9) {
        BF16
    } else {
        FP16
    }
}

/// SFPLOAD.md ReadFP16 (on an IEEE-ordered FP16).
fn read_fp16(x: u32, fp16a_inf: bool) -> u32 {
    let (sign, mut exp, mut man) = (x >> 15 & 1, (x >> 10) & 0x1f, x & 0x3ff);
    if fp16a_inf && exp == 0x1f && man == 0x3ff {
        (exp, man) = (255, 0);
    } else if exp != 0 {
        exp += 112;
    }
    (sign << 31) | (exp << 23) | (man << 13)
}

/// SFPSTORE.md ToFP16: flush underflow, saturate overflow, truncate.
fn to_fp16(x: u32) -> u32 {
    let sign = x >> 31;
    let exp = ((x >> 23) & 0xff) as i32 - 112;
    let (exp, man) = if exp <= 0 {
        (0, 0)
    } else if exp > 31 {
        (31, 0x7f_ffff)
    } else {
        (exp as u32, x & 0x7f_ffff)
    };
    (sign << 15) | (exp << 10) | (man >> 13)
}

/// SFPSTORE.md ToBF16: flush denormals to signed zero, truncate.
fn to_bf16(x: u32) -> u32 {
    let x = if x & 0x7f80_0000 == 0 {
        x & 0x8000_0000
    } else {
        x
    };
    x >> 16
}

/// SFPLOAD.md SignMagToTwosComp / SFPSTORE.md ToSignMag.
fn sign_mag_to_twos(x: u32) -> u32 {
    let mag = x & 0x7fff_ffff;
    if x >> 31 != 0 {
        mag.wrapping_neg()
    } else {
        mag
    }
}
fn to_sign_mag(x: u32) -> u32 {
    let sign = x & 0x8000_0000;
    let mag = if sign != 0 { x.wrapping_neg() } else { x };
    sign | (mag & 0x7fff_ffff)
}

/// SFPSTORE.md SignMag11ToFP16 (the Dst "integer 8" type), in IEEE FP16 order.
fn sign_mag11_to_fp16(x: u32) -> u32 {
    (x >> 31) << 15 | 16 << 10 | (x & 0x3ff)
}

/// The Dst address of SFPLOAD.md / SFPSTORE.md (10 bits).
pub fn address(b: &Backend, t: usize, i: &Insn) -> u32 {
    let f = Fields::get();
    let rwc = b.rwc[t].dst + b.cfg.cfg(t, f.dest_regw_base);
    let rwc = if resolve(b, t, i.mode) == INT32_ALL {
        rwc & 3
    } else {
        rwc
    };
    (i.imm + b.cfg.thd(t, f.math_offset) + rwc) & 0x3ff
}

/// Row and column of `lane` at `addr`, with the column exchange bit of LaneConfig.
#[inline]
fn place(addr: u32, lane: usize, exchange: bool) -> (usize, usize) {
    let row = (addr as usize & !3) + lane / 8;
    let col = (lane & 7) * 2 + usize::from(addr & 2 != 0 || exchange);
    (row, col)
}

/// Whether a move in `mode` is a plain 32-bit copy per lane: a 32-bit mode without
/// conversion (Blackhole's FP32 store flushes denormals: `flushes`) and no LaneConfig bit
/// set (nothing blocked, no column exchange, no index capture). [`load`] and [`store`] then
/// take 8 lanes per 32-bit Dst row at once; their per-lane loops give the same result.
fn plain32(b: &Backend, mode: u32, flushes: bool) -> bool {
    let copies = match mode {
        FP32 => !flushes,
        INT32 | INT32_ALL => true,
        _ => false,
    };
    copies && b.sfpu.lane_config == [0; LANES]
}

/// SFPLOAD.md at Dst address `addr`.
pub fn load(b: &mut Backend, t: usize, i: &Insn, addr: u32) {
    let mode = resolve(b, t, i.mode);
    let vd = i.vd;
    if vd >= 8 {
        return;
    }
    let active = if mode == INT32_ALL {
        u32::MAX
    } else {
        b.sfpu.enabled_lanes()
    };
    if plain32(b, mode, false) {
        let (base, odd) = (addr as usize & !3, usize::from(addr & 2 != 0));
        for r in 0..4 {
            let row = b.dst.read32_row(base + r);
            for j in 0..8 {
                let lane = 8 * r + j;
                if active >> lane & 1 != 0 {
                    b.sfpu.lregs[vd][lane] = row[2 * j + odd];
                }
            }
        }
        return;
    }
    for lane in 0..LANES {
        let lc = LaneConfig(b.sfpu.lane_config[lane]);
        if lc.block_sfpu_rd_from_dest() || active >> lane & 1 == 0 {
            continue;
        }
        let exchange = LaneConfig(b.sfpu.lane_config[lane & 7]).dest_rd_col_exchange();
        let (row, col) = place(addr, lane, exchange);
        let h = || u32::from(b.dst.read16(row, col));
        let old = b.sfpu.lregs[vd][lane];
        // BlackholeA0 SFPLOAD.md: INT8 reads an 8-bit magnitude (±255, SignMag9ToSignMag32);
        // INT8_COMP and INT32_SM no longer convert to two's complement.
        let bh = b.sfpu.blackhole;
        let datum = match mode {
            FP16 => read_fp16(h(), lc.enable_fp16a_inf()),
            BF16 => h() << 16,
            FP32 | INT32 | INT32_ALL => b.dst.read32(row, col),
            INT32_SM if bh => b.dst.read32(row, col),
            INT32_SM => sign_mag_to_twos(b.dst.read32(row, col)),
            INT8 if bh => (h() >> 15) << 31 | (h() & 0xff),
            INT8 => (h() >> 15) << 31 | (h() & 0x7f),
            INT8_COMP if bh => (h() >> 15) << 31 | (h() & 0x3ff),
            INT8_COMP => sign_mag_to_twos((h() >> 15) << 31 | (h() & 0x3ff)),
            LO16_ONLY => (old & 0xffff_0000) | h(),
            HI16_ONLY => (h() << 16) | (old & 0xffff),
            INT16 => (h() >> 15) << 31 | (h() & 0x7fff),
            UINT16 | LO16 => h(),
            HI16 => h() << 16,
            _ => 0, // ZERO
        };
        b.sfpu.lregs[vd][lane] = datum;
        if vd < 4 && lc.enable_dest_index() && lc.capture_default_dest_index() {
            b.sfpu.lregs[vd + 4][lane] = ((row as u32) << 4) | col as u32;
        }
    }
}

/// SFPSTORE.md at Dst address `addr`.
pub fn store(b: &mut Backend, t: usize, i: &Insn, addr: u32) {
    let mode = resolve(b, t, i.mode);
    let enabled = if mode == INT32_ALL {
        u32::MAX
    } else {
        b.sfpu.enabled_lanes()
    };
    let active = b.sfpu.guarded_lanes(i) & enabled;
    if plain32(b, mode, b.sfpu.blackhole) {
        let (base, odd) = (addr as usize & !3, usize::from(addr & 2 != 0));
        for lane in 0..LANES {
            if active >> lane & 1 != 0 {
                let v = b.sfpu.lregs[i.vd][lane];
                b.dst.write32(base + lane / 8, (lane & 7) * 2 + odd, v);
            }
        }
        return;
    }
    for lane in 0..LANES {
        let lc = LaneConfig(b.sfpu.lane_config[lane]);
        if lc.block_dest_wr_from_sfpu() || active >> lane & 1 == 0 {
            continue;
        }
        let exchange = LaneConfig(b.sfpu.lane_config[lane & 7]).dest_wr_col_exchange();
        let (row, col) = place(addr, lane, exchange);
        let v = b.sfpu.lregs[i.vd][lane];
        // BlackholeA0 SFPSTORE.md: FP32 flushes denormals to signed zero (ToFP32); INT8_COMP
        // and INT32_SM no longer convert from two's complement.
        let bh = b.sfpu.blackhole;
        let d16 = match mode {
            FP16 => to_fp16(v),
            BF16 => to_bf16(v),
            INT8 => sign_mag11_to_fp16(v),
            INT8_COMP if bh => sign_mag11_to_fp16(v),
            INT8_COMP => sign_mag11_to_fp16(to_sign_mag(v)),
            LO16_ONLY | UINT16 => v & 0xffff,
            HI16_ONLY => v >> 16,
            INT16 => (v >> 31) << 15 | (v & 0x7fff),
            ZERO => 0,
            _ => {
                // The 32-bit modes. SFPSTORE.md stores FP32 bits as they are (ttsim flushes
                // denormals to signed zero, notes/ttsim.md item 4; macrosim follows the page).
                let d32 = match mode {
                    FP32 if bh && v & 0x7f80_0000 == 0 => v & 0x8000_0000,
                    INT32_SM if !bh => to_sign_mag(v),
                    LO16 => v.rotate_left(16),
                    _ => v, // FP32, INT32, INT32_ALL, HI16
                };
                b.dst.write32(row, col, d32);
                continue;
            }
        };
        b.dst.write16(row, col, d16 as u16);
    }
}

/// SFPLOAD / SFPSTORE as issued: the address, the move, then ApplyPartialAddrMod.
pub fn load_store(b: &mut Backend, t: usize, i: &Insn) -> ExecResult {
    match i.macro_addr {
        Some(addr) => store(b, t, i, addr), // SFPLOADMACRO.md: no AddrMod, its own address
        None => {
            let addr = address(b, t, i);
            if i.opcode == 0x70 {
                load(b, t, i, addr);
            } else {
                store(b, t, i, addr);
            }
            b.apply_addr_mod(t, i.addr_mode, false);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Arch;

    // SFPSTORE.md ToFP16 / ToBF16 and SFPLOAD.md ReadFP16.
    #[test]
    fn format_conversions() {
        assert_eq!(to_fp16(1.0f32.to_bits()), 0x3c00);
        assert_eq!(to_fp16(1e-10f32.to_bits()), 0, "underflow flushes");
        assert_eq!(to_fp16(1e10f32.to_bits()), 0x7fff, "overflow saturates");
        assert_eq!(to_fp16((-1.0 - 2f32.powi(-10)).to_bits()), 0xbc01);
        assert_eq!(read_fp16(0x3c00, false), 1.0f32.to_bits());
        assert_eq!(read_fp16(0x7fff, true), 0x7f80_0000, "ENABLE_FP16A_INF");
        assert_eq!(read_fp16(0x7fff, false), 0x47ff_e000);
        assert_eq!(
            read_fp16(0x0001, false),
            0x0000_2000,
            "denormal stays a denormal"
        );
        assert_eq!(to_bf16(0x3f81_ffff), 0x3f81, "truncates");
        assert_eq!(to_bf16(0x8000_0001), 0x8000, "denormal to signed zero");
        assert_eq!(to_sign_mag((-5i32) as u32), 0x8000_0005);
        assert_eq!(sign_mag_to_twos(0x8000_0005), (-5i32) as u32);
    }

    fn store_load(b: &mut Backend, mode: u32, v: u32) -> u32 {
        let st = Insn::decode(0x72, 0x72 << 24 | 1 << 20 | mode << 16 | 8).unwrap();
        let ld = Insn::decode(0x70, 0x70 << 24 | 2 << 20 | mode << 16 | 8).unwrap();
        b.sfpu.lregs[1] = [v; LANES];
        b.sfpu.lregs[2] = [0x5555_aaaa; LANES];
        load_store(b, 0, &st).unwrap();
        load_store(b, 0, &ld).unwrap();
        b.sfpu.lregs[2][13]
    }

    // Every Mod0's round trip through Dst (SFPSTORE.md then SFPLOAD.md): exact where the
    // format holds the value, the pages' conversion where it does not.
    #[test]
    fn every_format_round_trip() {
        let mut b = Backend::new(Arch::WormholeB0.table());
        let f = |x: f32| x.to_bits();
        for (mode, v, want) in [
            (FP16, f(-1.5), f(-1.5)),
            (FP16, 0x3f80_1fff, f(1.0)), // truncated to 10 bits
            (BF16, f(3.0), f(3.0)),
            (BF16, 0x4040_ffff, f(3.0)),
            (FP32, 0x0000_0001, 0x0000_0001), // denormal kept (the page)
            (INT32, 0xdead_beef, 0xdead_beef),
            (INT32_ALL, 0x1234_5678, 0x1234_5678),
            (INT32_SM, (-7i32) as u32, (-7i32) as u32),
            (INT8, 0x8000_0045, 0x8000_0045),
            (INT8, 0x0000_01ff, 0x0000_007f), // 7-bit magnitude read back
            (INT8_COMP, (-300i32) as u32, (-300i32) as u32),
            (UINT16, 0xffff_1234, 0x1234),
            (INT16, 0x8000_7fff, 0x8000_7fff),
            (LO16_ONLY, 0x1111_2222, 0x5555_2222),
            (HI16_ONLY, 0x1111_2222, 0x1111_aaaa),
            (ZERO, 0xffff_ffff, 0),
        ] {
            assert_eq!(
                store_load(&mut b, mode, v),
                want,
                "Mod0 {mode} value {v:#x}"
            );
        }
        // LO16/HI16 store 32 bits (LO16 with its halves exchanged) but load 16 bits.
        store_load(&mut b, LO16, 0xabcd_1234);
        assert_eq!(b.dst.read32(9, 10), 0x1234_abcd);
        store_load(&mut b, HI16, 0xabcd_1234);
        assert_eq!(b.dst.read32(9, 10), 0xabcd_1234);
        b.dst.write16(9, 10, 0x9876);
        let ld = |b: &mut Backend, mode: u32| {
            let i = Insn::decode(0x70, 0x70 << 24 | 2 << 20 | mode << 16 | 8).unwrap();
            load_store(b, 0, &i).unwrap();
            b.sfpu.lregs[2][13]
        };
        assert_eq!(ld(&mut b, LO16), 0x9876);
        assert_eq!(ld(&mut b, HI16), 0x9876_0000);
    }

    // BlackholeA0 SFPLOAD.md / SFPSTORE.md: FP32 stores flush denormals to a zero of their
    // sign, INT8 reads 8 magnitude bits, INT8_COMP and INT32_SM move bits unconverted.
    #[test]
    fn blackhole_format_changes() {
        let mut b = Backend::new(Arch::Blackhole.table());
        b.sfpu.blackhole = true;
        for (mode, v, want) in [
            (FP32, 0x0000_0001, 0),
            (FP32, 0x8040_0000, 0x8000_0000),
            (FP32, 0x3f80_0001, 0x3f80_0001),
            (INT8, 0x0000_01ff, 0x0000_00ff),
            (INT8, 0x8000_0080, 0x8000_0080),
            (INT8_COMP, 0x8000_012c, 0x8000_012c),
            (INT32_SM, (-7i32) as u32, (-7i32) as u32),
            (INT32_SM, 0x8000_0007, 0x8000_0007),
        ] {
            assert_eq!(
                store_load(&mut b, mode, v),
                want,
                "Mod0 {mode} value {v:#x}"
            );
        }
        store_load(&mut b, INT32_SM, 0x8000_0007);
        assert_eq!(
            b.dst.read32(9, 10),
            0x8000_0007,
            "no two's complement conversion"
        );
    }

    // The 8-lanes-per-row copy of the 32-bit modes equals the per-lane model (forced by a
    // LaneConfig bit these modes do not look at, ENABLE_FP16A_INF) on random Dst contents,
    // addresses, lane enables and registers.
    #[test]
    fn plain_32bit_moves_equal_the_per_lane_model() {
        let mut rnd = crate::test_rng::xorshift(0x2545_f491_4f6c_dd1du64);
        for arch in [Arch::WormholeB0, Arch::Blackhole] {
            let mut fast = Backend::new(arch.table());
            fast.sfpu.blackhole = arch == Arch::Blackhole;
            for row in 0..512 {
                let v = std::array::from_fn(|_| rnd());
                fast.dst.write32_row(row, &v);
            }
            for _ in 0..300 {
                let (mode, op) = ([FP32, INT32, INT32_ALL][rnd() as usize % 3], rnd() & 1);
                let (vd, imm) = (rnd() % 8, rnd() & 0x3ff);
                fast.sfpu.lregs[vd as usize] = std::array::from_fn(|_| rnd());
                fast.sfpu.use_lane_flags = rnd();
                fast.sfpu.lane_flags = rnd();
                let opcode = if op == 0 { 0x70 } else { 0x72 };
                let w = opcode << 24 | vd << 20 | mode << 16 | imm;
                let i = Insn::decode(opcode as u8, w).unwrap();
                let mut slow = Backend::new(arch.table());
                slow.dst = fast.dst.clone();
                slow.sfpu = fast.sfpu.clone();
                slow.sfpu.lane_config = [1; LANES];
                load_store(&mut fast, 0, &i).unwrap();
                load_store(&mut slow, 0, &i).unwrap();
                assert_eq!(fast.sfpu.lregs, slow.sfpu.lregs, "{w:#010x}");
                assert_eq!(fast.dst.cells, slow.dst.cells, "{w:#010x}");
            }
        }
    }

    // SFPLOAD.md addressing: Addr & ~3 picks four rows, lane / 8 the row, (Addr & 2) the odd
    // columns; LaneConfig DEST_RD_COL_EXCHANGE forces odd columns; BLOCK_SFPU_RD_FROM_DEST;
    // CAPTURE_DEFAULT_DEST_INDEX writes (Row << 4) | Column to LReg[VD + 4].
    #[test]
    fn addressing_and_lane_config() {
        let mut b = Backend::new(Arch::WormholeB0.table());
        for row in 0..16 {
            for col in 0..16 {
                b.dst.write32(row, col, (row * 16 + col) as u32);
            }
        }
        let ld = |b: &mut Backend, imm: u32| {
            let i = Insn::decode(0x70, 0x70 << 24 | 4 << 16 | imm).unwrap();
            load_store(b, 0, &i).unwrap();
        };
        ld(&mut b, 6); // rows 4..8, odd columns
        assert_eq!(b.sfpu.lregs[0][9], 5 * 16 + 3);
        b.sfpu.lane_config = [1 << 6; LANES];
        ld(&mut b, 0);
        assert_eq!(b.sfpu.lregs[0][0], 1, "column exchange");
        b.sfpu.lane_config = [1 << 5; LANES];
        b.sfpu.lregs[0] = [7; LANES];
        ld(&mut b, 0);
        assert_eq!(b.sfpu.lregs[0][0], 7, "blocked");
        b.sfpu.lane_config = [1 << 2 | 1 << 3; LANES];
        ld(&mut b, 8);
        assert_eq!(b.sfpu.lregs[4][10], (9 << 4) | 4, "captured index");
    }
}
