//! The backend's execution units in time: which instruction may leave a Wait Gate in a cycle
//! (beyond what the functional Wait Gate already decides) and how long each unit stays busy.
//!
//! Rules (each from the page cited; CHOICE where the pages leave it open):
//! * Every unit starts at most one instruction per cycle, shared by the three threads
//!   (TensixCoprocessor/README.md: the backend units are shared; MatrixUnit.md: FPU IPC 1;
//!   SyncUnit.md: at most one SEMINIT/SEMPOST/SEMGET/STALLWAIT/SEMWAIT per cycle). CHOICE: when
//!   two threads want one unit in the same cycle, the lower-numbered thread wins.
//! * Matrix Unit (MatrixUnit.md table): MVMUL/DOTPV/GAPOOL/ELW*/GMPOOL latency `fpu_latency`;
//!   SHIFTXB occupies the unit `shiftxb_cycles`; MOVA2D/MOVB2D/MOVB2A latency
//!   `mov_to_dst_latency`, MOVD2A `movd2a_latency`; the rest 1.
//! * Dst read-after-write (notes §1.4, MVMUL.md "Performance"): an FPU instruction that reads
//!   an 8×16 Dst block written by the Matrix Unit in the last `dst_raw_cycles` cycles waits
//!   (hardware auto-stall). MVMUL, ELWMUL and accumulating ELWADD/ELWSUB read their target.
//!   PACR also auto-stalls; CHOICE: a packer waits until *every* Matrix Unit write is
//!   `dst_raw_cycles` old (which rows a PACR reads is a function of the packers' address
//!   generators, not worth recomputing here).
//! * Vector Unit: one instruction a cycle, results after `sfpu_latency` (SFPU busy condition
//!   until then). SFPLOADMACRO's scheduled instructions use the sub-units in the background
//!   (SFPLOADMACRO.md), so they take no issue slot.
//! * WRCFG: `wrcfg_latency` cycles, pipelined, thread not blocked (WRCFG.md).
//! * UNPACR (UNPACR_Regular.md, "Performance"): `unpack_setup_cycles` in which the issuing
//!   thread and every other UNPACR wait, then the fetch at 16/32/64 bytes a cycle by the
//!   unpacker's Throttle_mode; the unpacker is busy (conditions C1/C2) until the fetch ends,
//!   and its next UNPACR starts after that.
//! * PACR (Packers/README.md): the thread is blocked until the packers accept the work;
//!   CHOICE: a packer accepts its next PACR when the previous one's bytes have been written at
//!   `pack_bytes_per_cycle` per packer (L1.md), so acceptance waits for the write.
//! * L1 banks (L1.md; [`super::l1_banks`]): an UNPACR's fetch and a PACR's write take the
//!   cycles their lines wait for a bank another client holds on top of the above.

use super::l1_banks::{L1Banks, Stream};
use super::params::TimingParams;
use crate::backend::config::{self, Fields};
use crate::backend::{Backend, Unit};

/// The units that issue separately.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Slot {
    Fpu,
    Sfpu,
    Unpack0,
    Unpack1,
    Pack,
    Sync,
    Config,
    ThCon,
    Misc,
}

impl Slot {
    pub const ALL: [Slot; 9] = [
        Slot::Fpu,
        Slot::Sfpu,
        Slot::Unpack0,
        Slot::Unpack1,
        Slot::Pack,
        Slot::Sync,
        Slot::Config,
        Slot::ThCon,
        Slot::Misc,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Slot::Fpu => "fpu",
            Slot::Sfpu => "sfpu",
            Slot::Unpack0 => "unpacker0",
            Slot::Unpack1 => "unpacker1",
            Slot::Pack => "packers",
            Slot::Sync => "sync",
            Slot::Config => "config",
            Slot::ThCon => "thcon",
            Slot::Misc => "misc",
        }
    }

    /// The slot of an instruction (None for NOP, which occupies no unit): a table by bits
    /// 31:23 (the opcode and the unpacker bit), so that the per-cycle paths do not branch on it.
    #[inline]
    pub fn of(word: u32) -> Option<Slot> {
        SLOT_OF[(word >> 23) as usize]
    }

    const fn compute(word: u32) -> Option<Slot> {
        Some(match Unit::of((word >> 24) as u8) {
            Unit::Fpu => Slot::Fpu,
            Unit::Sfpu => Slot::Sfpu,
            Unit::Unpack if (word >> 23) & 1 == 0 => Slot::Unpack0,
            Unit::Unpack => Slot::Unpack1,
            Unit::Pack => Slot::Pack,
            Unit::Sync => Slot::Sync,
            Unit::Config => Slot::Config,
            Unit::ThCon => Slot::ThCon,
            Unit::Misc => Slot::Misc,
            Unit::Nop => return None,
        })
    }
}

/// [`Slot::of`] for every value of bits 31:23 of an instruction word.
const SLOT_OF: [Option<Slot>; 512] = {
    let mut table = [None; 512];
    let mut i = 0;
    while i < 512 {
        table[i] = Slot::compute((i as u32) << 23);
        i += 1;
    }
    table
};

/// Why an instruction at a Wait Gate did not leave in a cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Why {
    /// Its unit already started an instruction this cycle, or is occupied.
    UnitBusy,
    /// Its thread is held by its previous UNPACR (address setup) or PACR (acceptance).
    ThreadHeld,
    /// Another thread's UNPACR is computing its address.
    UnpackSetup,
    /// Dst read-after-write on the 8×16 block starting at this row (PACR: any row, u32::MAX).
    DstHazard(u32),
    /// A latched wait whose conditions were met last cycle (one-cycle release lag).
    ReleaseLag,
    /// SEMWAIT on these semaphores (mask) with this condition (1 zero, 2 max).
    Semaphore { mask: u32, condition: u32 },
    /// STALLWAIT on these condition bits.
    Condition(u32),
    /// FPU instruction waiting for SrcA/SrcB data valid.
    SrcNotValid,
    /// UNPACR waiting for its Src bank.
    SrcNotFree,
    /// ATGETM on a mutex held by another thread.
    Mutex,
}

impl std::fmt::Display for Why {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Why::UnitBusy => f.write_str("unit busy"),
            Why::ThreadHeld => f.write_str("thread held by its UNPACR/PACR"),
            Why::UnpackSetup => f.write_str("another UNPACR computing its address"),
            Why::DstHazard(u32::MAX) => f.write_str("Dst read-after-write (PACR)"),
            Why::DstHazard(r) => write!(f, "Dst read-after-write, rows {r}..{}", r + 8),
            Why::ReleaseLag => f.write_str("wait release lag"),
            Why::Semaphore { mask, condition } => write!(
                f,
                "SEMWAIT semaphores {mask:#04x} {}",
                if *condition & 1 != 0 {
                    "while zero"
                } else {
                    "while at max"
                }
            ),
            Why::Condition(c) => write!(f, "STALLWAIT conditions {c:#06x}"),
            Why::SrcNotValid => f.write_str("SrcA/SrcB not valid for the FPU"),
            Why::SrcNotFree => f.write_str("Src bank not free for the unpacker"),
            Why::Mutex => f.write_str("mutex held by another thread"),
        }
    }
}

/// Dst blocks of 8 rows (1024 rows of the 16-bit view).
const DST_BLOCKS: usize = 128;

pub struct Units {
    p: TimingParams,
    /// First cycle each slot can start an instruction.
    free_at: [u64; 9],
    /// Cycle each slot's last instruction is done (its busy condition holds before).
    done_at: [u64; 9],
    /// Busy cycles per slot (union of the issue-to-done intervals).
    pub busy: [u64; 9],
    /// Started instructions per slot.
    pub issued: [u64; 9],
    thread_free_at: [u64; 3],
    /// Cycle each thread's last instruction is done (CoprocessorDoneCheck waits for it).
    pub thread_done_at: [u64; 3],
    unpack_setup_until: u64,
    /// The cycle of the last Matrix Unit write to each Dst block, plus one (0: never).
    dst_written: [u64; DST_BLOCKS],
    last_dst_write: u64,
    /// The Dst block the FPU instruction being offered reads and writes.
    offered_block: Option<usize>,
    /// MVMUL instructions started.
    pub mvmuls: u64,
    throttle: [config::CfgField; 2],
    /// L1's banks: the unpackers' and packers' transfers and the cores' loads and stores.
    pub banks: L1Banks,
}

/// FPU instructions that write an 8-row Dst block: MVMUL, ELWMUL, ELWADD, ELWSUB, DOTPV,
/// GMPOOL, GAPOOL.
fn writes_dst_block(opcode: u8) -> bool {
    matches!(opcode, 0x26 | 0x27 | 0x28 | 0x29 | 0x30 | 0x33 | 0x34)
}

impl Units {
    pub fn new(p: &TimingParams) -> Self {
        Units {
            p: p.clone(),
            free_at: [0; 9],
            done_at: [0; 9],
            busy: [0; 9],
            issued: [0; 9],
            thread_free_at: [0; 3],
            thread_done_at: [0; 3],
            unpack_setup_until: 0,
            dst_written: [0; DST_BLOCKS],
            last_dst_write: 0,
            offered_block: None,
            mvmuls: 0,
            throttle: [
                config::cfg("THCON_SEC0_REG2_Throttle_mode"),
                config::cfg("THCON_SEC1_REG2_Throttle_mode"),
            ],
            banks: L1Banks::new(p.l1_bank_shift, p.l1_bank_conflicts),
        }
    }

    /// The STALLWAIT condition bits (STALLWAIT.md) that hold at cycle `now` because a unit is
    /// still busy: C1/C2 unpackers, C3–C6 packers, C7 FPU, C12 mover, C14 SFPU. C0 (ThCon
    /// memory requests) never holds: GPR and ThCon instructions here finish in their cycle.
    #[inline]
    pub fn busy_conditions(&self, now: u64) -> u32 {
        let busy = |s: Slot| self.done_at[s as usize] > now;
        let mut c = 0;
        if busy(Slot::Unpack0) {
            c |= 1 << 1;
        }
        if busy(Slot::Unpack1) {
            c |= 1 << 2;
        }
        if busy(Slot::Pack) {
            c |= 0xf << 3;
        }
        if busy(Slot::Fpu) {
            c |= 1 << 7;
        }
        if busy(Slot::Sfpu) {
            c |= 1 << 14;
        }
        c
    }

    /// Whether every unit has finished its work by `now`.
    pub fn all_idle(&self, now: u64) -> bool {
        self.done_at.iter().all(|&d| d <= now)
    }

    /// The first cycle after `now` at which a unit's or thread's state changes by itself (a
    /// unit frees up or finishes, a thread is released, an UNPACR's setup ends), if any. Dst
    /// read-after-write hazards are not among them: the caller does not skip while one holds.
    pub fn next_event(&self, now: u64) -> Option<u64> {
        // Array by array, without an iterator chain (skip.rs asks after every quiet cycle).
        let later = |t: u64| if t > now { t } else { u64::MAX };
        let mut first = later(self.unpack_setup_until);
        for i in 0..9 {
            first = first.min(later(self.free_at[i]).min(later(self.done_at[i])));
        }
        for t in 0..3 {
            first = first.min(later(self.thread_free_at[t]).min(later(self.thread_done_at[t])));
        }
        (first != u64::MAX).then_some(first)
    }

    /// Whether `slot` is occupied at `now`.
    #[inline]
    pub fn is_busy(&self, slot: Slot, now: u64) -> bool {
        self.done_at[slot as usize] > now
    }

    /// Whether thread `t` has nothing executing at `now`.
    #[inline]
    pub fn thread_quiet(&self, t: usize, now: u64) -> bool {
        self.thread_done_at[t] <= now
    }

    /// Why the cycle model keeps `word` of thread `t` at its Wait Gate in cycle `now`, if it
    /// does (checked before the functional Wait Gate, which changes state when it passes).
    pub fn refuse(&mut self, t: usize, word: u32, now: u64, b: &Backend) -> Option<Why> {
        if self.thread_free_at[t] > now {
            return Some(Why::ThreadHeld);
        }
        let slot = Slot::of(word)?;
        if self.free_at[slot as usize] > now {
            return Some(Why::UnitBusy);
        }
        let opcode = (word >> 24) as u8;
        match slot {
            Slot::Unpack0 | Slot::Unpack1 if self.unpack_setup_until > now => {
                Some(Why::UnpackSetup)
            }
            Slot::Fpu if writes_dst_block(opcode) => {
                let block = dst_block(b, t, word);
                self.offered_block = Some(block);
                let reads = match opcode {
                    0x28 | 0x30 => (word >> 21) & 1 != 0,
                    _ => true,
                };
                let w = self.dst_written[block];
                (reads && w != 0 && w - 1 + self.p.dst_raw_cycles >= now)
                    .then_some(Why::DstHazard(block as u32 * 8))
            }
            Slot::Pack if opcode == 0x41 => (self.last_dst_write != 0
                && self.last_dst_write - 1 + self.p.dst_raw_cycles >= now)
                .then_some(Why::DstHazard(u32::MAX)),
            _ => None,
        }
    }

    /// `word` of thread `t` left its Wait Gate in cycle `now` and executed (functionally);
    /// `b` is the backend after it.
    pub fn issued(&mut self, t: usize, word: u32, now: u64, b: &Backend) {
        let Some(slot) = Slot::of(word) else {
            self.thread_done_at[t] = self.thread_done_at[t].max(now + 1);
            return;
        };
        let opcode = (word >> 24) as u8;
        let p = &self.p;
        // (cycles the unit is occupied, cycles until done, cycles the thread is held)
        let (occupy, done, hold) = match slot {
            Slot::Fpu => match opcode {
                0x18 => (p.shiftxb_cycles, p.shiftxb_cycles, 1),
                0x12 | 0x13 | 0x0b => (1, p.mov_to_dst_latency, 1),
                0x08 => (1, p.movd2a_latency, 1),
                op if writes_dst_block(op) => (1, p.fpu_latency, 1),
                _ => (1, 1, 1),
            },
            Slot::Sfpu => (1, p.sfpu_latency, 1),
            Slot::Config if opcode == 0xb0 => (1, p.wrcfg_latency, 1),
            Slot::Unpack0 | Slot::Unpack1 => {
                let which = (word >> 23) & 1;
                let mode = self.throttle[which as usize].get(b.cfg.bank(t)).min(2) as usize;
                let per_cycle = p.unpack_bytes_per_cycle[mode];
                let setup = p.unpack_setup_cycles;
                let stream = Stream {
                    lines_per_cycle: per_cycle.div_ceil(16),
                    unpacker: true,
                };
                let fetch = b.last_l1_bytes.div_ceil(per_cycle)
                    + self
                        .banks
                        .stream(now + setup, &b.last_l1_spans[..1], stream);
                self.unpack_setup_until = now + setup;
                (setup + fetch, setup + fetch, setup)
            }
            Slot::Pack => {
                let packers = u64::from(((word >> 8) & 0xf).max(1).count_ones());
                let stream = Stream {
                    lines_per_cycle: p.pack_bytes_per_cycle.div_ceil(16),
                    unpacker: false,
                };
                let write = b
                    .last_l1_bytes
                    .div_ceil(p.pack_bytes_per_cycle * packers)
                    .max(1)
                    + self.banks.stream(now, &b.last_l1_spans, stream);
                (write, write, write)
            }
            _ => (1, 1, 1),
        };
        let s = slot as usize;
        self.busy[s] += (now + done).saturating_sub(self.done_at[s].max(now));
        self.issued[s] += 1;
        self.free_at[s] = now + occupy;
        self.done_at[s] = self.done_at[s].max(now + done);
        self.thread_free_at[t] = now + hold;
        self.thread_done_at[t] = self.thread_done_at[t].max(now + done);
        if slot == Slot::Fpu && writes_dst_block(opcode) {
            if let Some(block) = self.offered_block.take() {
                self.dst_written[block] = now + 1;
            }
            self.last_dst_write = now + 1;
            self.mvmuls += u64::from(opcode == 0x26);
        }
    }
}

/// The 8-row Dst block an FPU instruction addresses (MVMUL.md / ELWADD.md: Imm + the math
/// offset + DEST_REGW_BASE + RWC.Dst, aligned to 8 rows).
fn dst_block(b: &Backend, t: usize, word: u32) -> usize {
    let f = Fields::get();
    let row = (word & 0x3fff)
        + b.cfg.thd(t, f.math_offset)
        + b.cfg.cfg(t, f.dest_regw_base)
        + b.rwc[t].dst;
    ((row & 0x3f8) >> 3) as usize
}
