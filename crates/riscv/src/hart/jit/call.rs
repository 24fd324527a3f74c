//! The only unsafe code of the hart: entering translated code and releasing its memory.
#![allow(unsafe_code)]

use super::helpers::Ctx;
use super::translate::{I32, I64, signature};
use crate::hart::state::State;
use cranelift_codegen::ir::{AbiParam, InstBuilder, Signature};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_jit::JITModule;
use cranelift_module::{Linkage, Module};

/// The trampoline's signature (host calling convention): the hart state, the region to run
/// (whose signature is `translate::signature`); returns an [`super::translate`] exit code.
type TrampolineFn = extern "C" fn(*mut State, *const u8) -> u32;

/// Finalized code of one translated block, valid while the module that made it lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub(crate) struct Code(pub(crate) *const u8);

/// Make the trampoline of `module`: a function of the host's calling convention that calls a
/// region (Cranelift's `tail` convention, which a host function cannot call) and returns its
/// exit code.
pub(crate) fn trampoline(
    module: &mut JITModule,
    fctx: &mut FunctionBuilderContext,
) -> Option<Code> {
    let mut cx = module.make_context();
    let mut sig = Signature::new(module.isa().default_call_conv());
    sig.params.extend([AbiParam::new(I64); 2]);
    sig.returns.push(AbiParam::new(I32));
    cx.func.signature = sig;
    let mut b = FunctionBuilder::new(&mut cx.func, fctx);
    let entry = b.create_block();
    b.append_block_params_for_function_params(entry);
    b.switch_to_block(entry);
    let p = b.block_params(entry).to_vec();
    let region = b.import_signature(signature(I64));
    let call = b.ins().call_indirect(region, p[1], &p[..1]);
    let code = b.inst_results(call)[0];
    b.ins().return_(&[code]);
    b.seal_all_blocks();
    b.finalize();
    let id = module
        .declare_function("rv32_trampoline", Linkage::Local, &cx.func.signature)
        .ok()?;
    module.define_function(id, &mut cx).ok()?;
    module.clear_context(&mut cx);
    module.finalize_definitions().ok()?;
    Some(Code(module.get_finalized_function(id)))
}

/// Run translated region `code` on `state`, through `trampoline`, with `ctx`: the `Jit`'s
/// context, whose address the code holds.
pub(crate) fn enter(trampoline: Code, code: Code, state: &mut State, ctx: &mut Ctx) -> u32 {
    // SAFETY: `trampoline` and `code` were finalized by the `JITModule` the `Jit` holds, which
    // frees its memory only together with every `Code` taken from it (`Jit::flush`), so
    // `trampoline` points at a function of signature `TrampolineFn` built by [`trampoline`],
    // and `code` at a region built by `translate::region`. A region reads and writes only
    // `State` fields at offsets taken with `offset_of!` from this `state`, the fields of `ctx`
    // (the `Jit`'s boxed context, at the address `translate::region` was given),
    // guest memory inside the arena `ctx.fast` describes (which nothing moves while it runs),
    // the `Jit`'s page slots (`slots.rs`, boxed, alive as long as the `Jit`),
    // and the `Jit`'s table of translations (read only, alive as long as the `Jit`); it calls
    // `helpers::fp` with `state` and ops the `Jit` keeps alive, and tail-calls
    // only regions of the same module found in that table. Both pointers come from exclusive
    // borrows held for the call.
    let f: TrampolineFn = unsafe { std::mem::transmute::<*const u8, TrampolineFn>(trampoline.0) };
    let state = std::ptr::from_mut(state);
    ctx.state = state;
    f(state, code.0)
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
