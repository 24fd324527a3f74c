//! Per-instruction trace events (principle 8) and the Spike-format commit log.
//!
//! The execute loop is generic over a [`Trace`]; with [`NoTrace`] (`ENABLED = false`) every
//! call sits behind `if T::ENABLED` and compiles away (principle 3, Spike's fast/logged
//! variants). A retired instruction is reported as `begin`, its effects, then `commit`; an
//! instruction that traps is reported as `begin` then `discard`, as Spike prints nothing for it.

use crate::isa::csr_name;
use std::io::{self, Write};

/// Receives the effects of each instruction.
pub trait Trace {
    const ENABLED: bool;
    /// An instruction at `pc` starts, in privilege mode `prv` (0 = U, 3 = M).
    fn begin(&mut self, hart: u32, prv: u8, pc: u32, word: u32);
    fn x_write(&mut self, reg: u32, value: u32);
    /// An FP register write; `value` is the full register (NaN-boxed for binary32).
    fn f_write(&mut self, reg: u32, value: u64);
    fn csr_write(&mut self, csr: u16, value: u32);
    fn mem_read(&mut self, addr: u32, size: u32);
    fn mem_write(&mut self, addr: u32, value: u64, size: u32);
    /// The instruction retired.
    fn commit(&mut self);
    /// The instruction trapped (or was cut short): forget it.
    fn discard(&mut self);
    /// An annotation for the current instruction from an extension (Snitch marks SSR pops and
    /// pushes, FREP iterations and DMA events); printed after its effects as ` ; text`.
    fn note(&mut self, text: &str) {
        let _ = text;
    }
}

/// Tracing off: every method is a no-op and `ENABLED` lets the hart skip the calls entirely.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl Trace for NoTrace {
    const ENABLED: bool = false;
    fn begin(&mut self, _: u32, _: u8, _: u32, _: u32) {}
    fn x_write(&mut self, _: u32, _: u32) {}
    fn f_write(&mut self, _: u32, _: u64) {}
    fn csr_write(&mut self, _: u16, _: u32) {}
    fn mem_read(&mut self, _: u32, _: u32) {}
    fn mem_write(&mut self, _: u32, _: u64, _: u32) {}
    fn commit(&mut self) {}
    fn discard(&mut self) {}
}

/// A register write as Spike keys it: `reg << 4 | kind` (0 = x, 1 = f, 4 = CSR), so that
/// printing in key order gives Spike's order.
#[derive(Clone, Copy)]
struct RegWrite {
    key: u32,
    value: u64,
}

/// Writes Spike's `--log-commits` format (riscv-isa-sim `riscv/execute.cc`,
/// `commit_log_print_insn`):
///
/// ```text
/// core   0: 3 0x80000000 (0x00000297) x5  0x80000000
/// core   0: 3 0x80000100 (0x00c52023) mem 0x80001000 0x00000001
/// ```
///
/// `core%4d: `, the privilege, the pc and instruction word in hex, then the register writes in
/// Spike's key order (x, f and CSR writes, each ` x%-2d 0x...`, ` f%-2d 0x...` with FLEN digits,
/// ` c<num>_<name> 0x...`; writes to x0 are not shown), then ` mem <addr>` per load and
/// ` mem <addr> <value>` per store with the value as wide as the access.
pub struct CommitLog<W: Write> {
    out: W,
    flen: u32,
    hart: u32,
    prv: u8,
    pc: u32,
    word: u32,
    regs: Vec<RegWrite>,
    loads: Vec<u32>,
    stores: Vec<(u32, u64, u32)>,
    notes: String,
    error: Option<io::Error>,
}

impl<W: Write> CommitLog<W> {
    /// A log for a hart with FP registers `flen` bits wide (0, 32 or 64).
    pub fn new(out: W, flen: u32) -> Self {
        CommitLog {
            out,
            flen,
            hart: 0,
            prv: 0,
            pc: 0,
            word: 0,
            regs: Vec::new(),
            loads: Vec::new(),
            stores: Vec::new(),
            notes: String::new(),
            error: None,
        }
    }

    /// Flush, and report the first write error, if any.
    pub fn finish(mut self) -> io::Result<W> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        self.out.flush()?;
        Ok(self.out)
    }

    fn set(&mut self, key: u32, value: u64) {
        // Spike keeps a map: a second write to the same register replaces the first.
        match self.regs.iter_mut().find(|r| r.key == key) {
            Some(r) => r.value = value,
            None => self.regs.push(RegWrite { key, value }),
        }
    }

    fn print(&mut self) -> io::Result<()> {
        let o = &mut self.out;
        write!(
            o,
            "core{:4}: {} 0x{:08x} (0x{:08x})",
            self.hart, self.prv, self.pc, self.word
        )?;
        self.regs.sort_by_key(|r| r.key);
        for r in &self.regs {
            let n = r.key >> 4;
            match r.key & 0xf {
                0 => write!(o, " x{n:<2} 0x{:08x}", r.value)?,
                1 if self.flen == 32 => write!(o, " f{n:<2} 0x{:08x}", r.value as u32)?,
                1 => write!(o, " f{n:<2} 0x{:016x}", r.value)?,
                _ => write!(
                    o,
                    " c{n}_{} 0x{:08x}",
                    csr_name(n as u16).unwrap_or("unknown"),
                    r.value
                )?,
            }
        }
        for a in &self.loads {
            write!(o, " mem 0x{a:08x}")?;
        }
        for &(a, v, size) in &self.stores {
            match size {
                1 => write!(o, " mem 0x{a:08x} 0x{v:02x}")?,
                2 => write!(o, " mem 0x{a:08x} 0x{v:04x}")?,
                4 => write!(o, " mem 0x{a:08x} 0x{v:08x}")?,
                _ => write!(o, " mem 0x{a:08x} 0x{v:016x}")?,
            }
        }
        writeln!(o, "{}", self.notes)
    }
}

impl<W: Write> Trace for CommitLog<W> {
    const ENABLED: bool = true;

    fn begin(&mut self, hart: u32, prv: u8, pc: u32, word: u32) {
        self.hart = hart;
        self.prv = prv;
        self.pc = pc;
        self.word = word;
        self.regs.clear();
        self.loads.clear();
        self.stores.clear();
        self.notes.clear();
    }

    fn note(&mut self, text: &str) {
        self.notes.push_str(" ; ");
        self.notes.push_str(text);
    }

    fn x_write(&mut self, reg: u32, value: u32) {
        if reg != 0 {
            self.set(reg << 4, u64::from(value));
        }
    }

    fn f_write(&mut self, reg: u32, value: u64) {
        self.set(reg << 4 | 1, value);
    }

    fn csr_write(&mut self, csr: u16, value: u32) {
        self.set(u32::from(csr) << 4 | 4, u64::from(value));
    }

    fn mem_read(&mut self, addr: u32, _size: u32) {
        self.loads.push(addr);
    }

    fn mem_write(&mut self, addr: u32, value: u64, size: u32) {
        self.stores.push((addr, value, size));
    }

    fn commit(&mut self) {
        if self.error.is_none()
            && let Err(e) = self.print()
        {
            self.error = Some(e);
        }
    }

    fn discard(&mut self) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spike_spacing() {
        let mut log = CommitLog::new(Vec::new(), 64);
        log.begin(0, 3, 0x8000_0000, 0x0000_0297);
        log.x_write(5, 0x8000_0000);
        log.commit();
        log.begin(0, 0, 0x8000_0104, 0x0000_0053);
        log.csr_write(1, 1);
        log.f_write(1, 0xffff_ffff_3f80_0000);
        log.commit();
        log.begin(0, 3, 0x8000_0108, 0x00c5_2023);
        log.mem_write(0x8000_1000, 1, 4);
        log.commit();
        log.begin(0, 3, 0x8000_010c, 0);
        log.discard();
        log.begin(0, 3, 0x8000_0110, 0x0005_2503);
        log.x_write(10, 7);
        log.mem_read(0x8000_1000, 4);
        log.commit();
        let text = String::from_utf8(log.finish().unwrap()).unwrap();
        assert_eq!(
            text,
            "core   0: 3 0x80000000 (0x00000297) x5  0x80000000\n\
             core   0: 0 0x80000104 (0x00000053) f1  0xffffffff3f800000 c1_fflags 0x00000001\n\
             core   0: 3 0x80000108 (0x00c52023) mem 0x80001000 0x00000001\n\
             core   0: 3 0x80000110 (0x00052503) x10 0x00000007 mem 0x80001000\n"
        );
    }
}
