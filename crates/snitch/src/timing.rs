//! The cycle model (`--timing`): it only observes, so architectural results are the same with
//! it on or off.
//!
//! * The integer core is single-issue and in order: one cycle per instruction it executes.
//! * FP instructions go through an offload queue to the FP subsystem, which issues at most one
//!   a cycle, in order, when its source registers are ready (result hazards: an FPU result is
//!   ready `latency + 1` cycles after issue, `latency` = the operation group's pipeline stages)
//!   and its SSR elements are there (at most one element a cycle per SSR; two elements in one
//!   TCDM bank in the same cycle cost one more, and so do banks other harts hold that cycle:
//!   `tcdm.rs`). The integer core runs ahead of it (the
//!   pseudo dual-issue) until the queue is full or it needs an FP result (compares, `fmv.x.w`,
//!   conversions to integer).
//! * FREP repetitions are issued by the sequencer and cost the integer core nothing.
//!
//! Defaults (snitch_cluster schema, `docs/schema-doc` of pulp-platform/snitch: `lat_comp_fp32`
//! 3 stages, `lat_noncomp` 1, `lat_conv` 1 assumed equal; fp64 taken as fp32): see
//! [`TimingConfig::default`].

use crate::prepared::{NO_REG, NO_SSR, Timed};
use crate::tcdm::SharedArbiter;
use crate::tracks::{HartTracks, IntStall};
use macrosim_riscv::hart::FpGroup;
use std::collections::VecDeque;

/// Added to an SSR number in [`Timing::fp_issue`]'s list: the element was pushed.
pub const PUSHED: u8 = 8;

/// Latencies and sizes of the cycle model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct TimingConfig {
    /// Pipeline stages of FMA/add/mul.
    pub lat_comp: u32,
    /// Cycles a division or square root occupies the (iterative) unit.
    pub lat_divsqrt: u32,
    pub lat_noncomp: u32,
    pub lat_conv: u32,
    /// Cycles from an FP load's issue to its data.
    pub lat_load: u32,
    /// Entries of the offload queue between the integer core and the FP subsystem.
    pub offload_queue: u32,
    /// TCDM banks (for SSR bank conflicts).
    pub tcdm_banks: u32,
}

impl Default for TimingConfig {
    fn default() -> Self {
        TimingConfig {
            lat_comp: 3,
            lat_divsqrt: 12,
            lat_noncomp: 1,
            lat_conv: 1,
            lat_load: 2,
            offload_queue: 8,
            tcdm_banks: 32,
        }
    }
}

/// Stall cycles by cause.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stalls {
    /// FP instruction waiting for an operand (result hazard).
    pub fp_raw: u64,
    /// FP instruction waiting for an SSR element or a TCDM bank.
    pub ssr: u64,
    /// Integer core waiting for room in the offload queue.
    pub offload_queue: u64,
    /// Integer core waiting for an FP result.
    pub int_waits_fp: u64,
    pub barrier: u64,
    pub wfi: u64,
}

/// One hart's cycle model.
#[derive(Debug)]
pub struct Timing {
    pub config: TimingConfig,
    /// The integer core's current cycle.
    pub int_time: u64,
    /// Retired instructions already accounted for.
    accounted: u64,
    /// The next cycle the FPU may issue.
    pub(crate) fpu_next: u64,
    /// The last FP result's ready cycle.
    pub(crate) fpu_done: u64,
    /// Ready cycle of each FP register's value; entry [`NO_REG`] is never written.
    pub(crate) f_ready: [u64; NO_REG as usize + 1],
    pub(crate) ssr_next: [u64; 8],
    /// Result latency by operation group (`FpGroup as usize`), from `config`.
    lat: [u64; GROUPS.len()],
    /// `config.tcdm_banks - 1` when a power of two (a bank is then a mask), else 0.
    pub(crate) bank_mask: u32,
    /// Issue cycles of the FP instructions still in the queue.
    queue: VecDeque<u64>,
    /// When the sequencer may start on the current FREP's body.
    pub(crate) seq_from: u64,
    pub int_insns: u64,
    pub fp_insns: u64,
    /// Cycles with an FP operation (not a load or store) issued.
    pub fp_ops: u64,
    pub ssr_elements: u64,
    pub stalls: Stalls,
    /// The cluster's TCDM bank arbiter and this hart's number in it (several harts stream).
    pub arbiter: Option<(SharedArbiter, u8)>,
    /// `--timeline`: the hart's tracks (`tracks.rs`).
    pub tracks: Option<Box<HartTracks>>,
    /// Jump over FREP periods that repeat the same timing (`steady.rs`); off only to check
    /// that the jump changes no count.
    pub jump: bool,
    /// FREP repetitions the jump went over (for tests).
    pub jumped: u64,
}

impl Timing {
    pub fn new(config: TimingConfig) -> Timing {
        Timing {
            config,
            int_time: 0,
            accounted: 0,
            fpu_next: 0,
            fpu_done: 0,
            f_ready: [0; NO_REG as usize + 1],
            ssr_next: [0; 8],
            lat: GROUPS.map(|g| u64::from(latency(&config, g))),
            bank_mask: if config.tcdm_banks.is_power_of_two() {
                config.tcdm_banks - 1
            } else {
                0
            },
            queue: VecDeque::new(),
            seq_from: 0,
            int_insns: 0,
            fp_insns: 0,
            fp_ops: 0,
            ssr_elements: 0,
            stalls: Stalls::default(),
            arbiter: None,
            tracks: None,
            jump: true,
            jumped: 0,
        }
    }

    /// Account the integer instructions retired up to `retired` (one cycle each).
    pub fn sync(&mut self, retired: u64) {
        let n = retired.saturating_sub(self.accounted);
        if let Some(tr) = &mut self.tracks {
            tr.int_issue(self.int_time, self.int_time + n);
        }
        self.int_time += n;
        self.int_insns += n;
        self.accounted = retired.max(self.accounted);
    }

    /// `n` retired instructions that were not the integer core's (offloaded, or FREP
    /// repetitions).
    pub fn exclude(&mut self, n: u64) {
        self.accounted += n;
    }

    /// The cycles so far: the later of the integer core and the FP subsystem.
    pub fn cycles(&self) -> u64 {
        self.int_time.max(self.fpu_done)
    }

    /// [`cycles`](Self::cycles) once the instructions retired up to `retired` are accounted.
    pub fn cycles_at(&self, retired: u64) -> u64 {
        let int = self.int_time + retired.saturating_sub(self.accounted);
        int.max(self.fpu_done)
    }

    /// The TCDM bank of `addr`: banks are 8 bytes wide, interleaved (snitch_cluster's
    /// `tcdm_interconnect`, word-interleaved banks of `tcdm_data_width` = 64 bits).
    #[inline(always)]
    pub fn bank(&self, addr: u32) -> u32 {
        let word = addr / 8;
        if self.bank_mask != 0 || self.config.tcdm_banks == 1 {
            word & self.bank_mask
        } else {
            word % self.config.tcdm_banks.max(1)
        }
    }

    /// An FREP starts: its body cannot issue before now.
    pub fn sequencer_start(&mut self) {
        self.seq_from = self.int_time;
    }

    /// The integer core offloads an FP instruction: one cycle, once the queue has room.
    pub fn offload(&mut self) {
        while self.queue.front().is_some_and(|&t| t <= self.int_time) {
            self.queue.pop_front();
        }
        if self.queue.len() as u32 >= self.config.offload_queue {
            let free = self.queue[self.queue.len() - self.config.offload_queue as usize];
            self.stalls.offload_queue += free - self.int_time;
            if let Some(tr) = &mut self.tracks {
                tr.int_stall(IntStall::OffloadQueue, self.int_time, free);
            }
            self.int_time = free;
        }
        if let Some(tr) = &mut self.tracks {
            tr.int_issue(self.int_time, self.int_time + 1);
        }
        self.int_time += 1;
    }

    /// The FP subsystem issues `insn`. `from_core`: offloaded now by the integer core (else
    /// the sequencer issued it). `ssr_addrs`: the SSRs and the TCDM addresses of the elements
    /// it moved (a push's SSR number with [`PUSHED`] added).
    #[inline(always)]
    pub fn fp_issue(&mut self, insn: &Timed, from_core: bool, ssr_addrs: &[(u8, u32)]) {
        let offered = if from_core {
            self.int_time - 1
        } else {
            self.seq_from
        };
        let base = offered.max(self.fpu_next);
        let [a, b, c] = insn.srcs.map(|r| self.f_ready[usize::from(r)]);
        let operands = base.max(a).max(b).max(c);
        let mut t = operands;
        if !ssr_addrs.is_empty() {
            t = self.ssr_elements_at(t, ssr_addrs);
        }
        self.stalls.fp_raw += operands - base;
        self.stalls.ssr += t - operands;
        let lat = self.lat[insn.group as usize];
        let ready = t + lat + 1;
        self.fpu_next = if insn.group == FpGroup::DivSqrt {
            t + lat
        } else {
            t + 1
        };
        self.fpu_done = self.fpu_done.max(ready);
        if let Some(tr) = &mut self.tracks {
            tr.fpu_issue(insn.group, t, self.fpu_next);
            for &(k, _) in ssr_addrs {
                tr.ssr(k & 7, k & PUSHED != 0, t);
            }
        }
        self.fp_insns += 1;
        self.fp_ops += u64::from(insn.is_op);
        if insn.to_int {
            // The integer core needs the result.
            if ready > self.int_time {
                self.stalls.int_waits_fp += ready - self.int_time;
                if let Some(tr) = &mut self.tracks {
                    tr.int_stall(IntStall::WaitsFp, self.int_time, ready);
                }
                self.int_time = ready;
            }
        } else if insn.dst != NO_SSR {
            self.f_ready[usize::from(insn.dst & 31)] = ready;
        }
        if from_core {
            self.queue.push_back(t);
        }
    }

    /// The cycle (`t` or later) at which the SSR elements `ssr_addrs` of one instruction are
    /// all there: one element a cycle per SSR, two in one bank one cycle apart, and banks other
    /// harts hold (`tcdm.rs`).
    #[inline(always)]
    fn ssr_elements_at(&mut self, mut t: u64, ssr_addrs: &[(u8, u32)]) -> u64 {
        let mut banks = 0u64;
        for &(k, addr) in ssr_addrs {
            let mut at = self.ssr_next[usize::from(k & 7)];
            let bank = 1u64 << (self.bank(addr) % 64);
            if banks & bank != 0 {
                at = at.max(t) + 1;
            }
            banks |= bank;
            t = t.max(at);
        }
        if let Some((arbiter, hart)) = &self.arbiter {
            // Banks other harts hold this cycle (`tcdm.rs`), and cycles lost to them earlier.
            let mut a = arbiter.borrow_mut();
            let owed = a.take_owed(*hart);
            self.stalls.ssr += owed;
            t += owed;
            for &(_, addr) in ssr_addrs {
                t = t.max(a.request(*hart, self.bank(addr), t));
            }
        }
        for &(k, _) in ssr_addrs {
            self.ssr_next[usize::from(k & 7)] = t + 1;
        }
        self.ssr_elements += ssr_addrs.len() as u64;
        t
    }

    /// Take the cycles other harts' TCDM requests took from this one after the fact
    /// (`tcdm.rs`): its FP subsystem runs that much later.
    pub fn settle_tcdm(&mut self) {
        let Some((arbiter, hart)) = &self.arbiter else {
            return;
        };
        let owed = arbiter.borrow_mut().take_owed(*hart);
        self.stalls.ssr += owed;
        self.fpu_next += owed;
        self.fpu_done += owed;
    }

    /// The hart waited until `cycle` (a barrier or `wfi`).
    pub fn wait_until(&mut self, cycle: u64, barrier: bool) {
        if cycle > self.int_time {
            let d = cycle - self.int_time;
            if let Some(tr) = &mut self.tracks {
                let why = if barrier {
                    IntStall::Barrier
                } else {
                    IntStall::Wfi
                };
                tr.int_stall(why, self.int_time, cycle);
            }
            if barrier {
                self.stalls.barrier += d;
            } else {
                self.stalls.wfi += d;
            }
            self.int_time = cycle;
        }
    }
}

/// The operation groups, each once.
const GROUPS: [FpGroup; 6] = [
    FpGroup::Load,
    FpGroup::Store,
    FpGroup::AddMul,
    FpGroup::DivSqrt,
    FpGroup::NonComp,
    FpGroup::Conv,
];

/// The result latency of `group` under `config`.
fn latency(config: &TimingConfig, group: FpGroup) -> u32 {
    match group {
        FpGroup::Load => config.lat_load,
        FpGroup::Store => 0,
        FpGroup::AddMul => config.lat_comp,
        FpGroup::DivSqrt => config.lat_divsqrt,
        FpGroup::NonComp => config.lat_noncomp,
        FpGroup::Conv => config.lat_conv,
    }
}
