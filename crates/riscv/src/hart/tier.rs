//! The execution tiers a hart can run on; the translation tier itself is `jit/`, compiled with
//! the crate's `jit` feature.

/// How a hart executes: the interpreter alone, or with hot blocks translated to host code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Tier {
    /// The pre-decoded interpreter (the reference; the only tier when traced).
    #[default]
    Interp,
    /// Hot blocks translated with Cranelift; cold code, traced runs and the instructions the
    /// translation leaves out run in the interpreter.
    Jit,
}

/// The host cannot run translated code.
#[derive(Debug, thiserror::Error)]
#[error("the jit tier is not available on this host: {0}")]
pub struct JitUnavailable(pub(crate) String);
