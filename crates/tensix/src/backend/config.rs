//! The backend configuration: `Config[2][...]` (two banks, selected per thread by
//! `CFG_STATE_ID_StateID`) and `ThreadConfig[3][...]` (written by SETC16), as
//! `ConfigurationUnit.md` and `BackendConfiguration.md` describe them. Field positions come from
//! Tenstorrent ttsim's `data/wh/tensix_regs.json` (vendored as data under `data/tensix/ttsim/`).

use std::collections::HashMap;
use std::sync::OnceLock;

/// Number of 32-bit words in one config bank (the largest index in tensix_regs.json + 1).
pub const CFG_WORDS: usize = 192;
/// Number of 32-bit words in one thread's ThreadConfig.
pub const THD_WORDS: usize = 64;

/// One named field: word index, lowest bit, width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CfgField {
    pub word: u16,
    pub shift: u8,
    pub size: u8,
}

impl CfgField {
    #[inline]
    pub fn get(self, words: &[u32]) -> u32 {
        let v = words[usize::from(self.word)] >> self.shift;
        if self.size >= 32 {
            v
        } else {
            v & ((1u32 << self.size) - 1)
        }
    }

    #[inline]
    pub fn set(self, words: &mut [u32], value: u32) {
        let mask = if self.size >= 32 {
            u32::MAX
        } else {
            (1u32 << self.size) - 1
        } << self.shift;
        let w = &mut words[usize::from(self.word)];
        *w = (*w & !mask) | ((value << self.shift) & mask);
    }
}

/// The field maps of the two register spaces.
pub struct FieldMap {
    pub cfg: HashMap<String, CfgField>,
    pub thread: HashMap<String, CfgField>,
}

const WH_REGS: &str = include_str!("../../../../data/tensix/ttsim/wh/tensix_regs.json");

/// The Wormhole B0 field map, parsed once.
pub fn wormhole_fields() -> &'static FieldMap {
    static MAP: OnceLock<FieldMap> = OnceLock::new();
    MAP.get_or_init(|| parse_fields(WH_REGS).expect("vendored tensix_regs.json is well formed"))
}

fn parse_fields(text: &str) -> Option<FieldMap> {
    let v: serde_json::Value = serde_json::from_str(text).ok()?;
    let section = |name: &str| -> Option<HashMap<String, CfgField>> {
        let mut out = HashMap::new();
        for (word, fields) in v.get(name)?.as_object()? {
            let word: u16 = word.parse().ok()?;
            for f in fields.as_array()? {
                let field = CfgField {
                    word,
                    shift: u8::try_from(f.get("shift")?.as_u64()?).ok()?,
                    size: u8::try_from(f.get("size")?.as_u64()?).ok()?,
                };
                out.insert(f.get("name")?.as_str()?.to_owned(), field);
            }
        }
        Some(out)
    };
    Some(FieldMap {
        cfg: section("cfg")?,
        thread: section("thread_cfg")?,
    })
}

/// Looks a field up by its `cfg_defines.h` name (panics on a name the vendored map lacks: the
/// names used here are fixed in the source and tested).
pub fn cfg(name: &str) -> CfgField {
    *wormhole_fields()
        .cfg
        .get(name)
        .unwrap_or_else(|| panic!("no config field {name}"))
}

pub fn thd(name: &str) -> CfgField {
    *wormhole_fields()
        .thread
        .get(name)
        .unwrap_or_else(|| panic!("no thread config field {name}"))
}

/// All configuration state.
#[derive(Debug)]
pub struct Config {
    banks: [[u32; CFG_WORDS]; 2],
    thread: [[u32; THD_WORDS]; 3],
    /// The write stamp ([`super::stamp`]) of both spaces, moved by every `…_mut` access:
    /// while it is unchanged, so is every word.
    stamp: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            banks: [[0; CFG_WORDS]; 2],
            thread: [[0; THD_WORDS]; 3],
            stamp: super::stamp::fresh(),
        }
    }
}

impl Clone for Config {
    /// The same words under a new stamp (the clone's writes are its own).
    fn clone(&self) -> Self {
        Config {
            stamp: super::stamp::fresh(),
            ..*self
        }
    }
}

/// The fields the backend reads on its hot paths, resolved once.
#[derive(Clone, Copy, Debug)]
pub struct Fields {
    pub state_id: CfgField,
    pub math_offset: CfgField,
    pub addr_mod_set_base: CfgField,
    pub srca_set_base: CfgField,
    pub srca_ovrd_with_addr: CfgField,
    pub srcb_set_base: CfgField,
    pub clr_dvalid_a_disable: CfgField,
    pub clr_dvalid_b_disable: CfgField,
    pub fidelity_base: CfgField,
    pub fp16a_force: CfgField,
    pub alu_srca_fmt: CfgField,
    pub alu_srcb_fmt: CfgField,
    pub alu_srca_override: CfgField,
    pub alu_srca_val: CfgField,
    pub fp32_acc: CfgField,
    pub int8_math: CfgField,
    pub dest_regw_base: CfgField,
}

impl Fields {
    pub fn get() -> &'static Fields {
        static F: OnceLock<Fields> = OnceLock::new();
        F.get_or_init(|| Fields {
            state_id: thd("CFG_STATE_ID_StateID"),
            math_offset: thd("DEST_TARGET_REG_CFG_MATH_Offset"),
            addr_mod_set_base: thd("ADDR_MOD_SET_Base"),
            srca_set_base: thd("SRCA_SET_Base"),
            srca_ovrd_with_addr: thd("SRCA_SET_SetOvrdWithAddr"),
            srcb_set_base: thd("SRCB_SET_Base"),
            clr_dvalid_a_disable: thd("CLR_DVALID_SrcA_Disable"),
            clr_dvalid_b_disable: thd("CLR_DVALID_SrcB_Disable"),
            fidelity_base: thd("FIDELITY_BASE_Phase"),
            fp16a_force: thd("FP16A_FORCE_Enable"),
            alu_srca_fmt: cfg("ALU_FORMAT_SPEC_REG0_SrcA"),
            alu_srcb_fmt: cfg("ALU_FORMAT_SPEC_REG1_SrcB"),
            alu_srca_override: cfg("ALU_FORMAT_SPEC_REG_SrcA_override"),
            alu_srca_val: cfg("ALU_FORMAT_SPEC_REG_SrcA_val"),
            fp32_acc: cfg("ALU_ACC_CTRL_Fp32_enabled"),
            int8_math: cfg("ALU_ACC_CTRL_INT8_math_enabled"),
            dest_regw_base: cfg("DEST_REGW_BASE_Base"),
        })
    }
}

impl Config {
    /// Both `Config` banks.
    #[inline]
    pub fn banks(&self) -> &[[u32; CFG_WORDS]; 2] {
        &self.banks
    }

    /// Both `Config` banks, to write: moves the stamp.
    #[inline]
    pub fn banks_mut(&mut self) -> &mut [[u32; CFG_WORDS]; 2] {
        self.stamp += 1;
        &mut self.banks
    }

    /// Thread `t`'s `ThreadConfig`.
    #[inline]
    pub fn thread(&self, t: usize) -> &[u32; THD_WORDS] {
        &self.thread[t]
    }

    /// Thread `t`'s `ThreadConfig`, to write: moves the stamp.
    #[inline]
    pub fn thread_mut(&mut self, t: usize) -> &mut [u32; THD_WORDS] {
        self.stamp += 1;
        &mut self.thread[t]
    }

    /// See the field.
    #[inline]
    pub fn stamp(&self) -> u64 {
        self.stamp
    }

    /// The config bank thread `t` uses (`CFG_STATE_ID_StateID`).
    #[inline]
    pub fn bank(&self, t: usize) -> &[u32; CFG_WORDS] {
        &self.banks[Fields::get().state_id.get(&self.thread[t]) as usize & 1]
    }

    /// [`Config::bank`], to write: moves the stamp.
    #[inline]
    pub fn bank_mut(&mut self, t: usize) -> &mut [u32; CFG_WORDS] {
        let id = Fields::get().state_id.get(&self.thread[t]) as usize & 1;
        self.stamp += 1;
        &mut self.banks[id]
    }

    #[inline]
    pub fn thd(&self, t: usize, f: CfgField) -> u32 {
        f.get(&self.thread[t])
    }

    #[inline]
    pub fn cfg(&self, t: usize, f: CfgField) -> u32 {
        f.get(self.bank(t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Positions as tensix_regs.json (and tt-llk's cfg_defines.h) give them.
    #[test]
    fn field_positions_match_the_register_map() {
        assert_eq!(
            cfg("ALU_ACC_CTRL_Fp32_enabled"),
            CfgField {
                word: 1,
                shift: 29,
                size: 1
            }
        );
        assert_eq!(
            thd("ADDR_MOD_AB_SEC0_SrcAIncr"),
            CfgField {
                word: 7,
                shift: 0,
                size: 6
            }
        );
        assert!(
            wormhole_fields()
                .cfg
                .values()
                .all(|f| usize::from(f.word) < CFG_WORDS)
        );
        assert!(
            wormhole_fields()
                .thread
                .values()
                .all(|f| usize::from(f.word) < THD_WORDS)
        );
    }

    #[test]
    fn set_then_get_touches_only_the_field() {
        let mut words = [0xffff_ffffu32; CFG_WORDS];
        let f = cfg("ALU_FORMAT_SPEC_REG0_SrcA");
        f.set(&mut words, 5);
        assert_eq!(f.get(&words), 5);
        assert_eq!(words[1], !(0xf << 17) | (5 << 17));
    }
}
