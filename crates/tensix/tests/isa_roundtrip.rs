//! The decoder, encoder, assembler and disassembler agree, for every instruction of both
//! tables: decode(encode(x)) == x, encode(decode(w)) == w, and assembling a disassembly gives
//! back the word (for every word, including unknown opcodes and reserved bits).

use macrosim_tensix::Arch;
use macrosim_tensix::isa::asm::assemble;
use macrosim_tensix::isa::disasm::disassemble;
use macrosim_tensix::isa::{DecodeError, Instruction};
use macrosim_tensix::program::{Program, ProgramOp};
use proptest::prelude::*;

/// Assemble a disassembly line the way a user would: as a line of a `.tt` program (the
/// fallback form carries a `#` comment).
fn reassemble(arch: Arch, line: &str) -> u32 {
    let program = Program::parse(line, arch).unwrap_or_else(|e| panic!("`{line}`: {e}"));
    match program.items() {
        [item] => match item.op {
            ProgramOp::Push(word) => word,
            other => panic!("`{line}` is not a push: {other:?}"),
        },
        other => panic!("`{line}` gave {other:?}"),
    }
}

/// Every instruction of `arch`, with random field values (as many random 64-bit draws as the
/// instruction has fields, masked to each field's width).
fn instructions(arch: Arch) -> impl Strategy<Value = Instruction> {
    let insns = arch.table().insns;
    (0..insns.len(), proptest::collection::vec(any::<u64>(), 13)).prop_map(move |(i, raw)| {
        let desc = &insns[i];
        let args: Vec<u64> = desc
            .fields
            .iter()
            .zip(raw)
            .map(|(f, r)| r & u64::from(f.max()))
            .collect();
        Instruction::new(desc, &args).expect("values fit their fields")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn decode_encode_wh(x in instructions(Arch::WormholeB0)) {
        let table = Arch::WormholeB0.table();
        prop_assert_eq!(Instruction::decode(table, x.encode()), Ok(x));
        prop_assert_eq!(assemble(Arch::WormholeB0, &x.to_string()), Ok(x.encode()));
    }

    #[test]
    fn decode_encode_bh(x in instructions(Arch::Blackhole)) {
        let table = Arch::Blackhole.table();
        prop_assert_eq!(Instruction::decode(table, x.encode()), Ok(x));
        prop_assert_eq!(assemble(Arch::Blackhole, &x.to_string()), Ok(x.encode()));
    }

    /// Any word: if it decodes, encoding gives it back; either way the disassembly assembles to it.
    #[test]
    fn any_word(word in any::<u32>(), opcode in 0u32..0xC0) {
        // Half the draws keep a known-ish opcode range so most of them hit instructions.
        for w in [word, (opcode << 24) | (word & 0x00FF_FFFF)] {
            for arch in Arch::ALL {
                match Instruction::decode(arch.table(), w) {
                    Ok(insn) => prop_assert_eq!(insn.encode(), w),
                    Err(DecodeError::ReservedBits { bits, .. }) => prop_assert!(bits != 0),
                    Err(DecodeError::UnknownOpcode { opcode }) => {
                        prop_assert_eq!(u32::from(opcode), w >> 24)
                    }
                }
                prop_assert_eq!(reassemble(arch, &disassemble(arch, w)), w);
            }
        }
    }
}

/// Every instruction with all fields at their maximum and at zero, so no field is missed by
/// chance.
#[test]
fn extremes_of_every_instruction() {
    for arch in Arch::ALL {
        for desc in arch.table().insns {
            for pick_max in [false, true] {
                let args: Vec<u64> = desc
                    .fields
                    .iter()
                    .map(|f| if pick_max { u64::from(f.max()) } else { 0 })
                    .collect();
                let x = Instruction::new(desc, &args).unwrap();
                let w = x.encode();
                assert_eq!(w >> 24, u32::from(desc.opcode));
                let field_bits = desc.fields.iter().fold(0, |m, f| m | f.mask());
                assert_eq!(
                    w & 0x00FF_FFFF,
                    if pick_max { field_bits } else { 0 },
                    "{}",
                    desc.mnemonic
                );
                assert_eq!(
                    field_bits,
                    !desc.reserved & 0x00FF_FFFF,
                    "{}",
                    desc.mnemonic
                );
                assert_eq!(Instruction::decode(arch.table(), w), Ok(x));
                assert_eq!(reassemble(arch, &disassemble(arch, w)), w);
                if let Some(f) = desc.fields.first() {
                    let mut too_wide = args.clone();
                    too_wide[0] = u64::from(f.max()) + 1;
                    assert!(
                        Instruction::new(desc, &too_wide).is_err(),
                        "{}",
                        desc.mnemonic
                    );
                }
            }
        }
    }
}

/// The tables hold every instruction of the vendored data, plus the field-less ones.
#[test]
fn table_sizes() {
    let wh = Arch::WormholeB0.table();
    let bh = Arch::Blackhole.table();
    // 119 / 128 from encodings/*.json, plus NOP, DMANOP, SFPNOP and TRNSPSRCB.
    assert_eq!(wh.insns.len(), 123);
    assert_eq!(bh.insns.len(), 132);
    for m in [
        "NOP",
        "DMANOP",
        "SFPNOP",
        "TRNSPSRCB",
        "MOP",
        "MOP_CFG",
        "REPLAY",
        "MVMUL",
    ] {
        assert!(
            wh.by_mnemonic(m).is_some() && bh.by_mnemonic(m).is_some(),
            "{m}"
        );
    }
    assert_eq!(wh.by_mnemonic("nop").map(|d| d.opcode), Some(0x02));
    assert_eq!(bh.by_mnemonic("STREAMWAIT").map(|d| d.opcode), Some(0xA7));
    assert!(wh.by_mnemonic("STREAMWAIT").is_none());
}

/// The seed's `.ttinsn` examples through the assembler.
#[test]
fn ttinsn_examples_from_seed_001() {
    use macrosim_tensix::isa::ttinsn;
    for (text, encoded) in [
        ("MOP 1, 0, 0", 0x0600_0000),
        ("REPLAY 16, 16, 0, 1", 0x1010_0404),
        ("REPLAY 0, 5, 1, 1", 0x1000_014C),
        ("REPLAY 0, 5, 0, 0", 0x1000_0140),
    ] {
        let word = assemble(Arch::WormholeB0, text).unwrap();
        assert_eq!(ttinsn::encode(word), Ok(encoded), "{text}");
        assert_eq!(ttinsn::decode(encoded), Ok(word), "{text}");
    }
}
