//! What translated code shares with the dispatcher and calls out to: the context of one entry
//! ([`Ctx`]) and the F/D computational instructions (the interpreter's own bit-exact `exec_fp`).
//! Memory accesses the inline fast path cannot make leave for the interpreter instead of
//! calling out (`memory.rs`): a call would clobber the host's caller-saved registers, which
//! then could not hold guest registers anywhere in the region.
//!
//! Translated code passes [`fp`] pointers it was given by [`super::call`]: `state` the hart's
//! state, `op` an op the translation keeps alive as long as the code itself.

use crate::hart::op::Op;
use crate::hart::state::State;
use crate::trace::NoTrace;
use macrosim_core::FastPath;

/// What one entry into translated code shares with the dispatcher ([`super::Jit::run`]).
#[repr(C)]
pub(crate) struct Ctx {
    /// Where translated code reads and writes memory inline. Nothing moves the arena while
    /// translated code runs: every access the fast path refuses leaves for the interpreter.
    pub fast: FastPath,
    /// Instructions that may still retire before the limit: set by the dispatcher, counted
    /// down by translated code (regions pass it on to the next in here, not in
    /// `State::retired`, which the dispatcher updates when translated code returns).
    pub left: u64,
    /// The hart state the region was entered with (set by `call::enter`): the exits of a
    /// region take it from here, so that the entry's state pointer need not stay in a host
    /// register across an integer region's loops.
    pub state: *mut State,
    /// Set at a `translate::EXIT_MEMORY` exit: the address of the access the fast path refused.
    pub addr: u32,
}

impl Ctx {
    /// A context for no entry yet (`super::Jit::run` fills it in before each).
    pub(crate) fn new() -> Ctx {
        Ctx {
            fast: FastPath {
                table: std::ptr::null(),
                arena: std::ptr::null_mut(),
                read_ok: 0,
                write_mask: 0,
                write_ok: 0,
                frame_shift: 0,
            },
            left: 0,
            state: std::ptr::null_mut(),
            addr: 0,
        }
    }
}

/// Execute F/D computational op `op` as the interpreter does: 1, or 0 when it is illegal (a
/// reserved dynamic rounding mode); then nothing changed and the interpreter raises it.
pub(crate) extern "C" fn fp(state: &mut State, op: &Op) -> u32 {
    u32::from(state.exec_fp(op, &mut NoTrace).is_some())
}
