//! The extension hooks that change base instructions (`hart::Extension::{offload, csr, wfi}`,
//! `HartView::stall`): a toy "stream register" extension claims CSR 0x7C0 to switch on the
//! offloading of FP instructions, then feeds reads of f1 from a counter (as Snitch's SSRs do for
//! ft0..ft2) and sends writes of f2 to a list; `wfi` stalls the hart until woken.

use macrosim_core::{Perm, SparseMemory};
use macrosim_riscv::hart::{
    CsrAccess, CsrOp, Exception, ExtInsn, Extension, F_SCRATCH, FpInsn, HartView, Operand, Stop,
};
use macrosim_riscv::isa::Table;
use macrosim_riscv::mmio::NoMmio;
use macrosim_riscv::trace::{NoTrace, Trace};
use macrosim_riscv::{Hart, HartConfig, Isa, TrapMode};

#[derive(Default)]
struct Stream {
    on: bool,
    next: f64,
    pushed: Vec<f64>,
    woken: bool,
}

impl Extension for Stream {
    fn tables(&self) -> Vec<&'static Table> {
        Vec::new()
    }

    fn execute<T: Trace>(&mut self, _: &mut HartView<'_, T>, i: ExtInsn) -> Result<(), Exception> {
        Err(Exception::illegal(i.word))
    }

    const OFFLOAD: bool = true;

    fn offloading(&self) -> bool {
        self.on
    }

    fn offload<T: Trace>(
        &mut self,
        hart: &mut HartView<'_, T>,
        mut insn: FpInsn,
    ) -> Result<(), Exception> {
        // Each read of f1 takes the next value (scratch register i for source i).
        for (i, &o) in insn.f_sources().iter().enumerate() {
            if insn.reg(o) == 1 {
                self.next += 1.0;
                hart.set_f_scratch(i as u8, self.next.to_bits());
                insn.set_reg(o, F_SCRATCH + i as u8);
            }
        }
        let push = insn.writes_f() && insn.reg(Operand::Rd) == 2;
        if push {
            insn.set_reg(Operand::Rd, F_SCRATCH + 3);
        }
        hart.exec_fp(&insn)?;
        if push {
            self.pushed.push(f64::from_bits(hart.f_scratch(3)));
        }
        Ok(())
    }

    fn csr<T: Trace>(
        &mut self,
        _: &mut HartView<'_, T>,
        a: CsrAccess,
    ) -> Option<Result<u32, Exception>> {
        (a.csr == 0x7c0).then(|| {
            let old = u32::from(self.on);
            if a.write {
                self.on = a.op == CsrOp::Set;
            }
            Ok(old)
        })
    }

    fn wfi<T: Trace>(&mut self, hart: &mut HartView<'_, T>) -> Result<(), Exception> {
        if !self.woken {
            hart.stall();
        }
        Ok(())
    }
}

const FADD_F2_F1_F1: u32 = 0x0210_f153; // fadd.d f2, f1, f1 (rm = dyn)
const FADD_F3_F1_F0: u32 = 0x0200_f1d3; // fadd.d f3, f1, f0
const CSRSI_7C0: u32 = 0x7c00_e073; // csrsi 0x7c0, 1
const CSRCI_7C0: u32 = 0x7c00_f073; // csrci 0x7c0, 1
const WFI: u32 = 0x1050_0073;
const ECALL: u32 = 0x73;

fn run(words: &[u32], ext: Stream) -> (Hart<Stream>, Stop) {
    let mut mem = SparseMemory::new();
    mem.map(0x1000, 0x1000, Perm::RX);
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    mem.load_bytes(0x1000, &bytes).unwrap();
    let cfg = HartConfig {
        id: 0,
        isa: Isa::parse("rv32imafd").unwrap(),
        traps: TrapMode::Host,
    };
    let mut hart = Hart::with_extension(cfg, ext);
    hart.write_csr(0x300, 1 << 13); // mstatus.FS = Initial
    hart.set_pc(0x1000);
    let stop = hart.run(&mut mem, &mut NoMmio, &mut NoTrace, 100);
    (hart, stop)
}

#[test]
fn offloaded_fp_instructions_are_redirected_only_while_offloading() {
    let prog = [
        FADD_F2_F1_F1, // off: plain registers (0 + 0)
        CSRSI_7C0,
        FADD_F2_F1_F1, // on: f1 read once per operand -> 1 + 2 pushed
        FADD_F3_F1_F0, // 3 + f0 (0) into f3, a plain register
        CSRCI_7C0,
        FADD_F2_F1_F1, // off again: f2 = 0 + 0
        ECALL,
    ];
    let (hart, stop) = run(&prog, Stream::default());
    assert!(
        matches!(stop, Stop::Exception { pc: 0x1018, .. }),
        "{stop:?}"
    );
    assert_eq!(hart.extension().pushed, [3.0]);
    assert_eq!(f64::from_bits(hart.f(3)), 3.0);
    assert_eq!(
        hart.f(2),
        0,
        "f2 holds the plain sums (0 + 0), never the pushed 3"
    );
    assert_eq!(hart.retired(), 6);
}

#[test]
fn a_stalled_instruction_does_not_retire_and_runs_again() {
    let (mut hart, stop) = run(&[WFI, ECALL], Stream::default());
    assert_eq!(stop, Stop::Stall { pc: 0x1000 });
    assert_eq!(hart.retired(), 0);
    hart.extension_mut().woken = true;
    let mut mem = SparseMemory::new();
    mem.map(0x1000, 0x1000, Perm::RX);
    let bytes: Vec<u8> = [WFI, ECALL].iter().flat_map(|w| w.to_le_bytes()).collect();
    mem.load_bytes(0x1000, &bytes).unwrap();
    let stop = hart.run(&mut mem, &mut NoMmio, &mut NoTrace, 100);
    assert!(
        matches!(stop, Stop::Exception { pc: 0x1004, .. }),
        "{stop:?}"
    );
    assert_eq!(hart.retired(), 1);
}
