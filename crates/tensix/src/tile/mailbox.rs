//! The 16 mailboxes between the RISC-V cores of a tile (BabyRISCV/Mailboxes.md): one FIFO of
//! up to four 32-bit values from each of B, T0, T1, T2 to each of them, at
//! `TENSIX_MAILBOX{i}_BASE` = 0xFFEC_0000 + 0x1000·i. Which mailbox an address names depends
//! on the issuing core and on the direction: a write by core C to window i pushes onto "C to
//! core i", a read pops "core i to C" (window i is B for i = 0, T(i-1) otherwise).
//!
//! Waiting (a pop from an empty mailbox, a push when the mailbox or the writer's four
//! mailboxes together are full) happens in the memory subsystem on silicon; this model holds
//! the issuing core at that load or store until it can complete (a reading of "the issuing
//! RISCV will be stalled": the page allows later instructions to run meanwhile, which a
//! functional model need not show).

use std::collections::VecDeque;

pub const MAILBOX_BASE: u32 = 0xFFEC_0000;
pub const MAILBOX_END: u32 = MAILBOX_BASE + 0x4000;
/// Values one mailbox holds, and one writer's four mailboxes together (Mailboxes.md).
pub const DEPTH: usize = 4;

/// The tile core (`CORE_NAMES` order: T0, T1, T2, B) of the page's mailbox index (B, T0,
/// T1, T2).
fn core_of(page: usize) -> usize {
    (page + 3) % 4
}

/// What a core waits for at a mailbox access.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MailboxWait {
    pub from: usize,
    pub to: usize,
    pub write: bool,
}

#[derive(Clone, Debug, Default)]
pub struct Mailboxes {
    /// `fifo[from][to]`, by tile core index.
    fifo: [[VecDeque<u32>; 4]; 4],
}

impl Mailboxes {
    /// The other core an address in the mailbox windows names (window = its page index).
    pub fn peer(addr: u32) -> Option<usize> {
        (MAILBOX_BASE..MAILBOX_END)
            .contains(&addr)
            .then(|| core_of(((addr - MAILBOX_BASE) >> 12) as usize))
    }

    /// A write by `core` to `addr` (Mailboxes.md's write model): pushed, or the wait.
    pub fn write(&mut self, core: usize, addr: u32, value: u32) -> Result<(), MailboxWait> {
        let to = Self::peer(addr).expect("a mailbox address");
        if !self.can_write(core, to) {
            return Err(MailboxWait {
                from: core,
                to,
                write: true,
            });
        }
        self.fifo[core][to].push_back(value);
        Ok(())
    }

    /// A read by `core` at `addr`: bit 2 set is the non-blocking "has a value" query (0 or
    /// 1), otherwise a pop, or the wait when the mailbox is empty.
    pub fn read(&mut self, core: usize, addr: u32) -> Result<u32, MailboxWait> {
        let from = Self::peer(addr).expect("a mailbox address");
        let fifo = &mut self.fifo[from][core];
        if addr & 4 != 0 {
            return Ok(u32::from(!fifo.is_empty()));
        }
        fifo.pop_front().ok_or(MailboxWait {
            from,
            to: core,
            write: false,
        })
    }

    /// Whether the wait is over.
    pub fn ready(&self, w: MailboxWait) -> bool {
        if w.write {
            self.can_write(w.from, w.to)
        } else {
            !self.fifo[w.from][w.to].is_empty()
        }
    }

    fn can_write(&self, from: usize, to: usize) -> bool {
        let all: usize = self.fifo[from].iter().map(VecDeque::len).sum();
        self.fifo[from][to].len() < DEPTH && all < DEPTH
    }
}

impl MailboxWait {
    /// "trisc1 reading the mailbox from trisc0" (for deadlock reports).
    pub fn describe(&self, names: &[&str; 4]) -> String {
        if self.write {
            format!(
                "{} writing the mailbox to {} (full)",
                names[self.from], names[self.to]
            )
        } else {
            format!(
                "{} reading the mailbox from {} (empty)",
                names[self.to], names[self.from]
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const B: usize = 3;
    const T0: usize = 0;
    const T1: usize = 1;
    const T2: usize = 2;

    // Mailboxes.md memory map: from T1, window 0 (0xFFEC_0000) writes "T1 to B" and reads
    // "B to T1"; window 2 is T1's own mailbox.
    #[test]
    fn windows_name_the_peer_by_direction() {
        let mut m = Mailboxes::default();
        m.write(T1, 0xFFEC_0000, 7).unwrap();
        assert_eq!(
            m.read(B, 0xFFEC_2000 + 4),
            Ok(1),
            "B sees T1's value in window 2"
        );
        assert_eq!(m.read(T1, 0xFFEC_0004), Ok(0), "B to T1 is still empty");
        assert_eq!(m.read(B, 0xFFEC_2000), Ok(7));
        m.write(T1, 0xFFEC_2000, 9).unwrap();
        assert_eq!(m.read(T1, 0xFFEC_2000), Ok(9), "T1 to T1");
        m.write(B, 0xFFEC_3000, 5).unwrap();
        assert_eq!(
            m.read(T2, 0xFFEC_0000),
            Ok(5),
            "B to T2, read by T2 in window 0"
        );
    }

    // Mailboxes.md: a pop from an empty mailbox waits; a push waits when the mailbox holds
    // four values, or the writer's four mailboxes hold four together.
    #[test]
    fn full_and_empty_wait() {
        let mut m = Mailboxes::default();
        let empty = m.read(T0, 0xFFEC_2000).unwrap_err();
        assert_eq!(
            empty,
            MailboxWait {
                from: T1,
                to: T0,
                write: false
            }
        );
        assert!(!m.ready(empty));
        for v in 0..3 {
            m.write(T0, 0xFFEC_2000, v).unwrap();
        }
        m.write(T0, 0xFFEC_3000, 3).unwrap();
        let full = m.write(T0, 0xFFEC_0000, 4).unwrap_err();
        assert!(
            full.write && !m.ready(full),
            "four values over T0's mailboxes"
        );
        assert_eq!(m.read(T2, 0xFFEC_1000), Ok(3));
        assert!(m.ready(full));
        assert_eq!(m.read(T1, 0xFFEC_1000), Ok(0), "FIFO order");
    }
}
