//! `MopCfg`: the nine per-thread configuration words of the MOP expander (MOPExpander.md,
//! "Configuration"), written by the thread's RISC-V core with stores to
//! `TENSIX_MOP_CFG_BASE + 4 * index` (0xFFB80000; write-only from RISC-V). Their meaning
//! depends on the template of the MOP that reads them:
//!
//! | index | template 0 | template 1 |
//! |---|---|---|
//! | 0 | unused | OuterCount (low 7 bits) |
//! | 1 | Flags (bit 0 HasB, bit 1 HasA123) | InnerCount (low 7 bits) |
//! | 2 | InsnB | StartOp |
//! | 3 | InsnA0 | EndOp0 |
//! | 4 | InsnA1 | EndOp1 |
//! | 5 | InsnA2 | LoopOp |
//! | 6 | InsnA3 | LoopOp1 |
//! | 7 | SkipA0 | Loop0Last |
//! | 8 | SkipB | Loop1Last |

use crate::frontend::FrontendInsn;

/// A valid MopCfg index, 0..=8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MopCfgIndex(u8);

impl MopCfgIndex {
    /// `index` if it is below 9.
    pub fn new(index: u64) -> Option<Self> {
        u8::try_from(index)
            .ok()
            .filter(|&i| usize::from(i) < MopCfg::LEN)
            .map(MopCfgIndex)
    }

    pub fn get(self) -> usize {
        usize::from(self.0)
    }
}

/// The nine MopCfg words, each decoded when written. All zero at reset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MopCfg {
    words: [FrontendInsn; MopCfg::LEN],
}

impl MopCfg {
    /// Number of configuration words.
    pub const LEN: usize = 9;

    /// Store `value` to `MopCfg[index]`.
    pub fn write(&mut self, index: MopCfgIndex, value: u32) {
        self.words[index.get()] = FrontendInsn::decode(value);
    }

    /// `MopCfg[index]` as an instruction.
    pub fn insn(&self, index: usize) -> FrontendInsn {
        self.words[index]
    }

    /// `MopCfg[index]` as a number (a count or flags).
    pub fn value(&self, index: usize) -> u32 {
        self.words[index].word
    }
}
