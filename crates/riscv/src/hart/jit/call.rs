//! The only unsafe code of the hart: entering translated code and releasing its memory.
#![allow(unsafe_code)]

use super::helpers::Ctx;
use crate::hart::state::State;
use cranelift_jit::JITModule;

/// The signature every translated block has (see `translate.rs`): the hart state, the entry's
/// context; returns an [`super::translate`] exit code.
type BlockFn = extern "C" fn(*mut State, *mut Ctx<'_>) -> u32;

/// Finalized code of one translated block, valid while the module that made it lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Code(pub(crate) *const u8);

/// Run translated block `code` on `state` with `ctx`.
pub(crate) fn enter(code: Code, state: &mut State, ctx: &mut Ctx<'_>) -> u32 {
    // SAFETY: `code` was finalized by the `JITModule` the `Jit` holds, which frees its memory
    // only together with every `Code` taken from it (`Jit::flush`), so it points at a function
    // of signature `BlockFn` built by `translate::block`. That function reads and writes only
    // `State` fields at offsets taken with `offset_of!` from this `state`, the `limit` and
    // `fault` fields of `ctx`, and calls the helpers in `helpers.rs` with `ctx`, `state` and
    // ops the `Jit` keeps alive; both pointers come from exclusive borrows held for the call.
    let f: BlockFn = unsafe { std::mem::transmute::<*const u8, BlockFn>(code.0) };
    f(state, ctx)
}

/// Release all code of `module`.
pub(crate) fn free(module: JITModule) {
    // SAFETY: the caller (`Jit::flush`) dropped every `Code` made by `module` first, and no
    // translated code is running (it runs only inside `enter`, which borrows the `Jit` state).
    unsafe { module.free_memory() }
}

// SAFETY: a `Jit` owns its `JITModule` and every `Code` pointer into it; none of it refers to
// thread-local state (the code is plain executable memory, entered only through `enter` with
// the `Jit` borrowed), so moving the whole `Jit` to another thread is sound, as moving the
// rest of a `Hart` is. The pointers are why the compiler cannot see this itself.
unsafe impl Send for super::Jit {}
