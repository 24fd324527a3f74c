//! The assembler: one instruction from text. The syntax is `MNEMONIC f1, f2, ...` with the
//! fields in the table's order (decimal or 0x hex; mnemonics in any case), a bare 32-bit word
//! (`0x26000000`), or `.ttinsn WORD` as the Tenstorrent RISC-V assembler writes a push
//! (PushTensixInstruction.md: the word must be below 0xC0000000).

use super::instruction::{EncodeError, Instruction};
use super::number::{NumberError, parse_u32, parse_u64};
use super::ttinsn::{self, TtinsnError};
use crate::Arch;
use std::fmt;

/// Why a text is not an instruction.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AsmError {
    #[error("expected an instruction")]
    Empty,
    #[error("unknown mnemonic `{mnemonic}` for {arch}{}", OtherArch(*elsewhere))]
    UnknownMnemonic {
        mnemonic: String,
        arch: Arch,
        /// Another architecture that has this mnemonic.
        elsewhere: Option<Arch>,
    },
    #[error("field {position} of {mnemonic} is empty")]
    EmptyField {
        mnemonic: &'static str,
        position: usize,
    },
    #[error(transparent)]
    Encode(#[from] EncodeError),
    #[error(transparent)]
    Number(#[from] NumberError),
    #[error(transparent)]
    Ttinsn(#[from] TtinsnError),
}

struct OtherArch(Option<Arch>);

impl fmt::Display for OtherArch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(arch) => write!(f, " (it is a {arch} instruction)"),
            None => Ok(()),
        }
    }
}

/// Assemble one instruction for `arch`.
pub fn assemble(arch: Arch, text: &str) -> Result<u32, AsmError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(AsmError::Empty);
    }
    if text.starts_with(|c: char| c.is_ascii_digit()) {
        return Ok(parse_u32(text)?);
    }
    let (head, rest) = text
        .split_once(char::is_whitespace)
        .map_or((text, ""), |(h, r)| (h, r.trim()));
    if head.eq_ignore_ascii_case(".ttinsn") {
        let word = parse_u32(rest)?;
        ttinsn::encode(word)?;
        return Ok(word);
    }
    let desc = arch
        .table()
        .by_mnemonic(head)
        .ok_or_else(|| AsmError::UnknownMnemonic {
            mnemonic: head.to_string(),
            arch,
            elsewhere: Arch::ALL
                .into_iter()
                .find(|a| *a != arch && a.table().by_mnemonic(head).is_some()),
        })?;
    let mut args = Vec::with_capacity(desc.fields.len());
    if !rest.is_empty() {
        for (i, token) in rest.split(',').map(str::trim).enumerate() {
            if token.is_empty() {
                return Err(AsmError::EmptyField {
                    mnemonic: desc.mnemonic,
                    position: i + 1,
                });
            }
            args.push(parse_u64(token)?);
        }
    }
    Ok(Instruction::new(desc, &args)?.encode())
}

#[cfg(test)]
mod tests {
    use super::*;

    const WH: Arch = Arch::WormholeB0;

    /// The words in notes/tensix.md §3.3 (computed there from tt-llk ckernel_ops.h).
    #[test]
    fn documented_words() {
        for (text, word) in [
            ("NOP", 0x0200_0000),
            ("MOP 1, 0, 0", 0x0180_0000),
            ("REPLAY 16, 16, 0, 0", 0x0404_0100),
            ("REPLAY 16, 16, 0, 1", 0x0404_0101),
            ("MVMUL 0, 0, 0, 0", 0x2600_0000),
            ("MVMUL 0, 0, 3, 0", 0x2601_8000),
            ("ELWADD 0, 0, 0, 0, 0", 0x2800_0000),
            ("ELWADD 0, 1, 0, 0, 0", 0x2820_0000),
            ("ELWMUL 0, 0, 0, 2, 0", 0x2701_0000),
            ("ELWMUL 3, 0, 0, 3, 0", 0x27C1_8000),
            ("SETRWC 3, 3, 0, 0, 0, 3", 0x37CC_0003),
            ("SETRWC 0, 0, 0, 0, 0, 8", 0x3700_0008),
            ("mop_cfg 0xabcd", 0x0300_ABCD),
        ] {
            assert_eq!(assemble(WH, text), Ok(word), "{text}");
        }
    }

    #[test]
    fn bare_words_and_ttinsn() {
        assert_eq!(assemble(WH, "0x26000000"), Ok(0x2600_0000));
        assert_eq!(assemble(WH, "  0xC5000000 "), Ok(0xC500_0000));
        assert_eq!(assemble(WH, ".ttinsn 0x01800000"), Ok(0x0180_0000));
        assert_eq!(
            assemble(WH, ".ttinsn 0xC0000000"),
            Err(AsmError::Ttinsn(TtinsnError::OutOfRange(0xC000_0000)))
        );
        assert_eq!(
            assemble(WH, "0x100000000"),
            Err(AsmError::Number(NumberError::TooWide("0x100000000".into())))
        );
    }

    #[test]
    fn errors_name_what_is_wrong() {
        let msg = |t: &str| assemble(WH, t).unwrap_err().to_string();
        assert_eq!(msg("FOO 1"), "unknown mnemonic `FOO` for Wormhole B0");
        assert_eq!(
            msg("STREAMWAIT 0, 0, 0, 0"),
            "unknown mnemonic `STREAMWAIT` for Wormhole B0 (it is a Blackhole instruction)"
        );
        assert_eq!(
            msg("MOP 1, 0"),
            "MOP takes 3 field(s) (mop_type, loop_count, zmask_lo16), got 2"
        );
        assert_eq!(msg("NOP 1"), "NOP takes 0 field(s), got 1");
        assert_eq!(
            msg("MOP 2, 0, 0"),
            "MOP field mop_type is 1 bit(s) wide: 2 does not fit (largest 1)"
        );
        assert_eq!(msg("MOP 1, , 0"), "field 2 of MOP is empty");
        assert_eq!(
            msg("MOP 1, 0x, 0"),
            "`0x` is not a number (decimal, or hex with 0x)"
        );
        assert_eq!(msg(""), "expected an instruction");
    }

    #[test]
    fn field_layouts_follow_the_architecture() {
        // Blackhole's SFPLOAD has a 3-bit AddrMod (notes/tensix.md §2.4), Wormhole's 2 bits.
        assert_eq!(
            assemble(Arch::Blackhole, "SFPLOAD 0, 0, 7, 0"),
            Ok(0x7000_E000)
        );
        assert!(matches!(
            assemble(WH, "SFPLOAD 0, 0, 7, 0"),
            Err(AsmError::Encode(EncodeError::FieldTooWide { .. }))
        ));
    }
}
