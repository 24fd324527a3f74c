//! Shared by the integration tests: the independent reference model, random programs and the shipped manifests.
#![allow(dead_code)]

pub mod manifest;
pub mod random_program;
pub mod reference;
pub mod rig;
