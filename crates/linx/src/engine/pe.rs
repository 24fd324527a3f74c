//! The processing elements a block command is queued to (`--timing`), their latency and
//! throughput, and what each did per run.
//!
//! Seed 003 Check 21 and notes/linx.md §8 (LinxCore): the BCC packs each block header into a
//! block command and sends it to a PE — the scalar pipeline, Vector (MPAR/MSEQ/VPAR/VSEQ
//! bodies), TMA (TLOAD/TSTORE/TMOV), Cube (TMATMUL, TMATMUL.ACC, ACCCVT) or TAU (TEPL); the PE
//! reports completion to the block ROB. A PE takes its commands in order; a command occupies it
//! for `ceil(work / throughput)` cycles (pipelined: the next may start then) and completes
//! `latency` cycles after that.
//!
//! Defaults (overridable by a TOML system description, [`PeConfig::from_toml`]): no LinxCore
//! document gives PE latencies, so these are this model's choices, stated here:
//!
//! | PE | work unit | throughput / cycle | latency |
//! |---|---|---|---|
//! | scalar | instruction | 4 (LinxCore issue width, notes/linx.md §8) | 0 |
//! | vector | instruction (all lanes) | 1 | 0 |
//! | tma | byte moved | 64 | 8 |
//! | cube | multiply-add (m·n·k; ACCCVT: element) | 64 | 4 |
//! | tau | element (TEPL lane) | 16 | 2 |
//!
//! LinxCore figures used elsewhere: BROB 256 entries, allocate/retire one block per cycle
//! (notes/linx.md §8).

use crate::state::block::BlockType;
use std::fmt;

/// A processing element.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pe {
    #[default]
    Scalar,
    Vector,
    Tma,
    Cube,
    Tau,
}

pub const PES: [Pe; 5] = [Pe::Scalar, Pe::Vector, Pe::Tma, Pe::Cube, Pe::Tau];

impl Pe {
    /// The PE that runs a block of this type (Check 11: the type only routes the command;
    /// scheduling never looks at it).
    pub fn of(ty: BlockType) -> Pe {
        match ty {
            BlockType::Mpar | BlockType::Mseq | BlockType::Vpar | BlockType::Vseq => Pe::Vector,
            BlockType::Tma { .. } => Pe::Tma,
            BlockType::Cube { .. } => Pe::Cube,
            BlockType::Tepl { .. } | BlockType::Fixp => Pe::Tau,
            _ => Pe::Scalar,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        ["scalar", "vector", "tma", "cube", "tau"][self.index()]
    }
}

/// Most ROB entries a `--timing-config` may ask for (real block ROBs have hundreds; the model
/// keeps one word per block in flight).
pub const MAX_ROB_ENTRIES: usize = 1 << 16;

/// Largest latency or throughput a `--timing-config` may give: cycle counts stay far from
/// overflowing 64 bits (found by the `linx_timing_config` fuzz target: a latency of 2^63
/// overflowed the first block's completion cycle).
pub const MAX_PE_FIGURE: u64 = 1 << 32;

/// Latency and throughput of one PE.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeTiming {
    pub latency: u64,
    pub throughput: u64,
}

/// The system description.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeConfig {
    pub rob_entries: usize,
    pub pes: [PeTiming; 5],
}

impl Default for PeConfig {
    fn default() -> Self {
        let t = |latency, throughput| PeTiming {
            latency,
            throughput,
        };
        PeConfig {
            rob_entries: 256,
            pes: [t(0, 4), t(0, 1), t(8, 64), t(4, 64), t(2, 16)],
        }
    }
}

impl PeConfig {
    /// Read a TOML system description: `[rob] entries = N` and `[pe.<name>] latency = N,
    /// throughput = N` for `scalar`, `vector`, `tma`, `cube`, `tau`; omitted keys keep the
    /// defaults. Unknown tables or keys, negative values and values past [`MAX_ROB_ENTRIES`] or
    /// [`MAX_PE_FIGURE`] are errors.
    pub fn from_toml(text: &str) -> Result<PeConfig, String> {
        let doc: toml::Table = text.parse().map_err(|e| format!("{e}"))?;
        let mut cfg = PeConfig::default();
        let num = |v: &toml::Value, what: &str, max: u64| -> Result<u64, String> {
            match v.as_integer() {
                Some(n) if (0..=max as i64).contains(&n) => Ok(n as u64),
                _ => Err(format!(
                    "{what}: expected an integer from 0 to {max}, found {v}"
                )),
            }
        };
        for (key, v) in &doc {
            let table = v.as_table().ok_or(format!("`{key}` must be a table"))?;
            match key.as_str() {
                "rob" => {
                    for (k, v) in table {
                        match k.as_str() {
                            "entries" => {
                                cfg.rob_entries =
                                    num(v, "rob.entries", MAX_ROB_ENTRIES as u64)?.max(1) as usize
                            }
                            _ => return Err(format!("unknown key rob.{k}")),
                        }
                    }
                }
                "pe" => {
                    for (name, t) in table {
                        let pe = PES.iter().find(|p| p.name() == name).ok_or(format!(
                            "unknown PE `{name}` (scalar, vector, tma, cube, tau)"
                        ))?;
                        let t = t.as_table().ok_or(format!("pe.{name} must be a table"))?;
                        let slot = &mut cfg.pes[pe.index()];
                        for (k, v) in t {
                            let what = format!("pe.{name}.{k}");
                            match k.as_str() {
                                "latency" => slot.latency = num(v, &what, MAX_PE_FIGURE)?,
                                "throughput" => {
                                    slot.throughput = num(v, &what, MAX_PE_FIGURE)?.max(1)
                                }
                                _ => return Err(format!("unknown key {what}")),
                            }
                        }
                    }
                }
                _ => return Err(format!("unknown table `{key}` (rob, pe)")),
            }
        }
        Ok(cfg)
    }
}

/// Why a PE waited with a command queued.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stalls {
    /// A GPR input was not produced yet.
    pub gpr: u64,
    /// An input tile (or the accumulator) was not produced yet, or a tile being overwritten
    /// was still being read.
    pub tile: u64,
    /// Memory order (TSO) with an earlier memory block.
    pub memory: u64,
    /// The command was not allocated yet (the ROB was full or the BCC had not reached it).
    pub rob: u64,
}

/// What one PE did in a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PeStats {
    pub commands: u64,
    pub busy: u64,
    pub stalled: Stalls,
    /// Cycle the PE can take its next command.
    pub free_at: u64,
}

impl PeStats {
    pub fn stalled_total(&self) -> u64 {
        let s = self.stalled;
        s.gpr + s.tile + s.memory
    }
}

impl fmt::Display for PeStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.stalled;
        write!(
            f,
            "{} commands, busy {}, stalled {} (gpr {}, tile {}, memory {})",
            self.commands,
            self.busy,
            self.stalled_total(),
            s.gpr,
            s.tile,
            s.memory
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toml_overrides_some_keys_and_rejects_unknown_ones() {
        let c = PeConfig::from_toml("[rob]\nentries = 8\n[pe.cube]\nlatency = 20\n").unwrap();
        assert_eq!(c.rob_entries, 8);
        assert_eq!(c.pes[Pe::Cube.index()].latency, 20);
        assert_eq!(c.pes[Pe::Cube.index()].throughput, 64, "default kept");
        assert!(PeConfig::from_toml("[pe.gpu]\nlatency = 1").is_err());
        assert!(PeConfig::from_toml("[pe.tma]\nlatency = -1").is_err());
        assert!(PeConfig::from_toml("[pe.tma]\nspeed = 1").is_err());
    }

    #[test]
    fn absurd_figures_are_refused() {
        let e = PeConfig::from_toml("[pe.cube]\nlatency = 9223372036854775807").unwrap_err();
        assert!(
            e.contains("pe.cube.latency") && e.contains("4294967296"),
            "{e}"
        );
        assert!(PeConfig::from_toml("[pe.tma]\nthroughput = 4294967297").is_err());
        assert!(PeConfig::from_toml("[rob]\nentries = 65537").is_err());
        let c = PeConfig::from_toml("[rob]\nentries = 65536\n[pe.tau]\nlatency = 4294967296");
        assert_eq!(c.map(|c| c.rob_entries), Ok(65536));
    }
}
