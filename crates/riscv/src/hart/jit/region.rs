//! Which blocks one translation covers, and which f registers it keeps in variables.
//!
//! A translation is a region: the hot block it is entered at, plus the blocks already decoded
//! that its static exits (taken branches, `jal`, fall-throughs) reach, breadth first, up to
//! [`MAX_BLOCKS`] blocks and [`MAX_OPS`] ops. Control passes between the region's blocks inside
//! host code (the chaining a dispatcher would otherwise do), so a loop of several blocks runs
//! without leaving it. Computed jumps (`jalr`) and exits to blocks outside the region go on in
//! the region translated at their target, found in the table of translations by pc
//! (`translate::Tx::chain`), or return to the dispatcher in [`super::Jit::run`].

use super::translate::translated;
use crate::hart::cache::BlockCache;
use crate::hart::op::{Kind, Op};

/// The most blocks and ops one region holds: Cranelift's time grows with the function, and a
/// region's blocks run only as far as the hot path goes.
const MAX_BLOCKS: usize = 8;
const MAX_OPS: usize = 384;

/// The ops of the block starting at `ops[0]` up to and including its first op the translation
/// leaves to the interpreter, or its exit.
pub(crate) fn block_ops(ops: &[Op]) -> &[Op] {
    let end = ops
        .iter()
        .position(|op| op.kind.ends_block() || !translated(op.kind))
        .map_or(ops.len(), |i| i + 1);
    &ops[..end]
}

/// The instructions a whole pass through `ops` (as [`block_ops`] cuts it) can retire at most.
pub(crate) fn length(ops: &[Op]) -> u32 {
    ops.iter().map(|op| op.nth).max().unwrap_or(0)
}

/// The static successor pcs of op `op` (branch taken, `jal`, fall-through).
fn successors(op: &Op) -> Option<u32> {
    use Kind as K;
    match op.kind {
        K::Beq | K::Bne | K::Blt | K::Bge | K::Bltu | K::Bgeu | K::Jal => Some(op.imm),
        K::Fallthrough => Some(op.pc),
        _ => None,
    }
}

/// The blocks of the region entered at arena position `b`: the entry first. A successor joins
/// only if it was entered at least `hot / 16` times by arena position in `counts` (its
/// entries as the tier counts them): a path the run seldom took would cost translation time
/// and save nothing.
pub(crate) fn region<'c>(
    cache: &'c BlockCache,
    b: usize,
    counts: &[u32],
    hot: u32,
) -> Vec<&'c [Op]> {
    let mut blocks = vec![block_ops(&cache.ops[b..])];
    let mut pcs = vec![cache.ops[b].pc];
    let mut ops = blocks[0].len();
    let mut i = 0;
    while i < blocks.len() {
        for op in blocks[i] {
            let Some(pc) = successors(op) else { continue };
            if blocks.len() == MAX_BLOCKS || pcs.contains(&pc) {
                continue;
            }
            let Some(p) = cache.block_at(pc) else {
                continue;
            };
            if counts.get(p).copied().unwrap_or(0) < hot / 16 {
                continue;
            }
            let next = block_ops(&cache.ops[p..]);
            if translated(next[0].kind) && ops + next.len() <= MAX_OPS {
                ops += next.len();
                pcs.push(pc);
                blocks.push(next);
            }
        }
        i += 1;
    }
    blocks
}

/// The f registers ops read or write in host code (bit r of `f_used`): the region keeps them in
/// Cranelift variables. Ops run by a helper (`helpers::fp`) access the hart state directly and
/// are not listed; x registers are loaded where each block first reads them
/// (`translate::Tx::x`).
#[derive(Clone, Copy, Default)]
pub(crate) struct Regs {
    pub f_used: u32,
}

impl Regs {
    fn f(&mut self, r: u8) {
        self.f_used |= 1 << r;
    }

    /// Add the f registers `op` uses in host code (as `Tx::float` and the FP loads and stores
    /// translate it).
    pub(crate) fn add(&mut self, op: &Op) {
        use Kind as K;
        match op.kind {
            K::Flw | K::Fld | K::FcvtDW | K::FcvtDWu | K::FmvWX => self.f(op.rd),
            K::Fsw | K::Fsd => self.f(op.rs2),
            K::FmvXW => self.f(op.rs1),
            k if super::float::arithmetic(k).is_some() || super::float::sign_injection(k) => {
                self.f(op.rs1);
                self.f(op.rs2);
                self.f(op.rs3);
                self.f(op.rd);
            }
            _ => {}
        }
    }
}
