//! The LXCPU execution context (manual `03_programming_model.adoc` §LXCPU): first-layer state
//! (GPRs, SSRs, FCSR, tiles) and the current block's second-layer state (hands, BARG, header).

use crate::state::block::{Barg, BlockType, BranchType};
use crate::state::header::Header;
use crate::state::regs::RegFile;
use crate::state::ssr::Ssrs;
use crate::state::tile::TileFile;

/// One hart's architectural state.
#[derive(Clone, Debug)]
pub struct Cpu {
    pub regs: RegFile,
    /// BARG of the current block (meaningful while `in_block`).
    pub barg: Barg,
    pub in_block: bool,
    /// Descriptors of the current block header.
    pub header: Header,
    /// A non-descriptor instruction ran in the current block (it is coupled, not decoupled).
    pub payload: bool,
    pub ssr: Ssrs,
    /// FCSR: flags in 4:0 (NV DZ OF UF NX), rounding mode in 10:8 (manual §FCSR).
    pub fcsr: u32,
    pub tiles: TileFile,
    /// LR reservation address.
    pub reservation: Option<u64>,
    /// Instructions retired (header, body and lane instructions all count).
    pub insns: u64,
    /// Blocks committed.
    pub blocks: u64,
    /// The T/U hands are emptied at every block start (the manual; `--cfi strict`). Compat
    /// keeps them, as LinxCoreModel does: see [`crate::state::hands`].
    pub block_local_hands: bool,
}

impl Default for Cpu {
    fn default() -> Self {
        Cpu {
            regs: RegFile::default(),
            barg: Barg::new(0, BlockType::Std, BranchType::Fall, 0),
            in_block: false,
            header: Header::default(),
            payload: false,
            ssr: Ssrs::default(),
            fcsr: 0,
            tiles: TileFile::new(),
            reservation: None,
            insns: 0,
            blocks: 0,
            block_local_hands: true,
        }
    }
}

impl Cpu {
    /// Block start: reset BARG, the hands (unless compat keeps them) and the header (manual
    /// §BARG, §ClockHands).
    pub fn begin_block(&mut self, bpc: u64, ty: BlockType, exit: BranchType, target: u64) {
        self.barg = Barg::new(bpc, ty, exit, target);
        self.in_block = true;
        self.payload = false;
        if self.block_local_hands {
            self.regs.reset_hands();
        }
        self.header.reset();
    }
}
