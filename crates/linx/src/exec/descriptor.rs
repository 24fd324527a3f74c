//! Header descriptors (`B.ARG`, `B.IOR`, `B.IOT`, `B.DIM`, `B.TEXT`) update the current
//! block's header in the CPU state.

use crate::exec::op::Desc;
use crate::state::cpu::Cpu;
use crate::state::header::Ior;

impl Cpu {
    /// Record a header descriptor (manual `04_block_isa.adoc` §"Block header descriptors").
    pub fn descriptor(&mut self, d: Desc, _pc: u64) {
        self.header.count += 1;
        match d {
            Desc::Arg(v) => self.header.arg = Some(v),
            Desc::Ior { srcs, dst } => self.header.iors.push(Ior { srcs, dst }),
            Desc::Iot(iot) => self.header.iots.push(iot),
            Desc::Dim { n, reg, imm } => {
                // LBn = R[RegSrc] + uimm (C.B.DIMI: the immediate alone, RegSrc = zero).
                let v = self.regs.read(reg).wrapping_add(u64::from(imm));
                self.header.dims[usize::from(n % 3)] = Some(v);
            }
            Desc::Text(t) => self.header.text = Some(t),
            Desc::Meta => {}
        }
    }
}
