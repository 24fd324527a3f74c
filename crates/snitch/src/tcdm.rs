//! TCDM bank arbitration between the harts of a cluster (the cycle model).
//!
//! snitch_cluster's TCDM interconnect (`snitch_tcdm_interconnect.sv`, a wrapper of
//! pulp-platform's `tcdm_interconnect`, whose crossbar `xbar.sv` instantiates one
//! `rr_arb_tree` per bank) grants each bank to one request a cycle, round robin among the
//! cores that request it in the same cycle; the losers retry the next cycle.
//!
//! The harts are simulated one after the other, each ahead of the others by up to a scheduling
//! round, so the grants of a bank are kept per cycle until every hart has passed that cycle
//! ([`Arbiter::retire_before`]). A request for a cycle another hart already holds is decided by
//! the bank's round-robin pointer: if the requester has priority it takes the cycle and the
//! holder, already simulated past it, owes one stall cycle that it takes at its next FP issue
//! ([`Arbiter::take_owed`]); otherwise the requester tries the next cycle. Only SSR element
//! accesses take part (the streams are what contends in the kernels this models); integer and
//! FP loads and stores are not arbitrated.

use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::rc::Rc;

/// The arbiter shared by the harts' cycle models.
#[derive(Debug)]
pub struct Arbiter {
    harts: u32,
    /// `(bank, cycle)` → the hart granted.
    grants: FxHashMap<(u32, u64), u8>,
    /// Per bank: the hart granted last in a contended cycle (the round-robin pointer).
    last: Vec<u8>,
    /// Stall cycles each hart owes for cycles it lost after the fact.
    owed: Vec<u64>,
    /// Cycles lost to other harts, per hart (statistics).
    pub conflicts: Vec<u64>,
}

/// A handle the harts share.
pub type SharedArbiter = Rc<RefCell<Arbiter>>;

impl Arbiter {
    pub fn shared(harts: u32, banks: u32) -> SharedArbiter {
        Rc::new(RefCell::new(Arbiter {
            harts,
            grants: FxHashMap::default(),
            // Hart 0 first.
            last: vec![harts.saturating_sub(1) as u8; banks as usize],
            owed: vec![0; harts as usize],
            conflicts: vec![0; harts as usize],
        }))
    }

    /// Does `a` come before `b` in the round robin after `last`?
    fn before(&self, last: u8, a: u8, b: u8) -> bool {
        let n = self.harts.max(1);
        let first = (u32::from(last) + 1) % n;
        let rank = |h: u8| (u32::from(h) + n - first) % n;
        rank(a) < rank(b)
    }

    /// Hart `hart` wants bank `bank` at cycle `at`: the cycle it is granted (`at` or later).
    pub fn request(&mut self, hart: u8, bank: u32, at: u64) -> u64 {
        let mut t = at;
        loop {
            match self.grants.get(&(bank, t)).copied() {
                None => {
                    self.grants.insert((bank, t), hart);
                    return t;
                }
                Some(h) if h == hart => return t,
                Some(holder) => {
                    let last = self.last[bank as usize];
                    if self.before(last, hart, holder) {
                        self.grants.insert((bank, t), hart);
                        self.last[bank as usize] = hart;
                        self.owed[usize::from(holder)] += 1;
                        self.conflicts[usize::from(holder)] += 1;
                        return t;
                    }
                    self.last[bank as usize] = holder;
                    self.conflicts[usize::from(hart)] += 1;
                    t += 1;
                }
            }
        }
    }

    /// Stall cycles hart `hart` lost after it had been simulated past them.
    pub fn take_owed(&mut self, hart: u8) -> u64 {
        std::mem::take(&mut self.owed[usize::from(hart)])
    }

    /// Forget the grants before `cycle` (every hart is past it).
    pub fn retire_before(&mut self, cycle: u64) {
        self.grants.retain(|&(_, t), _| t >= cycle);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_grant_per_bank_and_cycle_round_robin() {
        let a = Arbiter::shared(3, 32);
        let mut a = a.borrow_mut();
        // Different banks in one cycle: no conflict.
        assert_eq!(a.request(0, 1, 10), 10);
        assert_eq!(a.request(1, 2, 10), 10);
        // Priority 0, 1, 2: hart 2 loses bank 1 at cycle 10 to hart 0 and gets cycle 11.
        assert_eq!(a.request(2, 1, 10), 11);
        // The pointer moved to hart 0 (priority 1, 2, 0): hart 1 takes cycle 10 from hart 0,
        // which owes a stall cycle.
        assert_eq!(a.request(1, 1, 10), 10);
        assert_eq!(a.take_owed(0), 1);
        assert_eq!(a.take_owed(0), 0);
        assert_eq!(a.conflicts, vec![1, 0, 1]);
        // A hart's own grant is no conflict.
        assert_eq!(a.request(2, 1, 11), 11);
        a.retire_before(12);
        assert_eq!(a.request(0, 1, 10), 10);
    }
}
