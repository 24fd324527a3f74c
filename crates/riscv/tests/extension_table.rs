//! An extension table added to a hart without touching the base decoder: the test-only custom-0
//! table `data/riscv/ext/xdemo.opcodes`, generated into `support/xdemo_table.rs` by the same
//! generator as the base tables (the way Snitch's FREP/SSR/DMA tables will be), executed through
//! the `Extension` trait.

#[path = "support/xdemo_table.rs"]
#[rustfmt::skip]
mod xdemo_table;

use macrosim_core::{Perm, SparseMemory};
use macrosim_riscv::hart::{Cause, ExtInsn, Extension, HartView, Stop};
use macrosim_riscv::isa::{BASE_TABLES, Decoder, Field, Table};
use macrosim_riscv::mmio::NoMmio;
use macrosim_riscv::trace::{CommitLog, NoTrace, Trace};
use macrosim_riscv::{Hart, HartConfig, Isa, TrapMode};
use xdemo_table::{XDEMO, XdemoInsn};

/// The demo extension: `demo.mac rd, rs1, rs2` (rd += rs1 * rs2), `demo.pcnt rd, rs1`.
struct Xdemo {
    executed: u32,
}

impl Extension for Xdemo {
    fn tables(&self) -> Vec<&'static Table> {
        vec![&XDEMO]
    }

    fn execute<T: Trace>(
        &mut self,
        hart: &mut HartView<'_, T>,
        insn: ExtInsn,
    ) -> Result<(), macrosim_riscv::hart::Exception> {
        self.executed += 1;
        let (rd, rs1, rs2) = (
            Field::Rd.extract(insn.word),
            Field::Rs1.extract(insn.word),
            Field::Rs2.extract(insn.word),
        );
        let v = match XdemoInsn::from_id(insn.id) {
            Some(XdemoInsn::DemoMac) => hart
                .x(rd)
                .wrapping_add(hart.x(rs1).wrapping_mul(hart.x(rs2))),
            Some(XdemoInsn::DemoPcnt) => hart.x(rs1).count_ones(),
            None => unreachable!("only this table's ids reach us"),
        };
        hart.set_x(rd, v);
        Ok(())
    }
}

const fn addi(rd: u32, rs1: u32, imm: u32) -> u32 {
    (imm << 20) | (rs1 << 15) | (rd << 7) | 0x13
}
const DEMO_MAC_A0_A1_A2: u32 = (12 << 20) | (11 << 15) | (10 << 7) | 0x0b;
const DEMO_PCNT_A3_A0: u32 = (1 << 25) | (10 << 15) | (13 << 7) | 0x0b;
const ECALL: u32 = 0x73;

fn program() -> SparseMemory {
    let mut mem = SparseMemory::new();
    mem.map(0x1000, 0x1000, Perm::RX);
    let words = [
        addi(11, 0, 6),
        addi(12, 0, 7),
        addi(10, 0, 100),
        DEMO_MAC_A0_A1_A2,
        DEMO_PCNT_A3_A0,
        ECALL,
    ];
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    mem.load_bytes(0x1000, &bytes).unwrap();
    mem
}

fn config() -> HartConfig {
    HartConfig {
        id: 0,
        isa: Isa::RV32IM,
        traps: TrapMode::Host,
    }
}

#[test]
fn a_hart_with_the_extension_runs_its_instructions() {
    let mut mem = program();
    let mut hart = Hart::with_extension(config(), Xdemo { executed: 0 });
    hart.set_pc(0x1000);
    let stop = hart.run(&mut mem, &mut NoMmio, &mut NoTrace, 100);
    assert!(
        matches!(stop, Stop::Exception { exc, pc: 0x1014, .. } if exc.cause == Cause::EcallFromM)
    );
    assert_eq!(hart.x(10), 142, "100 + 6 * 7");
    assert_eq!(hart.x(13), 4, "popcount(0b1000_1110)");
    assert_eq!(hart.retired(), 5);
    assert_eq!(hart.extension().executed, 2);
    assert_eq!(
        hart.disassemble(DEMO_MAC_A0_A1_A2, 0x100c),
        "demo.mac a0,a1,a2"
    );
    assert_eq!(hart.disassemble(DEMO_PCNT_A3_A0, 0x1010), "demo.pcnt a3,a0");
}

#[test]
fn extension_writes_are_traced() {
    let mut mem = program();
    let mut hart = Hart::with_extension(config(), Xdemo { executed: 0 });
    hart.set_pc(0x1000);
    let mut log = CommitLog::new(Vec::new(), 0);
    hart.run(&mut mem, &mut NoMmio, &mut log, 100);
    let text = String::from_utf8(log.finish().unwrap()).unwrap();
    assert!(
        text.contains("core   0: 3 0x0000100c (0x00c5850b) x10 0x0000008e\n"),
        "{text}"
    );
}

#[test]
fn the_base_hart_finds_them_illegal() {
    let mut mem = program();
    let mut hart = Hart::new(config());
    hart.set_pc(0x1000);
    let stop = hart.run(&mut mem, &mut NoMmio, &mut NoTrace, 100);
    assert!(matches!(
        stop,
        Stop::Exception { exc, pc: 0x100c, word: Some(DEMO_MAC_A0_A1_A2) }
            if exc.cause == Cause::IllegalInstruction && exc.tval == DEMO_MAC_A0_A1_A2
    ));
}

#[test]
fn the_extension_table_does_not_overlap_the_base() {
    let mut tables: Vec<&'static Table> = BASE_TABLES.to_vec();
    tables.push(&XDEMO);
    assert!(Decoder::new(&tables).overlaps().is_empty());
    // The base tables were not regenerated for it: the base decoder still rejects the words.
    assert!(
        Decoder::new(&BASE_TABLES)
            .decode(DEMO_MAC_A0_A1_A2)
            .is_none()
    );
}
