//! The per-thread register-window counters (RWCs.md) and `ApplyAddrMod`, `SETRWC`, `INCRWC`.

use super::config::{CfgField, Config, thd};
use std::sync::OnceLock;

/// One thread's RWCs; widths as RWCs.md declares them (Dst 10 bits, SrcA/SrcB 6 bits,
/// FidelityPhase 2 bits, ExtraAddrModBit 1 bit), kept wrapped after every update.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rwc {
    pub dst: u32,
    pub dst_cr: u32,
    pub srca: u32,
    pub srca_cr: u32,
    pub srcb: u32,
    pub srcb_cr: u32,
    pub fidelity: u32,
    pub extra_addr_mod_bit: u32,
}

/// The ThreadConfig fields of one ADDR_MOD slot (ADDR_MOD_AB_SECn, ADDR_MOD_DST_SECn,
/// ADDR_MOD_BIAS_SECn).
#[derive(Clone, Copy, Debug)]
struct SlotFields {
    srca_incr: CfgField,
    srca_cr: CfgField,
    srca_clear: CfgField,
    srcb_incr: CfgField,
    srcb_cr: CfgField,
    srcb_clear: CfgField,
    dest_incr: CfgField,
    dest_cr: CfgField,
    dest_clear: CfgField,
    dest_c_to_cr: CfgField,
    fidelity_incr: CfgField,
    fidelity_clear: CfgField,
    bias_incr: CfgField,
    bias_clear: CfgField,
}

fn slots() -> &'static [SlotFields; 8] {
    static S: OnceLock<[SlotFields; 8]> = OnceLock::new();
    S.get_or_init(|| {
        std::array::from_fn(|n| {
            let ab = |f: &str| thd(&format!("ADDR_MOD_AB_SEC{n}_{f}"));
            let d = |f: &str| thd(&format!("ADDR_MOD_DST_SEC{n}_{f}"));
            let b = |f: &str| thd(&format!("ADDR_MOD_BIAS_SEC{n}_{f}"));
            SlotFields {
                srca_incr: ab("SrcAIncr"),
                srca_cr: ab("SrcACR"),
                srca_clear: ab("SrcAClear"),
                srcb_incr: ab("SrcBIncr"),
                srcb_cr: ab("SrcBCR"),
                srcb_clear: ab("SrcBClear"),
                dest_incr: d("DestIncr"),
                dest_cr: d("DestCR"),
                dest_clear: d("DestClear"),
                dest_c_to_cr: d("DestCToCR"),
                fidelity_incr: d("FidelityIncr"),
                fidelity_clear: d("FidelityClear"),
                bias_incr: b("BiasIncr"),
                bias_clear: b("BiasClear"),
            }
        })
    })
}

/// ApplyAddrMod's rule for SrcA and SrcB (and the packers' ADC Y): Clear zeroes both, CR adds
/// to Cr and copies it, otherwise the value advances.
pub(super) fn counter_step((v, cr): (&mut u32, &mut u32), incr: u32, carry: bool, clear: bool) {
    if clear {
        (*v, *cr) = (0, 0);
    } else if carry {
        *cr += incr;
        *v = *cr;
    } else {
        *v += incr;
    }
}

impl Rwc {
    fn wrap(&mut self) {
        self.dst &= 0x3ff;
        self.dst_cr &= 0x3ff;
        self.srca &= 0x3f;
        self.srca_cr &= 0x3f;
        self.srcb &= 0x3f;
        self.srcb_cr &= 0x3f;
        self.fidelity &= 3;
        self.extra_addr_mod_bit &= 1;
    }

    /// `ApplyAddrMod(AddrMod, UpdateFidelityPhase)` of RWCs.md for thread `t`.
    pub fn apply_addr_mod(&mut self, cfg: &Config, t: usize, addr_mod: u32, fidelity: bool) {
        let tc = &cfg.thread[t];
        let mut index = (addr_mod & 3) as usize;
        if self.extra_addr_mod_bit != 0
            || super::config::Fields::get().addr_mod_set_base.get(tc) != 0
        {
            index += 4;
        }
        let s = &slots()[index];
        counter_step(
            (&mut self.srca, &mut self.srca_cr),
            s.srca_incr.get(tc),
            s.srca_cr.get(tc) != 0,
            s.srca_clear.get(tc) != 0,
        );
        counter_step(
            (&mut self.srcb, &mut self.srcb_cr),
            s.srcb_incr.get(tc),
            s.srcb_cr.get(tc) != 0,
            s.srcb_clear.get(tc) != 0,
        );
        let incr = s.dest_incr.get(tc);
        if s.dest_clear.get(tc) != 0 {
            (self.dst, self.dst_cr) = (0, 0);
        } else if s.dest_c_to_cr.get(tc) != 0 {
            self.dst += incr;
            self.dst_cr = self.dst;
        } else if s.dest_cr.get(tc) != 0 {
            self.dst_cr += incr;
            self.dst = self.dst_cr;
        } else {
            self.dst += incr;
        }
        if fidelity {
            if s.fidelity_clear.get(tc) != 0 {
                self.fidelity = 0;
            } else {
                self.fidelity += s.fidelity_incr.get(tc);
            }
        }
        if s.bias_clear.get(tc) != 0 {
            self.extra_addr_mod_bit = 0;
        } else if s.bias_incr.get(tc) & 3 != 0 {
            self.extra_addr_mod_bit += 1;
        }
        self.wrap();
    }

    /// `SETRWC` (SETRWC.md) without its Flip bits (the caller flips the banks).
    pub fn setrwc(&mut self, cr: u32, d: u32, b: u32, a: u32, mask: u32) {
        if mask & 1 != 0 {
            let v = a + if cr & 1 != 0 { self.srca_cr } else { 0 };
            (self.srca, self.srca_cr) = (v, v);
        }
        if mask & 2 != 0 {
            let v = b + if cr & 2 != 0 { self.srcb_cr } else { 0 };
            (self.srcb, self.srcb_cr) = (v, v);
        }
        if mask & 4 != 0 || cr & 8 != 0 {
            let v = d + if cr & 8 != 0 {
                self.dst
            } else if cr & 4 != 0 {
                self.dst_cr
            } else {
                0
            };
            (self.dst, self.dst_cr) = (v, v);
        }
        if mask & 8 != 0 {
            self.fidelity = 0;
        }
        self.wrap();
    }

    /// `INCRWC` (INCRWC.md).
    pub fn incrwc(&mut self, cr: u32, d: u32, b: u32, a: u32) {
        if cr & 1 != 0 {
            self.srca_cr += a;
            self.srca = self.srca_cr;
        } else {
            self.srca += a;
        }
        if cr & 2 != 0 {
            self.srcb_cr += b;
            self.srcb = self.srcb_cr;
        } else {
            self.srcb += b;
        }
        if cr & 4 != 0 {
            self.dst_cr += d;
            self.dst = self.dst_cr;
        } else {
            self.dst += d;
        }
        self.wrap();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Programs ADDR_MOD slot `n` with the three 16-bit words software writes by SETC16
    /// (notes/tensix.md §1.3 layout: AB, DST, BIAS).
    fn slot(cfg: &mut Config, t: usize, n: usize, ab: u32, dst: u32, bias: u32) {
        cfg.thread[t][7 + 2 * n] = ab;
        cfg.thread[t][23 + n] = dst;
        cfg.thread[t][48 + n] = bias;
    }

    // RWCs.md ApplyAddrMod: seed 002's ADDR_MOD_0 (srcb +8, dest +8) then ADDR_MOD_1
    // (srca +16, srcb carry-reset, dest +8).
    #[test]
    fn seed_002_matmul_addr_mods() {
        let mut cfg = Config::default();
        slot(&mut cfg, 1, 0, 8 << 8, 8, 0);
        slot(&mut cfg, 1, 1, 16 | (1 << 14), 8, 0);
        let mut r = Rwc::default();
        r.apply_addr_mod(&cfg, 1, 0, true);
        assert_eq!((r.srca, r.srcb, r.dst), (0, 8, 8));
        r.apply_addr_mod(&cfg, 1, 1, true);
        // SrcB CR: SrcB_Cr (0) += 0, SrcB = SrcB_Cr.
        assert_eq!((r.srca, r.srcb, r.dst), (16, 0, 16));
    }

    // RWCs.md: Dst CToCR copies the incremented Dst into Dst_Cr; fidelity increments and
    // wraps at 2 bits; FidelityClear zeroes; partial form leaves it.
    #[test]
    fn dst_ctocr_fidelity_and_bias() {
        let mut cfg = Config::default();
        slot(&mut cfg, 0, 2, 0, 4 | (1 << 12) | (1 << 13), 1);
        let mut r = Rwc::default();
        r.apply_addr_mod(&cfg, 0, 2, true);
        assert_eq!(
            (r.dst, r.dst_cr, r.fidelity, r.extra_addr_mod_bit),
            (4, 4, 1, 1)
        );
        // ExtraAddrModBit now selects slot 2 + 4 = 6, which is all zero.
        r.apply_addr_mod(&cfg, 0, 2, false);
        assert_eq!((r.dst, r.fidelity), (4, 1));
    }

    // SETRWC.md: SET_ABD_F zeroes A, B, D and the fidelity phase; CR adds the Cr value.
    #[test]
    fn setrwc_and_incrwc() {
        let mut r = Rwc {
            srca: 5,
            srca_cr: 3,
            dst: 9,
            dst_cr: 7,
            fidelity: 2,
            ..Rwc::default()
        };
        r.setrwc(0b0101, 2, 0, 1, 0b1111);
        assert_eq!(
            (r.srca, r.srca_cr, r.srcb, r.dst, r.dst_cr, r.fidelity),
            (4, 4, 0, 9, 9, 0)
        );
        r.incrwc(0b100, 3, 1, 0);
        assert_eq!((r.dst, r.dst_cr, r.srcb), (12, 12, 1));
        r.incrwc(0, 0, 63, 60);
        assert_eq!((r.srcb, r.srca), (0, 0), "6-bit counters wrap");
    }
}
