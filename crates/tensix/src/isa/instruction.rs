//! A decoded instruction (its table entry and field values) and the two directions between it
//! and the 32-bit word: `decode(encode(x)) == x` and `encode(decode(w)) == w`.

use super::desc::{InsnDesc, IsaTable};
use super::table::MAX_FIELDS;
use std::fmt;

/// An instruction with its field values, in the table's field order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Instruction {
    desc: &'static InsnDesc,
    args: [u32; MAX_FIELDS],
}

/// Why a word is not a well-formed instruction of the table.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error("opcode {opcode:#04x} is not an instruction")]
    UnknownOpcode { opcode: u8 },
    #[error("{mnemonic} with bits {bits:#08x} set, which belong to none of its fields")]
    ReservedBits { mnemonic: &'static str, bits: u32 },
}

/// Why field values do not make an instruction.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EncodeError {
    #[error("{mnemonic} takes {} field(s){}, got {got}", expected.len(), FieldList(expected))]
    WrongFieldCount {
        mnemonic: &'static str,
        expected: Vec<&'static str>,
        got: usize,
    },
    #[error(
        "{mnemonic} field {field} is {width} bit(s) wide: {value} does not fit (largest {max})"
    )]
    FieldTooWide {
        mnemonic: &'static str,
        field: &'static str,
        width: u8,
        value: u64,
        max: u32,
    },
}

/// Formats ` (a, b, c)` for a non-empty list of field names.
struct FieldList<'a>(&'a [&'static str]);

impl fmt::Display for FieldList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            Ok(())
        } else {
            write!(f, " ({})", self.0.join(", "))
        }
    }
}

impl Instruction {
    /// The instruction `desc` with field values `args` (in the table's order), each checked
    /// against its field's width.
    pub fn new(desc: &'static InsnDesc, args: &[u64]) -> Result<Self, EncodeError> {
        if args.len() != desc.fields.len() {
            return Err(EncodeError::WrongFieldCount {
                mnemonic: desc.mnemonic,
                expected: desc.fields.iter().map(|f| f.name).collect(),
                got: args.len(),
            });
        }
        let mut values = [0; MAX_FIELDS];
        for ((field, &value), slot) in desc.fields.iter().zip(args).zip(&mut values) {
            *slot = u32::try_from(value)
                .ok()
                .filter(|&v| v <= field.max())
                .ok_or(EncodeError::FieldTooWide {
                    mnemonic: desc.mnemonic,
                    field: field.name,
                    width: field.width,
                    value,
                    max: field.max(),
                })?;
        }
        Ok(Instruction { desc, args: values })
    }

    /// Decode `word` with `table`. Words whose opcode no instruction has, or with bits set
    /// outside every field of their instruction, are errors (they have no assembly form that
    /// gives back the same word).
    pub fn decode(table: &'static IsaTable, word: u32) -> Result<Self, DecodeError> {
        let opcode = (word >> 24) as u8;
        let desc = table
            .by_opcode(opcode)
            .ok_or(DecodeError::UnknownOpcode { opcode })?;
        let reserved = word & desc.reserved;
        if reserved != 0 {
            return Err(DecodeError::ReservedBits {
                mnemonic: desc.mnemonic,
                bits: reserved,
            });
        }
        let mut args = [0; MAX_FIELDS];
        for (field, slot) in desc.fields.iter().zip(&mut args) {
            *slot = field.get(word);
        }
        Ok(Instruction { desc, args })
    }

    /// The instruction word.
    pub fn encode(&self) -> u32 {
        self.desc
            .fields
            .iter()
            .zip(self.args())
            .fold(u32::from(self.desc.opcode) << 24, |w, (f, &v)| {
                w | f.place(v)
            })
    }

    /// The table entry.
    pub fn desc(&self) -> &'static InsnDesc {
        self.desc
    }

    /// The field values, in the table's order.
    pub fn args(&self) -> &[u32] {
        &self.args[..self.desc.fields.len()]
    }
}
