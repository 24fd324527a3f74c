//! macrosim-snitch: the PULP Snitch cluster (seed 004; `notes/snitch.md`).
//!
//! * [`encoding`]: the Xfrep/Xssr/Xdma encodings (one table) and their disassembly.
//! * [`ssr`], [`frep`], [`dma`]: the stream registers, the FP repetition sequencer and the DMA
//!   engine; [`core`] puts them on an RV32IMAFD hart as a `hart::Extension`, issuing FP
//!   instructions [`prepared`] once for the sequencer's repetitions.
//! * [`config`]: the system as TOML data, with the `snitch_cluster` and `banshee` presets.
//! * [`cluster`]: N compute cores + a DMA core on shared memory, barrier, `wfi`/wakeup, a
//!   deterministic round-robin schedule; [`periph`] its memory-mapped registers.
//! * [`timing`]: the cycle model behind `--timing`; [`tcdm`] its bank arbitration between harts;
//!   [`steady`] its jump over FREP repetitions that repeat the same timing.

pub mod cluster;
pub mod config;
pub mod core;
pub mod disasm;
pub mod dma;
pub mod encoding;
pub mod error;
pub mod frep;
pub mod periph;
pub mod prepared;
pub mod ssr;
pub mod steady;
pub mod tcdm;
pub mod timing;
pub mod tracks;

pub use cluster::{Cluster, HartStats, Outcome, RunOptions};
pub use config::SystemConfig;
pub use error::{Fault, SnitchError};
