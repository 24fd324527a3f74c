//! What the cycle model remembers of an instruction the functional Wait Gate stalled (issue 10's
//! speed), so that a thread that waits does not ask the unit model and the gate every cycle.

use super::units::Why;
use crate::backend::{Backend, Latched, Stall, Unit};

/// An instruction that the functional Wait Gate stalled (latched wait, Src valid, mutex), with
/// the backend's epoch then. Offered again while the epoch stands, it stalls the same way (the
/// epoch moves on every executed instruction but the Vector Unit's, on every store of a core to
/// a Tensix device and on a change of the busy conditions: `Backend::touch`), and the unit
/// model lets it through as before (its refusals only lapse with time while no unit starts
/// anything), so the cycle takes the reason without asking again.
///
/// A SEMWAIT's latched wait (SEMWAIT.md) holds on the semaphores alone: while they cannot have
/// changed (`sems`: the cycle model's count of executed Sync Unit instructions and core steps,
/// the only writers of semaphores), and the thread has executed nothing (its latch stands), the
/// functional gate stalls the instruction the same way even after the epoch moved; only the
/// unit model is asked again, as it may refuse it first.
#[derive(Clone, Copy)]
pub(super) struct Memo {
    pub word: u32,
    pub epoch: u64,
    pub why: Why,
    /// For a stall on a SEMWAIT's latched wait, the semaphore count then.
    pub sems: Option<u64>,
}

impl Memo {
    /// The memo of `word`'s stall `s`, unless asking again could answer otherwise: the
    /// Vector Unit's instructions (another thread's SFPU instruction leaves the epoch but
    /// changes the unit model), the Scalar Unit's compare (it retries), or a latched wait whose
    /// conditions were met (this offer cleared it).
    pub fn of(
        word: u32,
        unit: Unit,
        latch: Option<(Latched, bool)>,
        s: Stall,
        why: Why,
        b: &Backend,
        sems: u64,
    ) -> Option<Memo> {
        let keep = unit != Unit::Sfpu
            && !matches!(s, Stall::L1Compare { .. })
            && !matches!(latch, Some((_, false)));
        keep.then(|| Memo {
            word,
            epoch: b.epoch(),
            why,
            sems: matches!(s, Stall::Latched(l) if l.semwait).then_some(sems),
        })
    }

    /// The same memo at the backend's current epoch (the gate was asked, in effect, again).
    pub fn renewed(self, b: &Backend) -> Memo {
        Memo {
            epoch: b.epoch(),
            ..self
        }
    }
}
