//! BARG, the Block Argument Register, and the block-commit rule that picks the next block.
//!
//! Manual `04_block_isa.adoc` §BARG and §"Block types and branch types"; seed 003 Checks 6-9.
//! BARG is reset at every block start (the block type, the exit kind and the encoded target come
//! from the block start marker), updated by `SETC.*` (the condition) and `SETC.TGT` (the
//! dynamic target), and consulted at commit (`BSTOP`, or implicitly the next block start
//! marker) to choose the next block PC. Control flow happens only there (Check 7).
//!
//! Where the documents and the reference emulators disagree (notes §10), the choice depends on
//! [`CfiMode`]:
//!
//! | case | `strict` (default, the documents) | `compat` (QEMU / LinxCoreModel) |
//! |---|---|---|
//! | CALL/ICALL without SETRET | `ra` preserved (call-ret contract §3) | `ra` = fall-through |
//! | RET without SETC.TGT | block-format fault (contract §4) | return to `ra` (LinxCoreModel; the empty `C.BSTART.STD RET` wrapper of libc stubs) |
//! | fixed DIRECT/COND target that is not a block start | CFI fault (Check 8) | allowed: execution continues there in an implicit block |
//! | FALL block that set the condition, then a fixed `BSTART COND` header | condition reset by the header | "predicated FALL": the header's target is taken (notes §10.5) |
//!
//! IND and ICALL without SETC.TGT fault in both modes (there is no target to go to).

use std::fmt;

/// How strictly control flow follows the documents (`--cfi strict|compat`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CfiMode {
    /// The manual and the call/ret contract: every transfer must land on a block start marker.
    #[default]
    Strict,
    /// What the reference emulator does so that current LLVM output runs (see the module table).
    Compat,
}

/// The block type (manual §"Block types and branch types"; encoding: notes §3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockType {
    Std,
    Sys,
    Fp,
    /// Memory-parallel shader kernel (decoupled body, lanes in any order).
    Mpar,
    /// Memory-sequential shader kernel (decoupled body, lanes committed in order).
    Mseq,
    /// Tile-only parallel vector block.
    Vpar,
    /// Tile-only sequential vector block.
    Vseq,
    /// Tile memory agent: TLOAD (function 0), TSTORE (1), TMOV (2).
    Tma {
        function: u8,
        dtype: u8,
    },
    /// CUBE: TMATMUL (0), TMATMUL.ACC (2), ACCCVT (8).
    Cube {
        function: u8,
        dtype: u8,
    },
    /// Tile element-wise template (TADD...).
    Tepl {
        opcode: u16,
        dtype: u8,
    },
    Fixp,
    /// A template block (FENTRY, FEXIT, FRET.*, MCOPY, MSET, ESAVE, ERCOV).
    Template,
}

impl BlockType {
    /// Vector/kernel blocks whose body is out of line (B.TEXT) and replayed per lane.
    pub fn is_simt(self) -> bool {
        matches!(self, Self::Mpar | Self::Mseq | Self::Vpar | Self::Vseq)
    }

    /// Header-driven tile engine blocks (no body).
    pub fn is_tile_engine(self) -> bool {
        matches!(
            self,
            Self::Tma { .. } | Self::Cube { .. } | Self::Tepl { .. } | Self::Fixp
        )
    }

    /// Scalar types whose blocks are coupled unless the header is only descriptors + B.TEXT.
    pub fn is_scalar(self) -> bool {
        matches!(self, Self::Std | Self::Sys | Self::Fp)
    }
}

impl fmt::Display for BlockType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Std => f.write_str("STD"),
            Self::Sys => f.write_str("SYS"),
            Self::Fp => f.write_str("FP"),
            Self::Mpar => f.write_str("MPAR"),
            Self::Mseq => f.write_str("MSEQ"),
            Self::Vpar => f.write_str("VPAR"),
            Self::Vseq => f.write_str("VSEQ"),
            Self::Tma { function: 0, .. } => f.write_str("TLOAD"),
            Self::Tma { function: 1, .. } => f.write_str("TSTORE"),
            Self::Tma { function: 2, .. } => f.write_str("TMOV"),
            Self::Tma { function, .. } => write!(f, "TMA({function})"),
            Self::Cube { function, .. } => write!(f, "CUBE({function})"),
            Self::Tepl { opcode, .. } => write!(f, "TEPL({opcode:#x})"),
            Self::Fixp => f.write_str("FIXP"),
            Self::Template => f.write_str("template"),
        }
    }
}

/// How a block exits: the branch type encoded in its own start marker (notes §3.1: 1..7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BranchType {
    Fall,
    Direct,
    Cond,
    Call,
    Ind,
    ICall,
    Ret,
}

impl BranchType {
    /// From the 3-bit `BrType` field; 0 is not a branch type (it marks C.BSTOP / BSTOP).
    pub fn from_code(code: u8) -> Option<Self> {
        Some(match code {
            1 => Self::Fall,
            2 => Self::Direct,
            3 => Self::Cond,
            4 => Self::Call,
            5 => Self::Ind,
            6 => Self::ICall,
            7 => Self::Ret,
            _ => return None,
        })
    }
}

impl fmt::Display for BranchType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Fall => "FALL",
            Self::Direct => "DIRECT",
            Self::Cond => "COND",
            Self::Call => "CALL",
            Self::Ind => "IND",
            Self::ICall => "ICALL",
            Self::Ret => "RET",
        })
    }
}

/// The Block Argument Register of the current block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Barg {
    /// BPC: address of the block start marker.
    pub bpc: u64,
    pub block_type: BlockType,
    pub exit: BranchType,
    /// The target encoded in the start marker (DIRECT/COND/CALL); 0 otherwise.
    pub target: u64,
    /// CARG, the block-control condition written by `SETC.*`.
    pub cond: bool,
    /// The dynamic target written by `SETC.TGT`, if any.
    pub tgt: Option<u64>,
    /// A `SETRET` in this block wrote `ra`.
    pub setret: bool,
    /// A `SETC.*` compare executed in this block (for the predicated-FALL rule).
    pub setc: bool,
}

impl Barg {
    /// BARG as initialised by a block start marker.
    pub fn new(bpc: u64, block_type: BlockType, exit: BranchType, target: u64) -> Self {
        Barg {
            bpc,
            block_type,
            exit,
            target,
            cond: false,
            tgt: None,
            setret: false,
            setc: false,
        }
    }

    /// `SETC.<cc>`: write the block condition.
    pub fn set_cond(&mut self, cond: bool) {
        self.cond = cond;
        self.setc = true;
    }

    /// `SETC.TGT`: the dynamic target; like QEMU it also sets the condition, so that a COND or
    /// RET block with an explicit target is taken (notes §3.2).
    pub fn set_tgt(&mut self, target: u64) {
        self.tgt = Some(target);
        self.cond = true;
    }

    /// Choose the next block at commit. `fallthrough` is the address after the `BSTOP`, or the
    /// next block start marker when the block ended implicitly; `ra` is the current `ra`.
    pub fn commit(&self, fallthrough: u64, ra: u64, mode: CfiMode) -> Result<Commit, CommitError> {
        let no_setret_ra = match mode {
            CfiMode::Strict => None,
            CfiMode::Compat => Some(fallthrough),
        };
        let call_ra = if self.setret { None } else { no_setret_ra };
        let fixed = |next| Commit {
            next,
            write_ra: None,
            kind: TargetKind::Fixed,
        };
        Ok(match self.exit {
            BranchType::Fall => Commit {
                next: fallthrough,
                write_ra: None,
                kind: TargetKind::Linear,
            },
            BranchType::Direct => match self.tgt {
                Some(t) => Commit::dynamic(t, None),
                None => fixed(self.target),
            },
            BranchType::Cond if !self.cond => Commit {
                next: fallthrough,
                write_ra: None,
                kind: TargetKind::Linear,
            },
            BranchType::Cond => match self.tgt {
                Some(t) => Commit::dynamic(t, None),
                None => fixed(self.target),
            },
            BranchType::Call => Commit::dynamic(self.tgt.unwrap_or(self.target), call_ra),
            BranchType::Ind => Commit::dynamic(self.need_tgt()?, None),
            BranchType::ICall => Commit::dynamic(self.need_tgt()?, call_ra),
            BranchType::Ret => match (self.tgt, mode) {
                (Some(t), _) => Commit::dynamic(t, None),
                (None, CfiMode::Compat) => Commit::dynamic(ra, None),
                (None, CfiMode::Strict) => return Err(CommitError::MissingTarget(self.exit)),
            },
        })
    }

    fn need_tgt(&self) -> Result<u64, CommitError> {
        self.tgt.ok_or(CommitError::MissingTarget(self.exit))
    }
}

/// Where a committed block goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Commit {
    pub next: u64,
    /// A CALL/ICALL without SETRET in compat mode writes the fall-through address to `ra`.
    pub write_ra: Option<u64>,
    pub kind: TargetKind,
}

impl Commit {
    fn dynamic(next: u64, write_ra: Option<u64>) -> Self {
        Commit {
            next,
            write_ra,
            kind: TargetKind::Dynamic,
        }
    }
}

/// What kind of transfer a commit makes, for the CFI check (Check 8, notes §10.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetKind {
    /// Fall-through: the next linear instruction.
    Linear,
    /// The PC-relative target encoded in a DIRECT/COND marker (exempt in compat mode).
    Fixed,
    /// A register target (SETC.TGT, `ra`) or a CALL target.
    Dynamic,
}

/// A block that cannot commit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommitError {
    /// E_BLOCK(EC_BLOCKFMT): an IND/ICALL/RET block without SETC.TGT (call-ret contract §4).
    #[error("{0} block has no target: SETC.TGT was not executed in the block")]
    MissingTarget(BranchType),
}

#[cfg(test)]
mod tests {
    use super::*;
    use CfiMode::{Compat, Strict};

    fn barg(exit: BranchType) -> Barg {
        Barg::new(0x1000, BlockType::Std, exit, 0x2000)
    }

    #[test]
    fn fall_and_direct() {
        let c = barg(BranchType::Fall).commit(0x1010, 0, Strict).unwrap();
        assert_eq!((c.next, c.kind), (0x1010, TargetKind::Linear));
        let c = barg(BranchType::Direct).commit(0x1010, 0, Strict).unwrap();
        assert_eq!((c.next, c.kind), (0x2000, TargetKind::Fixed));
    }

    #[test]
    fn cond_follows_the_setc_condition() {
        let mut b = barg(BranchType::Cond);
        assert_eq!(b.commit(0x1010, 0, Strict).unwrap().next, 0x1010);
        b.set_cond(true);
        assert_eq!(b.commit(0x1010, 0, Strict).unwrap().next, 0x2000);
    }

    #[test]
    fn call_without_setret_preserves_ra_only_in_strict_mode() {
        let b = barg(BranchType::Call);
        assert_eq!(b.commit(0x1010, 5, Strict).unwrap().write_ra, None);
        assert_eq!(b.commit(0x1010, 5, Compat).unwrap().write_ra, Some(0x1010));
        let mut b = b;
        b.setret = true;
        assert_eq!(b.commit(0x1010, 5, Compat).unwrap().write_ra, None);
    }

    #[test]
    fn indirect_kinds_need_a_target() {
        for exit in [BranchType::Ind, BranchType::ICall] {
            for mode in [Strict, Compat] {
                assert_eq!(
                    barg(exit).commit(0, 0, mode),
                    Err(CommitError::MissingTarget(exit))
                );
            }
        }
        let mut b = barg(BranchType::Ind);
        b.set_tgt(0x3000);
        assert_eq!(b.commit(0, 0, Strict).unwrap().next, 0x3000);
    }

    #[test]
    fn ret_without_setc_tgt_returns_to_ra_only_in_compat_mode() {
        let b = barg(BranchType::Ret);
        assert!(b.commit(0, 0x4444, Strict).is_err());
        assert_eq!(b.commit(0, 0x4444, Compat).unwrap().next, 0x4444);
        let mut b = b;
        b.set_tgt(0x5000);
        assert_eq!(b.commit(0, 0x4444, Strict).unwrap().next, 0x5000);
    }
}
