//! A bounded first-in first-out queue between two frontend stages.

use std::collections::VecDeque;

/// A FIFO holding at most `capacity` entries (allocated once, when made).
#[derive(Clone, Debug)]
pub struct Fifo<T> {
    entries: VecDeque<T>,
    capacity: usize,
}

impl<T: Copy> Fifo<T> {
    pub fn new(capacity: usize) -> Self {
        Fifo {
            entries: VecDeque::with_capacity(capacity),
            capacity,
        }
    }

    pub fn capacity(&self) -> usize {
        self.capacity
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn is_full(&self) -> bool {
        self.entries.len() >= self.capacity
    }

    /// The oldest entry.
    pub fn front(&self) -> Option<T> {
        self.entries.front().copied()
    }

    /// The entries, oldest first.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        self.entries.iter()
    }

    /// Remove the oldest entry.
    pub fn pop(&mut self) -> Option<T> {
        self.entries.pop_front()
    }

    /// Append `value`, or give it back when the FIFO is full.
    pub fn push(&mut self, value: T) -> Result<(), T> {
        if self.is_full() {
            return Err(value);
        }
        self.entries.push_back(value);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounded_and_in_order() {
        let mut f = Fifo::new(2);
        assert_eq!(f.push(1), Ok(()));
        assert_eq!(f.push(2), Ok(()));
        assert!(f.is_full());
        assert_eq!(f.push(3), Err(3));
        assert_eq!(f.pop(), Some(1));
        assert_eq!(f.push(3), Ok(()));
        assert_eq!((f.pop(), f.pop(), f.pop()), (Some(2), Some(3), None));
    }
}
