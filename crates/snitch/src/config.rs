//! The system as data: a TOML file (serde) describing the cluster, with two built-in presets,
//! `snitch_cluster` and `banshee` (`presets/*.toml`). A file may start from a preset
//! (`preset = "banshee"`) and override any section.

use crate::core::{CoreConfig, SsrSetup};
use crate::dma::{DmaConfig, IdScheme};
use crate::error::SnitchError;
use crate::frep::SequencerConfig;
use crate::timing::TimingConfig;
use serde::Deserialize;

const SNITCH_CLUSTER: &str = include_str!("../presets/snitch_cluster.toml");
const BANSHEE: &str = include_str!("../presets/banshee.toml");

/// The preset names.
pub const PRESETS: [&str; 2] = ["snitch_cluster", "banshee"];

#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ClusterSection {
    /// Compute cores (harts 0..N).
    pub compute_cores: u32,
    /// One more hart (N) with Xdma only.
    pub dma_core: bool,
    /// Banshee gives every hart SSR, FREP and DMA.
    pub dma_on_all_cores: bool,
}

#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct MemorySection {
    pub tcdm_base: u32,
    pub tcdm_size: u32,
    pub tcdm_banks: u32,
    pub dram_base: u32,
    pub dram_size: u32,
    /// More plain memory: `[base, size]` pairs.
    #[serde(default)]
    pub extra: Vec<[u32; 2]>,
}

#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct SsrSection {
    pub regs: Vec<u8>,
    pub indirection: Vec<bool>,
    pub rpt_width: u32,
    pub num_loops: u32,
    pub banshee: bool,
}

#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct FrepSection {
    pub depth: u32,
    pub nest: u32,
    pub inner: bool,
}

#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct DmaSection {
    pub ids: IdScheme,
    pub bytes_per_cycle: u32,
    pub latency: u32,
    pub queue: u32,
    pub synchronous: bool,
}

/// How a program ends.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ExitKind {
    /// A store of `(code << 1) | 1` to the ELF's `tohost` symbol ends the run.
    Tohost,
    /// `(code << 1) | 1` in the scratch register; the run ends when every hart is in `wfi`.
    Scratch,
}

#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ExitSection {
    pub kind: ExitKind,
}

/// Memory-mapped registers (all optional but `base`/`size`, the window they live in).
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PeriphSection {
    pub base: u32,
    pub size: u32,
    /// A load blocks until every hart of the cluster has arrived.
    pub barrier: Option<u32>,
    pub scratch: Option<u32>,
    /// A store of a hart index (or −1 for all) wakes it from `wfi`.
    pub wakeup: Option<u32>,
    /// Banshee's info registers at base + 0x00/0x08/0x10/0x40/0x48/0x50.
    #[serde(default)]
    pub info: bool,
    pub cl_clint_set: Option<u32>,
    pub cl_clint_clear: Option<u32>,
    /// Byte stores print, per hart, at each newline.
    pub uart: Option<u32>,
    /// SSR k's word w at `ssr_cfg + k * 0x100 + w * 8` (old Banshee tests).
    pub ssr_cfg: Option<u32>,
}

/// A whole system.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct SystemConfig {
    /// The preset this file starts from (resolved by [`SystemConfig::parse`]).
    #[serde(default)]
    pub preset: Option<String>,
    pub cluster: ClusterSection,
    pub memory: MemorySection,
    pub ssr: SsrSection,
    pub frep: FrepSection,
    pub dma: DmaSection,
    pub exit: ExitSection,
    pub periph: PeriphSection,
    #[serde(default)]
    pub timing: TimingConfig,
}

impl SystemConfig {
    /// A built-in preset.
    pub fn preset(name: &str) -> Result<SystemConfig, SnitchError> {
        let text = match name {
            "snitch_cluster" => SNITCH_CLUSTER,
            "banshee" => BANSHEE,
            _ => {
                return Err(SnitchError::Config(format!(
                    "unknown preset `{name}` (known: {})",
                    PRESETS.join(", ")
                )));
            }
        };
        Self::parse_toml(text, &format!("preset {name}"))
    }

    fn parse_toml(text: &str, file: &str) -> Result<SystemConfig, SnitchError> {
        let c: SystemConfig =
            toml::from_str(text).map_err(|e| SnitchError::Config(format!("{file}: {e}")))?;
        c.check()
            .map_err(|e| SnitchError::Config(format!("{file}: {e}")))?;
        Ok(c)
    }

    /// Parse a configuration file's text. With `preset = "…"` at the top, the file's sections
    /// replace the preset's (a file may give only the sections it changes).
    pub fn parse(text: &str, file: &str) -> Result<SystemConfig, SnitchError> {
        let table: toml::Table =
            toml::from_str(text).map_err(|e| SnitchError::Config(format!("{file}: {e}")))?;
        let merged = match table.get("preset").and_then(|p| p.as_str()) {
            Some(name) => {
                let base_text = match name {
                    "snitch_cluster" => SNITCH_CLUSTER,
                    "banshee" => BANSHEE,
                    other => {
                        return Err(SnitchError::Config(format!(
                            "{file}: unknown preset `{other}`"
                        )));
                    }
                };
                let mut base: toml::Table = toml::from_str(base_text).expect("presets parse");
                for (k, v) in table {
                    match (base.get_mut(&k), v) {
                        (Some(toml::Value::Table(b)), toml::Value::Table(t)) => b.extend(t),
                        (_, v) => {
                            base.insert(k, v);
                        }
                    }
                }
                toml::to_string(&base).expect("a table serialises")
            }
            None => text.to_string(),
        };
        Self::parse_toml(&merged, file)
    }

    fn check(&self) -> Result<(), String> {
        if self.cluster.compute_cores == 0 && !self.cluster.dma_core {
            return Err("the cluster has no harts".into());
        }
        if self.ssr.regs.len() > 8 || self.ssr.regs.iter().any(|&r| r > 31) {
            return Err("ssr.regs: at most 8 SSRs on f0..f31".into());
        }
        if !(1..=4).contains(&self.ssr.num_loops) {
            return Err("ssr.num_loops must be 1..4".into());
        }
        if !(1..=32).contains(&self.ssr.rpt_width) {
            return Err("ssr.rpt_width must be 1..32".into());
        }
        if self.frep.depth == 0 || self.frep.nest == 0 {
            return Err("frep.depth and frep.nest must be at least 1".into());
        }
        if self.memory.tcdm_banks == 0 {
            return Err("memory.tcdm_banks must be at least 1".into());
        }
        Ok(())
    }

    /// Harts in the cluster.
    pub fn harts(&self) -> u32 {
        self.cluster.compute_cores + u32::from(self.cluster.dma_core)
    }

    /// Override the number of compute cores (`--cores`).
    pub fn set_cores(&mut self, n: u32) {
        self.cluster.compute_cores = n;
    }

    fn dma_config(&self) -> DmaConfig {
        DmaConfig {
            ids: self.dma.ids,
            bytes_per_cycle: self.dma.bytes_per_cycle,
            latency: self.dma.latency,
            queue: self.dma.queue,
            synchronous: self.dma.synchronous,
            tcdm: (self.memory.tcdm_base, self.memory.tcdm_size),
        }
    }

    /// What hart `h` has.
    pub fn core(&self, h: u32) -> CoreConfig {
        let compute = h < self.cluster.compute_cores;
        let ssr = SsrSetup {
            regs: self.ssr.regs.clone(),
            indirection: self.ssr.indirection.clone(),
            rpt_width: self.ssr.rpt_width,
            num_loops: self.ssr.num_loops,
            banshee: self.ssr.banshee,
            tcdm_base: self.memory.tcdm_base,
        };
        let frep = SequencerConfig {
            depth: self.frep.depth,
            nest: self.frep.nest,
            inner: self.frep.inner,
        };
        CoreConfig {
            ssr: compute.then_some(ssr),
            frep: compute.then_some(frep),
            dma: (!compute || self.cluster.dma_on_all_cores).then(|| self.dma_config()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_parse_and_say_what_the_issue_says() {
        let s = SystemConfig::preset("snitch_cluster").unwrap();
        assert_eq!((s.harts(), s.memory.tcdm_base), (9, 0x1000_0000));
        assert_eq!(s.dma.ids, IdScheme::Idma);
        assert_eq!(s.exit.kind, ExitKind::Tohost);
        assert!(s.core(8).dma.is_some() && s.core(8).ssr.is_none());
        assert!(s.core(0).dma.is_none() && s.core(0).frep.is_some());
        let b = SystemConfig::preset("banshee").unwrap();
        assert_eq!(b.memory.tcdm_base, 0x10_0000);
        assert_eq!(b.periph.scratch, Some(0x4000_0020));
        assert_eq!(b.periph.ssr_cfg, Some(0x20_4800));
        assert_eq!(b.periph.uart, Some(0xf00b_8000));
        assert_eq!(b.dma.ids, IdScheme::Zero);
        assert!(b.core(0).dma.is_some() && b.core(0).ssr.is_some());
    }

    #[test]
    fn a_file_overrides_a_preset() {
        let c = SystemConfig::parse(
            "preset = \"snitch_cluster\"\n[cluster]\ncompute_cores = 2\n[frep]\ndepth = 16\nnest = 1\ninner = true\n",
            "t.toml",
        )
        .unwrap();
        assert_eq!(c.harts(), 3);
        assert!(c.frep.inner);
        assert_eq!(c.memory.tcdm_base, 0x1000_0000);
        let e = SystemConfig::parse("[cluster]\nbogus = 1\n", "bad.toml").unwrap_err();
        assert!(e.to_string().contains("bad.toml"), "{e}");
    }
}
