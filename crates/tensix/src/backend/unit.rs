//! Which backend unit runs an instruction, and the Wait Gate block bit that stops it
//! (STALLWAIT.md's block mask, notes/tensix.md §1.6).

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Unit {
    /// Matrix Unit (FPU), including the RWC instructions.
    Fpu,
    /// Vector Unit (SFPU).
    Sfpu,
    Unpack,
    Pack,
    /// Sync Unit (semaphores, mutexes, waits).
    Sync,
    /// Configuration unit (WRCFG, RDCFG, SETC16, RMWCIB).
    Config,
    /// Scalar unit (ThCon: GPR arithmetic, SETDMAREG).
    ThCon,
    /// Miscellaneous unit (ADC instructions, DMANOP).
    Misc,
    /// NOP: blocked only when every block bit is set.
    Nop,
}

/// [`Unit::of`] for every opcode.
const UNIT_OF: [Unit; 256] = {
    let mut table = [Unit::Nop; 256];
    let mut op = 0;
    while op < 256 {
        table[op] = Unit::compute(op as u8);
        op += 1;
    }
    table
};

impl Unit {
    pub const ALL: [Unit; 9] = [
        Unit::Fpu,
        Unit::Sfpu,
        Unit::Unpack,
        Unit::Pack,
        Unit::Sync,
        Unit::Config,
        Unit::ThCon,
        Unit::Misc,
        Unit::Nop,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Unit::Fpu => "fpu",
            Unit::Sfpu => "sfpu",
            Unit::Unpack => "unpack",
            Unit::Pack => "pack",
            Unit::Sync => "sync",
            Unit::Config => "config",
            Unit::ThCon => "thcon",
            Unit::Misc => "misc",
            Unit::Nop => "nop",
        }
    }

    /// The unit of a Wormhole B0 opcode (grouping of the ISA pages' "Backend execution
    /// unit" lines), from a table (the match below compiled to a chain of range tests, asked
    /// for every instruction at a Wait Gate: issue 10's speed).
    #[inline]
    pub const fn of(opcode: u8) -> Unit {
        UNIT_OF[opcode as usize]
    }

    const fn compute(opcode: u8) -> Unit {
        match opcode {
            0x02 => Unit::Nop,
            0x08..=0x3a => Unit::Fpu,
            0x41 | 0x4a => Unit::Pack,
            0x42 | 0x43 => Unit::Unpack,
            0x58..=0x5d => Unit::ThCon,
            0x50..=0x5e | 0x60 => Unit::Misc,
            0x70..=0x9f => Unit::Sfpu,
            0xa0..=0xa6 => Unit::Sync,
            0xb0..=0xb6 => Unit::Config,
            _ => Unit::ThCon,
        }
    }

    /// The bit of STALLWAIT's BlockMask that holds this unit back (tt-llk `p_stall`:
    /// B0 misc/ThCon/pack/unpack, B1 sync, B2 pack, B3 unpack, B5 ThCon, B6 math, B7 config,
    /// B8 SFPU).
    pub fn block_bits(self) -> u32 {
        match self {
            Unit::Fpu => 1 << 6,
            Unit::Sfpu => 1 << 8,
            Unit::Unpack => (1 << 3) | 1,
            Unit::Pack => (1 << 2) | 1,
            Unit::Sync => 1 << 1,
            Unit::Config => 1 << 7,
            Unit::ThCon => (1 << 5) | 1,
            Unit::Misc => 1,
            Unit::Nop => 0x1ff,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Opcodes from the ISA table: MVMUL 0x26, SFPMAD 0x84, UNPACR 0x42, PACR 0x41,
    // SEMWAIT 0xa6, WRCFG 0xb0, SETDMAREG 0x45, SETADCXY 0x51.
    #[test]
    fn units_of_opcodes() {
        let cases = [
            (0x26, Unit::Fpu),
            (0x84, Unit::Sfpu),
            (0x42, Unit::Unpack),
            (0x41, Unit::Pack),
            (0xa6, Unit::Sync),
            (0xb0, Unit::Config),
            (0x45, Unit::ThCon),
            (0x51, Unit::Misc),
        ];
        for (op, unit) in cases {
            assert_eq!(Unit::of(op), unit, "{op:#x}");
        }
        for op in 0..=255 {
            assert_eq!(Unit::of(op), Unit::compute(op), "{op:#x}");
        }
        // NOP is blocked only by a full block mask.
        assert_eq!(Unit::Nop.block_bits(), 0x1ff);
    }
}
