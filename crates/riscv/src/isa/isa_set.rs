//! The extension set of a hart, parsed from an ISA string such as `rv32imafd`.
//!
//! Reading chosen: Zicsr and Zifencei are always present (machine mode cannot take or return
//! from a trap without CSRs, and the TRISC and Snitch cores both have them); the strings
//! `_zicsr` / `_zifencei` are accepted and change nothing. `g` stands for `imafd`. D needs F.

use std::fmt;
use thiserror::Error;

/// A set of standard extensions.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Isa {
    letters: u32,
}

/// Why an ISA string was refused.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum IsaError {
    #[error("ISA string `{0}` does not start with `rv32i` (or `rv32g`)")]
    NotRv32i(String),
    #[error(
        "ISA string `{s}`: extension `{ext}` is not implemented (this hart has I, M, A, F, D, Zicsr, Zifencei)"
    )]
    Unsupported { s: String, ext: String },
    #[error("ISA string `{0}`: D needs F")]
    DWithoutF(String),
    #[error("ISA string `{s}`: `{ext}` appears twice or out of the canonical order I, M, A, F, D")]
    Order { s: String, ext: char },
}

const fn bit(letter: char) -> u32 {
    1 << (letter as u32 - 'a' as u32)
}

impl Isa {
    /// RV32I only.
    pub const RV32I: Isa = Isa { letters: bit('i') };
    /// RV32IM: the Tensix TRISC cores.
    pub const RV32IM: Isa = Isa {
        letters: bit('i') | bit('m'),
    };
    /// RV32IMAFD: the Snitch core and the default of `macrosim riscv run`.
    pub const RV32IMAFD: Isa = Isa {
        letters: bit('i') | bit('m') | bit('a') | bit('f') | bit('d'),
    };

    /// Parse `rv32i[m][a][f][d][_zicsr][_zifencei]` (case-insensitive; `g` = `imafd`).
    pub fn parse(s: &str) -> Result<Isa, IsaError> {
        let lower = s.to_ascii_lowercase();
        let rest = lower
            .strip_prefix("rv32")
            .ok_or_else(|| IsaError::NotRv32i(s.into()))?;
        let mut parts = rest.split('_');
        let single = parts.next().unwrap_or("");
        let single = single.replacen('g', "imafd", 1);
        let mut chars = single.chars();
        if chars.next() != Some('i') {
            return Err(IsaError::NotRv32i(s.into()));
        }
        let mut letters = bit('i');
        let order = "mafd";
        let mut last = 0;
        for c in chars {
            let Some(pos) = order.find(c) else {
                return Err(IsaError::Unsupported {
                    s: s.into(),
                    ext: c.to_ascii_uppercase().to_string(),
                });
            };
            if pos < last {
                return Err(IsaError::Order {
                    s: s.into(),
                    ext: c,
                });
            }
            last = pos + 1;
            letters |= bit(c);
        }
        for multi in parts {
            match multi {
                "zicsr" | "zifencei" => {}
                other => {
                    return Err(IsaError::Unsupported {
                        s: s.into(),
                        ext: other.into(),
                    });
                }
            }
        }
        let isa = Isa { letters };
        if isa.has_letter('d') && !isa.has_letter('f') {
            return Err(IsaError::DWithoutF(s.into()));
        }
        Ok(isa)
    }

    const fn has_letter(self, c: char) -> bool {
        self.letters & bit(c) != 0
    }

    /// Does the hart have the extension a [`Table`](super::Table) names (`I`, `M`, `Zicsr`, ...)?
    pub fn has(self, extension: &str) -> bool {
        match extension {
            "Zicsr" | "Zifencei" => true,
            e if e.len() == 1 => e
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_uppercase() && self.has_letter(c.to_ascii_lowercase())),
            _ => false,
        }
    }

    pub const fn has_f(self) -> bool {
        self.has_letter('f')
    }

    pub const fn has_d(self) -> bool {
        self.has_letter('d')
    }

    /// FLEN in bits: 64 with D, 32 with F only, 0 without F.
    pub const fn flen(self) -> u32 {
        if self.has_d() {
            64
        } else if self.has_f() {
            32
        } else {
            0
        }
    }

    /// The `misa` value: MXL = 1 (32-bit), the extension letters, and U (user mode).
    pub const fn misa(self) -> u32 {
        (1 << 30) | self.letters | bit('u')
    }
}

impl Default for Isa {
    fn default() -> Self {
        Isa::RV32IMAFD
    }
}

impl fmt::Display for Isa {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("rv32")?;
        for c in "imafd".chars().filter(|&c| self.has_letter(c)) {
            write!(f, "{c}")?;
        }
        f.write_str("_zicsr_zifencei")
    }
}

impl fmt::Debug for Isa {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_usual_strings() {
        assert_eq!(Isa::parse("rv32imafd").unwrap(), Isa::RV32IMAFD);
        assert_eq!(Isa::parse("RV32G").unwrap(), Isa::RV32IMAFD);
        assert_eq!(
            Isa::parse("rv32imafd_zicsr_zifencei").unwrap(),
            Isa::RV32IMAFD
        );
        assert_eq!(Isa::parse("rv32im").unwrap(), Isa::RV32IM);
        let f = Isa::parse("rv32if").unwrap();
        assert!(f.has("F") && !f.has("D") && f.flen() == 32);
        assert_eq!(Isa::RV32IM.to_string(), "rv32im_zicsr_zifencei");
        assert_eq!(Isa::RV32IMAFD.misa(), 0x4010_1129);
    }

    #[test]
    fn refuses_what_is_not_there() {
        assert!(matches!(Isa::parse("rv64i"), Err(IsaError::NotRv32i(_))));
        assert!(matches!(
            Isa::parse("rv32imac"),
            Err(IsaError::Unsupported { .. })
        ));
        assert!(matches!(Isa::parse("rv32id"), Err(IsaError::DWithoutF(_))));
        assert!(matches!(Isa::parse("rv32ifm"), Err(IsaError::Order { .. })));
        assert!(matches!(
            Isa::parse("rv32i_zba"),
            Err(IsaError::Unsupported { .. })
        ));
    }
}
