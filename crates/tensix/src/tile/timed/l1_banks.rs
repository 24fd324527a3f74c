//! L1's banks in time (L1.md): 16 banks, each one 128-bit read or write a cycle; when two
//! clients want one bank in the same cycle, all but one wait.
//!
//! Which address bits select the bank (CHOICE): no shared page says. We read the banks as
//! interleaved on 16-byte lines, bank = (address >> `l1_bank_shift`) & 15 with shift 4: the
//! natural reading for 128-bit-wide banks, so that a linear stream (a tile's rows, a packer's
//! output) reads 16 different banks in 16 consecutive lines; the shift is a parameter.
//!
//! Clients and their ports (L1.md "Maximum theoretical bandwidth"; the port diagram is not in
//! the shared pages):
//! * an unpacker streams `lines_per_cycle` lines a cycle by its Throttle_mode; the two
//!   unpackers share ports #2–#4, so together they read at most [`UNPACK_JOINT_LINES`] lines a
//!   cycle;
//! * each packer writes one line a cycle (a PACR's packers stream side by side);
//! * a RISC-V load reads one line at its cycle; a RISC-V store is a narrow write, a
//!   read-modify-write that blocks its bank for [`NARROW_WRITE_CYCLES`] cycles.
//!
//! Approximations (CHOICE): a transfer's lines are taken as contiguous from its first byte
//! (`Backend::last_l1_spans`; tilize mode's strided rows and a BFP unpack's exponent reads on
//! their own port are not followed); the Scalar Unit's LOADIND/STOREIND, the mover and the
//! NoC are not clients here.
//!
//! Arbitration (CHOICE): the pages say each mux allocates round-robin; here the transfer
//! booked first keeps its cycles and a later one takes the next free cycle of the bank
//! (a transfer's lines go in order, at most its port width a cycle). Bookings are made when a
//! unit starts a transfer or a core runs a load or store, so the cores (which run ahead) and
//! the earlier-issued unit win ties.

/// Lines the two unpackers read together per cycle (L1.md: "jointly achieve five 128-bit
/// reads from L1 per cycle", ports #2–#4 being shared).
pub const UNPACK_JOINT_LINES: u8 = 5;
/// Cycles a narrow (RISC-V) write blocks its bank (L1.md: read-modify-write, five cycles).
pub const NARROW_WRITE_CYCLES: u64 = 5;
/// Cycles ahead a booking can be made; a later one is not checked for conflicts.
const WINDOW: usize = 1 << 11;
const LINE: u64 = 16;
/// Entries the ring grows by (a divisor of [`WINDOW`]).
const GROW: usize = 64;

#[derive(Clone, Copy, Default)]
struct CycleUse {
    /// The cycle this entry describes (entries of other cycles are free).
    cycle: u64,
    banks: u16,
    unpack_lines: u8,
}

pub struct L1Banks {
    shift: u32,
    enabled: bool,
    /// Indexed by cycle modulo [`WINDOW`]; grown past an index when first used (an entry not
    /// yet there is free), so a short run does not clear the whole window.
    ring: Vec<CycleUse>,
    /// Per [`Client`]: accesses (transfers, loads, stores) delayed by a bank conflict, and
    /// the cycles they lost.
    pub conflicts: [u64; 4],
    pub conflict_cycles: [u64; 4],
}

/// Who is delayed, for the report.
#[derive(Clone, Copy)]
pub enum Client {
    Unpacker,
    Packer,
    CoreLoad,
    CoreStore,
}

impl Client {
    pub const NAMES: [&str; 4] = ["unpackers", "packers", "RISC-V loads", "RISC-V stores"];
}

/// Who streams lines (their port width and whether they count against the unpackers' shared
/// ports).
#[derive(Clone, Copy)]
pub struct Stream {
    pub lines_per_cycle: u64,
    pub unpacker: bool,
}

impl L1Banks {
    pub fn new(shift: u32, enabled: bool) -> Self {
        L1Banks {
            shift,
            enabled,
            ring: Vec::with_capacity(WINDOW),
            conflicts: [0; 4],
            conflict_cycles: [0; 4],
        }
    }

    pub fn bank_of(&self, addr: u64) -> u16 {
        ((addr >> self.shift) & 15) as u16
    }

    fn entry(&mut self, cycle: u64) -> &mut CycleUse {
        let i = cycle as usize % WINDOW;
        if i >= self.ring.len() {
            // [`GROW`] entries at a time, not one: a run's cycles come in order, and a call to
            // `resize` for each new one cost more than the booking (issue 10's speed).
            let len = (i + 1).next_multiple_of(GROW).min(WINDOW);
            self.ring.resize(len, CycleUse::default());
        }
        let e = &mut self.ring[i];
        if e.cycle != cycle {
            *e = CycleUse {
                cycle,
                ..CycleUse::default()
            };
        }
        e
    }

    /// Books the lines of `spans` (byte address, byte count; streamed side by side, each at
    /// `s.lines_per_cycle` lines a cycle) from cycle `start`; the cycles the transfer takes
    /// beyond its conflict-free length (0 when no line met a busy bank).
    pub fn stream(&mut self, start: u64, spans: &[(u64, u64)], s: Stream) -> u64 {
        if !self.enabled {
            return 0;
        }
        let mut lost = 0;
        for &(addr, bytes) in spans.iter().filter(|(_, n)| *n > 0) {
            let (first, end) = (addr / LINE, (addr + bytes).div_ceil(LINE));
            let lines = end - first;
            let (mut cycle, mut used) = (start, 0);
            for line in first..end {
                let bit = 1u16 << self.bank_of(line * LINE);
                loop {
                    if used == s.lines_per_cycle {
                        (cycle, used) = (cycle + 1, 0);
                    }
                    let e = self.entry(cycle);
                    let port_full = s.unpacker && e.unpack_lines >= UNPACK_JOINT_LINES;
                    if e.banks & bit == 0 && !port_full || cycle >= start + WINDOW as u64 / 2 {
                        e.banks |= bit;
                        e.unpack_lines += u8::from(s.unpacker);
                        used += 1;
                        break;
                    }
                    (cycle, used) = (cycle + 1, 0);
                }
            }
            let span_lost = (cycle + 1 - start).saturating_sub(lines.div_ceil(s.lines_per_cycle));
            lost = lost.max(span_lost);
        }
        let who = if s.unpacker {
            Client::Unpacker
        } else {
            Client::Packer
        };
        self.count(who, lost);
        lost
    }

    /// A RISC-V load of `addr` in cycle `at`: the cycles it waits for its bank.
    pub fn load(&mut self, at: u64, addr: u64) -> u64 {
        let wait = self.hold(at, addr, 1);
        self.count(Client::CoreLoad, wait);
        wait
    }

    /// A RISC-V (narrow) store to `addr` in cycle `at`: its bank is blocked for
    /// [`NARROW_WRITE_CYCLES`] from the first cycle it is free; the cycles it waited.
    pub fn store(&mut self, at: u64, addr: u64) -> u64 {
        let wait = self.hold(at, addr, NARROW_WRITE_CYCLES);
        self.count(Client::CoreStore, wait);
        wait
    }

    fn count(&mut self, who: Client, lost: u64) {
        if lost > 0 {
            self.conflicts[who as usize] += 1;
            self.conflict_cycles[who as usize] += lost;
        }
    }

    fn hold(&mut self, at: u64, addr: u64, cycles: u64) -> u64 {
        if !self.enabled {
            return 0;
        }
        let bit = 1u16 << self.bank_of(addr);
        let mut from = at;
        while (from..from + cycles).any(|c| self.entry(c).banks & bit != 0)
            && from < at + WINDOW as u64 / 2
        {
            from += 1;
        }
        for c in from..from + cycles {
            self.entry(c).banks |= bit;
        }
        from - at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE: Stream = Stream {
        lines_per_cycle: 1,
        unpacker: false,
    };

    #[test]
    fn sixteen_byte_lines_rotate_through_the_banks() {
        let b = L1Banks::new(4, true);
        assert_eq!(b.bank_of(0x100), 0);
        assert_eq!(b.bank_of(0x110), 1);
        assert_eq!(b.bank_of(0x1f0), 15);
        assert_eq!(b.bank_of(0x1000), 0);
    }

    #[test]
    fn two_streams_on_the_same_banks_conflict_and_disjoint_ones_do_not() {
        let mut b = L1Banks::new(4, true);
        assert_eq!(b.stream(10, &[(0x1000, 256)], ONE), 0);
        // Starts on the bank the first stream holds in this cycle: one cycle behind it, then
        // in its wake without further conflicts.
        assert_eq!(b.stream(10, &[(0x2000, 256)], ONE), 1);
        // Eight lines on: a different bank each cycle from the first stream's.
        let mut b = L1Banks::new(4, true);
        b.stream(10, &[(0x1000, 256)], ONE);
        assert_eq!(b.stream(10, &[(0x2080, 128)], ONE), 0);
        assert_eq!(b.conflicts, [0; 4]);
    }

    #[test]
    fn unpackers_share_five_lines_a_cycle() {
        let mut b = L1Banks::new(4, true);
        let x4 = Stream {
            lines_per_cycle: 4,
            unpacker: true,
        };
        // 64 lines at 4 a cycle (16 cycles), then 64 more on the other banks' phase: the two
        // streams together get 5 lines a cycle, so the second one, limited to 1 a cycle while
        // the first runs, takes far longer than 16 cycles.
        assert_eq!(b.stream(0, &[(0, 1024)], x4), 0);
        assert!(b.stream(0, &[(0x4040, 1024)], x4) > 0);
    }

    #[test]
    fn a_narrow_store_blocks_its_bank_five_cycles() {
        let mut b = L1Banks::new(4, true);
        assert_eq!(b.store(100, 0x20), 0);
        assert_eq!(b.load(102, 0x24), 3);
        assert_eq!(b.load(102, 0x30), 0);
        let mut off = L1Banks::new(4, false);
        off.store(100, 0x20);
        assert_eq!(off.load(102, 0x24), 0);
    }
}
