//! The block engine: fetches pre-decoded instruction runs, executes blocks, commits them in
//! program order and checks control-flow integrity.
//!
//! Execution model (manual `04_block_isa.adoc`; seed 003 Checks 6-9):
//!
//! * Between blocks the next instruction must start a block: a `BSTART*` form, a template
//!   block (FENTRY, FEXIT, FRET.*, MCOPY, MSET, ESAVE, ERCOV), or a `BSTOP`, which "serves as a
//!   nop if jumped to directly" (Check 9): an empty block falling through to the next marker.
//! * A block ends at `BSTOP`/`C.BSTOP` (fall-through = the address after it) or implicitly at the
//!   next block start marker (fall-through = that marker). BARG then picks the next block
//!   ([`crate::state::block::Barg::commit`]); only then does control flow happen (Check 7).
//! * Every transfer is checked: the target must be a block start (Check 8), else
//!   "illegal control flow" naming the source block, the target and the pc. `--cfi compat`
//!   exempts fixed DIRECT/COND targets and fall-through (QEMU's behaviour, notes §10.6); the
//!   landing address then runs as an implicit FALL block of type STD.
//! * Headers of decoupled, vector and tile blocks are validated and their engines run at commit
//!   ([`crate::engine::decoupled`], [`crate::state::tile`]), before the next block starts.
//!
//! Instructions are decoded once into runs keyed by their first address (DESIGN principle 2);
//! a write to a page holding decoded code, or FENCE.I, drops the cache.

use crate::engine::code::{Body, CodeCache, MAX_BODY, MAX_RUN, NO_SUCC, Run};
use crate::engine::rob::BlockEvent;
use crate::engine::trace::Observer;
use crate::exec::lower::lower;
use crate::exec::op::Op;
use crate::isa::{self, Decoded};
use crate::runtime::Program;
use crate::state::block::CfiMode;
use crate::state::cpu::Cpu;
use crate::state::error::Fault;
use crate::state::regs::REG_SP;
use macrosim_core::linux::Process;
use macrosim_core::stop::{StopReason, StopSignal};
use macrosim_core::{Access, SparseMemory};
use std::cell::Cell;
use std::rc::Rc;

/// How the engine runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Config {
    pub cfi: CfiMode,
    /// Stop after this many instructions.
    pub max_insns: Option<u64>,
}

/// How often the compat-mode rules changed the outcome of a commit (all zero in strict mode).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CompatUse {
    /// A fixed DIRECT/COND target or a fall-through landed on a non-block-start.
    pub cfi_exempt: u64,
    /// A CALL/ICALL without SETRET wrote the fall-through to `ra`.
    pub call_without_setret: u64,
    /// A RET block without SETC.TGT returned to `ra`.
    pub ret_to_ra: u64,
    /// A predicated FALL took the next COND header's target.
    pub predicated_fall: u64,
}

/// How the program ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// `exit`/`exit_group` with this status.
    Exited(i32),
    /// Killed by this signal (e.g. 6 from `abort()`).
    Killed(u32),
    /// `--max-insns` reached: the limit, and the instruction that would have run next (the
    /// block start when the limit stopped a decoupled body's lane replays).
    InsnLimit { limit: u64, pc: u64 },
    /// Stopped from outside ([`Machine::set_stop`]: Ctrl-C, `--timeout`) before the block or
    /// lane replay at `pc`.
    Stopped { reason: StopReason, pc: u64 },
}

/// A loaded program and its hart.
pub struct Machine<O: Observer> {
    pub cpu: Cpu,
    pub mem: SparseMemory,
    pub process: Process,
    pub cfg: Config,
    pub pc: u64,
    pub(super) cache: CodeCache,
    /// The run a commit's CFI check already fetched for the next block.
    pub(super) next_run: Option<Rc<Run>>,
    /// How often compat-mode rules were needed.
    pub compat: CompatUse,
    pub obs: O,
    /// Polled between blocks and between the lanes of a body replay.
    pub(super) stop: StopSignal,
}

impl<O: Observer> Machine<O> {
    /// A machine ready to run `prog` from its entry point with `sp` set up.
    pub fn new(prog: Program, cfg: Config, obs: O) -> Self {
        let mut cpu = Cpu::default();
        cpu.regs.set_gpr(usize::from(REG_SP), prog.sp);
        cpu.block_local_hands = cfg.cfi == CfiMode::Strict;
        Machine {
            cpu,
            mem: prog.mem,
            process: prog.process,
            cfg,
            pc: prog.entry,
            cache: CodeCache::default(),
            next_run: None,
            compat: CompatUse::default(),
            obs,
            stop: StopSignal::new(),
        }
    }

    /// Let `stop` end the run with [`Exit::Stopped`].
    pub fn set_stop(&mut self, stop: StopSignal) {
        self.stop = stop;
    }

    /// Drop every decoded run if code memory was written since they were decoded.
    pub(super) fn check_epoch(&mut self) {
        let epoch = self.mem.code_epoch();
        if epoch != self.cache.epoch {
            self.cache.clear();
            self.cache.epoch = epoch;
        }
    }

    /// The run starting at `pc`, from the cache or freshly decoded.
    pub(super) fn run_at(&mut self, pc: u64) -> Rc<Run> {
        self.check_epoch();
        self.lookup(pc).1
    }

    pub(super) fn lookup(&mut self, pc: u64) -> (u32, Rc<Run>) {
        if let Some(&i) = self.cache.index.get(&pc) {
            return (i, Rc::clone(&self.cache.runs[i as usize]));
        }
        let run = Rc::new(self.decode_run(pc));
        // Decoding may have marked pages; do not let that invalidate what we just built.
        self.cache.epoch = self.mem.code_epoch();
        self.cache.admit(run.cost());
        let i = self.cache.runs.len() as u32;
        self.cache.runs.push(Rc::clone(&run));
        self.cache.index.insert(pc, i);
        (i, run)
    }

    /// The run at `pc` reached from `from`: through `from`'s successor cache when possible.
    pub(super) fn run_after(&mut self, from: &Run, pc: u64) -> Rc<Run> {
        self.check_epoch();
        for s in &from.succ {
            let (at, i) = s.get();
            if at == pc
                && let Some(r) = self.cache.runs.get(i as usize)
                && r.pcs[0] == pc
            {
                return Rc::clone(r);
            }
        }
        let (i, run) = self.lookup(pc);
        from.succ[1].set(from.succ[0].get());
        from.succ[0].set((pc, i));
        run
    }

    /// The decoupled body starting at `text`, decoded once.
    pub fn body_at(&mut self, text: u64) -> Result<Rc<Body>, Fault> {
        self.check_epoch();
        if let Some(b) = self.cache.bodies.get(&text) {
            return Ok(Rc::clone(b));
        }
        let mut body = Body {
            ops: Vec::new(),
            pcs: Vec::new(),
            decoded: Vec::new(),
            end: text,
        };
        let mut pc = text;
        loop {
            let d = self.fetch(pc)?;
            let op = lower(&d, pc, self.cfg.cfi);
            if op.is_terminator() {
                body.end = pc;
                break;
            }
            self.mem.mark_code(pc);
            body.ops.push(op);
            body.pcs.push(pc);
            body.decoded.push(Some(d));
            pc = pc.wrapping_add(u64::from(d.len));
            if body.ops.len() > MAX_BODY {
                return Err(Fault::Illegal(format!(
                    "decoupled body at {text:#x} has no terminator within {MAX_BODY} instructions"
                )));
            }
        }
        self.cache.epoch = self.mem.code_epoch();
        self.cache.admit(body.cost());
        let body = Rc::new(body);
        self.cache.bodies.insert(text, Rc::clone(&body));
        Ok(body)
    }

    pub(super) fn fetch(&self, pc: u64) -> Result<Decoded, Fault> {
        let hw = self.mem.fetch_u16(pc)?;
        let len = isa::insn_len(hw);
        let mut bytes = [0u8; 8];
        self.mem.read_into(pc, &mut bytes[..len], Access::Fetch)?;
        isa::decode(&bytes[..len]).map_err(|e| Fault::Decode(e.to_string()))
    }

    pub(super) fn decode_run(&mut self, start: u64) -> Run {
        let mut run = Run {
            ops: Vec::new(),
            pcs: Vec::new(),
            decoded: Vec::new(),
            end: start,
            cut: false,
            event: BlockEvent {
                bpc: start,
                ..BlockEvent::default()
            },
            succ: [Cell::new(NO_SUCC), Cell::new(NO_SUCC)],
        };
        let mut pc = start;
        let mut written = 0u32;
        loop {
            let (op, d, len) = match self.fetch(pc) {
                Ok(d) => (lower(&d, pc, self.cfg.cfi), Some(d), u64::from(d.len)),
                Err(_) => (Op::Invalid, None, 2),
            };
            let first = run.ops.is_empty();
            if !first && op.is_block_start() {
                break;
            }
            self.mem.mark_code(pc);
            let (reads, writes) = op.gpr_use();
            run.event.gpr_reads |= reads & !written;
            written |= writes;
            match op {
                Op::Load { .. } | Op::Lr { .. } => run.event.loads = true,
                Op::Store { .. } | Op::Template { .. } => run.event.stores = true,
                Op::Amo { .. } | Op::Sc { .. } | Op::Cas { .. } | Op::Acrc { .. } => {
                    run.event.loads = true;
                    run.event.stores = true;
                }
                _ => {}
            }
            run.ops.push(op);
            run.pcs.push(pc);
            run.decoded.push(d);
            pc = pc.wrapping_add(len);
            let ends = matches!(op, Op::Bstop | Op::Invalid)
                || (first && matches!(op, Op::Template { .. }));
            if ends {
                break;
            }
            if run.ops.len() >= MAX_RUN {
                run.cut = true;
                break;
            }
        }
        run.event.gpr_writes = written;
        run.event.insns = run.ops.len() as u64;
        run.end = pc;
        run
    }

    /// Host bytes the decoded-code cache holds now (at most
    /// [`crate::engine::code::MAX_CACHE_BYTES`]).
    pub fn cached_bytes(&self) -> usize {
        self.cache.bytes
    }

    /// Whether the code decoded so far holds an instruction that `--cfi strict` and `--cfi
    /// compat` read differently (SrcRType 11, CSEL with SrcP != 0, ...: the lowering differs),
    /// so that a fault may come from choosing the wrong mode.
    pub fn ran_mode_dependent_code(&self) -> bool {
        self.cache.runs.iter().any(|run| {
            run.pcs.iter().zip(&run.decoded).any(|(&pc, d)| {
                d.is_some_and(|d| lower(&d, pc, CfiMode::Strict) != lower(&d, pc, CfiMode::Compat))
            })
        })
    }
}
