//! The cycle of a TRISC core (BabyRISCV/README.md, "Pipeline"): in order, one instruction a
//! cycle; an instruction that reads a register waits for a load still in flight to it
//! (load latency by region: local RAM 2, PCBufs/TTSync/semaphores 3, GPRs/config 4, L1 8);
//! multiply and divide occupy the integer unit longer; stores to L1 go at most one per
//! `l1_store_interval` cycles.
//!
//! It is a [`Trace`] of the functional hart, so the hart runs as usual and this counts.
//! Not modelled (CHOICE): branch prediction (no mispredict bubbles), instruction cache misses,
//! the limit of eight instructions in the load/store unit.

use super::l1_banks::L1Banks;
use super::params::TimingParams;
use crate::tile::L1_SIZE;
use crate::tile::mmio::{CFG_BASE, INSTRN_BUF_BASE, LOCAL_BASE, LOCAL_SIZE, REGFILE_BASE};
use macrosim_riscv::trace::Trace;

pub struct CoreClock {
    /// The cycle in which the next instruction issues.
    pub now: u64,
    /// Cycle from which each register's value can be read.
    ready: [u64; 32],
    /// The latest of `ready`: once `now` has reached it, no instruction waits for a source.
    ready_max: u64,
    /// The current instruction; its destination if it is a load (set by its read, back to 0
    /// at its commit or discard), and that load's latency.
    word: u32,
    load_rd: usize,
    load_latency: u64,
    last_l1_store: Option<u64>,
    latency: [u64; 4],
    mul_cycles: u64,
    div_cycles: u64,
    l1_store_interval: u64,
    /// The core's done word (coord/TILE_CONTRACT.md) and the cycle it was written non-zero.
    watch: u32,
    pub done_store: Option<u64>,
}

impl CoreClock {
    pub fn new(p: &TimingParams, watch: u32) -> Self {
        CoreClock {
            now: 0,
            ready: [0; 32],
            ready_max: 0,
            word: 0,
            load_rd: 0,
            load_latency: 0,
            last_l1_store: None,
            latency: [
                p.local_load_latency,
                p.l1_load_latency,
                p.sync_load_latency,
                p.cfg_load_latency,
            ],
            mul_cycles: p.mul_cycles,
            div_cycles: p.div_cycles,
            l1_store_interval: p.l1_store_interval,
            watch,
            done_store: None,
        }
    }

    fn load_latency_of(&self, addr: u32) -> u64 {
        if addr < L1_SIZE {
            self.latency[1]
        } else if addr.wrapping_sub(LOCAL_BASE) < LOCAL_SIZE {
            self.latency[0]
        } else if (REGFILE_BASE..INSTRN_BUF_BASE).contains(&addr) || addr >= CFG_BASE {
            self.latency[3]
        } else {
            self.latency[2]
        }
    }
}

/// The source registers an RV32IM instruction reads (0 when it reads none).
#[inline]
fn sources(word: u32) -> [usize; 2] {
    let rs1 = ((word >> 15) & 31) as usize;
    let rs2 = ((word >> 20) & 31) as usize;
    match word & 0x7f {
        0x33 | 0x23 | 0x63 => [rs1, rs2],
        0x13 | 0x03 | 0x67 => [rs1, 0],
        0x73 if (word >> 14) & 1 == 0 => [rs1, 0],
        _ => [0, 0],
    }
}

impl Trace for CoreClock {
    const ENABLED: bool = true;

    #[inline(always)]
    fn begin(&mut self, _hart: u32, _prv: u8, _pc: u32, word: u32) {
        // Only while a load's value is still on its way can a source wait (most instructions
        // skip the decode). x0 is never a load's destination, so its entry stays 0 (no wait).
        // A multiply's or divide's extra cycles are added at the commit, and a load's
        // destination is cleared there: nothing else is stored per instruction (session 9 of
        // BENCHMARKS.md).
        if self.ready_max > self.now {
            let [a, b] = sources(word);
            self.now = self.now.max(self.ready[a]).max(self.ready[b]);
        }
        self.word = word;
    }

    fn x_write(&mut self, _reg: u32, _value: u32) {}
    fn f_write(&mut self, _reg: u32, _value: u64) {}
    fn csr_write(&mut self, _csr: u16, _value: u32) {}

    fn mem_read(&mut self, addr: u32, _size: u32) {
        // An integer load (LOAD): its destination waits for the value.
        if self.word & 0x7f == 0x03 {
            self.load_rd = ((self.word >> 7) & 31) as usize;
        }
        self.load_latency = self.load_latency_of(addr);
    }

    fn mem_write(&mut self, addr: u32, value: u64, _size: u32) {
        if addr == self.watch && value != 0 && self.done_store.is_none() {
            self.done_store = Some(self.now);
        }
        if addr < L1_SIZE {
            if let Some(last) = self.last_l1_store {
                self.now = self.now.max(last + self.l1_store_interval);
            }
            self.last_l1_store = Some(self.now);
        }
    }

    #[inline(always)]
    fn commit(&mut self) {
        if self.load_rd != 0 {
            let ready = self.now + self.load_latency;
            self.ready[self.load_rd] = ready;
            self.ready_max = self.ready_max.max(ready);
            self.load_rd = 0;
        }
        self.now += 1;
        // RV32M: OP with funct7 = 1; funct3 < 4 multiplies, the rest divide (the integer unit's
        // extra cycles).
        let word = self.word;
        if word & 0xfe00_007f == 0x0200_0033 {
            self.now += if (word >> 14) & 1 == 0 {
                self.mul_cycles - 1
            } else {
                self.div_cycles - 1
            };
        }
    }

    /// A load that traps read memory but did not retire: its destination does not wait.
    #[inline(always)]
    fn discard(&mut self) {
        self.load_rd = 0;
    }
}

/// A core's clock with L1's banks (`l1_banks`): an L1 load waits for its bank, an L1 store
/// (a narrow write) blocks its bank for five cycles. CHOICE: a store whose bank is busy does
/// not hold the core (stores are posted; only their rate is limited, `l1_store_interval`).
pub struct CoreTrace<'a> {
    pub clock: &'a mut CoreClock,
    pub banks: &'a mut L1Banks,
    /// The cycle of each push (store to the instruction buffer), for the pushes a core runs
    /// on past (`run_on`).
    pub push_cycles: &'a mut Vec<u64>,
    /// Instructions retired, and their number when the last push retired.
    pub retired: u64,
    pub after_push: u64,
}

impl Trace for CoreTrace<'_> {
    const ENABLED: bool = true;

    // `begin`, `commit` and `discard` are forced inline into the hart's traced loop: out of
    // line, `commit` cost a call per RISC-V instruction (session 9 of BENCHMARKS.md).
    #[inline(always)]
    fn begin(&mut self, hart: u32, prv: u8, pc: u32, word: u32) {
        self.clock.begin(hart, prv, pc, word);
    }

    fn x_write(&mut self, _reg: u32, _value: u32) {}
    fn f_write(&mut self, _reg: u32, _value: u64) {}
    fn csr_write(&mut self, _csr: u16, _value: u32) {}

    fn mem_read(&mut self, addr: u32, size: u32) {
        self.clock.mem_read(addr, size);
        if addr < L1_SIZE {
            self.clock.load_latency += self.banks.load(self.clock.now, u64::from(addr));
        }
    }

    fn mem_write(&mut self, addr: u32, value: u64, size: u32) {
        self.clock.mem_write(addr, value, size);
        if addr < L1_SIZE {
            self.banks.store(self.clock.now, u64::from(addr));
        } else if addr == INSTRN_BUF_BASE {
            self.push_cycles.push(self.clock.now);
            self.after_push = self.retired + 1;
        }
    }

    #[inline(always)]
    fn commit(&mut self) {
        self.clock.commit();
        self.retired += 1;
    }

    #[inline(always)]
    fn discard(&mut self) {
        self.clock.discard();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dependent_l1_load_costs_its_latency_and_a_local_one_two() {
        let p = TimingParams::default();
        let mut c = CoreClock::new(&p, 0x1F000);
        // lw x5, 0(x6) from L1, then add x7, x5, x5.
        c.begin(0, 3, 0, 0x0003_2283);
        c.mem_read(0x20000, 4);
        c.commit();
        c.begin(0, 3, 4, 0x0052_83b3);
        c.commit();
        assert_eq!(c.now, 8 + 1);
        let mut c = CoreClock::new(&p, 0x1F000);
        c.begin(0, 3, 0, 0x0003_2283);
        c.mem_read(LOCAL_BASE, 4);
        c.commit();
        c.begin(0, 3, 4, 0x0052_83b3);
        c.commit();
        assert_eq!(c.now, 2 + 1);
    }

    /// Only an integer load's destination waits for its value: not an AMO's (it reads memory
    /// too), and not that of a load that trapped (its read came, it did not retire).
    #[test]
    fn only_a_retired_load_makes_its_destination_wait() {
        let p = TimingParams::default();
        // amoadd.w x5, x7, (x6), then add x7, x5, x5: no wait.
        let mut c = CoreClock::new(&p, 0x1F000);
        c.begin(0, 3, 0, 0x0073_22af);
        c.mem_read(0x20000, 4);
        c.mem_write(0x20000, 1, 4);
        c.commit();
        c.begin(0, 3, 4, 0x0052_83b3);
        c.commit();
        assert_eq!(c.now, 2);
        // lw x5, 0(x6) traps after its read; then addi x8, x0, 0; add x7, x5, x5: no wait.
        let mut c = CoreClock::new(&p, 0x1F000);
        c.begin(0, 3, 0, 0x0003_2283);
        c.mem_read(0x20000, 4);
        c.discard();
        c.begin(0, 3, 0, 0x0000_0413);
        c.commit();
        c.begin(0, 3, 4, 0x0052_83b3);
        c.commit();
        assert_eq!(c.now, 2);
    }

    /// A multiply holds the integer unit `mul_cycles`, a divide `div_cycles` (added at the
    /// commit); a load that trapped under [`CoreTrace`] leaves no wait behind (the trace passes
    /// the discard on, as `begin` no longer clears the destination).
    #[test]
    fn multiply_divide_cycles_and_a_load_discarded_through_the_trace() {
        let p = TimingParams::default();
        let mut c = CoreClock::new(&p, 0x1F000);
        // mul x5, x6, x7; div x5, x6, x7; add x7, x5, x5.
        c.begin(0, 3, 0, 0x0273_02b3);
        c.commit();
        assert_eq!(c.now, p.mul_cycles);
        c.begin(0, 3, 4, 0x0273_42b3);
        c.commit();
        assert_eq!(c.now, p.mul_cycles + p.div_cycles);
        c.begin(0, 3, 8, 0x0052_83b3);
        c.commit();
        assert_eq!(c.now, p.mul_cycles + p.div_cycles + 1);
        // lw x5, 0(x6) traps after its read; then addi x8, x0, 0; add x7, x5, x5: no wait.
        let mut c = CoreClock::new(&p, 0x1F000);
        let mut banks = L1Banks::new(4, true);
        let mut pushes = Vec::new();
        let mut t = CoreTrace {
            clock: &mut c,
            banks: &mut banks,
            push_cycles: &mut pushes,
            retired: 0,
            after_push: 0,
        };
        t.begin(0, 3, 0, 0x0003_2283);
        t.mem_read(0x20000, 4);
        t.discard();
        t.begin(0, 3, 0, 0x0000_0413);
        t.commit();
        t.begin(0, 3, 4, 0x0052_83b3);
        t.commit();
        assert_eq!((t.clock.now, t.retired), (2, 2));
    }
}
