//! Principle 7 (faults are values): random instruction words, run from random register state in
//! both trap modes and traced or not, end in a `Stop`, never a panic or a hang. Also, every word
//! decodes and disassembles without panicking.

use macrosim_core::{Perm, SparseMemory};
use macrosim_riscv::isa::{BASE_TABLES, Decoder};
use macrosim_riscv::mmio::NoMmio;
use macrosim_riscv::trace::{CommitLog, NoTrace};
use macrosim_riscv::{Hart, HartConfig, Isa, TrapMode};
use proptest::prelude::*;

/// Words that are mostly valid instructions: random bits with a real major opcode.
fn word() -> impl Strategy<Value = u32> {
    const OPCODES: [u32; 14] = [
        0x03, 0x07, 0x0f, 0x13, 0x17, 0x23, 0x27, 0x2f, 0x33, 0x37, 0x43, 0x53, 0x63, 0x73,
    ];
    prop_oneof![
        any::<u32>(),
        (any::<u32>(), 0..OPCODES.len()).prop_map(|(w, k)| (w & !0x7f) | OPCODES[k]),
        // branches and jumps into the code page
        (any::<u32>(), 0u32..3)
            .prop_map(|(w, k)| (w & 0x0000_0f80) | [0x63, 0x6f, 0x67][k as usize]),
    ]
}

fn setup(words: &[u32]) -> SparseMemory {
    let mut mem = SparseMemory::new();
    mem.map(0x1000, 0x1000, Perm::RWX);
    mem.map(0x8000, 0x2000, Perm::RW);
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    mem.load_bytes(0x1000, &bytes).unwrap();
    mem
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_code_never_panics(
        words in proptest::collection::vec(word(), 1..64),
        regs in proptest::collection::vec(prop_oneof![any::<u32>(), 0x8000u32..0xa000, 0x1000u32..0x1100], 31),
        machine in any::<bool>(),
        traced in any::<bool>(),
        isa in prop_oneof![Just("rv32imafd"), Just("rv32im"), Just("rv32i")],
    ) {
        let mut mem = setup(&words);
        let traps = if machine { TrapMode::Machine } else { TrapMode::Host };
        let mut hart = Hart::new(HartConfig { id: 0, isa: Isa::parse(isa).unwrap(), traps });
        hart.set_pc(0x1000);
        for (i, r) in regs.iter().enumerate() {
            hart.set_x(i as u32 + 1, *r);
        }
        // FP on; in machine mode a handler at the start of the code page.
        hart.write_csr(0x300, 1 << 13);
        hart.write_csr(0x305, 0x1000);
        let mut steps = 0;
        while steps < 5 {
            let stop = if traced {
                let mut log = CommitLog::new(std::io::sink(), 64);
                hart.run(&mut mem, &mut NoMmio, &mut log, 2_000)
            } else {
                hart.run(&mut mem, &mut NoMmio, &mut NoTrace, 2_000)
            };
            steps += 1;
            match stop {
                // In host mode, skip the faulting instruction and go on.
                macrosim_riscv::Stop::Exception { pc, .. } => hart.set_pc(pc.wrapping_add(4)),
                _ => break,
            }
        }
    }

    #[test]
    fn any_word_decodes_and_disassembles(w in any::<u32>(), pc in any::<u32>()) {
        let d = Decoder::new(&BASE_TABLES);
        let text = d.disassemble(w, pc);
        prop_assert!(!text.is_empty());
    }
}
