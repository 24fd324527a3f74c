//! Helpers shared by the integration tests.

use macrosim_linx::isa::{Decoded, FieldKind, Form};

/// `form` with every field set from successive `next()` values, within the field's range
/// (value bits below its lowest encoded piece stay zero; scaling applied).
pub fn random_operands(form: Form, mut next: impl FnMut() -> u64) -> Decoded {
    let mut d = Decoded::new(form);
    let mut nflag = 0;
    for (i, spec) in form.info().fields.iter().enumerate() {
        let r = next();
        if spec.kind == FieldKind::Flag {
            d.flags |= ((r & 1) as u16) << nflag;
            nflag += 1;
            continue;
        }
        let bits = u32::from(spec.bits);
        let low = spec.pieces.iter().map(|p| p.vlsb).min().unwrap_or(0);
        let raw = r & ((1u64 << bits) - 1) & !((1u64 << low) - 1);
        let v = if spec.signed {
            ((raw << (64 - bits)) as i64) >> (64 - bits)
        } else {
            raw as i64
        };
        d.ops[i] = v << spec.scale;
    }
    d
}

/// A xorshift64 stream (deterministic test inputs).
pub fn xorshift(mut s: u64) -> impl FnMut() -> u64 {
    move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    }
}
