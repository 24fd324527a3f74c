//! What an access is ([`Access`]), what a page allows ([`Perm`]), and why an access fails
//! ([`MemFault`]).

use std::fmt;
use thiserror::Error;

/// Page permissions: a set of read, write and execute.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Perm(pub(super) u8);

impl Perm {
    pub const NONE: Perm = Perm(0);
    pub const R: Perm = Perm(1);
    pub const W: Perm = Perm(2);
    pub const X: Perm = Perm(4);
    pub const RW: Perm = Perm(3);
    pub const RX: Perm = Perm(5);
    pub const RWX: Perm = Perm(7);

    /// Does this set include every permission in `other`?
    pub const fn contains(self, other: Perm) -> bool {
        self.0 & other.0 == other.0
    }

    pub const fn union(self, other: Perm) -> Perm {
        Perm(self.0 | other.0)
    }

    /// From the ELF `p_flags` / mmap `PROT_*` bit order (X = 1, W = 2, R = 4).
    pub const fn from_elf_flags(flags: u32) -> Perm {
        let mut p = 0;
        if flags & 4 != 0 {
            p |= 1;
        }
        if flags & 2 != 0 {
            p |= 2;
        }
        if flags & 1 != 0 {
            p |= 4;
        }
        Perm(p)
    }

    /// From Linux `PROT_READ` (1), `PROT_WRITE` (2), `PROT_EXEC` (4).
    pub const fn from_prot(prot: u64) -> Perm {
        Perm((prot & 7) as u8)
    }
}

impl fmt::Debug for Perm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = |bit: Perm, ch: char| if self.contains(bit) { ch } else { '-' };
        write!(
            f,
            "{}{}{}",
            c(Perm::R, 'r'),
            c(Perm::W, 'w'),
            c(Perm::X, 'x')
        )
    }
}

/// What an access wanted to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Access {
    Read,
    Write,
    Fetch,
}

impl Access {
    pub(super) const fn needs(self) -> Perm {
        match self {
            Access::Read => Perm::R,
            Access::Write => Perm::W,
            Access::Fetch => Perm::X,
        }
    }
}

impl fmt::Display for Access {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Access::Read => "read",
            Access::Write => "write",
            Access::Fetch => "instruction fetch",
        })
    }
}

/// Why an access failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FaultKind {
    /// No page is mapped at the address.
    Unmapped,
    /// The page is mapped but does not allow this kind of access.
    Protection(Perm),
}

/// A failed memory access: where, how wide, what kind, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[error("{access} of {size} byte(s) at {addr:#x}: {}", match .kind {
    FaultKind::Unmapped => "address is not mapped".to_string(),
    FaultKind::Protection(p) => format!("page permissions are {p:?}"),
})]
pub struct MemFault {
    pub addr: u64,
    pub size: u64,
    pub access: Access,
    pub kind: FaultKind,
}
