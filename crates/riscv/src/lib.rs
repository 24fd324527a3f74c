//! macrosim-riscv: the RV32IMAFD + Zicsr + Zifencei hart shared by the Tensix TRISC cores
//! (RV32IM) and the PULP Snitch cores (RV32IMAFD + custom extensions).
//!
//! * [`isa`]: the encoding tables generated from `data/riscv/` (principle 1), the decoder built
//!   from an ordered list of them, the disassembler, and the extension set ([`isa::Isa`]).
//! * [`hart`]: a [`Hart`] owning its registers and CSRs, running pre-decoded blocks
//!   (principle 2) with semantics written once and generic over a [`trace::Trace`]
//!   (principle 3); custom instruction tables plug in through [`hart::Extension`].
//! * [`fpu`]: bit-exact binary32/binary64 arithmetic (our own soft-float, with proven host fast
//!   paths) as RISC-V F and D define it (principle 6).
//! * [`mmio`]: the one-window MMIO hook (HTIF `tohost` today, TRISC frontend registers later).
//! * [`trace`]: per-instruction events and the Spike-format commit log.
//! * [`functions`]: per-hart function spans for `--timeline` (issue 11).
//! * [`gdb`]: the GDB remote-protocol server (`--gdb`), one GDB thread per hart.
//! * [`program`]: loading an ELF as a bare-metal (`tohost`) or Linux user program and running it.

pub mod fpu;
pub mod functions;
pub mod gdb;
pub mod hart;
pub mod isa;
pub mod mmio;
pub mod program;
pub mod trace;

pub use hart::{Hart, HartConfig, Stop, TrapMode};
pub use isa::Isa;
pub use program::{Outcome, Program, RunError, RunOptions, run_linux};
