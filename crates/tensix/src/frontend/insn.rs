//! Instruction words as the frontend sees them, decoded once when pushed (or when written to
//! MopCfg) into the few facts the expanders act on.
//!
//! Field positions and widths are the hardware's, from the ISA pages' encodings
//! (tt-isa-documentation `WormholeB0/TensixTile/TensixCoprocessor/`):
//! * `MOP` (opcode 0x01, MOP.md): Template = bit 23, Count1 = bits 22:16, MaskLo = bits 15:0.
//! * `MOP_CFG` (opcode 0x03, MOP_CFG.md): MaskHi = bits 15:0. The vendor library's table gives
//!   its field 24 bits; the ISA page gives MaskHi 16 bits, and the template-0 mask is 32 bits,
//!   so bits 23:16 are ignored here.
//! * `REPLAY` (opcode 0x04, REPLAY.md): Index = bits 18:14, Count = bits 9:4 (0 means 64),
//!   Exec = bit 1, Load = bit 0. The vendor library's table makes `start_idx` and `len` 10 bits
//!   and `execute_while_loading` 3 bits (bits 3:1); the expander uses only the low 5 bits of the
//!   index, the low 6 bits of the count, and bit 1 for Exec (tt-llk assembly.yaml's REPLAY
//!   description says the same of index and count: only log2(depth) bits are used).
//! * `NOP` (opcode 0x02): the only instruction the MOP expander's `IsNop` recognises
//!   (MOPExpander.md, functional model): `DMANOP` (0x60) and `SFPNOP` (0x8F) are not NOPs there.

use std::fmt;
use std::num::NonZeroU32;

/// Opcode of `MOP`.
pub const OPCODE_MOP: u8 = 0x01;
/// Opcode of `NOP`.
pub const OPCODE_NOP: u8 = 0x02;
/// Opcode of `MOP_CFG`.
pub const OPCODE_MOP_CFG: u8 = 0x03;
/// Opcode of `REPLAY`.
pub const OPCODE_REPLAY: u8 = 0x04;

/// A pushed instruction word and what the frontend needs to know about it, decoded once (the
/// class and the REPLAY fields packed into a second word, so the pair moves through the
/// expanders as one 64-bit value).
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(C, align(8))]
pub struct FrontendInsn {
    pub word: u32,
    /// Bits 7:0 the class (`CLASS_*`, never 0, so that `Option<FrontendInsn>` is 8 bytes too);
    /// for REPLAY, bits 15:8 Index, 23:16 Count (1..=64), bit 24 Exec, bit 25 Load.
    decoded: NonZeroU32,
}

const CLASS_OTHER: u32 = 1;
const CLASS_MOP: u32 = 2;
const CLASS_NOP: u32 = 3;
const CLASS_MOP_CFG: u32 = 4;
const CLASS_REPLAY: u32 = 5;

/// What the frontend does with an instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrontendKind {
    /// Expanded by the MOP expander.
    Mop(Mop),
    /// Consumed by the MOP expander: sets MaskHi for later template-0 MOPs.
    MopCfg { mask_hi: u16 },
    /// Expanded by the replay expander.
    Replay(Replay),
    /// Plain `NOP`: passes through both expanders; skipped in some template-1 slots.
    Nop,
    /// Any other word: passes through both expanders.
    Other,
}

/// The fields of a `MOP` instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mop {
    /// `false`: template 0 (zero-mask loop); `true`: template 1 (double loop).
    pub template1: bool,
    pub count1: u8,
    pub mask_lo: u16,
}

/// The fields of a `REPLAY` instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replay {
    /// First replay-buffer slot, 0..=31.
    pub index: u8,
    /// Number of instructions, 1..=64 (a Count field of 0 means 64).
    pub count: u8,
    /// With `load`: also pass the recorded instructions on.
    pub exec: bool,
    /// `true`: record the next `count` instructions; `false`: play back.
    pub load: bool,
}

impl FrontendInsn {
    /// Decode `word` (see the module documentation for the fields).
    pub const fn decode(word: u32) -> Self {
        let decoded = match (word >> 24) as u8 {
            OPCODE_MOP => CLASS_MOP,
            OPCODE_NOP => CLASS_NOP,
            OPCODE_MOP_CFG => CLASS_MOP_CFG,
            OPCODE_REPLAY => {
                let index = (word >> 14) & 0x1F;
                let count = match (word >> 4) & 0x3F {
                    0 => 64,
                    c => c,
                };
                let exec = (word >> 1) & 1;
                let load = word & 1;
                CLASS_REPLAY | index << 8 | count << 16 | exec << 24 | load << 25
            }
            _ => CLASS_OTHER,
        };
        match NonZeroU32::new(decoded) {
            Some(decoded) => FrontendInsn { word, decoded },
            None => unreachable!(), // every class is non-zero
        }
    }

    /// What the frontend does with this instruction.
    #[inline]
    pub const fn kind(&self) -> FrontendKind {
        let w = self.word;
        let d = self.decoded.get();
        match d & 0xFF {
            CLASS_MOP => FrontendKind::Mop(Mop {
                template1: (w >> 23) & 1 != 0,
                count1: ((w >> 16) & 0x7F) as u8,
                mask_lo: w as u16,
            }),
            CLASS_NOP => FrontendKind::Nop,
            CLASS_MOP_CFG => FrontendKind::MopCfg { mask_hi: w as u16 },
            CLASS_REPLAY => FrontendKind::Replay(Replay {
                index: (d >> 8) as u8,
                count: (d >> 16) as u8,
                exec: (d >> 24) & 1 != 0,
                load: (d >> 25) & 1 != 0,
            }),
            _ => FrontendKind::Other,
        }
    }

    /// `IsNop` of the MOP expander's functional model: plain `NOP` (opcode 0x02) only.
    #[inline]
    pub const fn is_nop(&self) -> bool {
        self.decoded.get() & 0xFF == CLASS_NOP
    }

    /// Whether this is a `MOP` instruction.
    #[inline]
    pub const fn is_mop(&self) -> bool {
        self.decoded.get() & 0xFF == CLASS_MOP
    }

    /// Whether this is a `REPLAY` instruction.
    #[inline]
    pub const fn is_replay(&self) -> bool {
        self.decoded.get() & 0xFF == CLASS_REPLAY
    }
}

impl fmt::Debug for FrontendInsn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#010x} {:?}", self.word, self.kind())
    }
}

impl Default for FrontendInsn {
    /// The word 0, which is what MopCfg and the replay buffer hold before anything is written
    /// (the functional models start from zeros).
    fn default() -> Self {
        FrontendInsn::decode(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Arch;
    use crate::isa::asm::assemble;

    #[test]
    fn replay_fields() {
        let r = |w| match FrontendInsn::decode(w).kind() {
            FrontendKind::Replay(r) => r,
            other => panic!("{other:?}"),
        };
        let a = |t| assemble(Arch::WormholeB0, t).unwrap();
        assert_eq!(
            r(a("REPLAY 16, 16, 0, 1")),
            Replay {
                index: 16,
                count: 16,
                exec: false,
                load: true
            }
        );
        assert_eq!(
            r(a("REPLAY 0, 5, 1, 1")),
            Replay {
                index: 0,
                count: 5,
                exec: true,
                load: true
            }
        );
        // Count 0 means 64; only the low 5 bits of the index and 6 of the count are used.
        assert_eq!(r(a("REPLAY 0, 0, 0, 0")).count, 64);
        assert_eq!(
            r(a("REPLAY 0x3F, 0x3C5, 0, 0")),
            Replay {
                index: 31,
                count: 5,
                exec: false,
                load: false
            }
        );
        assert_eq!(r(a("REPLAY 0, 0x40, 0, 0")).count, 64);
        // Exec is bit 1 only: bits 3:2 of the library's 3-bit field are ignored.
        assert!(!r(a("REPLAY 0, 1, 6, 1")).exec);
        assert!(r(a("REPLAY 0, 1, 7, 1")).exec);
    }

    #[test]
    fn nop_means_opcode_2_only() {
        assert!(FrontendInsn::decode(0x0200_0000).is_nop());
        assert!(FrontendInsn::decode(0x02FF_FFFF).is_nop());
        assert!(!FrontendInsn::decode(0x6000_0000).is_nop()); // DMANOP
        assert!(!FrontendInsn::decode(0x8F00_0000).is_nop()); // SFPNOP
        assert!(!FrontendInsn::decode(0).is_nop());
    }

    #[test]
    fn mop_fields() {
        assert_eq!(
            FrontendInsn::decode(0x0183_ABCD).kind(),
            FrontendKind::Mop(Mop {
                template1: true,
                count1: 3,
                mask_lo: 0xABCD
            })
        );
        assert_eq!(
            FrontendInsn::decode(0x03FF_1234).kind(),
            FrontendKind::MopCfg { mask_hi: 0x1234 }
        );
    }

    /// The hardware field positions used here start where the generated table's fields start,
    /// on both architectures.
    #[test]
    fn field_positions_agree_with_the_table() {
        for arch in Arch::ALL {
            let t = arch.table();
            let lsb = |m: &str, i: usize| t.by_mnemonic(m).unwrap().fields[i].lsb;
            assert_eq!(t.by_opcode(OPCODE_MOP).unwrap().mnemonic, "MOP");
            assert_eq!([lsb("MOP", 0), lsb("MOP", 1), lsb("MOP", 2)], [23, 16, 0]);
            assert_eq!(t.by_opcode(OPCODE_MOP_CFG).unwrap().mnemonic, "MOP_CFG");
            assert_eq!(lsb("MOP_CFG", 0), 0);
            assert_eq!(t.by_opcode(OPCODE_REPLAY).unwrap().mnemonic, "REPLAY");
            let replay: Vec<u8> = (0..4).map(|i| lsb("REPLAY", i)).collect();
            assert_eq!(replay, [14, 4, 1, 0]);
            assert_eq!(t.by_opcode(OPCODE_NOP).unwrap().mnemonic, "NOP");
        }
    }
}
