//! The `.tt` program text: what one thread's RISC-V core does to the frontend, one item a line.
//!
//! ```text
//! # a comment; '#' starts a comment anywhere on a line, blank lines are ignored
//! mopcfg 0 1                    # MopCfg[0] = 1 (a store to 0xFFB80000 + 4*0)
//! mopcfg 5 REPLAY 16, 16, 0, 0  # a MopCfg value may also be written as an instruction
//! REPLAY 16, 16, 0, 1           # an instruction pushed into the thread's FIFO
//! 0x26000000                    # a bare 32-bit word is an instruction too
//! .ttinsn 0x01800000            # as the Tenstorrent assembler writes a push
//! ```
//!
//! `mopcfg I VALUE` writes `MopCfg[I]`, I in 0..=8, VALUE a 32-bit number or an instruction in
//! assembly; anything else is one instruction (see [`crate::isa::asm`]). Items take effect in
//! file order; a MopCfg write waits until earlier MOPs have been expanded.
//!
//! The whole text is checked before anything runs: [`Program::parse`] returns every error, each
//! with its line number, or a program that cannot fail.

use crate::Arch;
use crate::frontend::{FrontendInput, FrontendInsn, FrontendKind, MopCfgIndex};
use crate::isa::asm::{AsmError, assemble};
use crate::isa::number::{NumberError, parse_u32, parse_u64};
use std::fmt;

/// A checked program.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Program {
    items: Vec<Item>,
}

/// One line's item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Item {
    /// 1-based line number in the text.
    pub line: usize,
    pub op: ProgramOp,
}

/// What an item does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProgramOp {
    /// Push an instruction word into the thread's FIFO.
    Push(u32),
    /// Store `value` to `MopCfg[index]`.
    WriteMopCfg { index: MopCfgIndex, value: u32 },
}

/// What is wrong with one line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    #[error(transparent)]
    Asm(#[from] AsmError),
    #[error("mopcfg needs an index and a value: `mopcfg I VALUE`")]
    MopCfgSyntax,
    #[error("MopCfg index {0} is out of range (0 to 8)")]
    MopCfgIndex(u64),
    #[error("MopCfg index: {0}")]
    MopCfgIndexNumber(NumberError),
    #[error("MopCfg value: {0}")]
    MopCfgValue(NumberError),
}

/// An error and the line it is on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}: {error}")]
pub struct ProgramError {
    pub line: usize,
    pub error: LineError,
}

/// Every error of a text, in line order (never empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseErrors(pub Vec<ProgramError>);

impl fmt::Display for ParseErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ParseErrors {}

/// Something legal but probably not what the author meant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramWarning {
    pub line: usize,
    pub message: String,
}

impl Program {
    /// A program of already-checked items.
    pub fn from_items(items: Vec<Item>) -> Self {
        Program { items }
    }

    /// Check and parse `text` for `arch`.
    pub fn parse(text: &str, arch: Arch) -> Result<Self, ParseErrors> {
        let mut items = Vec::new();
        let mut errors = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let code = line.split_once('#').map_or(line, |(code, _)| code).trim();
            if code.is_empty() {
                continue;
            }
            match parse_line(code, arch) {
                Ok(op) => items.push(Item { line: i + 1, op }),
                Err(error) => errors.push(ProgramError { line: i + 1, error }),
            }
        }
        if errors.is_empty() {
            Ok(Program { items })
        } else {
            Err(ParseErrors(errors))
        }
    }

    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// The program as frontend input: each pushed word decoded as it is pushed.
    pub fn inputs(&self) -> impl Iterator<Item = FrontendInput> + Clone + '_ {
        self.items.iter().map(|item| match item.op {
            ProgramOp::Push(word) => FrontendInput::Push(FrontendInsn::decode(word)),
            ProgramOp::WriteMopCfg { index, value } => FrontendInput::WriteMopCfg { index, value },
        })
    }

    /// Legal constructs whose meaning macrosim does not model on `arch`: on Blackhole, a
    /// template-1 `MOP` with a non-zero immediate, whose count-override reading is not modelled
    /// (see `frontend::mop_expander`).
    pub fn warnings(&self, arch: Arch) -> Vec<ProgramWarning> {
        if arch != Arch::Blackhole {
            return Vec::new();
        }
        self.items
            .iter()
            .filter_map(|item| match item.op {
                ProgramOp::Push(word) => match FrontendInsn::decode(word).kind() {
                    FrontendKind::Mop(m) if m.template1 && word & 0x007F_FFFF != 0 => {
                        Some(ProgramWarning {
                            line: item.line,
                            message: format!(
                                "template-1 MOP {word:#010x} has non-zero count bits: Blackhole's \
                                 count override is not modelled; the counts come from MopCfg[0] \
                                 and MopCfg[1] as on Wormhole"
                            ),
                        })
                    }
                    _ => None,
                },
                ProgramOp::WriteMopCfg { .. } => None,
            })
            .collect()
    }
}

fn parse_line(code: &str, arch: Arch) -> Result<ProgramOp, LineError> {
    let (head, rest) = code
        .split_once(char::is_whitespace)
        .map_or((code, ""), |(h, r)| (h, r.trim_start()));
    if !head.eq_ignore_ascii_case("mopcfg") {
        return Ok(ProgramOp::Push(assemble(arch, code)?));
    }
    let (index, value) = rest
        .split_once(char::is_whitespace)
        .ok_or(LineError::MopCfgSyntax)?;
    let index = parse_u64(index).map_err(LineError::MopCfgIndexNumber)?;
    let index = MopCfgIndex::new(index).ok_or(LineError::MopCfgIndex(index))?;
    let value = value.trim();
    let value = if value.starts_with(|c: char| c.is_ascii_digit()) {
        parse_u32(value).map_err(LineError::MopCfgValue)?
    } else {
        assemble(arch, value)?
    };
    Ok(ProgramOp::WriteMopCfg { index, value })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Program, ParseErrors> {
        Program::parse(text, Arch::WormholeB0)
    }

    fn error_lines(text: &str) -> Vec<String> {
        parse(text)
            .unwrap_err()
            .0
            .iter()
            .map(|e| e.to_string())
            .collect()
    }

    #[test]
    fn items_in_file_order() {
        let p = parse(
            "# header\n\nmopcfg 0 1\nmopcfg 0x5 REPLAY 16, 16, 0, 0 # loop op\n\
             MOP 1, 0, 0\n  0x26000000  \n.ttinsn 0x01800000\nmopcfg 8 0xFFFFFFFF\n",
        )
        .unwrap();
        let idx = |i| MopCfgIndex::new(i).unwrap();
        assert_eq!(
            p.items(),
            [
                Item {
                    line: 3,
                    op: ProgramOp::WriteMopCfg {
                        index: idx(0),
                        value: 1
                    }
                },
                Item {
                    line: 4,
                    op: ProgramOp::WriteMopCfg {
                        index: idx(5),
                        value: 0x0404_0100
                    }
                },
                Item {
                    line: 5,
                    op: ProgramOp::Push(0x0180_0000)
                },
                Item {
                    line: 6,
                    op: ProgramOp::Push(0x2600_0000)
                },
                Item {
                    line: 7,
                    op: ProgramOp::Push(0x0180_0000)
                },
                Item {
                    line: 8,
                    op: ProgramOp::WriteMopCfg {
                        index: idx(8),
                        value: u32::MAX
                    }
                },
            ]
        );
    }

    #[test]
    fn every_error_with_its_line() {
        assert_eq!(
            error_lines(
                "FOO 1\nMOP 1, 0\nMOP 1, 200, 0\n0x100000000\nmopcfg 9 0\nmopcfg 0 0x1z\n\
                 mopcfg 1\nmopcfg x 1\nmopcfg 2 4294967296\nNOP\n"
            ),
            [
                "1: unknown mnemonic `FOO` for Wormhole B0",
                "2: MOP takes 3 field(s) (mop_type, loop_count, zmask_lo16), got 2",
                "3: MOP field loop_count is 7 bit(s) wide: 200 does not fit (largest 127)",
                "4: `0x100000000` does not fit in 32 bits",
                "5: MopCfg index 9 is out of range (0 to 8)",
                "6: MopCfg value: `0x1z` is not a number (decimal, or hex with 0x)",
                "7: mopcfg needs an index and a value: `mopcfg I VALUE`",
                "8: MopCfg index: `x` is not a number (decimal, or hex with 0x)",
                "9: MopCfg value: `4294967296` does not fit in 32 bits",
            ]
        );
    }

    #[test]
    fn blackhole_template1_immediates_are_flagged() {
        let text = "MOP 1, 0, 0\nMOP 1, 2, 0x0401\nMOP 0, 3, 5\n";
        let bh = Program::parse(text, Arch::Blackhole).unwrap();
        let lines: Vec<usize> = bh
            .warnings(Arch::Blackhole)
            .iter()
            .map(|w| w.line)
            .collect();
        assert_eq!(lines, [2]);
        assert!(bh.warnings(Arch::WormholeB0).is_empty());
    }
}
