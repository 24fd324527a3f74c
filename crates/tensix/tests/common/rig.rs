//! A backend with a Wormhole B0 L1, driven by assembly text (the per-instruction tests).

use macrosim_core::{Perm, SparseMemory};
use macrosim_tensix::Arch;
use macrosim_tensix::backend::{Backend, Issue};
use macrosim_tensix::isa::asm::assemble;

pub fn w(text: &str) -> u32 {
    assemble(Arch::WormholeB0, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

pub struct Rig {
    pub b: Backend,
    pub l1: SparseMemory,
}

impl Rig {
    pub fn new() -> Rig {
        let mut l1 = SparseMemory::new();
        l1.map(0, 1464 * 1024, Perm::RW);
        Rig {
            b: Backend::new(Arch::WormholeB0.table()),
            l1,
        }
    }

    pub fn issue(&mut self, t: usize, text: &str) -> Issue {
        self.b
            .issue(t, w(text), &mut self.l1)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    pub fn run(&mut self, t: usize, text: &str) {
        assert_eq!(self.issue(t, text), Issue::Executed, "{text}");
    }

    /// A config word through a GPR (SETDMAREG_Immediate.md, WRCFG.md).
    pub fn cfg(&mut self, t: usize, index: u32, value: u32) {
        // The 16-bit payload spans the table's Payload_SigSelSize[23:22] and Payload_SigSel.
        for (half, v) in [(0, value & 0xffff), (1, value >> 16)] {
            self.run(
                t,
                &format!("SETDMAREG {}, {}, 0, {half}", v >> 14, v & 0x3fff),
            );
        }
        self.run(t, &format!("WRCFG 0, 0, {index}"));
    }

    /// Both Src banks 0 handed to the FPU, as the unpackers' data-valid flips would.
    pub fn ready(&mut self) {
        self.b.srca.flip_unpacker(0, 0);
        self.b.srcb.flip_unpacker(0, 0);
    }
}

/// Src's 19-bit form of an FP32 value (UNPACR_Regular.md WriteSrcTF32 before the shuffle).
pub fn src(x: f32) -> u32 {
    x.to_bits() >> 13
}
