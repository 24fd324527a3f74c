//! Executing instructions: [`lower`] turns a decoded instruction into an [`op::Op`] once per
//! static instruction; [`scalar`] runs the scalar ops on a [`crate::state::cpu::Cpu`], with
//! [`alu`] and [`fp`] for the arithmetic, [`vector`] one SIMT lane's `V.*` element and
//! [`template`] the FENTRY/FEXIT/FRET register sequences; [`tile_ops`] the tile arithmetic of
//! TEPL and CUBE blocks.

pub mod alu;
pub mod descriptor;
pub mod fp;
pub mod lower;
pub mod op;
pub mod op_regs;
pub mod scalar;
pub mod template;
pub mod tile_ops;
pub mod vector;
