//! Built without the `jit` feature: no translation tier. [`Jit`] has no values, so a hart can
//! never hold one, [`Hart::set_tier`](super::Hart::set_tier) refuses [`Tier::Jit`] with a
//! [`JitUnavailable`] that says why, and the run loop's translation branch folds away.
//!
//! [`Tier::Jit`]: super::Tier::Jit

use super::cache::BlockCache;
use super::state::State;
use super::tier::JitUnavailable;
use macrosim_core::SparseMemory;

/// How a translated run went (as in `jit/`); never produced here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ran {
    Cold,
    Interpret,
}

/// The translation tier, absent from this build.
#[derive(Debug)]
pub(crate) enum Jit {}

impl Jit {
    pub(crate) fn new() -> Result<Jit, JitUnavailable> {
        Err(JitUnavailable(
            "macrosim was built without the `jit` feature (cargo build --features jit)".into(),
        ))
    }

    pub(crate) fn set_threshold(&mut self, _: u32) {
        match *self {}
    }

    pub(crate) fn interpret(&self, _: u64, _: u64) -> u64 {
        match *self {}
    }

    pub(crate) fn run(
        &mut self,
        _: &mut State,
        _: &BlockCache,
        _: usize,
        _: &mut SparseMemory,
        _: (u32, u32),
        _: u64,
    ) -> Ran {
        match *self {}
    }
}
