//! The Tensix generations macrosim knows, each with its instruction table.

use crate::isa::{IsaTable, table};
use std::fmt;
use std::str::FromStr;

/// A Tensix generation. Wormhole B0 is the default; Blackhole differs in some instructions'
/// field layouts and adds instructions (notes/tensix.md §2.4). The frontend (MOP and replay
/// expanders) follows the Wormhole B0 rules on both (see `frontend::mop_expander`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Arch {
    #[default]
    WormholeB0,
    Blackhole,
}

impl Arch {
    pub const ALL: [Arch; 2] = [Arch::WormholeB0, Arch::Blackhole];

    /// The instruction table of this generation.
    pub fn table(self) -> &'static IsaTable {
        match self {
            Arch::WormholeB0 => &table::WORMHOLE_B0,
            Arch::Blackhole => &table::BLACKHOLE,
        }
    }

    /// The short name used on the command line (`wh`, `bh`).
    pub fn short_name(self) -> &'static str {
        match self {
            Arch::WormholeB0 => "wh",
            Arch::Blackhole => "bh",
        }
    }
}

impl fmt::Display for Arch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Arch::WormholeB0 => "Wormhole B0",
            Arch::Blackhole => "Blackhole",
        })
    }
}

/// A name that is no architecture.
#[derive(Debug, thiserror::Error)]
#[error("unknown Tensix architecture `{0}` (expected wh or bh)")]
pub struct UnknownArch(String);

impl FromStr for Arch {
    type Err = UnknownArch;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "wh" | "wormhole" | "wormhole_b0" => Ok(Arch::WormholeB0),
            "bh" | "blackhole" => Ok(Arch::Blackhole),
            _ => Err(UnknownArch(s.to_string())),
        }
    }
}
