//! A bounded first-in first-out queue between two frontend stages.

/// A FIFO holding at most `capacity` entries, in a ring of `N` slots held inline (`N` a power
/// of two, at least `capacity`), so that a frontend is plain data: it is made and copied
/// without allocating, and its pushes and pops are an index and a mask.
#[derive(Clone, Debug)]
pub struct Fifo<T, const N: usize> {
    slots: [T; N],
    head: usize,
    len: usize,
    capacity: usize,
}

impl<T: Copy + Default, const N: usize> Fifo<T, N> {
    pub fn new(capacity: usize) -> Self {
        assert!(
            N.is_power_of_two() && capacity <= N,
            "a FIFO of {capacity} in {N} slots"
        );
        Fifo {
            slots: [T::default(); N],
            head: 0,
            len: 0,
            capacity,
        }
    }

    pub fn capacity(&self) -> usize {
        self.capacity
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn is_full(&self) -> bool {
        self.len >= self.capacity
    }

    /// The oldest entry.
    #[inline]
    pub fn front(&self) -> Option<T> {
        (self.len > 0).then(|| self.slots[self.head])
    }

    /// The entries, oldest first.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        (0..self.len).map(|i| &self.slots[(self.head + i) & (N - 1)])
    }

    /// Remove the oldest entry.
    #[inline]
    pub fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        let value = self.slots[self.head];
        self.head = (self.head + 1) & (N - 1);
        self.len -= 1;
        Some(value)
    }

    /// Append `value`, or give it back when the FIFO is full.
    #[inline]
    pub fn push(&mut self, value: T) -> Result<(), T> {
        if self.is_full() {
            return Err(value);
        }
        self.slots[(self.head + self.len) & (N - 1)] = value;
        self.len += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_leave_in_order_across_the_ring_end_and_the_capacity_holds() {
        let mut f: Fifo<u32, 4> = Fifo::new(3);
        for round in 0..5 {
            assert_eq!(f.push(round), Ok(()));
            assert_eq!(f.push(round + 10), Ok(()));
            assert_eq!(f.push(round + 20), Ok(()));
            assert_eq!(f.push(99), Err(99));
            assert!(f.is_full());
            assert_eq!(
                f.iter().copied().collect::<Vec<_>>(),
                [round, round + 10, round + 20]
            );
            assert_eq!(f.pop(), Some(round));
            assert_eq!(f.front(), Some(round + 10));
            assert_eq!(f.pop(), Some(round + 10));
            assert_eq!(f.pop(), Some(round + 20));
            assert_eq!(f.pop(), None);
            assert!(f.is_empty());
        }
    }
}
