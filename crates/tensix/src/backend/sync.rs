//! The Sync Unit's state (SyncUnit.md): 8 semaphores and the mutexes of ATGETM/ATRELM.

/// `Semaphores[i]` of SEMINIT.md: 4-bit Value and Max.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Semaphore {
    pub value: u32,
    pub max: u32,
}

#[derive(Clone, Debug, Default)]
pub struct SyncUnit {
    pub sems: [Semaphore; 8],
    /// `Mutex[i].HeldBy` (ATGETM.md); indices 0 and 2..=7 exist.
    pub mutex: [Option<usize>; 8],
}

impl SyncUnit {
    /// SEMINIT.md.
    pub fn seminit(&mut self, mask: u32, max: u32, value: u32) {
        for (i, s) in self.sems.iter_mut().enumerate() {
            if mask >> i & 1 != 0 {
                *s = Semaphore {
                    value: value & 15,
                    max: max & 15,
                };
            }
        }
    }

    /// SEMPOST.md: increment, saturating at 15.
    pub fn sempost(&mut self, mask: u32) {
        for (i, s) in self.sems.iter_mut().enumerate() {
            if mask >> i & 1 != 0 && s.value < 15 {
                s.value += 1;
            }
        }
    }

    /// SEMGET.md: decrement, saturating at 0.
    pub fn semget(&mut self, mask: u32) {
        for (i, s) in self.sems.iter_mut().enumerate() {
            if mask >> i & 1 != 0 && s.value > 0 {
                s.value -= 1;
            }
        }
    }

    /// SEMWAIT.md conditions: bit 0 waits while a selected Value is 0, bit 1 while a
    /// selected Value ≥ Max. True when the wait is over.
    pub fn semwait_met(&self, mask: u32, cond: u32) -> bool {
        self.sems.iter().enumerate().all(|(i, s)| {
            mask >> i & 1 == 0
                || !((cond & 1 != 0 && s.value == 0) || (cond & 2 != 0 && s.value >= s.max))
        })
    }

    /// The RISC-V view (notes/tensix.md §1.7, PCBufs.md): a write with an odd value is a
    /// SEMGET, an even value a SEMPOST.
    pub fn riscv_write(&mut self, index: usize, value: u32) {
        if value & 1 != 0 {
            self.semget(1 << index);
        } else {
            self.sempost(1 << index);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // SEMPOST.md / SEMGET.md: saturating at 15 and at 0; SEMINIT.md sets both fields.
    #[test]
    fn semaphores_saturate() {
        let mut s = SyncUnit::default();
        s.seminit(0b11, 2, 14);
        s.sempost(0b1);
        s.sempost(0b1);
        assert_eq!(s.sems[0], Semaphore { value: 15, max: 2 });
        s.semget(0b10);
        for _ in 0..20 {
            s.semget(0b10);
        }
        assert_eq!(s.sems[1].value, 0);
        // SEMWAIT.md: STALL_ON_ZERO waits on sem 1 (0), STALL_ON_MAX on sem 0 (15 ≥ 2).
        assert!(!s.semwait_met(0b10, 1));
        assert!(!s.semwait_met(0b01, 2));
        assert!(s.semwait_met(0b01, 1));
        s.riscv_write(1, 0);
        assert_eq!(s.sems[1].value, 1);
        s.riscv_write(1, 1);
        assert_eq!(s.sems[1].value, 0);
    }
}
