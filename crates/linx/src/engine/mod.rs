//! The block engine: [`machine`] fetches, decodes and runs blocks and commits them;
//! [`decoupled`] runs the bodies of decoupled blocks; [`rob`] is the block reorder buffer
//! timing model behind `--timing`; [`trace`] the observers.

pub mod code;
pub mod decoupled;
pub mod machine;
pub mod pe;
pub mod rob;
pub mod run;
pub mod trace;

pub use code::{Body, Run};
pub use machine::{CompatUse, Config, Exit, Machine};
