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

/// One ADDR_MOD slot's fields (ADDR_MOD_AB_SECn, ADDR_MOD_DST_SECn, ADDR_MOD_BIAS_SECn),
/// read out of ThreadConfig.
#[derive(Clone, Copy, Debug)]
pub struct AddrMod {
    srca_incr: u32,
    srca_cr: bool,
    srca_clear: bool,
    srcb_incr: u32,
    srcb_cr: bool,
    srcb_clear: bool,
    dest_incr: u32,
    dest_cr: bool,
    dest_clear: bool,
    dest_c_to_cr: bool,
    fidelity_incr: u32,
    fidelity_clear: bool,
    bias_incr: u32,
    bias_clear: bool,
}

impl AddrMod {
    /// The slot `ApplyAddrMod(addr_mod)` uses on thread `t` (RWCs.md: + 4 when
    /// ExtraAddrModBit or ADDR_MOD_SET_Base).
    fn index(cfg: &Config, t: usize, addr_mod: u32, extra_addr_mod_bit: u32) -> usize {
        let base = super::config::Fields::get()
            .addr_mod_set_base
            .get(cfg.thread(t));
        (addr_mod & 3) as usize
            + if extra_addr_mod_bit != 0 || base != 0 {
                4
            } else {
                0
            }
    }

    /// Slot `index` of thread `t`.
    fn decode(cfg: &Config, t: usize, index: usize) -> AddrMod {
        let tc = cfg.thread(t);
        let s = &slots()[index];
        AddrMod {
            srca_incr: s.srca_incr.get(tc),
            srca_cr: s.srca_cr.get(tc) != 0,
            srca_clear: s.srca_clear.get(tc) != 0,
            srcb_incr: s.srcb_incr.get(tc),
            srcb_cr: s.srcb_cr.get(tc) != 0,
            srcb_clear: s.srcb_clear.get(tc) != 0,
            dest_incr: s.dest_incr.get(tc),
            dest_cr: s.dest_cr.get(tc) != 0,
            dest_clear: s.dest_clear.get(tc) != 0,
            dest_c_to_cr: s.dest_c_to_cr.get(tc) != 0,
            fidelity_incr: s.fidelity_incr.get(tc),
            fidelity_clear: s.fidelity_clear.get(tc) != 0,
            bias_incr: s.bias_incr.get(tc),
            bias_clear: s.bias_clear.get(tc) != 0,
        }
    }
}

/// [`AddrMod`] slots as decoded at a config stamp (`Config::stamp`), per thread and slot:
/// decoded again only after a config write.
#[derive(Debug, Default)]
pub struct AddrModCache {
    slots: [[Option<(u64, AddrMod)>; 8]; 3],
}

impl AddrModCache {
    /// The slot `ApplyAddrMod(addr_mod)` uses on thread `t` with this ExtraAddrModBit.
    pub fn get(
        &mut self,
        cfg: &Config,
        t: usize,
        addr_mod: u32,
        extra_addr_mod_bit: u32,
    ) -> AddrMod {
        let index = AddrMod::index(cfg, t, addr_mod, extra_addr_mod_bit);
        let stamp = cfg.stamp();
        match self.slots[t][index] {
            Some((s, m)) if s == stamp => m,
            _ => {
                let m = AddrMod::decode(cfg, t, index);
                self.slots[t][index] = Some((stamp, m));
                m
            }
        }
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

    /// `ApplyAddrMod(AddrMod, UpdateFidelityPhase)` of RWCs.md with the slot `m`
    /// ([`AddrModCache::get`]).
    pub fn apply(&mut self, m: &AddrMod, fidelity: bool) {
        counter_step(
            (&mut self.srca, &mut self.srca_cr),
            m.srca_incr,
            m.srca_cr,
            m.srca_clear,
        );
        counter_step(
            (&mut self.srcb, &mut self.srcb_cr),
            m.srcb_incr,
            m.srcb_cr,
            m.srcb_clear,
        );
        if m.dest_clear {
            (self.dst, self.dst_cr) = (0, 0);
        } else if m.dest_c_to_cr {
            self.dst += m.dest_incr;
            self.dst_cr = self.dst;
        } else if m.dest_cr {
            self.dst_cr += m.dest_incr;
            self.dst = self.dst_cr;
        } else {
            self.dst += m.dest_incr;
        }
        if fidelity {
            if m.fidelity_clear {
                self.fidelity = 0;
            } else {
                self.fidelity += m.fidelity_incr;
            }
        }
        if m.bias_clear {
            self.extra_addr_mod_bit = 0;
        } else if m.bias_incr & 3 != 0 {
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

    /// ApplyAddrMod on thread `t` through `cache`.
    fn apply(r: &mut Rwc, cache: &mut AddrModCache, cfg: &Config, t: usize, am: u32, f: bool) {
        let m = cache.get(cfg, t, am, r.extra_addr_mod_bit);
        r.apply(&m, f);
    }

    /// Programs ADDR_MOD slot `n` with the three 16-bit words software writes by SETC16
    /// (notes/tensix.md §1.3 layout: AB, DST, BIAS).
    fn slot(cfg: &mut Config, t: usize, n: usize, ab: u32, dst: u32, bias: u32) {
        cfg.thread_mut(t)[7 + 2 * n] = ab;
        cfg.thread_mut(t)[23 + n] = dst;
        cfg.thread_mut(t)[48 + n] = bias;
    }

    // RWCs.md ApplyAddrMod: seed 002's ADDR_MOD_0 (srcb +8, dest +8) then ADDR_MOD_1
    // (srca +16, srcb carry-reset, dest +8).
    #[test]
    fn seed_002_matmul_addr_mods() {
        let mut cfg = Config::default();
        slot(&mut cfg, 1, 0, 8 << 8, 8, 0);
        slot(&mut cfg, 1, 1, 16 | (1 << 14), 8, 0);
        let mut r = Rwc::default();
        let mut cache = AddrModCache::default();
        apply(&mut r, &mut cache, &cfg, 1, 0, true);
        assert_eq!((r.srca, r.srcb, r.dst), (0, 8, 8));
        apply(&mut r, &mut cache, &cfg, 1, 1, true);
        // SrcB CR: SrcB_Cr (0) += 0, SrcB = SrcB_Cr.
        assert_eq!((r.srca, r.srcb, r.dst), (16, 0, 16));
        // A slot rewritten (SETC16) is decoded again: dest +2 now.
        slot(&mut cfg, 1, 0, 8 << 8, 2, 0);
        apply(&mut r, &mut cache, &cfg, 1, 0, true);
        assert_eq!((r.srca, r.srcb, r.dst), (16, 8, 18));
    }

    // RWCs.md: Dst CToCR copies the incremented Dst into Dst_Cr; fidelity increments and
    // wraps at 2 bits; FidelityClear zeroes; partial form leaves it.
    #[test]
    fn dst_ctocr_fidelity_and_bias() {
        let mut cfg = Config::default();
        slot(&mut cfg, 0, 2, 0, 4 | (1 << 12) | (1 << 13), 1);
        let mut r = Rwc::default();
        let mut cache = AddrModCache::default();
        apply(&mut r, &mut cache, &cfg, 0, 2, true);
        assert_eq!(
            (r.dst, r.dst_cr, r.fidelity, r.extra_addr_mod_bit),
            (4, 4, 1, 1)
        );
        // ExtraAddrModBit now selects slot 2 + 4 = 6, which is all zero.
        apply(&mut r, &mut cache, &cfg, 0, 2, false);
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
