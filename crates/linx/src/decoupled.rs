//! Decoupled blocks: the engines that run at the commit of a block whose header asks for one.
//!
//! Manual `04_block_isa.adoc` §"Decoupled blocks": a decoupled header (BSTART.<type> followed
//! only by `B.*` descriptors, with exactly one `B.TEXT`) runs its out-of-line body before the
//! next block starts at the header continuation. Tile engine blocks (TLOAD/TSTORE/TMOV, CUBE,
//! TEPL) are header-driven and have no body.

use crate::block::BlockType;
use crate::engine::Machine;
use crate::error::Fault;
use crate::tile;
use crate::trace::Observer;

/// What the block's engine did, for the timing model.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    pub insns: u64,
    pub tile_bytes: u64,
    pub loads: bool,
    pub stores: bool,
}

/// Run the engine of the current block, if it has one.
pub fn finish_block<O: Observer>(m: &mut Machine<O>) -> Result<Work, Fault> {
    let ty = m.cpu.barg.block_type;
    let decoupled_scalar = ty.is_scalar() && m.cpu.header.text.is_some() && !m.cpu.payload;
    if !(ty.is_simt() || ty.is_tile_engine() || decoupled_scalar) {
        return Ok(Work::default());
    }
    m.cpu.header.validate(ty)?;
    let regs = m.cpu.regs.clone();
    let read = |r: u8| regs.read(r);
    let w = match ty {
        BlockType::Tma { function: 0, dtype } => {
            tile::tload(ty, dtype, &m.cpu.header, &read, &m.mem, &mut m.cpu.tiles)?
        }
        BlockType::Tma { function: 1, dtype } => {
            tile::tstore(ty, dtype, &m.cpu.header, &read, &mut m.mem, &m.cpu.tiles)?
        }
        BlockType::Tma { function: 2, .. } => {
            tile::tmov(ty, &m.cpu.header, &read, &mut m.cpu.tiles)?
        }
        _ => {
            return Err(Fault::Unimplemented(format!(
                "BSTART.{ty} engine (not modelled yet)"
            )));
        }
    };
    Ok(Work {
        insns: 0,
        tile_bytes: w.bytes,
        loads: w.loads,
        stores: w.stores,
    })
}
