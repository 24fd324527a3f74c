//! The `.ttinsn` form of a Tensix instruction: the RISC-V instruction word a TRISC executes to
//! push it (tt-isa-documentation `WormholeB0/TensixTile/BabyRISCV/PushTensixInstruction.md`,
//! section ".ttinsn instruction set extension"): the instruction word rotated left by two bits.
//! Only words below 0xC0000000 have this form, so the encoded word's low two bits are never
//! 0b11 (which would make it an ordinary 32-bit RISC-V instruction).

/// A word without a `.ttinsn` form, or a RISC-V word that is not a `.ttinsn`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TtinsnError {
    #[error("{0:#010x} is 0xC0000000 or above and has no .ttinsn form")]
    OutOfRange(u32),
    #[error("{0:#010x} is not a .ttinsn: its low two bits are 0b11")]
    NotTtinsn(u32),
}

/// The RISC-V `.ttinsn` encoding of the Tensix instruction `word`.
pub fn encode(word: u32) -> Result<u32, TtinsnError> {
    if word >= 0xC000_0000 {
        return Err(TtinsnError::OutOfRange(word));
    }
    Ok(word.rotate_left(2))
}

/// The Tensix instruction pushed by the RISC-V `.ttinsn` word `encoded`.
pub fn decode(encoded: u32) -> Result<u32, TtinsnError> {
    if encoded & 3 == 3 {
        return Err(TtinsnError::NotTtinsn(encoded));
    }
    Ok(encoded.rotate_right(2))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The encodings given in seed 001 ("Assembly Encoding") and notes/tensix.md §3.3.
    #[test]
    fn documented_examples() {
        for (word, encoded) in [
            (0x0180_0000, 0x0600_0000), // MOP 1, 0, 0
            (0x0404_0101, 0x1010_0404), // REPLAY 16, 16, 0, 1
            (0x0400_0053, 0x1000_014C), // REPLAY 0, 5, 1, 1
            (0x0400_0050, 0x1000_0140), // REPLAY 0, 5, 0, 0
            (0x2600_0000, 0x9800_0000), // MVMUL 0, 0, 0, 0
        ] {
            assert_eq!(encode(word), Ok(encoded), "{word:#x}");
            assert_eq!(decode(encoded), Ok(word), "{encoded:#x}");
        }
    }

    #[test]
    fn both_ways_over_the_whole_range() {
        for word in (0..0xC000_0000u32).step_by(0x0001_0003) {
            let encoded = encode(word).unwrap();
            assert_ne!(encoded & 3, 3);
            assert_eq!(decode(encoded), Ok(word));
        }
        assert_eq!(encode(0xBFFF_FFFF).map(decode), Ok(Ok(0xBFFF_FFFF)));
    }

    #[test]
    fn out_of_range() {
        assert_eq!(
            encode(0xC000_0000),
            Err(TtinsnError::OutOfRange(0xC000_0000))
        );
        assert_eq!(decode(0x0000_0013), Err(TtinsnError::NotTtinsn(0x13)));
    }
}
