//! The register file as GDB sees it: the layout of `target.xml` (GDB's own RISC-V feature
//! names and register numbers), serialised in register-number order for the `g`/`G` packets.

use gdbstub::arch::{Arch, RegId, Registers};
use std::num::NonZeroUsize;

/// CSRs in the `org.gnu.gdb.riscv.csr` feature, in register-number order (65 + number).
pub const CSRS: [u16; 22] = [
    0x300, 0x301, 0x304, 0x305, 0x306, 0x340, 0x341, 0x342, 0x343, 0x344, 0xb00, 0xb02, 0xc00,
    0xc01, 0xc02, 0xc80, 0xc81, 0xc82, 0xf11, 0xf12, 0xf13, 0xf14,
];
/// fflags, frm, fcsr (register numbers 66, 67, 68).
pub const FP_CSRS: [u16; 3] = [0x001, 0x002, 0x003];

/// RV32 with 64-bit FP registers, as `target.xml` describes it.
pub enum Rv32 {}

impl Arch for Rv32 {
    type Usize = u32;
    type Registers = Rv32Regs;
    type BreakpointKind = usize;
    type RegId = Rv32RegId;

    fn target_description_xml() -> Option<&'static str> {
        Some(include_str!("target.xml"))
    }
}

/// One hart's registers; `None` for a CSR the hart lacks (sent as unavailable).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rv32Regs {
    pub x: [u32; 32],
    pub pc: u32,
    pub f: [u64; 32],
    pub fp_csrs: [Option<u32>; 3],
    pub csrs: [Option<u32>; CSRS.len()],
}

fn put32(v: Option<u32>, out: &mut impl FnMut(Option<u8>)) {
    match v {
        Some(v) => v.to_le_bytes().into_iter().for_each(|b| out(Some(b))),
        None => (0..4).for_each(|_| out(None)),
    }
}

impl Registers for Rv32Regs {
    type ProgramCounter = u32;

    fn pc(&self) -> u32 {
        self.pc
    }

    fn gdb_serialize(&self, mut out: impl FnMut(Option<u8>)) {
        for &x in &self.x {
            put32(Some(x), &mut out);
        }
        put32(Some(self.pc), &mut out);
        for &f in &self.f {
            f.to_le_bytes().into_iter().for_each(|b| out(Some(b)));
        }
        for &c in self.fp_csrs.iter().chain(&self.csrs) {
            put32(c, &mut out);
        }
    }

    fn gdb_deserialize(&mut self, bytes: &[u8]) -> Result<(), ()> {
        let mut words = bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().expect("chunks of 4")));
        for x in &mut self.x {
            *x = words.next().ok_or(())?;
        }
        self.pc = words.next().ok_or(())?;
        for f in &mut self.f {
            let lo = u64::from(words.next().ok_or(())?);
            *f = lo | u64::from(words.next().ok_or(())?) << 32;
        }
        for c in self.fp_csrs.iter_mut().chain(&mut self.csrs) {
            *c = words.next();
        }
        Ok(())
    }
}

/// A register named by its GDB number (the `p`/`P` packets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rv32RegId {
    X(u32),
    Pc,
    F(u32),
    Csr(u16),
}

impl RegId for Rv32RegId {
    fn from_raw_id(id: usize) -> Option<(Self, Option<NonZeroUsize>)> {
        let (reg, size) = match id {
            0..=31 => (Rv32RegId::X(id as u32), 4),
            32 => (Rv32RegId::Pc, 4),
            33..=64 => (Rv32RegId::F(id as u32 - 33), 8),
            _ => {
                let csr = u16::try_from(id.checked_sub(65)?).ok()?;
                FP_CSRS.iter().chain(&CSRS).find(|&&c| c == csr)?;
                (Rv32RegId::Csr(csr), 4)
            }
        };
        Some((reg, NonZeroUsize::new(size)))
    }
}
