//! The scalar ClockHands: the block-private T and U result queues.
//!
//! Manual `03_programming_model.adoc` §"Block-local temporaries (ClockHands)": each block has two
//! independent queues of depth 4. Writing `->t` (register code 31) pushes onto T, `->u` (code 30)
//! onto U; a push shifts `#1 -> #2 -> #3 -> #4` and kills the old `#4`. Sources `t#k`/`u#k`
//! (codes 24..27 / 28..31) read the value `k - 1` pushes ago, `k = 1` being the newest.
//!
//! Lifetime (notes §3.3, manual ibid.): block-local, reset to zero at every block start
//! (`--cfi strict`). Reading a slot that was never written in the block reads 0 (QEMU agrees; the
//! manual only says code generation must not do it).
//!
//! `--cfi compat` does not reset the hands at block start, as LinxCoreModel (funcmodel's
//! `ExecState::set_block` leaves its T/U registers alone) does: the v0.4 toolchain needs it.
//! musl's system call wrapper (`arch/linx64/syscall_arch.h`) is inline asm that ends the block
//! after `acrc 1` and opens a new one; LLVM does not see that split and keeps caller values in the
//! T hand across it (`__stdout_write`, `__mmap` of the SPECint binaries read `t#1..t#3` right after
//! the `C.BSTART`). QEMU resets the hands except at SYS block starts, which the other variant of
//! that wrapper (`C.BSTART.SYS` before the call) relies on.

/// Number of entries in one scalar hand.
pub const HAND_DEPTH: usize = 4;

/// One scalar hand: `slots[0]` is `#1` (the newest value).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hand {
    slots: [u64; HAND_DEPTH],
}

impl Hand {
    /// Push a new `#1`; the old `#4` is killed.
    #[inline]
    pub fn push(&mut self, value: u64) {
        self.slots.copy_within(0..HAND_DEPTH - 1, 1);
        self.slots[0] = value;
    }

    /// Read `#k` for `k` in `1..=4`.
    #[inline]
    pub fn get(&self, k: usize) -> u64 {
        self.slots[(k - 1) & (HAND_DEPTH - 1)]
    }

    /// Empty the hand (block start).
    #[inline]
    pub fn reset(&mut self) {
        self.slots = [0; HAND_DEPTH];
    }

    /// The four slots, newest first (for traces and trap snapshots).
    pub fn slots(&self) -> [u64; HAND_DEPTH] {
        self.slots
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_shifts_and_kills_the_oldest() {
        let mut h = Hand::default();
        for v in 1..=5 {
            h.push(v);
        }
        // Five pushes into depth 4: value 1 was killed.
        assert_eq!([h.get(1), h.get(2), h.get(3), h.get(4)], [5, 4, 3, 2]);
    }

    #[test]
    fn unwritten_slots_read_zero_and_reset_clears() {
        let mut h = Hand::default();
        h.push(7);
        assert_eq!((h.get(1), h.get(2)), (7, 0));
        h.reset();
        assert_eq!(h.get(1), 0);
    }
}
