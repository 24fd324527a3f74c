//! One Snitch core's extensions as a [`hart::Extension`](Extension): Xssr (the SSRs on their
//! FP registers, CSR 0x7C0), Xfrep (the sequencer), Xdma (the engine), and the cluster-facing
//! parts of the core: the barrier CSR 0x7C2, `wfi`, the cycle counter.
//!
//! While SSRs are enabled or the sequencer captures a body, the hart offloads every FP
//! instruction here ([`Extension::offload`]): reads of an SSR's register pop it (once per
//! instruction even if named twice, `notes/snitch.md` §2.1), a result for it is pushed.

use crate::dma::{DmaConfig, DmaEngine};
use crate::encoding::{FrepFields, SnitchInsn, XDMA, XFREP, XSSR};
use crate::error::{Fault, Site};
use crate::frep::{
    Captured, Captures, FrepSequencer, LoopSpec, Node, SequencerConfig, Unsequenceable, body_class,
};
use crate::prepared::{NO_SSR, Prepared, Step, prepare_body};
use crate::ssr::{SsrFlavour, SsrStreamer};
use crate::steady::{self, Mark, Plan};
use crate::timing::Timing;
use macrosim_riscv::hart::{CsrAccess, CsrOp, Exception, ExtInsn, Extension, FpInsn, HartView};
use macrosim_riscv::isa::{Field, Table};
use macrosim_riscv::trace::Trace;
use std::ops::Range;

/// CSR numbers (`notes/snitch.md` §5).
pub const CSR_SSR: u16 = 0x7c0;
pub const CSR_BARRIER: u16 = 0x7c2;
const MCYCLE: u16 = 0xb00;
const MCYCLEH: u16 = 0xb80;
const CYCLE: u16 = 0xc00;
const CYCLEH: u16 = 0xc80;

/// The SSRs of a core.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SsrSetup {
    /// FP register of each SSR (default ft0, ft1, ft2).
    pub regs: Vec<u8>,
    /// Which SSRs have indirection.
    pub indirection: Vec<bool>,
    pub rpt_width: u32,
    pub num_loops: u32,
    /// Banshee's behaviour instead of the hardware's (`ssr.rs`).
    pub banshee: bool,
    pub tcdm_base: u32,
}

/// What a core has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoreConfig {
    pub ssr: Option<SsrSetup>,
    pub frep: Option<SequencerConfig>,
    pub dma: Option<DmaConfig>,
}

/// Where a hart stands with the cluster barrier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Barrier {
    Running,
    /// Arrived (through the CSR); waiting for the others.
    Waiting,
    /// Released: the stalled barrier access completes when the hart runs again.
    Released,
}

/// A Snitch core's extension state.
pub struct SnitchCore {
    pub config: CoreConfig,
    pub ssrs: Vec<SsrStreamer>,
    /// SSR register index by FP register (`u8::MAX` = none).
    ssr_of: [u8; 32],
    pub ssr_enabled: bool,
    pub frep: Option<FrepSequencer>,
    pub dma: Option<DmaEngine>,
    pub barrier: Barrier,
    /// In `wfi` waiting for a wakeup.
    pub sleeping: bool,
    /// A wakeup arrived (consumed by the next `wfi`).
    pub wake_pending: bool,
    /// Functional mode's cycle counter: `mcycle` = `cycle.0 + (retired - cycle.1)`, the cluster
    /// clock and the retired count when the hart's current quantum began.
    pub cycle: (u64, u64),
    /// The first program bug found; the hart stops with an exception right after.
    pub fault: Option<Fault>,
    /// The cycle model, when on.
    pub timing: Option<Timing>,
    /// FP instructions the integer core offloaded, prepared, by pc (direct-mapped): a loop
    /// offloads the same few again and again.
    prepared: Vec<Option<(u32, bool, Prepared)>>,
}

/// Entries of [`SnitchCore::prepared`].
const PREPARED: usize = 64;

impl SnitchCore {
    pub fn new(config: CoreConfig) -> SnitchCore {
        let mut ssr_of = [u8::MAX; 32];
        let ssrs = match &config.ssr {
            Some(s) => {
                for (k, &r) in s.regs.iter().enumerate() {
                    ssr_of[usize::from(r & 31)] = k as u8;
                }
                s.regs
                    .iter()
                    .enumerate()
                    .map(|(k, _)| {
                        SsrStreamer::new(SsrFlavour {
                            banshee: s.banshee,
                            rpt_width: s.rpt_width,
                            num_loops: s.num_loops,
                            indirection: s.indirection.get(k).copied().unwrap_or(false),
                            tcdm_base: s.tcdm_base,
                        })
                    })
                    .collect()
            }
            None => Vec::new(),
        };
        SnitchCore {
            ssrs,
            ssr_of,
            ssr_enabled: false,
            frep: config.frep.map(FrepSequencer::new),
            dma: config.dma.map(DmaEngine::new),
            barrier: Barrier::Running,
            sleeping: false,
            wake_pending: false,
            cycle: (0, 0),
            fault: None,
            timing: None,
            prepared: vec![None; PREPARED],
            config,
        }
    }

    fn site<T: Trace>(hart: &HartView<'_, T>, pc: u32, word: u32) -> Site {
        Site {
            hart: hart.hart_id(),
            pc,
            word,
            text: crate::disasm::word(word, pc),
        }
    }

    /// Record `fault` and stop the hart (an illegal-instruction exception it cannot take).
    fn fail(&mut self, fault: Fault, word: u32) -> Exception {
        if self.fault.is_none() {
            self.fault = Some(fault);
        }
        if let Some(f) = &mut self.frep {
            f.reset();
        }
        Exception::illegal(word)
    }

    /// Write SSR configuration address `addr` (`ssr | word << 5`; SSR 31 = all, §2.2).
    pub fn ssr_write(
        &mut self,
        addr: u32,
        value: u32,
    ) -> Result<(), (u32, crate::ssr::StreamFault)> {
        let (k, word) = (addr & 31, addr >> 5 & 31);
        if k == 31 {
            for (i, s) in self.ssrs.iter_mut().enumerate() {
                s.write(word, value).map_err(|f| (i as u32, f))?;
            }
            return Ok(());
        }
        match self.ssrs.get_mut(k as usize) {
            Some(s) => s.write(word, value).map_err(|f| (k, f)),
            None => Ok(()),
        }
    }

    fn scfg<T: Trace>(
        &mut self,
        hart: &mut HartView<'_, T>,
        insn: ExtInsn,
        addr: u32,
        write: Option<u32>,
    ) -> Result<(), Exception> {
        let k = addr & 31;
        let exists = (k as usize) < self.ssrs.len() || k == 31 && write.is_some();
        if !exists {
            let site = Self::site(hart, insn.pc, insn.word);
            return Err(self.fail(Fault::NoSuchSsr { site, addr, ssr: k }, insn.word));
        }
        match write {
            Some(v) => {
                if let Err((ssr, fault)) = self.ssr_write(addr, v) {
                    let site = Self::site(hart, insn.pc, insn.word);
                    let element = self.ssrs[ssr as usize].element;
                    let f = Fault::Stream {
                        site,
                        ssr,
                        element,
                        fault,
                    };
                    return Err(self.fail(f, insn.word));
                }
            }
            None => {
                let v = self.ssrs[k as usize].read(addr >> 5 & 31);
                hart.set_x(Field::Rd.extract(insn.word), v);
            }
        }
        Ok(())
    }

    fn frep<T: Trace>(
        &mut self,
        hart: &mut HartView<'_, T>,
        insn: ExtInsn,
    ) -> Result<(), Exception> {
        let f = FrepFields::of(insn.word);
        let site = || Self::site(hart, insn.pc, insn.word);
        let Some(seq) = &mut self.frep else {
            let s = site();
            return Err(self.fail(
                Fault::Missing {
                    site: s,
                    what: "Xfrep",
                },
                insn.word,
            ));
        };
        if f.is_streamctl {
            let fault = crate::frep::FrepFault::StreamControl;
            let s = site();
            return Err(self.fail(Fault::Frep { site: s, fault }, insn.word));
        }
        let spec = LoopSpec {
            // rs1 is truncated to 16 bits (§3.1).
            reps: (hart.x(f.rs1) & 0xffff) + 1,
            insns: f.max_inst + 1,
            stagger_max: f.stagger_max,
            stagger_mask: f.stagger_mask,
            outer: f.is_outer,
        };
        let nested = seq.capturing();
        if !nested && let Some(t) = &mut self.timing {
            t.sync(hart.retired() + 1);
            t.sequencer_start();
        }
        if let Err(fault) = seq.start(spec) {
            let s = site();
            return Err(self.fail(Fault::Frep { site: s, fault }, insn.word));
        }
        if !nested && let Err(bad) = scan_body(hart, insn.pc, spec.insns) {
            let s = site();
            return Err(self.fail(Fault::FrepBody { site: s, bad }, insn.word));
        }
        Ok(())
    }

    fn dma<T: Trace>(
        &mut self,
        hart: &mut HartView<'_, T>,
        insn: ExtInsn,
        op: SnitchInsn,
    ) -> Result<(), Exception> {
        let w = insn.word;
        let (rd, rs1, rs2) = (
            Field::Rd.extract(w),
            Field::Rs1.extract(w),
            Field::Rs2.extract(w),
        );
        let Some(dma) = &mut self.dma else {
            let site = Self::site(hart, insn.pc, w);
            return Err(self.fail(Fault::Missing { site, what: "Xdma" }, w));
        };
        if let Some(t) = &mut self.timing {
            // The engine runs on this core's clock: bring it up to now before the core looks
            // at it or gives it work.
            t.sync(hart.retired());
            if let Err(fault) = dma.advance_to(hart.mem, t.int_time) {
                let site = Self::site(hart, insn.pc, w);
                return Err(self.fail(Fault::Dma { site, fault }, w));
            }
        }
        let (a, b) = (hart.x(rs1), hart.x(rs2));
        match op {
            SnitchInsn::Dmsrc => dma.set_src(a, b),
            SnitchInsn::Dmdst => dma.set_dst(a, b),
            SnitchInsn::Dmstr => dma.set_strides(a, b),
            SnitchInsn::Dmrep => dma.set_reps(a),
            SnitchInsn::Dmcpy | SnitchInsn::Dmcpyi => {
                if dma.would_block() {
                    hart.stall();
                    return Ok(());
                }
                let cfg = if op == SnitchInsn::Dmcpyi { rs2 } else { b };
                match dma.copy(hart.mem, a, cfg) {
                    Ok(id) => {
                        hart.set_x(rd, id);
                        if T::ENABLED {
                            hart.trace()
                                .note(&format!("dma copy id {id} size {a} cfg {cfg}"));
                        }
                    }
                    Err(fault) => {
                        let site = Self::site(hart, insn.pc, w);
                        return Err(self.fail(Fault::Dma { site, fault }, w));
                    }
                }
            }
            SnitchInsn::Dmstat | SnitchInsn::Dmstati => {
                let sel = if op == SnitchInsn::Dmstati { rs2 } else { b };
                hart.set_x(rd, dma.status(sel));
            }
            _ => unreachable!("not a DMA instruction"),
        }
        Ok(())
    }

    /// The FP register → SSR map while SSRs are enabled.
    fn ssr_map(&self) -> Option<&[u8; 32]> {
        self.ssr_enabled.then_some(&self.ssr_of)
    }

    #[cold]
    fn issue_failed<T: Trace>(
        &mut self,
        hart: &HartView<'_, T>,
        insn: &FpInsn,
        e: IssueError,
    ) -> Exception {
        match e {
            IssueError::Stream(k, fault) => self.stream_fault(hart, insn, k, fault),
            IssueError::Exception(e) => e,
        }
    }

    fn stream_fault<T: Trace>(
        &mut self,
        hart: &HartView<'_, T>,
        insn: &FpInsn,
        k: u8,
        fault: crate::ssr::StreamFault,
    ) -> Exception {
        let f = Fault::Stream {
            site: Self::site(hart, insn.pc, insn.word),
            ssr: u32::from(k),
            element: self.ssrs[usize::from(k)].element,
            fault,
        };
        self.fail(f, insn.word)
    }

    /// Count `n` instructions the sequencer issued beyond the captured ones.
    fn repeated<T: Trace>(&mut self, hart: &mut HartView<'_, T>, n: u64) {
        self.frep.as_mut().expect("has Xfrep").repeated += n;
        hart.add_retired(n);
        if let Some(t) = &mut self.timing {
            t.exclude(n);
        }
    }
}

/// The cycle model as the FP subsystem's issue sees it; `()` when it is off, so that the
/// sequencer's loop is compiled once with the model and once without, each with its state
/// held as a function argument (not re-read through the core at every instruction).
trait FpClock {
    fn fp_issue(&mut self, insn: &crate::prepared::Timed, from_core: bool, moved: &[(u8, u32)]);
}

impl FpClock for Timing {
    #[inline(always)]
    fn fp_issue(&mut self, insn: &crate::prepared::Timed, from_core: bool, moved: &[(u8, u32)]) {
        Timing::fp_issue(self, insn, from_core, moved);
    }
}

impl FpClock for () {
    #[inline(always)]
    fn fp_issue(&mut self, _: &crate::prepared::Timed, _: bool, _: &[(u8, u32)]) {}
}

/// Run repetitions `reps` of a captured loop nest; returns the instructions issued, or what
/// failed and where.
fn run_loop<T: Trace, C: FpClock>(
    ssrs: &mut [SsrStreamer],
    clock: &mut C,
    hart: &mut HartView<'_, T>,
    spec: &LoopSpec,
    reps: Range<u32>,
    steps: &[Step],
    first: &mut bool,
) -> Result<u64, (IssueError, FpInsn)> {
    let mut issued = 0;
    let mut s = (reps.start % (spec.stagger_max + 1)) as usize;
    for r in reps {
        for step in steps {
            match step {
                Step::Insn(variants) => {
                    let p = &variants[s];
                    if T::ENABLED {
                        if !*first {
                            let (id, pc, word) = (hart.hart_id(), p.insn.pc, p.insn.word);
                            hart.trace().commit();
                            hart.trace().begin(id, 3, pc, word);
                        }
                        hart.trace().note(&format!("frep iteration {r}"));
                    }
                    *first = false;
                    issue(ssrs, clock, hart, p, false).map_err(|e| (e, p.insn))?;
                    issued += 1;
                }
                Step::Loop(sub, inner) => {
                    issued += run_loop(ssrs, clock, hart, sub, 0..sub.reps, inner, first)?;
                }
            }
        }
        // The stagger offset of the next repetition (§3.3): 0, 1, …, stagger_max, 0, …
        s = if s as u32 == spec.stagger_max {
            0
        } else {
            s + 1
        };
    }
    Ok(issued)
}

/// [`run_loop`] over all repetitions with the cycle model, jumping it over periods of
/// repetitions that provably repeat the same timing (`steady.rs`) when `timing.jump` allows.
fn run_timed<T: Trace>(
    ssrs: &mut [SsrStreamer],
    timing: &mut Timing,
    hart: &mut HartView<'_, T>,
    spec: &LoopSpec,
    steps: &[Step],
    first: &mut bool,
) -> Result<u64, (IssueError, FpInsn)> {
    let plan = if T::ENABLED || !timing.jump {
        None
    } else {
        Plan::of(spec, steps, timing)
    };
    let Some(plan) = plan else {
        return run_loop(ssrs, timing, hart, spec, 0..spec.reps, steps, first);
    };
    let (mut issued, mut r, mut prev) = (0, 0, None);
    while r < spec.reps {
        let end = spec.reps.min(r + plan.period);
        issued += run_loop(ssrs, timing, hart, spec, r..end, steps, first)?;
        r = end;
        let now = Mark::take(timing, ssrs, &plan);
        if let (Some(p), Some(n)) = (&prev, &now) {
            let banks = timing.config.tcdm_banks;
            let k = steady::repeats(&plan, p, n, (spec.reps - r) / plan.period, banks);
            if k > 0 {
                let end = r + k * plan.period;
                issued += run_loop(ssrs, &mut (), hart, spec, r..end, steps, first)?;
                steady::advance(timing, p, n, k);
                timing.jumped += u64::from(k * plan.period);
                r = end;
                prev = None;
                continue;
            }
        }
        prev = now;
    }
    Ok(issued)
}

/// The most words [`scan_body`] reads after an FREP. The notes (§3.4) put no limit on the
/// integer instructions between a body's FP instructions, but a body whose FP instructions
/// (at most the buffer's depth) are spread over more than 65 536 words is not a loop anyone
/// writes, and without a limit a body in a gigabyte of mapped code was read word by word at
/// every FREP (a `snitch_cluster` fuzz input ran for minutes within 20 000 instructions).
const MAX_BODY_WORDS: u32 = 1 << 16;

/// Read the code after an FREP at `pc` until `insns` FP instructions are found; anything that
/// cannot be in a body before that is an error (§3.4), as is a word that is no 32-bit
/// instruction (zero-filled memory) and a body spread over more than [`MAX_BODY_WORDS`] words.
/// Nested FREPs are read through.
fn scan_body<T: Trace>(hart: &HartView<'_, T>, pc: u32, insns: u32) -> Result<(), Unsequenceable> {
    let mut left = insns;
    let mut at = pc;
    for _ in 0..MAX_BODY_WORDS {
        if left == 0 {
            return Ok(());
        }
        at = at.wrapping_add(4);
        let Ok(word) = hart.mem.fetch_u32(u64::from(at)) else {
            return Err(Unsequenceable {
                pc: at,
                word: 0,
                what: "unmapped code",
            });
        };
        if word & 3 != 3 {
            return Err(Unsequenceable {
                pc: at,
                word,
                what: "a word that is no 32-bit instruction",
            });
        }
        match body_class(word) {
            Ok(true) => left -= 1,
            Ok(false) => {}
            Err(what) => return Err(Unsequenceable { pc: at, word, what }),
        }
    }
    if left == 0 {
        return Ok(());
    }
    Err(Unsequenceable {
        pc: at,
        word: hart.mem.fetch_u32(u64::from(at)).unwrap_or(0),
        what: "more than 65536 words, the last",
    })
}

impl Extension for SnitchCore {
    fn tables(&self) -> Vec<&'static Table> {
        let mut t: Vec<&'static Table> = Vec::new();
        if self.config.frep.is_some() {
            t.push(&XFREP);
        }
        if self.config.ssr.is_some() {
            t.push(&XSSR);
        }
        if self.config.dma.is_some() {
            t.push(&XDMA);
        }
        t
    }

    fn execute<T: Trace>(
        &mut self,
        hart: &mut HartView<'_, T>,
        insn: ExtInsn,
    ) -> Result<(), Exception> {
        // Entry ids are `SnitchInsn` discriminants in all three tables.
        let Some(op) = SnitchInsn::from_id(insn.id) else {
            return Err(Exception::illegal(insn.word));
        };
        let w = insn.word;
        match op {
            SnitchInsn::FrepO | SnitchInsn::FrepI => self.frep(hart, insn),
            SnitchInsn::Scfgri => self.scfg(hart, insn, w >> 20, None),
            SnitchInsn::Scfgwi => {
                let v = hart.x(Field::Rs1.extract(w));
                self.scfg(hart, insn, w >> 20, Some(v))
            }
            SnitchInsn::Scfgr => {
                let a = hart.x(Field::Rs2.extract(w));
                self.scfg(hart, insn, a, None)
            }
            SnitchInsn::Scfgw => {
                let (v, a) = (hart.x(Field::Rs1.extract(w)), hart.x(Field::Rs2.extract(w)));
                self.scfg(hart, insn, a, Some(v))
            }
            _ => self.dma(hart, insn, op),
        }
    }

    const OFFLOAD: bool = true;

    fn offloading(&self) -> bool {
        self.ssr_enabled
            || self.timing.is_some()
            || self.frep.as_ref().is_some_and(|f| f.capturing())
    }

    fn offload<T: Trace>(
        &mut self,
        hart: &mut HartView<'_, T>,
        insn: FpInsn,
    ) -> Result<(), Exception> {
        let capturing = self.frep.as_ref().is_some_and(|f| f.capturing());
        if let Some(t) = &mut self.timing {
            t.sync(hart.retired());
            t.offload();
            t.exclude(1);
        }
        if !capturing {
            let slot = (insn.pc >> 2) as usize % PREPARED;
            let hit = matches!(&self.prepared[slot], Some((word, on, p))
                if *word == insn.word && p.insn.pc == insn.pc && *on == self.ssr_enabled);
            if !hit {
                let p = Prepared::new(insn, None, self.ssr_map());
                self.prepared[slot] = Some((insn.word, self.ssr_enabled, p));
            }
            let Some((_, _, p)) = &self.prepared[slot] else {
                unreachable!("filled above")
            };
            let r = match &mut self.timing {
                Some(t) => issue(&mut self.ssrs, t, hart, p, true),
                None => issue(&mut self.ssrs, &mut (), hart, p, true),
            };
            return r.map_err(|e| {
                let insn = self.prepared[slot].expect("filled above").2.insn;
                self.issue_failed(hart, &insn, e)
            });
        }
        let x_value = insn.x_source().map(|o| hart.x(u32::from(insn.reg(o))));
        let seq = self.frep.as_mut().expect("capturing");
        let (spec, nodes, captured) = match seq.capture(Captured { insn, x_value }) {
            Captures::More => return Ok(()),
            Captures::Inner(c, spec) => (spec, vec![Node::Insn(c)], 1),
            Captures::Complete(spec, nodes) => {
                let captured = count(&nodes);
                (spec, nodes, captured)
            }
        };
        let steps = prepare_body(&spec, &nodes, self.ssr_map());
        let mut first = true;
        let done = match &mut self.timing {
            Some(t) => run_timed(&mut self.ssrs, t, hart, &spec, &steps, &mut first),
            None => {
                let reps = 0..spec.reps;
                run_loop(
                    &mut self.ssrs,
                    &mut (),
                    hart,
                    &spec,
                    reps,
                    &steps,
                    &mut first,
                )
            }
        };
        let n = done.map_err(|(e, insn)| self.issue_failed(hart, &insn, e))?;
        self.repeated(hart, n - captured);
        Ok(())
    }

    fn csr<T: Trace>(
        &mut self,
        hart: &mut HartView<'_, T>,
        access: CsrAccess,
    ) -> Option<Result<u32, Exception>> {
        match access.csr {
            // Only csrsi/csrci reach the SSR enable (§2.1); other accesses read 0.
            CSR_SSR if !self.ssrs.is_empty() => {
                let old = u32::from(self.ssr_enabled);
                if access.imm && access.write && access.src & 1 == 1 {
                    match access.op {
                        CsrOp::Set => self.ssr_enabled = true,
                        CsrOp::Clear => self.ssr_enabled = false,
                        CsrOp::Write => {}
                    }
                }
                Some(Ok(if access.imm { old } else { 0 }))
            }
            CSR_BARRIER => {
                match self.barrier {
                    Barrier::Released => self.barrier = Barrier::Running,
                    _ => {
                        self.barrier = Barrier::Waiting;
                        hart.stall();
                    }
                }
                Some(Ok(0))
            }
            MCYCLE | CYCLE | MCYCLEH | CYCLEH if !access.write => {
                let retired = hart.retired();
                let now = match &mut self.timing {
                    Some(t) => {
                        t.sync(retired);
                        t.int_time
                    }
                    None => self.cycle.0 + (retired - self.cycle.1),
                };
                let high = matches!(access.csr, MCYCLEH | CYCLEH);
                Some(Ok(if high { (now >> 32) as u32 } else { now as u32 }))
            }
            _ => None,
        }
    }

    fn wfi<T: Trace>(&mut self, hart: &mut HartView<'_, T>) -> Result<(), Exception> {
        if self.wake_pending {
            self.wake_pending = false;
            self.sleeping = false;
        } else {
            self.sleeping = true;
            hart.stall();
        }
        Ok(())
    }
}

fn count(nodes: &[Node]) -> u64 {
    nodes
        .iter()
        .map(|n| match n {
            Node::Insn(_) => 1,
            Node::Loop(_, inner) => count(inner),
        })
        .sum()
}

/// Why [`issue`] failed.
enum IssueError {
    /// SSR `.0`'s stream went wrong.
    Stream(u8, crate::ssr::StreamFault),
    Exception(Exception),
}

/// Issue one prepared FP instruction to the FPU: pop its SSR operands, execute, push its SSR
/// result, and tell the cycle model. `from_core`: offloaded now by the integer core (else the
/// sequencer issued it). Takes the core's SSRs and cycle model, not the core, so that the
/// prepared instruction may be the core's own.
#[inline(always)]
fn issue<T: Trace, C: FpClock>(
    ssrs: &mut [SsrStreamer],
    clock: &mut C,
    hart: &mut HartView<'_, T>,
    p: &Prepared,
    from_core: bool,
) -> Result<(), IssueError> {
    if let Some(v) = p.x_value {
        hart.set_x_scratch(0, v);
    }
    // The SSRs and TCDM addresses of the elements moved, for the cycle model.
    let mut moved = [(0u8, 0u32); 4];
    let mut n = 0;
    for &k in p.pops() {
        let s = &mut ssrs[usize::from(k)];
        let v = s.pop(hart.mem).map_err(|f| IssueError::Stream(k, f))?;
        hart.set_f_scratch(k, v);
        moved[n] = (k, s.last_addr);
        n += 1;
        if T::ENABLED {
            let note = format!("ssr{k} pop {:#010x} {v:#018x}", s.last_addr);
            hart.trace().note(&note);
        }
    }
    hart.exec_fp(&p.insn).map_err(IssueError::Exception)?;
    if p.push != NO_SSR {
        let k = p.push;
        let v = hart.f_scratch(8 + k);
        let s = &mut ssrs[usize::from(k)];
        s.push(hart.mem, v).map_err(|f| IssueError::Stream(k, f))?;
        moved[n] = (k | crate::timing::PUSHED, s.last_addr);
        n += 1;
        if T::ENABLED {
            let note = format!("ssr{k} push {:#010x} {v:#018x}", s.last_addr);
            hart.trace().note(&note);
        }
    }
    clock.fp_issue(&p.timed, from_core, &moved[..n]);
    Ok(())
}
