//! What translated code calls out to: memory accesses (the same `SparseMemory` the interpreter
//! uses, so faults, misaligned accesses and the code epoch behave identically) and the F/D
//! computational instructions (the interpreter's own bit-exact `exec_fp`).
//!
//! Translated code passes these functions pointers it was given by [`super::call`]: `ctx` is
//! the live [`Ctx`] of the current entry, `state` the hart's state, `op` an op the translation
//! keeps alive as long as the code itself.

use crate::hart::op::Op;
use crate::hart::state::State;
use crate::trace::NoTrace;
use macrosim_core::{FastPath, SparseMemory};

/// What one entry into translated code shares with the helpers it calls.
#[repr(C)]
pub(crate) struct Ctx<'a> {
    /// Where translated code reads and writes memory inline (refreshed after slow stores).
    pub fast: FastPath,
    pub mem: &'a mut SparseMemory,
    /// The code epoch the translations were made at: a store that changes it ends the block.
    pub epoch: u64,
    /// Stop looping inside a block before `retired` would pass this.
    pub limit: u64,
    /// Set by a load helper whose access faulted.
    pub fault: u32,
}

/// A store's outcome, as [`store`] returns it to translated code.
pub(crate) const STORE_OK: u32 = 0;
pub(crate) const STORE_FAULT: u32 = 1;
pub(crate) const STORE_CODE: u32 = 2;

/// Load `size` bytes (1, 2, 4 or 8) at `addr`, zero-extended; on a fault, 0 and `ctx.fault` set.
pub(crate) extern "C" fn load(ctx: &mut Ctx<'_>, addr: u32, size: u32) -> u64 {
    let a = u64::from(addr);
    let r = match size {
        1 => ctx.mem.read_u8(a).map(u64::from),
        2 => ctx.mem.read_u16(a).map(u64::from),
        4 => ctx.mem.read_u32(a).map(u64::from),
        _ => ctx.mem.read_u64(a),
    };
    r.unwrap_or_else(|_| {
        ctx.fault = 1;
        0
    })
}

/// Store the low `size` bytes of `value` at `addr`: [`STORE_OK`], [`STORE_FAULT`] (nothing
/// written), or [`STORE_CODE`] (written, into a page decoded code came from).
pub(crate) extern "C" fn store(ctx: &mut Ctx<'_>, addr: u32, size: u32, value: u64) -> u32 {
    let a = u64::from(addr);
    let r = match size {
        1 => ctx.mem.write_u8(a, value as u8),
        2 => ctx.mem.write_u16(a, value as u16),
        4 => ctx.mem.write_u32(a, value as u32),
        _ => ctx.mem.write_u64(a, value),
    };
    // The first write to a page may have grown the arena.
    ctx.fast = ctx.mem.fast_path();
    match r {
        Err(_) => STORE_FAULT,
        Ok(()) if ctx.mem.code_epoch() != ctx.epoch => STORE_CODE,
        Ok(()) => STORE_OK,
    }
}

/// Execute F/D computational op `op` as the interpreter does: 1, or 0 when it is illegal (a
/// reserved dynamic rounding mode); then nothing changed and the interpreter raises it.
pub(crate) extern "C" fn fp(state: &mut State, op: &Op) -> u32 {
    u32::from(state.exec_fp(op, &mut NoTrace).is_some())
}
