//! Decoding: the length rule, then a bucket lookup on a few key bits, then the bucket's
//! candidates in priority order (most specific mask first).

use super::generated::{
    BUCKETS16, BUCKETS32, BUCKETS48, BUCKETS64, CANDIDATES16, CANDIDATES32, CANDIDATES48,
    CANDIDATES64, Form, MAX_OPS, key16, key32, key48, key64,
};
use super::tables::{FieldKind, FieldSpec};
use super::{DecodeError, Decoded};

/// Instruction length in bytes from its first halfword (notes §2.1): bit 0 clear is 16-bit
/// unless the low nibble is `1110` (48-bit HL); bit 0 set is 32-bit unless the low nibble is
/// `1111` (64-bit V).
#[inline]
pub fn insn_len(first_halfword: u16) -> usize {
    match (first_halfword & 1, first_halfword & 0xf) {
        (0, 0xe) => 6,
        (0, _) => 2,
        (_, 0xf) => 8,
        _ => 4,
    }
}

/// Decode the instruction at the start of `bytes` (little-endian, at least its length).
pub fn decode(bytes: &[u8]) -> Result<Decoded, DecodeError> {
    if bytes.len() < 2 {
        return Err(DecodeError::Truncated {
            need: 2,
            have: bytes.len(),
        });
    }
    let len = insn_len(u16::from_le_bytes([bytes[0], bytes[1]]));
    if bytes.len() < len {
        return Err(DecodeError::Truncated {
            need: len,
            have: bytes.len(),
        });
    }
    let mut word = [0u8; 8];
    word[..len].copy_from_slice(&bytes[..len]);
    decode_word(u64::from_le_bytes(word), len)
}

/// Decode an instruction word of `len` bytes (2, 4, 6 or 8; bits above it are ignored).
pub fn decode_word(word: u64, len: usize) -> Result<Decoded, DecodeError> {
    let word = if len >= 8 {
        word
    } else {
        word & ((1u64 << (len * 8)) - 1)
    };
    let (k, buckets, cands): (usize, &[(u16, u8)], &[Form]) = match len {
        2 => (key16(word), &BUCKETS16, &CANDIDATES16),
        4 => (key32(word), &BUCKETS32, &CANDIDATES32),
        6 => (key48(word), &BUCKETS48, &CANDIDATES48),
        8 => (key64(word), &BUCKETS64, &CANDIDATES64),
        _ => return Err(DecodeError::Illegal { word, len }),
    };
    let (start, n) = buckets[k];
    for &form in &cands[start as usize..start as usize + n as usize] {
        let info = form.info();
        if word & info.mask == info.bits {
            return Ok(extract(form, word));
        }
    }
    Err(DecodeError::Illegal { word, len })
}

/// The raw bits of one field, sign-extended when the field is signed (before scaling).
#[inline]
pub(crate) fn raw_field(spec: &FieldSpec, word: u64) -> i64 {
    let mut v = 0u64;
    for p in spec.pieces {
        v |= ((word >> p.lsb) & ((1u64 << p.width) - 1)) << p.vlsb;
    }
    if spec.signed && spec.bits < 64 {
        let sh = 64 - u32::from(spec.bits);
        ((v << sh) as i64) >> sh
    } else {
        v as i64
    }
}

fn extract(form: Form, word: u64) -> Decoded {
    let info = form.info();
    let mut ops = [0i64; MAX_OPS];
    let mut flags = 0u16;
    let mut nflag = 0;
    for (i, spec) in info.fields.iter().enumerate() {
        if spec.kind == FieldKind::Flag {
            flags |= (((word >> spec.pieces[0].lsb) & 1) as u16) << nflag;
            nflag += 1;
        } else {
            ops[i] = raw_field(spec, word).wrapping_shl(u32::from(spec.scale));
        }
    }
    Decoded {
        form,
        len: info.bytes,
        flags,
        ops,
    }
}
