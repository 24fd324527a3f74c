//! Encoding a `Decoded` back into its instruction word: every operand is checked to be
//! representable (range, and the low bits its scaling drops are zero).

use super::decode::raw_field;
use super::tables::FieldKind;
use super::{Decoded, EncodeError};

/// The instruction word of `d` (its low `d.form.info().bytes` bytes are the instruction).
pub fn encode(d: &Decoded) -> Result<u64, EncodeError> {
    let info = d.form.info();
    let mut word = info.bits;
    let mut nflag = 0;
    for (i, spec) in info.fields.iter().enumerate() {
        if spec.kind == FieldKind::Flag {
            word |= u64::from(d.flags >> nflag & 1) << spec.pieces[0].lsb;
            nflag += 1;
            continue;
        }
        let value = d.ops[i];
        let raw = value >> spec.scale;
        let mut placed = 0u64;
        for p in spec.pieces {
            let m = (1u64 << p.width) - 1;
            placed |= ((raw as u64 >> p.vlsb) & m) << p.lsb;
        }
        // Re-extract: the value fits exactly when the field gives it back.
        if raw_field(spec, placed).wrapping_shl(u32::from(spec.scale)) != value {
            return Err(EncodeError::DoesNotFit {
                form: d.form,
                field: spec.name,
                value,
            });
        }
        word |= placed;
    }
    if d.flags >> nflag != 0 {
        return Err(EncodeError::DoesNotFit {
            form: d.form,
            field: "flags",
            value: i64::from(d.flags),
        });
    }
    Ok(word)
}

/// `encode` as little-endian bytes (2, 4, 6 or 8 of them).
pub fn encode_bytes(d: &Decoded) -> Result<Vec<u8>, EncodeError> {
    let word = encode(d)?;
    Ok(word.to_le_bytes()[..usize::from(d.form.info().bytes)].to_vec())
}
