//! The lane predication state of VectorUnit.md ("Lane Predication Masks"): each lane's
//! `LaneFlags`, `UseLaneFlagsForLaneEnable` and `FlagStack`, held as bit planes — bit `lane`
//! of a word is that lane's value — so that an instruction updates all 32 lanes with a few
//! word operations instead of a loop over lanes. The pages' per-lane models are unchanged:
//! every operation here applies them to the lanes of a mask at once.

use super::{FLAG_STACK_DEPTH, FlagStackEntry, LANES};

/// VectorUnit.md `Stack<FlagStackEntry>` of every lane (bottom at level 0), as bit planes:
/// `occupied[k]` holds the lanes whose stack has more than `k` entries, `lane_flags[k]` and
/// `use_lane_flags[k]` the fields of their entry `k`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FlagStack {
    pub lane_flags: [u32; FLAG_STACK_DEPTH],
    pub use_lane_flags: [u32; FLAG_STACK_DEPTH],
    pub occupied: [u32; FLAG_STACK_DEPTH],
}

impl FlagStack {
    /// The number of entries on `lane`'s stack.
    pub fn len(&self, lane: usize) -> usize {
        self.occupied
            .iter()
            .take_while(|o| *o >> lane & 1 != 0)
            .count()
    }

    /// Entry `k` (0 = bottom) of `lane`'s stack.
    pub fn entry(&self, lane: usize, k: usize) -> FlagStackEntry {
        FlagStackEntry {
            lane_flags: self.lane_flags[k] >> lane & 1 != 0,
            use_lane_flags: self.use_lane_flags[k] >> lane & 1 != 0,
        }
    }

    /// Sets entry `k` of `lane`'s stack (which must hold it).
    pub fn set_entry(&mut self, lane: usize, k: usize, e: FlagStackEntry) {
        debug_assert!(k < self.len(lane));
        let bit = 1 << lane;
        put(
            &mut self.lane_flags[k],
            bit,
            u32::from(e.lane_flags) << lane,
        );
        put(
            &mut self.use_lane_flags[k],
            bit,
            u32::from(e.use_lane_flags) << lane,
        );
    }

    /// The lanes whose stack is full.
    pub fn full(&self) -> u32 {
        self.occupied[FLAG_STACK_DEPTH - 1]
    }

    /// The lanes whose stack is empty.
    pub fn empty(&self) -> u32 {
        !self.occupied[0]
    }

    /// Per level, the lanes whose top entry is at that level.
    fn tops(&self) -> [u32; FLAG_STACK_DEPTH] {
        std::array::from_fn(|k| {
            let above = self.occupied.get(k + 1).copied().unwrap_or(0);
            self.occupied[k] & !above
        })
    }

    /// The top entries of the lanes that have one, as (`lane_flags`, `use_lane_flags`)
    /// planes (0 in lanes with an empty stack).
    pub fn top(&self) -> (u32, u32) {
        let mut top = (0, 0);
        for (k, t) in self.tops().into_iter().enumerate() {
            top.0 |= self.lane_flags[k] & t;
            top.1 |= self.use_lane_flags[k] & t;
        }
        top
    }

    /// Replaces the top entry of each lane of `lanes` (lanes with an empty stack are left
    /// alone) with that lane's bits of `flags` and `uses`.
    pub fn set_top(&mut self, lanes: u32, flags: u32, uses: u32) {
        for (k, t) in self.tops().into_iter().enumerate() {
            put(&mut self.lane_flags[k], t & lanes, flags);
            put(&mut self.use_lane_flags[k], t & lanes, uses);
        }
    }

    /// Pushes each lane's bits of `flags` and `uses` on the stacks of `lanes` (none full).
    pub fn push(&mut self, lanes: u32, flags: u32, uses: u32) {
        debug_assert_eq!(lanes & self.full(), 0);
        let mut below = u32::MAX;
        for k in 0..FLAG_STACK_DEPTH {
            let new = lanes & below & !self.occupied[k];
            below = self.occupied[k];
            put(&mut self.lane_flags[k], new, flags);
            put(&mut self.use_lane_flags[k], new, uses);
            self.occupied[k] |= new;
        }
    }

    /// Removes the top entry of the stacks of `lanes` (none empty).
    pub fn pop(&mut self, lanes: u32) {
        debug_assert_eq!(lanes & self.empty(), 0);
        for (k, t) in self.tops().into_iter().enumerate() {
            self.occupied[k] &= !(t & lanes);
        }
    }

    /// Sets the bottom entry of each lane of `lanes` (whose stacks hold one).
    pub fn set_bottom(&mut self, lanes: u32, flags: u32, uses: u32) {
        put(&mut self.lane_flags[0], lanes, flags);
        put(&mut self.use_lane_flags[0], lanes, uses);
    }
}

/// `word`'s bits in `lanes` become `value`'s.
#[inline]
pub fn put(word: &mut u32, lanes: u32, value: u32) {
    *word = (*word & !lanes) | (value & lanes);
}

/// Bit `lane` of `word`.
#[inline]
pub fn bit(word: u32, lane: usize) -> bool {
    debug_assert!(lane < LANES);
    word >> lane & 1 != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    // The bit planes behave as 32 independent stacks of VectorUnit.md's FlagStackEntry: a
    // random sequence of pushes, pops, top rewrites on random lane subsets equals 32 Vecs.
    #[test]
    fn planes_are_32_independent_stacks() {
        let mut rnd = crate::test_rng::xorshift(0x9e37_79b9_7f4a_7c15u64);
        let mut planes = FlagStack::default();
        let mut vecs: Vec<Vec<FlagStackEntry>> = vec![Vec::new(); LANES];
        for _ in 0..20_000 {
            let (op, lanes, f, u) = (rnd() % 5, rnd(), rnd(), rnd());
            let e = |l: usize| FlagStackEntry {
                lane_flags: bit(f, l),
                use_lane_flags: bit(u, l),
            };
            match op {
                0 => {
                    let lanes = lanes & !planes.full();
                    planes.push(lanes, f, u);
                    for (l, v) in vecs.iter_mut().enumerate() {
                        if bit(lanes, l) {
                            v.push(e(l));
                        }
                    }
                }
                1 => {
                    let lanes = lanes & !planes.empty();
                    planes.pop(lanes);
                    for (l, v) in vecs.iter_mut().enumerate() {
                        if bit(lanes, l) {
                            v.pop();
                        }
                    }
                }
                2 => {
                    planes.set_top(lanes, f, u);
                    for (l, v) in vecs.iter_mut().enumerate() {
                        if let (true, Some(t)) = (bit(lanes, l), v.last_mut()) {
                            *t = e(l);
                        }
                    }
                }
                3 => {
                    let lanes = lanes & !planes.empty();
                    planes.set_bottom(lanes, f, u);
                    for (l, v) in vecs.iter_mut().enumerate() {
                        if bit(lanes, l) {
                            v[0] = e(l);
                        }
                    }
                }
                _ => {
                    let l = (f as usize) % LANES;
                    let k = u as usize % FLAG_STACK_DEPTH;
                    if k < vecs[l].len() {
                        planes.set_entry(l, k, e(l));
                        vecs[l][k] = e(l);
                    }
                }
            }
            let (tf, tu) = planes.top();
            for (l, v) in vecs.iter().enumerate() {
                assert_eq!(planes.len(l), v.len(), "lane {l}");
                assert_eq!(bit(planes.full(), l), v.len() == FLAG_STACK_DEPTH);
                assert_eq!(bit(planes.empty(), l), v.is_empty());
                for (k, want) in v.iter().enumerate() {
                    assert_eq!(planes.entry(l, k), *want, "lane {l} entry {k}");
                }
                let top = v.last().copied().unwrap_or_default();
                assert_eq!(
                    (bit(tf, l), bit(tu, l)),
                    (top.lane_flags, top.use_lane_flags)
                );
            }
        }
    }
}
