//! Shared by the integration tests: the independent reference model and random programs.
#![allow(dead_code)]

pub mod random_program;
pub mod reference;
pub mod rig;
