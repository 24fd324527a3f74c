//! Property tests over all forms (740 catalog + extensions): decode(encode(x)) == x with random operands,
//! encode(decode(w)) == w for decodable words, and the disassembly text parses back.

use macrosim_linx::isa::parse::parse_operands;
use macrosim_linx::isa::{Form, OVERLAPS, decode, decode_word, encode, encode_bytes};
use proptest::prelude::*;

mod common;
use common::{random_operands, xorshift};

/// True when `winner` takes some encodings of `loser` (a listed overlap).
fn shadowed_by(loser: Form, winner: Form) -> bool {
    OVERLAPS.iter().any(|&(w, l)| w == winner && l == loser)
}

fn check_form(form: Form, rand: &[u64]) -> Result<(), TestCaseError> {
    let info = form.info();
    let mut k = 0;
    let x = random_operands(form, || {
        k += 1;
        rand[k % rand.len()].rotate_left(k as u32 * 7)
    });
    let word = encode(&x).map_err(|e| TestCaseError::fail(format!("{form:?}: {e}")))?;
    prop_assert_eq!(word & info.mask, info.bits);
    if !info.decodable {
        return Ok(());
    }
    let bytes = encode_bytes(&x).unwrap();
    let d = decode(&bytes).map_err(|e| TestCaseError::fail(format!("{form:?}: {e}")))?;
    if d.form != form {
        prop_assert!(
            shadowed_by(form, d.form),
            "{:?} decoded as {:?}",
            form,
            d.form
        );
        return Ok(());
    }
    prop_assert_eq!(d, x, "decode(encode(x)) for {:?}", form);
    // The text parses back to the same instruction.
    let pc = 0x1_0000 + (rand[0] & 0xfffe);
    let text = d.at(pc).to_string();
    let ops = text.split_once('\t').map_or("", |(_, o)| o);
    let back = parse_operands(form, ops, pc, &|_| None)
        .map_err(|e| TestCaseError::fail(format!("{form:?} `{text}`: {e}")))?;
    prop_assert_eq!(back, d, "parse(disasm) for `{}`", text);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn decode_encode_round_trip(idx in 0..Form::ALL.len(), rand in proptest::collection::vec(any::<u64>(), 4)) {
        check_form(Form::ALL[idx], &rand)?;
    }

    #[test]
    fn encode_decode_round_trip(len_sel in 0..4usize, word in any::<u64>()) {
        let len = [2, 4, 6, 8][len_sel];
        let word = if len == 8 { word } else { word & ((1u64 << (len * 8)) - 1) };
        if let Ok(d) = decode_word(word, len) {
            // Every bit of every form is in its mask or one of its fields (no don't-cares).
            prop_assert_eq!(usize::from(d.len), len);
            prop_assert_eq!(encode(&d).unwrap(), word, "{:?}", d.form);
        }
    }

    /// Words that match some form's pattern (random everywhere else), so every length and
    /// form is exercised, not only the short ones random words hit.
    #[test]
    fn encode_decode_round_trip_on_patterns(idx in 0..Form::ALL.len(), rand in any::<u64>()) {
        let info = Form::ALL[idx].info();
        let len = usize::from(info.bytes);
        let full = if len == 8 { u64::MAX } else { (1u64 << (len * 8)) - 1 };
        let word = ((rand & !info.mask) | info.bits) & full;
        // Fused call headers are two instructions by the length rule.
        if let Ok(d) = decode_word(word, len) {
            prop_assert_eq!(encode(&d).unwrap(), word, "{:?}", d.form);
        } else {
            prop_assert!(!info.decodable, "{:?} {word:#x}", Form::ALL[idx]);
        }
    }
}

/// Every form, many operand sets each (deterministic, so every form is always covered).
#[test]
fn every_form_round_trips() {
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
    let mut failures = Vec::new();
    for &form in &Form::ALL {
        for _ in 0..64 {
            let rand = [next(), next(), next(), next()];
            if let Err(e) = check_form(form, &rand) {
                failures.push(e.to_string());
                break;
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} forms fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn overlaps_resolve_to_the_more_specific_form() {
    assert_eq!(OVERLAPS.len(), 20);
    let mut next = xorshift(0x2545_f491_4f6c_dd1d);
    for &(winner, loser) in &OVERLAPS {
        // Words matching both patterns decode as the winner (other bits random; words a
        // third, more specific form takes are skipped).
        let w = winner.info();
        let l = loser.info();
        assert_eq!((w.bits ^ l.bits) & w.mask & l.mask, 0);
        let mut seen = 0;
        for _ in 0..200 {
            let s = next();
            let word = w.bits | (l.bits & !w.mask) | (s & !(w.mask | l.mask));
            let d = decode_word(word, usize::from(w.bytes)).unwrap();
            if d.form == winner || d.form == loser {
                assert_eq!(d.form, winner, "{word:#x}");
                seen += 1;
            }
        }
        assert!(seen > 0, "{winner:?}/{loser:?} never met");
    }
}

#[test]
fn aliases() {
    // ADDTPC ->ra is SETRET; C.MOVI ..., ->ra is C.SETRET; C.BSTART.STD type 0 is C.BSTOP.
    let addtpc_ra = 0x0000_0507u64 | (5 << 12);
    assert_eq!(decode_word(addtpc_ra, 4).unwrap().form, Form::Setret);
    assert_eq!(decode(&[0x56, 0x50]).unwrap().form, Form::CSetret);
    assert_eq!(decode(&[0, 0]).unwrap().form, Form::CBstop);
    assert_eq!(decode(&[0x00, 0x08]).unwrap().form, Form::CBstartStd);
}
