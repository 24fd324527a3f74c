//! Errors: program bugs the hardware would hang or misbehave on, and bad configurations.

use crate::dma::DmaFault;
use crate::frep::{FrepFault, Unsequenceable};
use crate::ssr::StreamFault;
use thiserror::Error;

/// Where in the program something went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Site {
    pub hart: u32,
    pub pc: u32,
    pub word: u32,
    /// The instruction's disassembly.
    pub text: String,
}

impl std::fmt::Display for Site {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "hart {}, pc {:#010x}: {} ({:#010x})",
            self.hart, self.pc, self.text, self.word
        )
    }
}

/// A program bug found by an extension.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Fault {
    #[error("{site}: SSR {ssr}, element {element}: {fault}")]
    Stream {
        site: Site,
        ssr: u32,
        element: u64,
        fault: StreamFault,
    },
    #[error("{site}: SSR configuration address {addr:#x} names SSR {ssr}, which does not exist")]
    NoSuchSsr { site: Site, addr: u32, ssr: u32 },
    #[error("{site}: {fault}")]
    Frep { site: Site, fault: FrepFault },
    #[error(
        "{site}: FREP body holds {} at pc {:#010x} ({:#010x}), which cannot be sequenced",
        bad.what, bad.pc, bad.word
    )]
    FrepBody { site: Site, bad: Unsequenceable },
    #[error("{site}: DMA transfer {} faulted at address {:#010x}", fault.id, fault.addr)]
    Dma { site: Site, fault: DmaFault },
    #[error("{site}: {what} is not available on this core")]
    Missing { site: Site, what: &'static str },
}

/// Why a cluster run failed.
#[derive(Debug, Error)]
pub enum SnitchError {
    #[error("{0}")]
    Program(Fault),
    #[error("hart {hart}, pc {pc:#010x}: {text} ({word:#010x}): {what}")]
    Exception {
        hart: u32,
        pc: u32,
        word: u32,
        text: String,
        what: String,
    },
    #[error("instruction limit of {limit} reached (hart {hart} at pc {pc:#010x})")]
    Limit { limit: u64, hart: u32, pc: u32 },
    #[error("deadlock: every hart waits ({0})")]
    Deadlock(String),
    #[error("DMA of hart {hart}: transfer {} faulted at address {:#010x}", fault.id, fault.addr)]
    DmaFault { hart: u32, fault: DmaFault },
    #[error("ELF: {0}")]
    Elf(String),
    #[error("configuration: {0}")]
    Config(String),
}
