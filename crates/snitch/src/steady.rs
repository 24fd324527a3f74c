//! The cycle model's steady-state jump over FREP repetitions (`--timing` speed, issue 14): once
//! one period of a body (its stagger cycle, `stagger_max + 1` repetitions, `notes/snitch.md`
//! §3.3) has left the model where the period before left it, shifted in time, the next periods
//! repeat it exactly, and the model advances over many of them at once while the FPU and the
//! SSRs still execute every repetition (the numbers must be computed; only the model's
//! bookkeeping is skipped). No reported count changes: the jump adds what the observed period
//! added, once per period jumped.
//!
//! Why that is exact. For the sequencer's instructions the model (`timing.rs`) reads its state
//! only through `max` with the FPU's next issue cycle or later: a register's or an SSR's ready
//! cycle at or before `fpu_next` acts as `fpu_next`. So the state *relative to `fpu_next`*, every
//! value clamped at it, decides the next period's issue cycles and stall counts, together with
//! the instructions (the same every period) and the TCDM banks of the elements one instruction
//! moves together (two in one bank cost a cycle). The jump therefore needs:
//! * equal relative states at two consecutive period boundaries (a shift by `delta` cycles);
//! * the sequencer's start (`seq_from`) at or before `fpu_next`, no instruction whose result the
//!   integer core waits for, no nested loop;
//! * one hart alone on its banks (no arbiter: other harts' requests are not periodic) and no
//!   `--timeline` tracks;
//! * the same bank pattern in every jumped period: every SSR an instruction moves together with
//!   another (a *paired* SSR) is a plain read stream in its innermost loop for all the elements
//!   jumped over and the period observed (straight lines, [`Linear`]), its stride a multiple of
//!   the 8-byte bank width, and all paired SSRs advancing by the same amount per period modulo
//!   the banks' span (so that their banks keep their differences); the banks a power of two.

use crate::frep::LoopSpec;
use crate::prepared::{NO_REG, NO_SSR, Step};
use crate::ssr::{Linear, SsrStreamer};
use crate::timing::Timing;

/// What of an FREP body decides whether the model can jump over its periods, worked out once.
pub struct Plan {
    /// Repetitions per period: the stagger cycle.
    pub period: u32,
    /// SSRs moved together with another SSR by one instruction (bit k = SSR k).
    paired: u8,
    /// Elements each SSR moves per period.
    per_period: [u32; 8],
}

impl Plan {
    /// The plan for body `steps` of `spec` under `timing`, or `None` when its periods cannot be
    /// jumped over (see the module documentation).
    pub fn of(spec: &LoopSpec, steps: &[Step], timing: &Timing) -> Option<Plan> {
        if timing.tracks.is_some() || timing.arbiter.is_some() {
            return None;
        }
        let period = spec.stagger_max + 1;
        let (mut paired, mut pushed, mut per_period) = (0u8, 0u8, [0u32; 8]);
        for step in steps {
            let Step::Insn(variants) = step else {
                return None;
            };
            for p in variants.iter().take(period as usize) {
                if p.timed.to_int {
                    return None;
                }
                let mut moved = p.pops().iter().fold(0u8, |m, &k| m | 1 << (k & 7));
                if p.push != NO_SSR {
                    moved |= 1 << (p.push & 7);
                    pushed |= 1 << (p.push & 7);
                }
                for (k, n) in per_period.iter_mut().enumerate() {
                    *n += u32::from(moved >> k & 1);
                }
                if moved.count_ones() >= 2 {
                    paired |= moved;
                }
            }
        }
        let banks = timing.config.tcdm_banks;
        let masked = banks.is_power_of_two();
        if paired & pushed != 0 || paired != 0 && !masked {
            return None;
        }
        Some(Plan {
            period,
            paired,
            per_period,
        })
    }

    fn paired(&self) -> impl Iterator<Item = usize> + '_ {
        (0..8).filter(|k| self.paired >> k & 1 == 1)
    }
}

/// Entries of [`Mark::rel`]: the FP registers' ready cycles (with the never-written slot
/// [`NO_REG`]), the SSRs' next element cycles, the last result's ready cycle.
const REL: usize = NO_REG as usize + 1 + 8 + 1;

/// The cycle model and the paired streams at a period boundary.
pub struct Mark {
    /// `fpu_next`.
    base: u64,
    /// The model's cycles relative to `base`, clamped at 0.
    rel: [u64; REL],
    counters: [u64; 5],
    streams: [Option<Linear>; 8],
}

/// The counters a sequencer's instruction adds to.
fn counters(t: &Timing) -> [u64; 5] {
    [
        t.fp_insns,
        t.fp_ops,
        t.ssr_elements,
        t.stalls.fp_raw,
        t.stalls.ssr,
    ]
}

impl Mark {
    /// The mark now, or `None` when the state cannot start a jump.
    pub fn take(t: &Timing, ssrs: &[SsrStreamer], plan: &Plan) -> Option<Mark> {
        let base = t.fpu_next;
        if t.seq_from > base || t.fpu_done < base {
            return None;
        }
        let mut rel = [0; REL];
        let cycles = t.f_ready.iter().chain(&t.ssr_next).chain([&t.fpu_done]);
        for (r, &c) in rel.iter_mut().zip(cycles) {
            *r = c.saturating_sub(base);
        }
        let mut streams = [None; 8];
        for k in plan.paired() {
            let line = ssrs.get(k)?.linear()?;
            if line.stride % 8 != 0 {
                return None;
            }
            streams[k] = Some(line);
        }
        Some(Mark {
            base,
            rel,
            counters: counters(t),
            streams,
        })
    }
}

/// How many periods (at most `periods`) repeat the one from `prev` to `now` exactly.
pub fn repeats(plan: &Plan, prev: &Mark, now: &Mark, periods: u32, banks: u32) -> u32 {
    if prev.rel != now.rel || now.base <= prev.base {
        return 0;
    }
    let span = 8 * u64::from(banks);
    let mut k = periods;
    let mut advance = None;
    for s in plan.paired() {
        let (Some(p), Some(n)) = (prev.streams[s], now.streams[s]) else {
            return 0;
        };
        let m = plan.per_period[s];
        let straight = n.stride == p.stride
            && n.idx0 == p.idx0.wrapping_add(m)
            && n.ptr == p.ptr.wrapping_add(p.stride.wrapping_mul(m));
        let a = u64::from(n.stride.wrapping_mul(m)) % span;
        if !straight || advance.is_some_and(|b| b != a) {
            return 0;
        }
        advance = Some(a);
        k = k.min(n.left / m);
    }
    k
}

/// Advance the model over `k` more periods like the one from `prev` to `now`.
pub fn advance(t: &mut Timing, prev: &Mark, now: &Mark, k: u32) {
    let k = u64::from(k);
    let d = (now.base - prev.base) * k;
    // Cycles at or before `fpu_next` act as `fpu_next` (module documentation): they stay.
    for c in t.f_ready.iter_mut().chain(t.ssr_next.iter_mut()) {
        if *c > now.base {
            *c += d;
        }
    }
    t.fpu_next += d;
    t.fpu_done += d;
    let add: [u64; 5] = std::array::from_fn(|i| (now.counters[i] - prev.counters[i]) * k);
    t.fp_insns += add[0];
    t.fp_ops += add[1];
    t.ssr_elements += add[2];
    t.stalls.fp_raw += add[3];
    t.stalls.ssr += add[4];
}
