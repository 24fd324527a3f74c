//! Write stamps: a register file that hands out write access moves its stamp, so that what
//! was decoded from it (MVMUL's Src pairs, the math configuration, ADDR_MOD slots) holds
//! while the stamp has not moved. Each file starts at its own base, unique in the process
//! (new or cloned), so that two files never show the same stamp.

use std::sync::atomic::{AtomicU64, Ordering};

/// A new file's first stamp: 2^32 apart, so a file's own moves never reach another's base.
pub(crate) fn fresh() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1 << 32, Ordering::Relaxed)
}
