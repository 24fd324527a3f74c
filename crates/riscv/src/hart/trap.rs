//! Synchronous exceptions (Privileged ISA, "Machine Cause Register (mcause)", table 3.6) as
//! values (principle 7): an instruction that cannot complete returns an [`Exception`].

use std::fmt;

/// An exception cause code (`mcause` with the interrupt bit clear).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u32)]
pub enum Cause {
    InstructionMisaligned = 0,
    InstructionAccessFault = 1,
    IllegalInstruction = 2,
    Breakpoint = 3,
    LoadMisaligned = 4,
    LoadAccessFault = 5,
    StoreMisaligned = 6,
    StoreAccessFault = 7,
    EcallFromU = 8,
    EcallFromM = 11,
}

impl Cause {
    pub const fn code(self) -> u32 {
        self as u32
    }

    /// The cause with code `code`; codes this hart never raises map to illegal instruction.
    pub const fn from_code(code: u8) -> Cause {
        match code {
            0 => Cause::InstructionMisaligned,
            1 => Cause::InstructionAccessFault,
            3 => Cause::Breakpoint,
            4 => Cause::LoadMisaligned,
            5 => Cause::LoadAccessFault,
            6 => Cause::StoreMisaligned,
            7 => Cause::StoreAccessFault,
            8 => Cause::EcallFromU,
            11 => Cause::EcallFromM,
            _ => Cause::IllegalInstruction,
        }
    }

    pub const fn description(self) -> &'static str {
        match self {
            Cause::InstructionMisaligned => "instruction address misaligned",
            Cause::InstructionAccessFault => "instruction access fault",
            Cause::IllegalInstruction => "illegal instruction",
            Cause::Breakpoint => "breakpoint",
            Cause::LoadMisaligned => "load address misaligned",
            Cause::LoadAccessFault => "load access fault",
            Cause::StoreMisaligned => "store/AMO address misaligned",
            Cause::StoreAccessFault => "store/AMO access fault",
            Cause::EcallFromU => "environment call from U-mode",
            Cause::EcallFromM => "environment call from M-mode",
        }
    }
}

/// An exception raised by the instruction at `pc`: the cause and the `mtval` value
/// (the faulting address, the instruction word for illegal instructions, or 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Exception {
    pub cause: Cause,
    pub tval: u32,
}

impl Exception {
    pub const fn new(cause: Cause, tval: u32) -> Exception {
        Exception { cause, tval }
    }

    pub const fn illegal(word: u32) -> Exception {
        Exception::new(Cause::IllegalInstruction, word)
    }
}

impl fmt::Display for Exception {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.cause.description())?;
        match self.cause {
            Cause::InstructionMisaligned
            | Cause::InstructionAccessFault
            | Cause::LoadMisaligned
            | Cause::LoadAccessFault
            | Cause::StoreMisaligned
            | Cause::StoreAccessFault => write!(f, " (address {:#010x})", self.tval),
            _ => Ok(()),
        }
    }
}
